// The add-team lightbox (spec section 2): full name, addition, parent team and
// sport (the club's own when left empty). The server's 422 messages appear on
// the fields they name.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { sportLabel } from "../../lib/sports.ts";
import { trpc } from "../../lib/trpc.ts";
import { ControlledSelectField, FormAlert, TextField } from "../../ui/FormFields.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { teamName } from "./org.ts";

interface TeamForm {
  fullname: string;
  addition: string;
  parent: string;
  sport: string;
}

const FIELDS = ["fullname", "addition", "parent", "sport"] as const;
const EMPTY: TeamForm = { fullname: "", addition: "", parent: "", sport: "" };

/** The create input: empty choices are left out (no parent, the club's sport). */
export function teamInput(clubId: number, form: TeamForm) {
  return {
    id: clubId,
    fullname: form.fullname,
    ...(form.addition.trim() ? { addition: form.addition } : {}),
    ...(form.parent ? { parent: Number(form.parent) } : {}),
    ...(form.sport ? { sport: Number(form.sport) } : {}),
  };
}

export function AddTeamDialog({ open, clubId, onClose }: { open: boolean; clubId: number; onClose: () => void }) {
  const { t } = useTranslation("org");
  const { t: tc } = useTranslation();
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, control, formState } = useForm<TeamForm>({ defaultValues: EMPTY });
  const { errors } = formState;
  const teams = trpc.teams.ofClub.useQuery({ id: clubId }, { enabled: open, retry: false });
  const sports = trpc.sports.list.useQuery(undefined, { enabled: open, staleTime: 5 * 60_000 });
  const create = trpc.teams.create.useMutation();

  const close = () => {
    reset(EMPTY);
    setFailure(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      const { data } = await create.mutateAsync(teamInput(clubId, form));
      toast.success(t("teams.added", { team: teamName(data) }));
      await utils.teams.ofClub.invalidate({ id: clubId });
      close();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, FIELDS, t("teams.not_added")));
    }
  });

  return (
    <Modal open={open} onClose={close} title={t("teams.add_title")} width={560}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormAlert message={failure} />
        <TextField
          label={t("teams.fullname")}
          hint={t("teams.fullname_hint")}
          error={errors.fullname?.message}
          autoComplete="off"
          {...register("fullname", { required: t("form.required") })}
        />
        <TextField
          label={t("teams.addition")}
          hint={t("teams.addition_hint")}
          error={errors.addition?.message}
          autoComplete="off"
          {...register("addition")}
        />
        <div className="form__pair">
          <ControlledSelectField control={control} name="parent" label={t("teams.parent")}>
            <option value="">{t("teams.no_parent")}</option>
            {teams.data?.data.map((team) => (
              <option key={team.id} value={team.id}>
                {teamName(team)}
              </option>
            ))}
          </ControlledSelectField>
          <ControlledSelectField control={control} name="sport" label={t("teams.sport")}>
            <option value="">{t("teams.club_sport")}</option>
            {sports.data?.data.map((sport) => (
              <option key={sport.id} value={sport.id}>
                {sportLabel(sport, tc)}
              </option>
            ))}
          </ControlledSelectField>
        </div>
        <div className="admin-form__actions">
          <button type="button" className="button button--ghost" onClick={close}>
            {td("actions.cancel")}
          </button>
          <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
            {t("teams.add_submit")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
