// The camera's inputs (names, then pan, tilt and focal within the server's
// limits) and its removal after confirmation with the spec's toasts
// ('Camera has been removed' / 'Could not remove'), for the cameras list and
// a camera's page.
import { useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { FieldGroup, TextField } from "../../ui/FormFields.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { CAMERA_LIMITS, type Camera, type CameraForm } from "./camera-form.ts";

export function CameraFields({
  register,
  errors,
}: {
  register: UseFormRegister<CameraForm>;
  errors: FieldErrors<CameraForm>;
}) {
  const { t } = useTranslation("configuration");
  const position = (name: keyof typeof CAMERA_LIMITS) => {
    const { min, max, step } = CAMERA_LIMITS[name];
    return (
      <TextField
        label={t(`cameras.${name}`)}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        hint={t("cameras.range", { min, max, unit: t(`cameras.${name}_unit`) })}
        error={errors[name]?.message}
        {...register(name)}
      />
    );
  };
  return (
    <>
      <FieldGroup title={t("cameras.names")}>
        <TextField
          label={t("cameras.display_name")}
          autoComplete="off"
          error={errors.display_name?.message}
          {...register("display_name")}
        />
        <TextField
          label={t("cameras.technical_name")}
          hint={t("cameras.technical_name_hint")}
          autoComplete="off"
          error={errors.technical_name?.message}
          {...register("technical_name")}
        />
      </FieldGroup>
      <FieldGroup title={t("cameras.position")} description={t("cameras.position_text")} columns={3}>
        {position("pan")}
        {position("tilt")}
        {position("focal")}
      </FieldGroup>
    </>
  );
}

export function useCameraRemoval({ onRemoved }: { onRemoved?: (camera: Camera) => void } = {}) {
  const { t } = useTranslation("configuration");
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const [removing, setRemoving] = useState<Camera | null>(null);
  const remove = trpc.configurations.deleteCamera.useMutation({
    onSuccess: async () => {
      toast.success(t("toasts.camera_removed"));
      const camera = removing;
      setRemoving(null);
      await utils.configurations.listCameras.invalidate();
      if (camera) onRemoved?.(camera);
    },
    onError: () => toast.error(t("toasts.camera_not_removed")),
  });
  const dialog = (
    <ConfirmDialog
      open={removing !== null}
      danger
      title={t("cameras.remove_title")}
      text={removing ? t("cameras.remove_text", { name: removing.display_name }) : ""}
      confirmLabel={td("actions.delete")}
      busy={remove.isPending}
      onCancel={() => setRemoving(null)}
      onConfirm={() => removing && remove.mutate({ id: removing.id })}
    />
  );
  return { askRemove: setRemoving, dialog };
}
