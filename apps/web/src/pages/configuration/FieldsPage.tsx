// Fields (pitches) of every club (spec section 7: GET /v1/fields paged, POST):
// narrowed to one club with ?club=, and a form to add one.
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { PAGINATION } from "@clubcast/shared";
import { createFieldInput } from "@clubcast/shared/schemas";
import { listStateOf } from "../../lib/list-state.ts";
import { ClubOptions, useClubChoices } from "../../lib/club-choices.tsx";
import { useCreateRecordForm } from "../../lib/create-record-form.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { sportLabel } from "../../lib/sports.ts";
import { trpc } from "../../lib/trpc.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { ControlledSelectField, SwitchField, TextField } from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Pagination, usePageParam } from "../../ui/Pagination.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { fieldPath } from "./paths.ts";

interface FieldForm {
  name: string;
  club: string;
  sport: string;
  portable: boolean;
}

const FIELD_FIELDS = ["name", "club", "sport", "portable"] as const;

/** The field as the API takes it. */
function fieldInput(form: FieldForm) {
  return { name: form.name, club: Number(form.club), sport: Number(form.sport), portable: form.portable };
}

function AddFieldDialog({ open, onClose, clubId }: { open: boolean; onClose: () => void; clubId: number | null }) {
  const { t } = useTranslation("configuration");
  const { t: tc } = useTranslation();
  const utils = trpc.useUtils();
  const clubs = useClubChoices(open);
  const sports = trpc.sports.list.useQuery(undefined, { enabled: open, staleTime: 5 * 60_000 });
  const create = trpc.fields.create.useMutation();
  const { form, dialog } = useCreateRecordForm<FieldForm>({
    blank: { name: "", club: clubId ? String(clubId) : "", sport: "", portable: false },
    follow: true,
    resolver: useSchemaResolver(createFieldInput, fieldInput),
    fields: FIELD_FIELDS,
    failureText: t("fields_page.not_added"),
    create: async (values) => {
      const { data } = await create.mutateAsync(fieldInput(values));
      return t("fields_page.added", { name: data.name });
    },
    refresh: () => utils.fields.list.invalidate(),
    onClose,
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <FormDialog
      {...dialog}
      open={open}
      title={t("fields_page.add_title")}
      width={600}
      submitLabel={t("fields_page.add")}
    >
      <TextField label={t("fields_page.name")} autoComplete="off" error={errors.name?.message} {...register("name")} />
      <div className="form__pair">
        <ControlledSelectField control={control} name="club" label={t("fields.club")}>
          <option value="">{t("editor.choose_club")}</option>
          <ClubOptions clubs={clubs} />
        </ControlledSelectField>
        <ControlledSelectField control={control} name="sport" label={t("fields_page.sport")}>
          <option value="">{t("fields_page.choose_sport")}</option>
          {sports.data?.data.map((sport) => (
            <option key={sport.id} value={sport.id}>
              {sportLabel(sport, tc)}
            </option>
          ))}
        </ControlledSelectField>
      </div>
      <SwitchField
        label={t("fields_page.portable")}
        hint={t("fields_page.portable_hint")}
        error={errors.portable?.message}
        {...register("portable")}
      />
    </FormDialog>
  );
}

export default function FieldsPage() {
  const { t } = useTranslation("configuration");
  const { t: tc } = useTranslation();
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const [adding, setAdding] = useState(false);
  const requested = Number(params.get("club"));
  const clubId = Number.isInteger(requested) && requested > 0 ? requested : null;
  const clubs = useClubChoices();
  const fields = trpc.fields.list.useQuery({
    page,
    limit: PAGINATION.defaultLimit,
    ...(clubId ? { club: clubId } : {}),
  });
  const state = listStateOf(fields);

  return (
    <div className="admin-page">
      <PageHeader title={t("fields_page.title")} subtitle={t("fields_page.subtitle")}>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <Icon name="plus" size={18} />
          {t("fields_page.add")}
        </button>
      </PageHeader>
      <div className="admin-toolbar">
        <div className="inline-field">
          <label htmlFor={filterId} className="field__label">
            {t("fields.club")}
          </label>
          <select
            id={filterId}
            className="input select"
            value={clubId ?? ""}
            onChange={(event) => setParams(event.target.value ? new URLSearchParams({ club: event.target.value }) : {})}
          >
            <option value="">{t("fields_page.all_clubs")}</option>
            <ClubOptions clubs={clubs} />
          </select>
        </div>
      </div>
      {state === "error" ? (
        <ErrorState onRetry={() => void fields.refetch()} />
      ) : (
        <DataTable
          caption={t("fields_page.title")}
          loading={state === "loading"}
          rows={state === "ready" ? (fields.data?.data ?? []) : []}
          rowKey={(field) => field.id}
          empty={<EmptyState title={fields.data?.message ?? t("fields_page.empty")} icon="field" />}
          columns={[
            {
              key: "name",
              header: t("fields_page.name"),
              primary: true,
              cell: (field) => (
                <LocalLink to={fieldPath(field.id)} className="text-link">
                  {field.name}
                </LocalLink>
              ),
            },
            { key: "club", header: t("fields.club"), cell: (field) => field.club.name },
            { key: "sport", header: t("fields_page.sport"), cell: (field) => sportLabel(field.sport, tc) },
            {
              key: "portable",
              header: t("fields_page.kind"),
              cell: (field) => (
                <span className={`admin-tag${field.portable ? "" : " admin-tag--muted"}`}>
                  {field.portable ? t("fields_page.portable") : t("fields_page.fixed")}
                </span>
              ),
            },
          ]}
        />
      )}
      {state === "ready" && fields.data && <Pagination meta={fields.data.meta} />}
      <AddFieldDialog open={adding} onClose={() => setAdding(false)} clubId={clubId} />
    </div>
  );
}
