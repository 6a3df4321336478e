// A camera as its forms edit it (spec section 3: display_name, technical_name,
// pan, tilt, focal) and the API's input; the limits are the server's.
import type { RouterOutputs } from "../../lib/trpc.ts";

export type Camera = RouterOutputs["configurations"]["getCamera"]["data"];

export interface CameraForm {
  display_name: string;
  technical_name: string;
  pan: string;
  tilt: string;
  focal: string;
}

export const CAMERA_FIELDS = ["display_name", "technical_name", "pan", "tilt", "focal"] as const;

/** Degrees of pan and tilt, focal length in millimetres. */
export const CAMERA_LIMITS = {
  pan: { min: -180, max: 180, step: 0.1 },
  tilt: { min: -90, max: 90, step: 0.1 },
  focal: { min: 0, max: 1000, step: 0.1 },
} as const;

export function cameraToForm(camera: Camera | null): CameraForm {
  return {
    display_name: camera?.display_name ?? "",
    technical_name: camera?.technical_name ?? "",
    pan: String(camera?.pan ?? 0),
    tilt: String(camera?.tilt ?? 0),
    focal: String(camera?.focal ?? 0),
  };
}

const number = (value: string) => Number(value.trim().replace(",", "."));

export function cameraInput(form: CameraForm) {
  return {
    display_name: form.display_name,
    technical_name: form.technical_name,
    pan: number(form.pan),
    tilt: number(form.tilt),
    focal: number(form.focal),
  };
}
