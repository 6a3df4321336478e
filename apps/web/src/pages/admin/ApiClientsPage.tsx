// API clients (system administrators): the credentials a camera controller
// exchanges for a token bound to one configuration. Creating one shows its
// secret exactly once, in a dialog with a copy button, as does a new secret for an
// existing client; revoking and renewing ask first.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { apiClientInput } from "@clubcast/shared/schemas";
import { useLocale } from "../../i18n/useLocale.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { usePageTitle } from "../../lib/page-title.tsx";
import { applyServerErrors, failureMessage } from "../../lib/server-errors.ts";
import { trpc, type RouterOutputs } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { CopyField } from "../../ui/CopyField.tsx";
import { DataTable, type DataTableColumn } from "../../ui/DataTable.tsx";
import { FormAlert, SelectField, TextField } from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { formatInstant } from "./format.ts";
import { pageParam } from "./page-param.ts";
import { PageIntro } from "./PageIntro.tsx";
import "../../styles/admin.css";
import "../../styles/operations.css";

type ApiClient = RouterOutputs["apiClients"]["list"]["data"][number];
type CreatedClient = RouterOutputs["apiClients"]["create"]["data"];
type ConfigurationRef = Pick<NonNullable<ApiClient["configuration"]>, "id" | "barcode" | "club" | "field">;

function useConfigurationLabel() {
  const { t } = useTranslation("admin");
  return (configuration: ConfigurationRef | null) => {
    // The media gateway's client reports for every gateway configuration.
    if (!configuration) return t("clients.media_gateway");
    const values = {
      barcode: configuration.barcode ?? t("clients.no_barcode", { id: configuration.id }),
      club: configuration.club.name,
      field: configuration.field?.name ?? "",
    };
    return configuration.field
      ? t("clients.configuration_label", values)
      : t("clients.configuration_without_field", values);
  };
}

