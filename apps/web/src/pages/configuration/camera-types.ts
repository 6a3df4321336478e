// The camera types a system admin picks from, in words he understands rather
// than the stored code: a camera publishing to the platform's media gateway,
// or one run by a camera server (the spec's default, SA_PRO). The server keeps
// whatever text it was given, so a stored type of neither kind stays shown as is.
import { useTranslation } from "react-i18next";
import { CONFIGURATION_DEFAULTS, GATEWAY_CAMERA_TYPE } from "@clubcast/shared";

export const KNOWN_CAMERA_TYPES = [GATEWAY_CAMERA_TYPE, CONFIGURATION_DEFAULTS.cameraType] as const;
type KnownCameraType = (typeof KNOWN_CAMERA_TYPES)[number];

const isKnown = (type: string): type is KnownCameraType => (KNOWN_CAMERA_TYPES as readonly string[]).includes(type);

/** A camera type in words: a known one by what it is, any other by its stored code. */
export function useCameraTypeLabel(): (type: string) => string {
  const { t } = useTranslation("configuration");
  return (type) => (isKnown(type) ? t(`camera_types.${type}`) : t("camera_types.other", { type }));
}

/** The options of the camera type select: the known types, and `stored` too when it is none of them. */
export function cameraTypeChoices(stored: string): string[] {
  return isKnown(stored) ? [...KNOWN_CAMERA_TYPES] : [...KNOWN_CAMERA_TYPES, stored];
}
