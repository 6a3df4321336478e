// One camera (spec section 2, configuration/cameras/{id}): its names and its
// pan, tilt and focal settings to edit, a sketch of where it points, and removal.
import { useState } from "react";
import { useForm, useWatch, type Control } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { cameraUpdateInput } from "@clubcast/shared/schemas";
import { useLocalize } from "../../i18n/useLocale.ts";
import { useSchemaResolver } from "../../lib/form-schema.ts";
import { usePageTitle } from "../../lib/page-title.tsx";
import { applyServerErrors } from "../../lib/server-errors.ts";
import { httpStatusOf, trpc } from "../../lib/trpc.ts";
import { FormAlert } from "../../ui/FormFields.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LocalLink } from "../../ui/LocalLink.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { EmptyState, ErrorState } from "../../ui/States.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/Toasts.tsx";
import { CameraFields, useCameraRemoval } from "./CameraFields.tsx";
import {
  CAMERA_FIELDS,
  CAMERA_LIMITS,
  cameraInput,
  cameraToForm,
  type Camera,
  type CameraForm,
} from "./camera-form.ts";
import { camerasPath } from "./paths.ts";

/** Seen from above: the viewing direction (pan) and a field of view that narrows as the focal length grows. */
function CameraSketch({ control }: { control: Control<CameraForm> }) {
  const { t } = useTranslation("configuration");
  const [pan, tilt, focal] = useWatch({ control, name: ["pan", "tilt", "focal"] }).map(Number) as [
    number,
    number,
    number,
  ];
  const safePan = Number.isFinite(pan) ? pan : 0;
  const safeTilt = Number.isFinite(tilt) ? tilt : 0;
  // Roughly a 36 mm frame: the horizontal angle of view, kept between 4° and 100° for the drawing.
  const focalMm = Number.isFinite(focal) && focal > 0 ? focal : 0;
  const view = focalMm ? Math.min(100, Math.max(4, (2 * Math.atan(18 / focalMm) * 180) / Math.PI)) : 100;
  const reach = 70;
  // 0° points up the drawing; angles turn clockwise.
  const point = (angle: number) => {
    const radians = ((angle - 90) * Math.PI) / 180;
    return { x: 100 + reach * Math.cos(radians), y: 100 + reach * Math.sin(radians) };
  };
  const from = point(safePan - view / 2);
  const to = point(safePan + view / 2);
  const axis = point(safePan);
  const tiltFraction = (safeTilt - CAMERA_LIMITS.tilt.min) / (CAMERA_LIMITS.tilt.max - CAMERA_LIMITS.tilt.min);
  return (
    <figure className="camera-sketch">
      <svg viewBox="0 0 200 200" role="img" aria-label={t("cameras.sketch_label", { pan: safePan, tilt: safeTilt })}>
        <circle cx="100" cy="100" r="88" className="camera-sketch__ring" />
        <path
          d={`M100 100 L${from.x} ${from.y} A${reach} ${reach} 0 0 1 ${to.x} ${to.y} Z`}
          className="camera-sketch__view"
        />
        <line x1="100" y1="100" x2={axis.x} y2={axis.y} className="camera-sketch__axis" />
        <circle cx="100" cy="100" r="7" className="camera-sketch__camera" />
        <text x="100" y="22" className="camera-sketch__mark">
          0°
        </text>
      </svg>
      <div className="camera-sketch__tilt" aria-hidden="true">
        <span className="camera-sketch__tilt-bar">
          <span className="camera-sketch__tilt-dot" style={{ bottom: `${tiltFraction * 100}%` }} />
        </span>
        <span>{t("cameras.tilt")}</span>
      </div>
      <figcaption className="camera-sketch__caption">
        {t("cameras.sketch_caption", { pan: safePan, tilt: safeTilt, focal: focalMm })}
      </figcaption>
    </figure>
  );
}

function CameraEditor({ camera }: { camera: Camera }) {
  const { t } = useTranslation("configuration");
  const { t: td } = useTranslation("dashboard");
  const toast = useToast();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const localize = useLocalize();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, formState, reset } = useForm<CameraForm>({
    values: cameraToForm(camera),
    resolver: useSchemaResolver(cameraUpdateInput, cameraInput),
  });
  const update = trpc.configurations.updateCamera.useMutation();
  const removal = useCameraRemoval({
    onRemoved: (removed) => navigate(localize(camerasPath(removed.configuration))),
  });

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ id: camera.id, ...cameraInput(form) });
      utils.configurations.getCamera.setData({ id: camera.id }, saved);
      await utils.configurations.listCameras.invalidate({ configuration: camera.configuration });
      toast.success(t("cameras.saved"));
    } catch (error) {
      setFailure(applyServerErrors(error, setError, CAMERA_FIELDS, t("cameras.not_saved")));
    }
  });

  return (
    <div className="admin-page">
      <LocalLink to={camerasPath(camera.configuration)} className="back-link">
        <Icon name="chevronLeft" size={18} />
        {t("cameras.back")}
      </LocalLink>
      <header className="page-header">
        <div>
          <h1 className="page-header__title display">{camera.display_name}</h1>
          <p className="page-header__subtitle admin-mono">{camera.technical_name}</p>
        </div>
        <button type="button" className="button button--ghost" onClick={() => removal.askRemove(camera)}>
          <Icon name="trash" size={18} />
          {t("cameras.remove")}
        </button>
      </header>
      <div className="camera-layout">
        <form className="form" onSubmit={onSubmit} noValidate>
          <FormAlert message={failure} />
          <CameraFields register={register} errors={formState.errors} />
          <div className="admin-form__actions">
            <button type="button" className="button button--ghost" onClick={() => reset(cameraToForm(camera))}>
              {t("cameras.undo")}
            </button>
            <SubmitButton busy={formState.isSubmitting} busyLabel={td("actions.saving")}>
              {t("cameras.save")}
            </SubmitButton>
          </div>
        </form>
        <CameraSketch control={control} />
      </div>
      {removal.dialog}
    </div>
  );
}

export default function CameraDetailPage() {
  const { t } = useTranslation("configuration");
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const camera = trpc.configurations.getCamera.useQuery({ id }, { enabled: valid });
  usePageTitle(camera.data?.data.display_name);

  if (!valid || httpStatusOf(camera.error) === 404) {
    return (
      <EmptyState
        title={t("cameras.not_found")}
        icon="camera"
        action={
          <LocalLink to={camerasPath()} className="button button--secondary">
            {t("cameras.back")}
          </LocalLink>
        }
      />
    );
  }
  if (camera.isError) return <ErrorState onRetry={() => void camera.refetch()} />;
  if (camera.isPending) {
    return (
      <div className="admin-page" aria-busy="true">
        <Skeleton width={280} height={44} />
        <div className="camera-layout">
          <Skeleton height={320} />
          <Skeleton height={240} />
        </div>
      </div>
    );
  }
  return <CameraEditor camera={camera.data.data} />;
}
