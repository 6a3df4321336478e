// The System page: what a club administrator (or a system administrator, for
// the club they pick) configures about the club — its details through
// clubs.update — and the platform's version. System administrators also find
// the roles and API client pages here (they are not in the section-6 menu).
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CLUB_LOGO_MAX_BYTES } from "@clubcast/shared";
import { updateClubByIdInput } from "@clubcast/shared/schemas";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { applyServerErrors, failureMessage, serverFieldErrors } from "../../lib/server-errors.ts";
import { timezones } from "../../lib/timezones.ts";
import { trpc, type RouterInputs } from "../../lib/trpc.ts";
import { ClubPicker, useClubDetails, useWorkingClub, type ClubDetails } from "../../lib/working-club.tsx";
import { FormAlert, SelectField, SwitchField, TextField } from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { ClubLogoPicker, logoFileProblem, useUploadLogo } from "./ClubLogoPicker.tsx";
import { MatchMomentsCard } from "./MatchMomentsCard.tsx";
import { PageIntro } from "./PageIntro.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

export interface ClubForm {
  name: string;
  sport_id: string;
  timezone: string;
  country: string;
  country_short: string;
  notification_email: string;
  suggest_moments: boolean;
  activated: boolean;
}

const FIELDS = [
  "name",
  "sport_id",
  "timezone",
  "country",
  "country_short",
  "notification_email",
  "suggest_moments",
  "activated",
] as const satisfies readonly (keyof ClubForm)[];

export function clubFormValues(club: ClubDetails): ClubForm {
  const details = club as ClubDetails & { notification_email?: string | null; suggest_moments?: 0 | 1 };
  return {
    name: club.name,
    sport_id: String(club.sport_id),
    timezone: club.timezone,
    country: club.country,
    country_short: club.country_short,
    notification_email: details.notification_email ?? "",
    suggest_moments: details.suggest_moments !== 0,
    activated: club.activated === 1,
  };
}

/** The update the form sends: blank optional texts clear their value; only system administrators (de)activate. */
export function clubUpdate(id: number, form: ClubForm, mayActivate: boolean): RouterInputs["clubs"]["update"] {
  return {
    id,
    name: form.name.trim(),
    sport_id: Number(form.sport_id),
    timezone: form.timezone,
    country: form.country.trim(),
    country_short: form.country_short.trim().toUpperCase(),
    notification_email: form.notification_email.trim() || null,
    suggest_moments: form.suggest_moments,
    ...(mayActivate ? { activated: form.activated } : {}),
  };
}

