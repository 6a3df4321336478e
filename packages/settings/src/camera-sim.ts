// The camera-server simulator's settings: read by the simulator itself and by the
// seed, which writes its URLs into the demo configurations and matches, so both agree.
import { loadSettings } from "./settings.ts";

export interface CameraSimSettings {
  host: string;
  port: number;
  /** Where the worker sends camera commands (CAMERA_SIM_URL, default http://CAMERA_SIM_HOST:CAMERA_SIM_PORT). */
  url: string;
  /** Where players fetch the simulator's video (CAMERA_SIM_PUBLIC_URL, default url). */
  publicUrl: string;
  /** The camera controller it reports as; null without credentials. */
  controller: { apiUrl: string; clientId: string; clientSecret: string } | null;
  video: boolean;
  videoSize: string | undefined;
  mediaDir: string | undefined;
}

export function cameraSimSettings(env: NodeJS.ProcessEnv = process.env): CameraSimSettings {
  const settings = loadSettings(env);
  const clientId = settings.CAMERA_SIM_CLIENT_ID;
  const clientSecret = settings.CAMERA_SIM_CLIENT_SECRET;
  return {
    host: settings.CAMERA_SIM_HOST,
    port: settings.CAMERA_SIM_PORT,
    url: settings.CAMERA_SIM_URL,
    publicUrl: settings.CAMERA_SIM_PUBLIC_URL,
    controller: clientId && clientSecret ? { apiUrl: settings.CAMERA_SIM_API_URL, clientId, clientSecret } : null,
    video: settings.CAMERA_SIM_VIDEO === "on",
    videoSize: settings.CAMERA_SIM_VIDEO_SIZE,
    mediaDir: settings.CAMERA_SIM_MEDIA_DIR,
  };
}
