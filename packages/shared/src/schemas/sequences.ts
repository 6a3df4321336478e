// Annotation sequences and their markers, as the API takes them and the marker form checks them.
import { z } from "zod";
import { CLIP_MAX_MS } from "../clips.ts";
import { ANNOTATION_CLIP_LENGTH } from "../constants.ts";
import { integer, text } from "./core.ts";

export const createSequenceInput = z.strictObject({ name: text(200).default("") });

const markerFields = {
  /** Position in the match video, in milliseconds. */
  time_ms: integer(0),
  label: text(200).min(1),
  /** Clip length in seconds, at most the longest clip the worker cuts. */
  clip_length: integer(1, CLIP_MAX_MS / 1000),
};
export const createMarkerInput = z.strictObject({
  ...markerFields,
  clip_length: markerFields.clip_length.default(ANNOTATION_CLIP_LENGTH),
});
export const updateMarkerInput = z.strictObject(markerFields).partial();