/** The club's logo: uploaded as soon as it is picked, apart from the details' Save. */
function ClubLogoField({ club }: { club: ClubDetails }) {
  const { t } = useTranslation("admin");
  const toast = useToast();
  const utils = trpc.useUtils();
  const upload = useUploadLogo();
  const remove = trpc.clubs.removeLogo.useMutation();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function change(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      toast.success(done);
    } catch (failure) {
      // The server names its field "image"; the form shows its own wording for the file it offered.
      const message = serverFieldErrors(failure)?.image
        ? t("system.logo_type")
        : failureMessage(failure, t("system.logo_not_saved"));
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  const pick = (file: File) => {
    const problem = logoFileProblem(file);
    if (problem) return setError(t(`system.${problem}`, { limit: CLUB_LOGO_MAX_BYTES / 1024 }));
    void change(() => upload(club.id, file), t("system.logo_saved"));
  };
  const removeLogo = () =>
    change(async () => {
      const answer = await remove.mutateAsync({ id: club.id });
      utils.clubs.get.setData({ id: club.id }, answer);
      void utils.clubs.invalidate();
    }, t("system.logo_removed"));

  return (
    <ClubLogoPicker
      clubName={club.name}
      preview={club.logo}
      error={error}
      busy={busy}
      onPick={pick}
      onRemove={club.logo ? () => void removeLogo() : undefined}
    />
  );
}

function ClubDetailsForm({ club }: { club: ClubDetails }) {
  const { t } = useTranslation(["admin", "translation"]);
  const auth = useAuth();
  const toast = useToast();
  const utils = trpc.useUtils();
  const sports = trpc.sports.list.useQuery();
  const mayActivate = auth.scope === "system";
  const [alert, setAlert] = useState<string | null>(null);
  const resolver = useSchemaResolver<ClubForm>(updateClubByIdInput, (values) =>
    clubUpdate(club.id, values, mayActivate),
  );
  const form = useForm<ClubForm>({
    values: clubFormValues(club),
    resetOptions: { keepDirtyValues: false },
    resolver,
  });
  const { register, handleSubmit, setError, formState } = form;
  const update = trpc.clubs.update.useMutation();

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await update.mutateAsync(clubUpdate(club.id, values, mayActivate));
      utils.clubs.get.setData({ id: club.id }, answer);
      void utils.clubs.invalidate();
      // The signed-in user carries their club's name (the support mail names it).
      if (club.id === auth.user?.club?.id) void auth.reloadUser();
      toast.success(t("system.saved"));
    } catch (error) {
      setAlert(applyServerErrors(error, setError, FIELDS, t("system.not_saved")));
      toast.error(t("system.not_saved"));
    }
  });

  return (
    <form className="admin-card form" onSubmit={onSubmit} noValidate aria-labelledby="club-details-title">
      <div className="ops-card-header">
        <h2 id="club-details-title" className="admin-card__title">
          {t("system.club_title")}
        </h2>
        <p className="ops-card-text">{t("system.club_intro")}</p>
      </div>
      <FormAlert message={alert} />
      <ClubLogoField club={club} />
      <div className="ops-form-grid">
        <TextField
          label={t("system.name")}
          autoComplete="organization"
          error={formState.errors.name?.message}
          {...register("name")}
        />
        <SelectField label={t("system.sport")} error={formState.errors.sport_id?.message} {...register("sport_id")}>
          {(sports.data?.data ?? [club.sport]).map((sport) => (
            <option key={sport.id} value={sport.id}>
              {sport.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("system.timezone")}
          hint={t("system.timezone_hint")}
          error={formState.errors.timezone?.message}
          {...register("timezone")}
        >
          {timezones(club.timezone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("system.country")}
          autoComplete="country-name"
          error={formState.errors.country?.message}
          {...register("country")}
        />
        <TextField
          label={t("system.country_short")}
          hint={t("system.country_short_hint")}
          maxLength={2}
          autoComplete="country"
          className="ops-field--short"
          error={formState.errors.country_short?.message}
          {...register("country_short")}
        />
        <TextField
          label={t("system.notification_email")}
          hint={t("system.notification_email_hint")}
          type="email"
          autoComplete="email"
          error={formState.errors.notification_email?.message}
          {...register("notification_email")}
        />
        <SwitchField
          label={t("system.suggest_moments")}
          hint={t("system.suggest_moments_hint")}
          error={formState.errors.suggest_moments?.message}
          {...register("suggest_moments")}
        />
        {mayActivate && (
          <SwitchField
            label={t("system.activated")}
            hint={t("system.activated_hint")}
            error={formState.errors.activated?.message}
            {...register("activated")}
          />
        )}
      </div>
      <div className="admin-form__actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t("system.saving")}>
          {t("system.save")}
        </SubmitButton>
      </div>
    </form>
  );
}

function ClubSection({ clubId }: { clubId: number | null }) {
  const { t } = useTranslation("admin");
  const club = useClubDetails(clubId);
  if (clubId === null) return <EmptyState icon="trophy" title={t("system.no_club")} text={t("system.no_club_hint")} />;
  if (club.isError) return <ErrorState onRetry={() => void club.refetch()} />;
  if (!club.data)
    return (
      <div className="admin-card" aria-busy="true">
        <Skeleton width="40%" height={24} />
        <Skeleton height={46} />
        <Skeleton height={46} />
        <Skeleton height={46} />
      </div>
    );
  return (
    <>
      <ClubDetailsForm key={club.data.data.id} club={club.data.data} />
      <MatchMomentsCard clubId={club.data.data.id} />
    </>
  );
}

function AboutCard() {
  const { t } = useTranslation("admin");
  const info = trpc.appInfo.get.useQuery(undefined, { staleTime: Infinity });
  const titleId = useId();
  return (
    <section className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">
        {t("system.version_title")}
      </h2>
      <dl className="ops-facts">
        <div>
          <dt>{t("system.app_version")}</dt>
          <dd>{info.data ? info.data.data.version : <Skeleton width={60} />}</dd>
        </div>
        <div>
          <dt>{t("system.desktop_version")}</dt>
          <dd>{info.data ? info.data.data.desktop_app.version : <Skeleton width={60} />}</dd>
        </div>
      </dl>
      <LocalLink to="/analyze/download" className="text-link">
        {t("system.desktop_download")}
      </LocalLink>
    </section>
  );
}

function AdministrationCard() {
  const { t } = useTranslation("admin");
  const titleId = useId();
  return (
    <section className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">
        {t("system.admin_title")}
      </h2>
      <ul className="ops-links">
        <li>
          <LocalLink to="/dashboard/access" className="ops-link">
            <Icon name="shield" size={22} />
            <span>
              <strong>{t("system.access_link")}</strong>
              <span>{t("system.access_text")}</span>
            </span>
          </LocalLink>
        </li>
        <li>
          <LocalLink to="/dashboard/access/clients" className="ops-link">
            <Icon name="key" size={22} />
            <span>
              <strong>{t("system.clients_link")}</strong>
              <span>{t("system.clients_text")}</span>
            </span>
          </LocalLink>
        </li>
      </ul>
    </section>
  );
}

export default function SystemPage() {
  const { t } = useTranslation("admin");
  const auth = useAuth();
  const { clubId, chooseClub } = useWorkingClub();
  const isSystem = auth.scope === "system";
  return (
    <div className="admin-page">
      <PageIntro text={t("system.subtitle")}>
        {isSystem && <ClubPicker value={clubId} onChange={chooseClub} />}
      </PageIntro>
      <div className="ops-system">
        <ClubSection clubId={clubId} />
        <div className="ops-system__side">
          <AboutCard />
          {isSystem && <AdministrationCard />}
        </div>
      </div>
    </div>
  );
}
