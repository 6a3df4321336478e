// Cameras (spec section 7: GET /v1/configurations/{id}/cameras, paged): the
// cameras of the configuration chosen above the list (?configuration= in the
// URL), adding one, and removing one.
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { cameraInput as cameraSchema } from "@clubcast/shared/schemas";
import { useCreateRecordForm } from "../../lib/create-record-form.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { trpc } from "../../lib/trpc.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { DeviceStatusBadge } from "../../ui/DeviceStatusBadge.tsx";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { CameraFields, useCameraRemoval } from "./CameraFields.tsx";
import { CAMERA_FIELDS, cameraInput, cameraToForm, type CameraForm } from "./camera-form.ts";
import { configurationName } from "./configuration-form.ts";
import { cameraPath } from "./paths.ts";

function AddCameraDialog({
  configurationId,
  open,
  onClose,
}: {
  configurationId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("configuration");
  const utils = trpc.useUtils();
  const create = trpc.configurations.createCamera.useMutation();
  const { form, dialog } = useCreateRecordForm<CameraForm>({
    blank: cameraToForm(null),
    resolver: useSchemaResolver(cameraSchema, cameraInput),
    fields: CAMERA_FIELDS,
    failureText: t("cameras.not_added"),
    create: async (values) => {
      const { data } = await create.mutateAsync({ configuration: configurationId, ...cameraInput(values) });
      return t("cameras.added", { name: data.display_name });
    },
    refresh: () => utils.configurations.listCameras.invalidate({ configuration: configurationId }),
    onClose,
  });
  return (
    <FormDialog {...dialog} open={open} title={t("cameras.add_title")} width={680} submitLabel={t("cameras.add")}>
      <CameraFields register={form.register} errors={form.formState.errors} />
    </FormDialog>
  );
}

export default function CamerasPage() {
  const { t } = useTranslation("configuration");
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const [adding, setAdding] = useState(false);
  const removal = useCameraRemoval();

  const configurations = trpc.configurations.list.useQuery({ page: 1, limit: PAGINATION.maxLimit });
  const requested = Number(params.get("configuration"));
  const configurationId =
    Number.isInteger(requested) && requested > 0 ? requested : (configurations.data?.data[0]?.id ?? null);
  const cameras = trpc.configurations.listCameras.useQuery(
    { configuration: configurationId ?? 0, page, limit: PAGINATION.defaultLimit },
    { enabled: configurationId !== null },
  );
  const choose = (id: string) => setParams(new URLSearchParams({ configuration: id }));

  let list;
  if (configurations.isError || cameras.isError) {
    list = <ErrorState onRetry={() => void (configurations.isError ? configurations.refetch() : cameras.refetch())} />;
  } else if (configurations.data && configurationId === null) {
    list = (
      <EmptyState
        title={t("cameras.no_configurations")}
        text={t("cameras.no_configurations_text")}
        icon="settings"
        action={
          <LocalLink to="/dashboard/configuration" className="button button--secondary">
            {t("nav.configurations")}
          </LocalLink>
        }
      />
    );
  } else {
    list = (
      <>
        <DataTable
          caption={t("nav.cameras")}
          loading={!cameras.data}
          rows={cameras.data?.data ?? []}
          rowKey={(camera) => camera.id}
          empty={
            <EmptyState
              title={cameras.data?.message ?? t("cameras.empty")}
              text={t("cameras.empty_text")}
              icon="camera"
            />
          }
          columns={[
            {
              key: "name",
              header: t("cameras.display_name"),
              primary: true,
              cell: (camera) => (
                <LocalLink to={cameraPath(camera.id)} className="text-link">
                  {camera.display_name}
                </LocalLink>
              ),
            },
            {
              key: "technical",
              header: t("cameras.technical_name"),
              cell: (camera) => <span className="admin-mono">{camera.technical_name}</span>,
            },
            { key: "pan", header: t("cameras.pan"), align: "end", cell: (camera) => `${camera.pan}°` },
            { key: "tilt", header: t("cameras.tilt"), align: "end", cell: (camera) => `${camera.tilt}°` },
            { key: "focal", header: t("cameras.focal"), align: "end", cell: (camera) => `${camera.focal} mm` },
            {
              key: "status",
              header: t("fields.status"),
              cell: (camera) => <DeviceStatusBadge status={camera.status} />,
            },
          ]}
          rowActions={(camera) => (
            <>
              <LocalLink
                to={cameraPath(camera.id)}
                className="button button--ghost button--small"
                aria-label={t("cameras.open_named", { name: camera.display_name })}
              >
                <Icon name="pencil" size={16} />
              </LocalLink>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => removal.askRemove(camera)}
                aria-label={t("cameras.remove_named", { name: camera.display_name })}
              >
                <Icon name="trash" size={16} />
              </button>
            </>
          )}
        />
        {cameras.data && <Pagination meta={cameras.data.meta} />}
      </>
    );
  }

  return (
    <div className="admin-page">
      <PageHeader title={t("cameras.title")} subtitle={t("cameras.subtitle")}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setAdding(true)}
          disabled={configurationId === null}
        >
          <Icon name="plus" size={18} />
          {t("cameras.add")}
        </button>
      </PageHeader>
      <div className="admin-toolbar">
        <div className="inline-field">
          <label htmlFor={pickerId} className="field__label">
            {t("cameras.configuration")}
          </label>
          <select
            id={pickerId}
            className="input select"
            value={configurationId ?? ""}
            disabled={!configurations.data?.data.length}
            onChange={(event) => choose(event.target.value)}
          >
            {configurations.data?.data.map((configuration) => (
              <option key={configuration.id} value={configuration.id}>
                {configurationName(configuration)} · {configuration.club.name}
                {configuration.field ? ` · ${configuration.field.name}` : ""}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list}
      {configurationId !== null && (
        <AddCameraDialog configurationId={configurationId} open={adding} onClose={() => setAdding(false)} />
      )}
      {removal.dialog}
    </div>
  );
}
