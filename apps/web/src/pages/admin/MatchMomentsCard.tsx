// The club's timing of match moments (issue 30), on the System page: how long
// after a goal its score is usually entered (each goal's marker is placed that
// much earlier), and the half length and half-time break a goal's minute of play
// is counted with. Checked with the API's own schema (@clubcast/shared).
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { momentSettingsInput, type MomentSettingsInput } from "@clubcast/shared/schemas";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { FormAlert, TextField } from "../../ui/FormFields.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { ErrorState } from "../../ui/States.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";

type MomentsForm = Record<keyof MomentSettingsInput, string>;
const FIELDS = ["goal_entry_delay_s", "half_length_min", "half_time_break_min"] as const;

/** The form's texts as the API takes them: whole numbers (anything else is the schema's to refuse). */
export const momentSettingsOf = (form: MomentsForm): MomentSettingsInput => ({
  goal_entry_delay_s: Number(form.goal_entry_delay_s),
  half_length_min: Number(form.half_length_min),
  half_time_break_min: Number(form.half_time_break_min),
});

function MomentsForm({ clubId, settings }: { clubId: number; settings: MomentSettingsInput }) {
  const { t } = useTranslation("admin");
  const toast = useToast();
  const utils = trpc.useUtils();
  const titleId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const resolver = useSchemaResolver<MomentsForm>(momentSettingsInput, momentSettingsOf);
  const { register, handleSubmit, setError, formState } = useForm<MomentsForm>({
    values: {
      goal_entry_delay_s: String(settings.goal_entry_delay_s),
      half_length_min: String(settings.half_length_min),
      half_time_break_min: String(settings.half_time_break_min),
    },
    resolver,
  });
  const update = trpc.moments.updateSettings.useMutation();
  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await update.mutateAsync({ club: clubId, ...momentSettingsOf(values) });
      utils.moments.settings.setData({ club: clubId }, { data: answer.data });
      toast.success(t("moments.saved"));
    } catch (error) {
      setAlert(applyServerErrors(error, setError, FIELDS, t("moments.not_saved")));
      toast.error(t("moments.not_saved"));
    }
  });
  const number = { type: "number", inputMode: "numeric", className: "ops-field--short" } as const;
  return (
    <form className="admin-card form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <div className="ops-card-header">
        <h2 id={titleId} className="admin-card__title">
          {t("moments.title")}
        </h2>
        <p className="ops-card-text">{t("moments.intro")}</p>
      </div>
      <FormAlert message={alert} />
      <div className="ops-form-grid">
        <TextField
          label={t("moments.goal_entry_delay")}
          hint={t("moments.goal_entry_delay_hint")}
          error={formState.errors.goal_entry_delay_s?.message}
          {...number}
          {...register("goal_entry_delay_s")}
        />
        <TextField
          label={t("moments.half_length")}
          error={formState.errors.half_length_min?.message}
          {...number}
          {...register("half_length_min")}
        />
        <TextField
          label={t("moments.half_time_break")}
          hint={t("moments.half_time_break_hint")}
          error={formState.errors.half_time_break_min?.message}
          {...number}
          {...register("half_time_break_min")}
        />
      </div>
      <div className="admin-form__actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t("system.saving")}>
          {t("moments.save")}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The card of the club's match timing; its administrators' (the System page is theirs). */
export function MatchMomentsCard({ clubId }: { clubId: number }) {
  const settings = trpc.moments.settings.useQuery({ club: clubId });
  if (settings.isError) return <ErrorState onRetry={() => void settings.refetch()} />;
  if (!settings.data)
    return (
      <div className="admin-card" aria-busy="true">
        <Skeleton width="40%" height={24} />
        <Skeleton height={46} />
      </div>
    );
  return <MomentsForm key={clubId} clubId={clubId} settings={settings.data.data} />;
}
