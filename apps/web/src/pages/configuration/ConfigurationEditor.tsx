// Creating and editing a camera configuration: every field of spec section 3,
// grouped as identity, streaming, camera server, location and options. The
// livestream mode follows the stream URL as the user types (deriveLivestream,
// the same rule the server stores). 'Reset' restores the defaults and clears
// the selection (spec section 4); the server's 422 messages land on their fields.
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { deriveLivestream, PAGINATION, type LivestreamMode } from "@clubcast/shared";
import { configurationData as configurationSchema } from "@clubcast/shared/schemas";
import { ClubOptions, useClubChoices } from "../../lib/club-choices.tsx";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { trpc } from "../../lib/trpc.ts";
import {
  ControlledSelectField,
  FieldGroup,
  FormAlert,
  SelectField,
  SwitchField,
  TextField,
} from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import {
  CONFIGURATION_FIELDS,
  configurationData,
  configurationName,
  type ConfigurationForm,
} from "./configuration-form.ts";
import { cameraTypeChoices, useCameraTypeLabel } from "./camera-types.ts";
import type { ConfigurationStore } from "./configuration-store.ts";
import { isGatewayConfiguration, StreamingPanel } from "./StreamingPanel.tsx";

const ADDRESS = "{address}";

/** The livestream mode the stream URL gives, shown live with what it means. */
export function LivestreamMode({ mode }: { mode: LivestreamMode }) {
  const { t } = useTranslation("configuration");
  return (
    <div className={`livestream livestream--${mode}`} role="status" aria-live="polite">
      <span className="livestream__label">{t("editor.livestream")}</span>
      <span className={`admin-tag admin-tag--${mode}`}>{t(`livestream.${mode}`)}</span>
      <p className="livestream__text">{t(`livestream.${mode}_text`, { address: ADDRESS })}</p>
    </div>
  );
}

interface ConfigurationEditorProps {
  store: ConfigurationStore;
  onClose: () => void;
  /** Whether the form holds changes not yet saved (the list marks the row as being edited). */
  onUnsavedChange: (unsaved: boolean) => void;
}

