// The camera configurations (spec sections 2 to 4, 7 and 8): a paged list, the
// editor for a new or the selected configuration, and deleting one with the
// 'config-deleted' / 'config-not-deleted' toasts (then the list reloads).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { deriveLivestream, PAGINATION } from "@clubcast/shared";
import { trpc } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { DataTable } from "../../ui/DataTable.tsx";
import { DeviceStatusBadge } from "../../ui/DeviceStatusBadge.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { useCameraTypeLabel } from "./camera-types.ts";
import { ConfigurationEditor } from "./ConfigurationEditor.tsx";
import { configurationName, type Configuration } from "./configuration-form.ts";
import { useConfigurationStore } from "./configuration-store.ts";
import { camerasPath } from "./paths.ts";

export default function ConfigurationsPage() {
  const { t } = useTranslation("configuration");
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const page = usePageParam();
  const store = useConfigurationStore();
  const cameraTypeLabel = useCameraTypeLabel();
  const [editorOpen, setEditorOpen] = useState(false);
  // The row being edited is marked while the editor holds unsaved changes to it.
  const [unsaved, setUnsaved] = useState(false);
  const [deleting, setDeleting] = useState<Configuration | null>(null);

  const configurations = trpc.configurations.list.useQuery({ page, limit: PAGINATION.defaultLimit });
  const { setList } = store;
  useEffect(() => setList(configurations.data?.data ?? null), [configurations.data, setList]);

  const remove = trpc.configurations.delete.useMutation({
    onSuccess: async (_answer, { id }) => {
      toast.success(t("toasts.config_deleted"));
      setDeleting(null);
      if (store.selected?.id === id) {
        store.reset();
        setEditorOpen(false);
      }
      await utils.configurations.list.invalidate();
    },
    // A 401 signs the user out (the tRPC link); anything else is this toast.
    onError: () => toast.error(t("toasts.config_not_deleted")),
  });

  const openEditor = (configuration: Configuration | null) => {
    if (configuration) store.edit(configuration);
    else store.reset();
    setEditorOpen(true);
  };
  const closeEditor = () => {
    store.reset();
    setEditorOpen(false);
  };

  return (
    <div className="admin-page">
      <PageHeader title={t("configurations.title")} subtitle={t("configurations.subtitle")}>
        <button type="button" className="button button--primary" onClick={() => openEditor(null)}>
          <Icon name="plus" size={18} />
          {t("configurations.add")}
        </button>
      </PageHeader>

      {editorOpen && <ConfigurationEditor store={store} onClose={closeEditor} onUnsavedChange={setUnsaved} />}

      {configurations.isError ? (
        <ErrorState onRetry={() => void configurations.refetch()} />
      ) : (
        <DataTable
          caption={t("configurations.title")}
          loading={store.list === null}
          rows={store.list ?? []}
          rowKey={(configuration) => configuration.id}
          empty={
            <EmptyState
              title={configurations.data?.message ?? t("configurations.empty")}
              text={t("configurations.empty_text")}
              icon="settings"
            />
          }
          columns={[
            {
              key: "barcode",
              header: t("fields.barcode"),
              primary: true,
              cell: (configuration) => (
                <span className="config-name">
                  <span>{configurationName(configuration)}</span>
                  {configuration.is_main === 1 && <span className="admin-tag">{t("configurations.main")}</span>}
                  {editorOpen && unsaved && store.selected?.id === configuration.id && (
                    <span className="admin-tag admin-tag--system">{t("configurations.editing")}</span>
                  )}
                </span>
              ),
            },
            { key: "club", header: t("fields.club"), cell: (configuration) => configuration.club.name },
            {
              key: "field",
              header: t("fields.field"),
              cell: (configuration) => configuration.field?.name ?? "—",
            },
            {
              key: "livestream",
              header: t("editor.livestream"),
              cell: (configuration) => {
                const mode = deriveLivestream(configuration.sa_stream_url);
                return <span className={`admin-tag admin-tag--${mode}`}>{t(`livestream.${mode}`)}</span>;
              },
            },
            {
              key: "type",
              header: t("fields.camera_type"),
              cell: (configuration) => cameraTypeLabel(configuration.camera_type),
            },
            {
              key: "status",
              header: t("fields.status"),
              cell: (configuration) => <DeviceStatusBadge status={configuration.status} />,
            },
          ]}
          rowActions={(configuration) => (
            <>
              <LocalLink
                to={camerasPath(configuration.id)}
                className="button button--ghost button--small"
                aria-label={t("configurations.cameras_of", { name: configurationName(configuration) })}
              >
                <Icon name="camera" size={16} />
              </LocalLink>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => openEditor(configuration)}
                aria-label={t("configurations.edit_named", { name: configurationName(configuration) })}
              >
                <Icon name="pencil" size={16} />
                <span className="admin-hide-narrow">{td("actions.edit")}</span>
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setDeleting(configuration)}
                aria-label={t("configurations.delete_named", { name: configurationName(configuration) })}
              >
                <Icon name="trash" size={16} />
              </button>
            </>
          )}
        />
      )}
      {configurations.data && <Pagination meta={configurations.data.meta} />}

      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t("configurations.delete_title")}
        text={deleting ? t("configurations.delete_text", { name: configurationName(deleting) }) : ""}
        confirmLabel={td("actions.delete")}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
