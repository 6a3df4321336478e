// Creating and editing a match: the "current match" editing state of spec
// section 3 in a lightbox form (react-hook-form). Reset returns every field to
// the empty defaults with today's date in the club's timezone.
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PAGINATION, teamName } from "@clubcast/shared";
import { createMatchInput as newMatchSchema, updateMatchInput as matchEditSchema } from "@clubcast/shared/schemas";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import type { Match } from "../../lib/matches.ts";
import { applyServerErrors, failureMessage } from "../../lib/server-errors.ts";
import { trpc } from "../../lib/trpc.ts";
import type { ClubDetails } from "../../lib/working-club.tsx";
import { FieldGroup, FormAlert, SelectField, SwitchField, TextField } from "../../ui/FormFields.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import {
  CAMERA_OPTIONS,
  createMatchInput,
  editingInput,
  emptyMatchForm,
  formFromMatch,
  updateMatchInput,
  type MatchFormValues,
} from "./match-form.ts";

const FORM_FIELDS = [
  "home",
  "away",
  "hometeam",
  "awayteam",
  "field",
  "date",
  "datestop",
  "start",
  "stop",
  "is_private",
  "is_scheduled",
  "is_training",
  "camera_view",
  "camera_player_tracking",
  "camera_focus",
  "create_summary",
  "shared_opponent",
  "shared_with",
] as const satisfies readonly (keyof MatchFormValues)[];

interface MatchEditorProps {
  club: ClubDetails;
  /** The match to edit; null creates one. */
  match: Match | null;
  onClose: () => void;
}

/** The pickers' options: active clubs, the club's fields and the teams of its sport. */
function usePickerOptions(club: ClubDetails) {
  const limit = PAGINATION.maxLimit;
  const clubs = trpc.clubs.active.useQuery({ page: 1, limit }, { staleTime: 5 * 60_000 });
  const fields = trpc.fields.list.useQuery({ club: club.id, page: 1, limit }, { retry: false });
  const teams = trpc.teams.ofSport.useQuery({ sport: club.sport.slug }, { retry: false, staleTime: 5 * 60_000 });
  return {
    // A select shows its value only once its option exists: the form waits for them.
    ready: !clubs.isPending && !fields.isPending && !teams.isPending,
    clubs: clubs.data?.data ?? [],
    fields: fields.data?.data ?? [],
    teams: teams.data?.data ?? [],
  };
}

type PickerOptions = ReturnType<typeof usePickerOptions>;

export function MatchEditor({ club, match, onClose }: MatchEditorProps) {
  const { t } = useTranslation("scheduler");
  const options = usePickerOptions(club);
  return (
    <Modal open onClose={onClose} title={match ? t("form.edit_title") : t("form.create_title")} width={760}>
      {options.ready ? (
        <MatchForm club={club} match={match} options={options} onClose={onClose} />
      ) : (
        <div className="match-editor" aria-busy="true">
          <Skeleton height={180} />
          <Skeleton height={180} />
        </div>
      )}
    </Modal>
  );
}

/**
 * The teams a side may pick: its club's, or the scheduling club's when the side
 * names no club (the server's rule), so no side shows one club's badge above another's team.
 */
function teamsOfSide(teams: PickerOptions["teams"], schedulingClubId: number, sideClub: string) {
  return teams.filter((team) => String(team.club.id) === (sideClub || String(schedulingClubId)));
}

