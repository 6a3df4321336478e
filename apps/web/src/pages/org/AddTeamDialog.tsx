// The add-team lightbox (spec section 2): full name, addition, parent team and
// sport (the club's own when left empty). The server's 422 messages appear on
// the fields they name.
import { useTranslation } from "react-i18next";
import { createTeamInput } from "@clubcast/shared/schemas";
import { useCreateRecordForm } from "../../lib/create-record-form.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { sportLabel } from "../../lib/sports.ts";
import { trpc } from "../../lib/trpc.ts";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { ControlledSelectField, TextField } from "../../ui/FormFields.tsx";
import { teamName } from "./org.ts";

interface TeamForm {
  fullname: string;
  addition: string;
  parent: string;
  sport: string;
}

const FIELDS = ["fullname", "addition", "parent", "sport"] as const;
const EMPTY: TeamForm = { fullname: "", addition: "", parent: "", sport: "" };

/** The team as the API takes it: empty choices are left out (no parent, the club's sport). */
function teamFields(form: TeamForm) {
  return {
    fullname: form.fullname,
    ...(form.addition.trim() ? { addition: form.addition } : {}),
    ...(form.parent ? { parent: Number(form.parent) } : {}),
    ...(form.sport ? { sport: Number(form.sport) } : {}),
  };
}

export function AddTeamDialog({ open, clubId, onClose }: { open: boolean; clubId: number; onClose: () => void }) {
  const { t } = useTranslation("org");
  const { t: tc } = useTranslation();
  const utils = trpc.useUtils();
  const teams = trpc.teams.ofClub.useQuery({ id: clubId }, { enabled: open, retry: false });
  const sports = trpc.sports.list.useQuery(undefined, { enabled: open, staleTime: 5 * 60_000 });
  const create = trpc.teams.create.useMutation();
  const { form, dialog } = useCreateRecordForm<TeamForm>({
    blank: EMPTY,
    resolver: useSchemaResolver(createTeamInput, teamFields),
    fields: FIELDS,
    failureText: t("teams.not_added"),
    create: async (values) => {
      const { data } = await create.mutateAsync({ id: clubId, ...teamFields(values) });
      return t("teams.added", { team: teamName(data) });
    },
    refresh: () => utils.teams.ofClub.invalidate({ id: clubId }),
    onClose,
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <FormDialog {...dialog} open={open} title={t("teams.add_title")} width={560} submitLabel={t("teams.add_submit")}>
      <TextField
        label={t("teams.fullname")}
        hint={t("teams.fullname_hint")}
        error={errors.fullname?.message}
        autoComplete="off"
        {...register("fullname")}
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
    </FormDialog>
  );
}
