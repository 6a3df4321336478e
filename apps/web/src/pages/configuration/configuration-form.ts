// A camera configuration as the form edits it (every field of spec section 3)
// and the `data` the API's save takes (POST /v1/configurations, body data).
import { CONFIGURATION_DEFAULTS } from "@clubcast/shared";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc.ts";

export type Configuration = RouterOutputs["configurations"]["list"]["data"][number];
export type ConfigurationData = RouterInputs["configurations"]["save"]["data"];

/** How a configuration is named in lists: its barcode, else its number. */
export function configurationName(configuration: Pick<Configuration, "id" | "barcode">): string {
  return configuration.barcode ?? `#${configuration.id}`;
}

/** Text inputs hold strings; selects hold ids as strings ("" for none); switches hold booleans. */
export interface ConfigurationForm {
  barcode: string;
  club: string;
  field: string;
  camera_type: string;
  sa_stream_url: string;
  stream_key: string;
  ant_stream_id: string;
  qr_code: string;
  server_url: string;
  sa_server_id: string;
  sa_camera_id: string;
  sa_camera_name: string;
  sa_stream_url_local: string;
  sa_sport: string;
  latitude: string;
  longitude: string;
  local_ip: string;
  resolution: string;
  is_main: boolean;
  passthrough: boolean;
  overlays: string;
}

/** The text fields that are stored as given, null when empty. */
const TEXT_FIELDS = [
  "barcode",
  "sa_stream_url",
  "stream_key",
  "ant_stream_id",
  "qr_code",
  "server_url",
  "sa_server_id",
  "sa_camera_id",
  "sa_camera_name",
  "sa_stream_url_local",
  "sa_sport",
  "local_ip",
  "resolution",
] as const satisfies readonly (keyof ConfigurationForm & keyof Configuration)[];

export const CONFIGURATION_FIELDS = [
  ...TEXT_FIELDS,
  "club",
  "field",
  "camera_type",
  "latitude",
  "longitude",
  "is_main",
  "passthrough",
  "overlays",
] as const satisfies readonly (keyof ConfigurationForm)[];

/** A new configuration: empty, with the spec's defaults (main, no passthrough, 'usflogo' overlays, SA_PRO). */
export function defaultConfigurationForm(): ConfigurationForm {
  const blank = Object.fromEntries(TEXT_FIELDS.map((name) => [name, ""])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...blank,
    club: "",
    field: "",
    camera_type: CONFIGURATION_DEFAULTS.cameraType,
    latitude: "",
    longitude: "",
    is_main: CONFIGURATION_DEFAULTS.isMain,
    passthrough: CONFIGURATION_DEFAULTS.passthrough,
    overlays: CONFIGURATION_DEFAULTS.overlays,
  };
}

/** A stored configuration copied into the form. */
export function configurationToForm(configuration: Configuration): ConfigurationForm {
  const texts = Object.fromEntries(TEXT_FIELDS.map((name) => [name, configuration[name] ?? ""])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...texts,
    club: String(configuration.club.id),
    field: configuration.field ? String(configuration.field.id) : "",
    camera_type: configuration.camera_type,
    latitude: configuration.latitude === null ? "" : String(configuration.latitude),
    longitude: configuration.longitude === null ? "" : String(configuration.longitude),
    is_main: configuration.is_main === 1,
    passthrough: configuration.passthrough === 1,
    overlays: configuration.overlays,
  };
}

/** A coordinate as typed ("52,37" too); an empty input clears it, anything unreadable goes to the server to refuse. */
function coordinate(value: string): number | null {
  const trimmed = value.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
}

/**
 * The save input: `id` updates that configuration, without it one is created.
 * livestream is left out: the server derives it from sa_stream_url.
 */
export function configurationData(form: ConfigurationForm, id: number | null): ConfigurationData {
  const texts = Object.fromEntries(TEXT_FIELDS.map((name) => [name, form[name].trim() || null]));
  return {
    ...texts,
    ...(id === null ? {} : { id }),
    ...(form.club ? { club: Number(form.club) } : {}),
    field: form.field ? Number(form.field) : null,
    camera_type: form.camera_type.trim(),
    latitude: coordinate(form.latitude),
    longitude: coordinate(form.longitude),
    is_main: form.is_main,
    passthrough: form.passthrough,
    overlays: form.overlays.trim(),
  };
}