function SecretDialog({ client, onClose }: { client: CreatedClient | null; onClose: () => void }) {
  const { t } = useTranslation("admin");
  return (
    <Modal open={client !== null} onClose={onClose} title={t("clients.secret_title")} width={600}>
      {client && (
        <>
          <p className="ops-callout">
            <Icon name="alert" size={20} />
            <span>{t("clients.secret_text")}</span>
          </p>
          <CopyField label={t("clients.client_id")} value={client.client_id} />
          <CopyField label={t("clients.secret")} value={client.client_secret} secret />
          <div className="confirm-dialog__buttons">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t("clients.done")}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

interface NewClientForm {
  name: string;
  configuration_id: string;
}

/** The client as the API takes it. */
function clientInput(form: NewClientForm) {
  return { name: form.name.trim(), configuration_id: Number(form.configuration_id) };
}

function NewClientDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (client: CreatedClient) => void;
}) {
  const { t } = useTranslation(["admin", "translation", "dashboard"]);
  const toast = useToast();
  const label = useConfigurationLabel();
  const configurations = trpc.configurations.list.useQuery({ page: 1, limit: PAGINATION.maxLimit }, { enabled: open });
  const create = trpc.apiClients.create.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<NewClientForm>({
    defaultValues: { name: "", configuration_id: "" },
    resolver: useSchemaResolver(apiClientInput, clientInput),
  });

  const close = () => {
    reset();
    setAlert(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await create.mutateAsync(clientInput(values));
      reset();
      onCreated(answer.data);
    } catch (error) {
      setAlert(applyServerErrors(error, setError, ["name", "configuration_id"], t("clients.not_created")));
      toast.error(t("clients.not_created"));
    }
  });

  const options = configurations.data?.data ?? [];
  return (
    <Modal open={open} onClose={close} title={t("clients.new")} width={560}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormAlert message={alert} />
        <TextField
          label={t("clients.name")}
          hint={t("clients.name_hint")}
          autoComplete="off"
          maxLength={100}
          error={formState.errors.name?.message}
          {...register("name")}
        />
        <SelectField
          label={t("clients.configuration")}
          hint={
            configurations.data && options.length === 0
              ? t("clients.no_configurations")
              : t("clients.configuration_hint")
          }
          disabled={!configurations.data || options.length === 0}
          error={formState.errors.configuration_id?.message}
          {...register("configuration_id")}
        >
          <option value="">
            {configurations.isPending ? t("translation:app.loading") : t("clients.choose_configuration")}
          </option>
          {options.map((configuration) => (
            <option key={configuration.id} value={configuration.id}>
              {label(configuration)}
            </option>
          ))}
        </SelectField>
        {configurations.isError && (
          <FormAlert message={failureMessage(configurations.error, t("clients.not_created"))} />
        )}
        <div className="confirm-dialog__buttons">
          <button type="button" className="button button--ghost" onClick={close}>
            {t("dashboard:actions.cancel")}
          </button>
          <SubmitButton busy={formState.isSubmitting} busyLabel={t("clients.creating")}>
            {t("clients.create")}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

export default function ApiClientsPage() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [params] = useSearchParams();
  const label = useConfigurationLabel();
  const clients = trpc.apiClients.list.useQuery({ page: pageParam(params), limit: PAGINATION.defaultLimit });
  const revoke = trpc.apiClients.revoke.useMutation();
  const issueSecret = trpc.apiClients.issueSecret.useMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedClient | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const [renewing, setRenewing] = useState<ApiClient | null>(null);
  usePageTitle(t("clients.title"));

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      toast.success(t("clients.revoked_toast"));
      setRevoking(null);
    } catch (error) {
      toast.error(failureMessage(error, t("clients.not_revoked")));
    } finally {
      void utils.apiClients.list.invalidate();
    }
  };

  const confirmNewSecret = async () => {
    if (!renewing) return;
    try {
      const answer = await issueSecret.mutateAsync({ id: renewing.id });
      setRenewing(null);
      setCreated(answer.data);
    } catch (error) {
      toast.error(failureMessage(error, t("clients.not_issued")));
    } finally {
      void utils.apiClients.list.invalidate();
    }
  };

  const columns: DataTableColumn<ApiClient>[] = [
    { key: "name", header: t("clients.name"), primary: true, cell: (client) => <strong>{client.name}</strong> },
    {
      key: "client_id",
      header: t("clients.client_id"),
      cell: (client) => <code className="admin-mono">{client.client_id}</code>,
    },
    { key: "configuration", header: t("clients.configuration"), cell: (client) => label(client.configuration) },
    {
      key: "created",
      header: t("clients.created"),
      cell: (client) => <time dateTime={client.created_at}>{formatInstant(client.created_at, locale)}</time>,
    },
    {
      key: "last_used",
      header: t("clients.last_used"),
      cell: (client) =>
        client.last_used_at ? (
          <time dateTime={client.last_used_at}>{formatInstant(client.last_used_at, locale)}</time>
        ) : (
          <span className="ops-muted">{t("clients.never_used")}</span>
        ),
    },
    {
      key: "status",
      header: t("clients.status"),
      cell: (client) =>
        client.revoked_at ? (
          <span className="admin-tag admin-tag--muted">{t("clients.revoked")}</span>
        ) : (
          <span className="admin-tag">{t("clients.active")}</span>
        ),
    },
  ];

  return (
    <div className="admin-page">
      <PageIntro text={t("clients.subtitle")}>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          <Icon name="plus" size={18} />
          {t("clients.new")}
        </button>
      </PageIntro>
      {clients.isError ? (
        <ErrorState onRetry={() => void clients.refetch()} />
      ) : (
        <DataTable
          caption={t("clients.caption")}
          columns={columns}
          rows={clients.data?.data ?? []}
          rowKey={(client) => client.id}
          loading={clients.isPending}
          skeletonRows={4}
          rowActions={(client) => (
            <>
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => setRenewing(client)}
                aria-label={t("clients.new_secret_client", { name: client.name })}
              >
                <Icon name="key" size={16} />
                {t("clients.new_secret")}
              </button>
              {client.revoked_at ? null : (
                <button
                  type="button"
                  className="button button--small button--ghost ops-danger-text"
                  onClick={() => setRevoking(client)}
                  aria-label={t("clients.revoke_client", { name: client.name })}
                >
                  <Icon name="unlink" size={16} />
                  {t("clients.revoke")}
                </button>
              )}
            </>
          )}
          empty={
            <EmptyState
              icon="key"
              title={clients.data?.message ?? t("clients.empty")}
              text={t("clients.empty_hint")}
              action={
                <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
                  <Icon name="plus" size={18} />
                  {t("clients.new")}
                </button>
              }
            />
          }
        />
      )}
      {clients.data && <Pagination meta={clients.data.meta} />}
      <NewClientDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(client) => {
          setCreating(false);
          setCreated(client);
          void utils.apiClients.list.invalidate();
        }}
      />
      <SecretDialog client={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t("clients.revoke_title")}
        text={t("clients.revoke_text", { name: revoking?.name ?? "" })}
        confirmLabel={t("clients.revoke")}
        danger
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
      <ConfirmDialog
        open={renewing !== null}
        title={t("clients.new_secret_title")}
        text={t("clients.new_secret_text", { name: renewing?.name ?? "" })}
        confirmLabel={t("clients.new_secret")}
        busy={issueSecret.isPending}
        onConfirm={() => void confirmNewSecret()}
        onCancel={() => setRenewing(null)}
      />
    </div>
  );
}
