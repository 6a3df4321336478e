// Computers and routers (spec section 7: paged lists and POST): the same page
// for both kinds, a table and a form to register one.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { deviceInput } from "@clubcast/shared/schemas";
import { useFormatZoned } from "../../lib/dates.ts";
import { ClubOptions, useClubChoices } from "../../lib/club-choices.tsx";
import { useCreateRecordForm } from "../../lib/create-record-form.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { trpc } from "../../lib/trpc.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { ControlledSelectField, TextField } from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";

export type DeviceKind = "computers" | "routers";

interface DeviceForm {
  name: string;
  serial: string;
  club: string;
  address: string;
}

const DEVICE_FIELDS = ["name", "serial", "club", "address"] as const;
const EMPTY: DeviceForm = { name: "", serial: "", club: "", address: "" };
const ICONS = { computers: "computer", routers: "router" } as const;

/** The device as the API takes it: no club and no address are null. */
function deviceFields(form: DeviceForm) {
  return {
    name: form.name,
    serial: form.serial,
    club: form.club ? Number(form.club) : null,
    address: form.address || null,
  };
}

/** The list and create calls of each kind. */
function useDeviceApi(kind: DeviceKind, page: number) {
  const query = { page, limit: PAGINATION.defaultLimit };
  const computers = trpc.devices.computers.useQuery(query, { enabled: kind === "computers" });
  const routers = trpc.devices.routers.useQuery(query, { enabled: kind === "routers" });
  const createComputer = trpc.devices.createComputer.useMutation();
  const createRouter = trpc.devices.createRouter.useMutation();
  const utils = trpc.useUtils();
  return kind === "computers"
    ? { list: computers, create: createComputer, refresh: () => utils.devices.computers.invalidate() }
    : { list: routers, create: createRouter, refresh: () => utils.devices.routers.invalidate() };
}

function AddDeviceDialog({
  kind,
  open,
  onClose,
  create,
  refresh,
}: {
  kind: DeviceKind;
  open: boolean;
  onClose: () => void;
  create: ReturnType<typeof useDeviceApi>["create"];
  refresh: () => Promise<void>;
}) {
  const { t } = useTranslation("configuration");
  const clubs = useClubChoices(open);
  const { form, dialog } = useCreateRecordForm<DeviceForm>({
    blank: EMPTY,
    resolver: useSchemaResolver(deviceInput, deviceFields),
    fields: DEVICE_FIELDS,
    failureText: t("devices.not_added"),
    create: async (values) => {
      const { data } = await create.mutateAsync(deviceFields(values));
      return t(`devices.${kind}.added`, { name: data.name });
    },
    refresh,
    onClose,
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <FormDialog
      {...dialog}
      open={open}
      title={t(`devices.${kind}.add_title`)}
      width={600}
      submitLabel={t(`devices.${kind}.add`)}
    >
      <div className="form__pair">
        <TextField label={t("devices.name")} autoComplete="off" error={errors.name?.message} {...register("name")} />
        <TextField
          label={t("devices.serial")}
          autoComplete="off"
          error={errors.serial?.message}
          {...register("serial")}
        />
      </div>
      <ControlledSelectField control={control} name="club" label={t("devices.club")}>
        <option value="">{t("devices.no_club")}</option>
        <ClubOptions clubs={clubs} />
      </ControlledSelectField>
      <TextField
        label={t("devices.address")}
        hint={t("devices.address_hint")}
        autoComplete="off"
        error={errors.address?.message}
        {...register("address")}
      />
    </FormDialog>
  );
}

export function DevicesPage({ kind }: { kind: DeviceKind }) {
  const { t } = useTranslation("configuration");
  const formatZoned = useFormatZoned();
  const page = usePageParam();
  const [adding, setAdding] = useState(false);
  const { list, create, refresh } = useDeviceApi(kind, page);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <div className="admin-page">
      <PageHeader title={t(`devices.${kind}.title`)} subtitle={t(`devices.${kind}.subtitle`)}>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <Icon name="plus" size={18} />
          {t(`devices.${kind}.add`)}
        </button>
      </PageHeader>
      {list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          caption={t(`devices.${kind}.title`)}
          loading={list.isPending}
          rows={list.data?.data ?? []}
          rowKey={(device) => device.id}
          empty={<EmptyState title={list.data?.message ?? t(`devices.${kind}.empty`)} icon={ICONS[kind]} />}
          columns={[
            { key: "name", header: t("devices.name"), primary: true, cell: (device) => device.name },
            {
              key: "serial",
              header: t("devices.serial"),
              cell: (device) => <span className="admin-mono">{device.serial}</span>,
            },
            { key: "club", header: t("devices.club"), cell: (device) => device.club?.name ?? "—" },
            {
              key: "address",
              header: t("devices.address"),
              cell: (device) => (device.address ? <span className="admin-mono">{device.address}</span> : "—"),
            },
            {
              key: "created",
              header: t("devices.created"),
              cell: (device) => formatZoned({ date: device.created_at, timezone }, "card"),
            },
          ]}
        />
      )}
      {list.data && <Pagination meta={list.data.meta} />}
      <AddDeviceDialog kind={kind} open={adding} onClose={() => setAdding(false)} create={create} refresh={refresh} />
    </div>
  );
}
