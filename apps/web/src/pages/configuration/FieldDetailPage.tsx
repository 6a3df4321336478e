// One field (spec section 2, configuration/fields/{id}): its club, sport and
// kind, the camera configurations placed on it, and deleting it with the
// spec's toasts ('Field delted' / 'Field not delted').
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { deriveLivestream } from "@clubcast/shared";
import { useLocalize } from "../../i18n/useLocale.ts";
import { usePageTitle } from "../../lib/page-title.tsx";
import { sportLabel } from "../../lib/sports.ts";
import { httpStatusOf, trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { configurationName } from "./configuration-form.ts";
import { camerasPath, fieldsPath } from "./paths.ts";

type Field = RouterOutputs["fields"]["get"]["data"];

function FieldConfigurations({ field }: { field: Field }) {
  const { t } = useTranslation("configuration");
  const configurations = trpc.configurations.ofClub.useQuery({ id: field.club.id });
  const onField = configurations.data?.data.filter((configuration) => configuration.field?.id === field.id) ?? [];
  return (
    <section className="admin-card">
      <h2 className="admin-card__title">
        {t("field_detail.configurations")}
        {configurations.data && <span className="admin-card__count">{onField.length}</span>}
      </h2>
      {configurations.isPending && <Skeleton height={20} />}
      {configurations.isError && <ErrorState onRetry={() => void configurations.refetch()} />}
      {configurations.data &&
        (onField.length ? (
          <ul className="field-configs">
            {onField.map((configuration) => {
              const mode = deriveLivestream(configuration.sa_stream_url);
              return (
                <li key={configuration.id} className="field-configs__item">
                  <Icon name="camera" size={18} />
                  <LocalLink to={camerasPath(configuration.id)} className="text-link">
                    {configurationName(configuration)}
                  </LocalLink>
                  {configuration.is_main === 1 && <span className="admin-tag">{t("configurations.main")}</span>}
                  <span className={`admin-tag admin-tag--${mode}`}>{t(`livestream.${mode}`)}</span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="admin-card__empty">{t("field_detail.no_configurations")}</p>
        ))}
    </section>
  );
}

function FieldView({ field }: { field: Field }) {
  const { t } = useTranslation("configuration");
  const { t: tc } = useTranslation();
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const localize = useLocalize();
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.fields.delete.useMutation({
    onSuccess: async () => {
      toast.success(t("toasts.field_deleted"));
      setConfirming(false);
      await utils.fields.list.invalidate();
      navigate(localize(fieldsPath));
    },
    onError: () => toast.error(t("toasts.field_not_deleted")),
  });

  return (
    <div className="admin-page">
      <LocalLink to={fieldsPath} className="back-link">
        <Icon name="chevronLeft" size={18} />
        {t("field_detail.back")}
      </LocalLink>
      <header className="page-header">
        <div>
          <h1 className="page-header__title display">{field.name}</h1>
          <p className="page-header__subtitle">{field.club.name}</p>
        </div>
        <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
          <Icon name="trash" size={18} />
          {t("field_detail.delete")}
        </button>
      </header>
      <div className="admin-cards">
        <section className="admin-card field-card pitch">
          <dl className="facts">
            <div>
              <dt>{t("fields.club")}</dt>
              <dd>{field.club.name}</dd>
            </div>
            <div>
              <dt>{t("fields_page.sport")}</dt>
              <dd>{sportLabel(field.sport, tc)}</dd>
            </div>
            <div>
              <dt>{t("fields_page.kind")}</dt>
              <dd>{field.portable ? t("fields_page.portable") : t("fields_page.fixed")}</dd>
            </div>
          </dl>
        </section>
        <FieldConfigurations field={field} />
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t("field_detail.delete_title")}
        text={t("field_detail.delete_text", { name: field.name, club: field.club.name })}
        confirmLabel={td("actions.delete")}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ id: field.id })}
      />
    </div>
  );
}

export default function FieldDetailPage() {
  const { t } = useTranslation("configuration");
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const field = trpc.fields.get.useQuery({ id }, { enabled: valid });
  usePageTitle(field.data?.data.name);

  if (!valid || httpStatusOf(field.error) === 404) {
    return (
      <EmptyState
        title={t("field_detail.not_found")}
        icon="field"
        action={
          <LocalLink to={fieldsPath} className="button button--secondary">
            {t("field_detail.back")}
          </LocalLink>
        }
      />
    );
  }
  if (field.isError) return <ErrorState onRetry={() => void field.refetch()} />;
  if (field.isPending) {
    return (
      <div className="admin-page" aria-busy="true">
        <Skeleton width={280} height={44} />
        <div className="admin-cards">
          <Skeleton height={160} />
          <Skeleton height={160} />
        </div>
      </div>
    );
  }
  return <FieldView field={field.data.data} />;
}
