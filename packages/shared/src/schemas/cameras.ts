// A configuration's camera (spec section 3: display_name, technical_name, pan,
// tilt, focal), as the API takes it and the camera forms check it.
import { z } from "zod";
import { decimal, text } from "./core.ts";

/** Degrees of pan and tilt, focal length in millimetres. */
export const CAMERA_RANGES = {
  pan: { min: -180, max: 180 },
  tilt: { min: -90, max: 90 },
  focal: { min: 0, max: 1000 },
} as const;

const inRange = (name: keyof typeof CAMERA_RANGES) => decimal(CAMERA_RANGES[name].min, CAMERA_RANGES[name].max);

const cameraFields = {
  display_name: text(100).min(1),
  technical_name: text(100).min(1),
  pan: inRange("pan"),
  tilt: inRange("tilt"),
  focal: inRange("focal"),
};

export const cameraInput = z.strictObject({
  ...cameraFields,
  pan: cameraFields.pan.default(0),
  tilt: cameraFields.tilt.default(0),
  focal: cameraFields.focal.default(0),
});
/** PUT changes the fields sent. */
export const cameraUpdateInput = z.strictObject(cameraFields).partial();