export function ConfigurationEditor({ store, onClose, onUnsavedChange }: ConfigurationEditorProps) {
  const { t } = useTranslation("configuration");
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const [failure, setFailure] = useState<string | null>(null);
  // `values` keeps the form in step with the store's current configuration.
  const editing = store.selected;
  const resolver = useSchemaResolver<ConfigurationForm>(configurationSchema, (form) =>
    configurationData(form, editing?.id ?? null),
  );
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<ConfigurationForm>({
    values: store.current,
    resolver,
  });
  const { errors, isDirty } = formState;
  // Saving puts the saved configuration in the store, and `values` makes the form clean again.
  useEffect(() => onUnsavedChange(isDirty), [isDirty, onUnsavedChange]);
  const [clubId, streamUrl] = useWatch({ control, name: ["club", "sa_stream_url"] });
  const mode = deriveLivestream(streamUrl);
  const clubs = useClubChoices();
  const cameraTypeLabel = useCameraTypeLabel();
  // A club without fields answers 404 ("No fields found"): nothing to choose.
  const fields = trpc.fields.list.useQuery(
    { club: Number(clubId), page: 1, limit: PAGINATION.maxLimit },
    { enabled: clubId !== "", retry: false },
  );
  const save = trpc.configurations.save.useMutation();
  // A camera publishing to the platform's media gateway: its key is managed (rotated) in the Streaming panel.
  const gateway = editing && isGatewayConfiguration(editing) ? editing : null;
  const title = useRef<HTMLHeadingElement>(null);

  // Opening the editor, or switching what it edits, takes keyboard focus (and the view) to it.
  useEffect(() => title.current?.focus(), [editing?.id]);

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      const data = configurationData(form, editing?.id ?? null);
      // A gateway camera's key changes only by rotating, which also drops a publisher using the old one.
      if (gateway) delete data.stream_key;
      const saved = await save.mutateAsync({ data });
      toast.success(editing ? t("editor.saved") : t("editor.created"));
      store.edit(saved.data);
      await utils.configurations.list.invalidate();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, CONFIGURATION_FIELDS, t("editor.not_saved"), "data."));
    }
  });

  const text = (name: keyof ConfigurationForm, options: { hint?: string; wide?: boolean } = {}) => (
    <TextField
      label={t(`fields.${name}`)}
      hint={options.hint}
      className={options.wide ? "field--wide" : undefined}
      error={errors[name]?.message}
      autoComplete="off"
      {...register(name)}
    />
  );

  return (
    <section className="config-editor" aria-labelledby="config-editor-title">
      <header className="config-editor__header">
        <div>
          <h2 id="config-editor-title" className="config-editor__title" ref={title} tabIndex={-1}>
            {editing ? t("editor.edit_title", { name: configurationName(editing) }) : t("editor.new_title")}
          </h2>
          <p className="config-editor__subtitle">{editing ? editing.club.name : t("editor.new_text")}</p>
        </div>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t("editor.close")}>
          <Icon name="close" />
        </button>
      </header>
      {gateway && (
        <StreamingPanel
          key={gateway.id}
          configuration={gateway}
          onRotated={(rotated) => {
            // The rotated configuration, selected without resetting what the form holds.
            store.select(rotated);
            setValue("stream_key", rotated.stream_key ?? "");
          }}
        />
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormAlert message={failure} />
        <FieldGroup title={t("groups.identity")} description={t("groups.identity_text")}>
          {text("barcode")}
          <SelectField
            label={t("fields.camera_type")}
            hint={t("hints.camera_type")}
            error={errors.camera_type?.message}
            {...register("camera_type")}
          >
            {/* The stored type stays a choice while this configuration is edited, even once changed. */}
            {cameraTypeChoices(store.current.camera_type).map((type) => (
              <option key={type} value={type}>
                {cameraTypeLabel(type)}
              </option>
            ))}
          </SelectField>
          <ControlledSelectField
            control={control}
            name="club"
            label={t("fields.club")}
            // A field belongs to one club: a new club starts without one.
            onValueChange={() => setValue("field", "")}
          >
            <option value="">{t("editor.choose_club")}</option>
            <ClubOptions clubs={clubs} />
          </ControlledSelectField>
          <ControlledSelectField control={control} name="field" label={t("fields.field")} disabled={clubId === ""}>
            <option value="">{t("editor.no_field")}</option>
            {fields.data?.data.map((field) => (
              <option key={field.id} value={field.id}>
                {field.name}
              </option>
            ))}
          </ControlledSelectField>
        </FieldGroup>

        <FieldGroup title={t("groups.streaming")} description={t("groups.streaming_text")}>
          <div className="field--wide config-editor__stream">
            {text("sa_stream_url", { hint: t("hints.sa_stream_url", { address: ADDRESS }) })}
            <LivestreamMode mode={mode} />
          </div>
          {gateway ? <p className="field--wide config-editor__managed">{t("ingest.managed")}</p> : text("stream_key")}
          {text("ant_stream_id")}
          {text("qr_code", { wide: true })}
        </FieldGroup>

        <FieldGroup title={t("groups.server")} description={t("groups.server_text")}>
          {text("server_url", { hint: t("hints.server_url"), wide: true })}
          {text("sa_server_id")}
          {text("sa_camera_id")}
          {text("sa_camera_name")}
          {text("sa_sport")}
          {text("sa_stream_url_local", { hint: t("hints.sa_stream_url_local"), wide: true })}
        </FieldGroup>

        <FieldGroup title={t("groups.location")} description={t("groups.location_text")}>
          <TextField
            label={t("fields.latitude")}
            hint={t("hints.latitude")}
            inputMode="decimal"
            error={errors.latitude?.message}
            autoComplete="off"
            {...register("latitude")}
          />
          <TextField
            label={t("fields.longitude")}
            hint={t("hints.longitude")}
            inputMode="decimal"
            error={errors.longitude?.message}
            autoComplete="off"
            {...register("longitude")}
          />
          {text("local_ip", { hint: t("hints.local_ip") })}
          {text("resolution", { hint: t("hints.resolution") })}
        </FieldGroup>

        <FieldGroup title={t("groups.options")} columns={3}>
          <SwitchField
            label={t("fields.is_main")}
            hint={t("hints.is_main")}
            error={errors.is_main?.message}
            {...register("is_main")}
          />
          <SwitchField
            label={t("fields.passthrough")}
            hint={t("hints.passthrough")}
            error={errors.passthrough?.message}
            {...register("passthrough")}
          />
          {text("overlays", { hint: t("hints.overlays") })}
        </FieldGroup>

        <div className="admin-form__actions">
          <button type="button" className="button button--ghost" onClick={store.reset}>
            {t("editor.reset")}
          </button>
          <SubmitButton busy={formState.isSubmitting} busyLabel={td("actions.saving")}>
            {editing ? td("actions.save") : t("editor.create")}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
