// A camera as its forms edit it (spec section 3: display_name, technical_name,
// pan, tilt, focal) and the API's input, checked with the API's own schema.
import { CAMERA_RANGES } from "@clubcast/shared/schemas";
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

/** Degrees of pan and tilt, focal length in millimetres: the API's ranges, in steps of a tenth. */
export const CAMERA_LIMITS = {
  pan: { ...CAMERA_RANGES.pan, step: 0.1 },
  tilt: { ...CAMERA_RANGES.tilt, step: 0.1 },
  focal: { ...CAMERA_RANGES.focal, step: 0.1 },
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