function MatchForm({ club, match, options, onClose }: MatchEditorProps & { options: PickerOptions }) {
  const { t } = useTranslation("scheduler");
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const [alert, setAlert] = useState<string | null>(null);
  const defaults = useMemo(() => (match ? formFromMatch(match) : emptyMatchForm(club)), [match, club]);
  // A new match is checked whole; an edit by its editing fields (the club and match go in the path).
  const resolver = useSchemaResolver<MatchFormValues>(
    match ? matchEditSchema : newMatchSchema,
    match ? editingInput : (values) => createMatchInput(values, club.id),
  );
  const form = useForm<MatchFormValues>({ defaultValues: defaults, resolver });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [home, away] = useWatch({ control: form.control, name: ["home", "away"] });

  const create = trpc.matches.create.useMutation();
  const update = trpc.matches.update.useMutation();

  const teamsOf = (sideClub: string) => teamsOfSide(options.teams, club.id, sideClub);
  // A team picked for the side's previous club goes when the club changes.
  const { getValues, setValue } = form;
  useEffect(() => {
    for (const [side, teamField] of [
      [home, "hometeam"],
      [away, "awayteam"],
    ] as const) {
      const picked = getValues(teamField);
      const offered = teamsOfSide(options.teams, club.id, side);
      if (picked && !offered.some((team) => String(team.id) === picked)) setValue(teamField, "");
    }
  }, [home, away, options.teams, club.id, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = match
        ? await update.mutateAsync(updateMatchInput(values, match))
        : await create.mutateAsync(createMatchInput(values, club.id));
      toast.success(answer.message);
      await utils.matches.invalidate();
      onClose();
    } catch (error) {
      const unplaced = applyServerErrors(error, setError, FORM_FIELDS, t("toasts.could_not_update"));
      if (unplaced) setAlert(failureMessage(error, unplaced));
    }
  });

  const clubOptions = (exclude?: number) =>
    options.clubs
      .filter((option) => option.id !== exclude)
      .map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ));

  return (
    <form className="match-editor" onSubmit={submit} noValidate>
      <FormAlert message={alert} />
      <FieldGroup title={t("form.teams")}>
        <SelectField label={t("form.home")} {...register("home")} error={errors.home?.message}>
          <option value="">{t("form.none")}</option>
          {clubOptions()}
        </SelectField>
        <SelectField label={t("form.hometeam")} {...register("hometeam")} error={errors.hometeam?.message}>
          <option value="">{t("form.none")}</option>
          {teamsOf(home).map((team) => (
            <option key={team.id} value={team.id}>
              {teamName(team)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("form.away")} {...register("away")} error={errors.away?.message}>
          <option value="">{t("form.none")}</option>
          {clubOptions()}
        </SelectField>
        <SelectField label={t("form.awayteam")} {...register("awayteam")} error={errors.awayteam?.message}>
          <option value="">{t("form.none")}</option>
          {teamsOf(away).map((team) => (
            <option key={team.id} value={team.id}>
              {teamName(team)}
            </option>
          ))}
        </SelectField>
      </FieldGroup>

      <FieldGroup title={t("form.when_where")} description={t("form.timezone_hint", { timezone: club.timezone })}>
        <SelectField label={t("form.field")} {...register("field")} error={errors.field?.message}>
          <option value="">{t("form.choose_field")}</option>
          {options.fields.map((field) => (
            <option key={field.id} value={field.id}>
              {field.name}
            </option>
          ))}
        </SelectField>
        <span aria-hidden="true" />
        <TextField type="date" label={t("form.date")} {...register("date")} error={errors.date?.message} />
        <TextField type="time" label={t("form.start")} {...register("start")} error={errors.start?.message} />
        <TextField type="date" label={t("form.datestop")} {...register("datestop")} error={errors.datestop?.message} />
        <TextField type="time" label={t("form.stop")} {...register("stop")} error={errors.stop?.message} />
      </FieldGroup>

      <FieldGroup title={t("form.options")}>
        <SwitchField label={t("form.is_scheduled")} {...register("is_scheduled")} />
        <SwitchField label={t("form.is_private")} {...register("is_private")} />
        <SwitchField label={t("form.is_training")} {...register("is_training")} />
        <SwitchField label={t("form.create_summary")} {...register("create_summary")} />
      </FieldGroup>

      <FieldGroup title={t("form.camera")}>
        {(Object.keys(CAMERA_OPTIONS) as (keyof typeof CAMERA_OPTIONS)[]).map((setting) => (
          <SelectField key={setting} label={t(`form.${setting}`)} {...register(setting)}>
            {CAMERA_OPTIONS[setting].map((value) => (
              <option key={value} value={value}>
                {t(`camera.${value}`)}
              </option>
            ))}
          </SelectField>
        ))}
      </FieldGroup>

      <FieldGroup title={t("form.sharing")}>
        <SelectField label={t("form.shared_with")} {...register("shared_with")} error={errors.shared_with?.message}>
          <option value="">{t("form.nobody")}</option>
          {clubOptions(club.id)}
        </SelectField>
        <SwitchField label={t("form.shared_opponent")} {...register("shared_opponent")} />
      </FieldGroup>

      <div className="match-editor__buttons">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setAlert(null);
            reset(emptyMatchForm(club));
          }}
        >
          {t("form.reset")}
        </button>
        <span className="match-editor__spacer" />
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t("form.cancel")}
        </button>
        <SubmitButton busy={isSubmitting} busyLabel={td("actions.saving")}>
          {match ? t("form.save") : t("form.create")}
        </SubmitButton>
      </div>
    </form>
  );
}
