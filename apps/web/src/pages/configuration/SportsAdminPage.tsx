// Sports (spec section 7: GET and POST /v1/sports): every sport with its slug
// and kind, and a form for system administrators to add one.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SPORT_TYPES, type SportType } from "@clubcast/shared";
import { createSportInput } from "@clubcast/shared/schemas";
import { useCreateRecordForm } from "../../lib/create-record-form.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { sportLabel } from "../../lib/sports.ts";
import { trpc } from "../../lib/trpc.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { SelectField, TextField } from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { SportIcon } from "../../ui/SportIcon.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";

interface SportForm {
  name: string;
  slug: string;
  type: SportType;
}

const SPORT_FIELDS = ["name", "slug", "type"] as const;
const EMPTY: SportForm = { name: "", slug: "", type: "football" };

/** A slug suggested from the name: "Beach Volleyball" → "beach-volleyball". */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50);
}

function AddSportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("configuration");
  const { t: tc } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.sports.create.useMutation();
  const { form, dialog } = useCreateRecordForm<SportForm>({
    blank: EMPTY,
    resolver: useSchemaResolver(createSportInput, (values: SportForm) => values),
    fields: SPORT_FIELDS,
    failureText: t("sports.not_added"),
    create: async (values) => {
      const { data } = await create.mutateAsync(values);
      return t("sports.added", { name: data.name });
    },
    refresh: () => utils.sports.list.invalidate(),
    onClose,
  });
  const { register, setValue, getFieldState, formState } = form;
  const { errors } = formState;
  return (
    <FormDialog {...dialog} open={open} title={t("sports.add_title")} width={560} submitLabel={t("sports.add")}>
      <TextField
        label={t("sports.name")}
        autoComplete="off"
        error={errors.name?.message}
        {...register("name", {
          // The slug follows the name until it is typed in by hand.
          onChange: (event: { target: { value: string } }) => {
            if (!getFieldState("slug").isDirty) setValue("slug", slugOf(event.target.value));
          },
        })}
      />
      <TextField
        label={t("sports.slug")}
        hint={t("sports.slug_hint")}
        autoComplete="off"
        error={errors.slug?.message}
        {...register("slug")}
      />
      <SelectField label={t("sports.type")} error={errors.type?.message} {...register("type")}>
        {SPORT_TYPES.map((type) => (
          <option key={type} value={type}>
            {tc(`sport_types.${type}`)}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}

export default function SportsAdminPage() {
  const { t } = useTranslation("configuration");
  const { t: tc } = useTranslation();
  const [adding, setAdding] = useState(false);
  const sports = trpc.sports.list.useQuery();

  return (
    <div className="admin-page">
      <PageHeader title={t("sports.title")} subtitle={t("sports.subtitle")}>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <Icon name="plus" size={18} />
          {t("sports.add")}
        </button>
      </PageHeader>
      {sports.isError ? (
        <ErrorState onRetry={() => void sports.refetch()} />
      ) : (
        <DataTable
          caption={t("sports.title")}
          loading={sports.isPending}
          rows={sports.data?.data ?? []}
          rowKey={(sport) => sport.id}
          empty={<EmptyState title={sports.data?.message ?? t("sports.empty")} icon="trophy" />}
          columns={[
            {
              key: "name",
              header: t("sports.name"),
              primary: true,
              cell: (sport) => (
                <span className="sport-name">
                  <SportIcon type={sport.type} size={28} />
                  {sportLabel(sport, tc)}
                </span>
              ),
            },
            {
              key: "slug",
              header: t("sports.slug"),
              cell: (sport) => <span className="admin-mono">{sport.slug}</span>,
            },
            { key: "type", header: t("sports.type"), cell: (sport) => tc(`sport_types.${sport.type}`) },
          ]}
        />
      )}
      <AddSportDialog open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
