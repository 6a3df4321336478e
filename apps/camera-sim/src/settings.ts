// Where the camera-server simulator listens and where others reach it, from the
// environment: read by the simulator itself and by the seed, which writes these
// URLs into the demo configurations and matches, so both always agree.
export const DEFAULT_CAMERA_SIM_PORT = 4100;

export interface CameraSimAddress {
  host: string;
  port: number;
  /** Where the worker sends camera commands (CAMERA_SIM_URL, default http://CAMERA_SIM_HOST:CAMERA_SIM_PORT). */
  url: string;
  /** Where players fetch the simulator's video (CAMERA_SIM_PUBLIC_URL, default url). */
  publicUrl: string;
}

export function cameraSimAddress(env: NodeJS.ProcessEnv = process.env): CameraSimAddress {
  const host = env.CAMERA_SIM_HOST || "127.0.0.1";
  const port = Number.parseInt(env.CAMERA_SIM_PORT ?? "", 10) || DEFAULT_CAMERA_SIM_PORT;
  const url = (env.CAMERA_SIM_URL || `http://${host}:${port}`).replace(/\/+$/, "");
  return { host, port, url, publicUrl: (env.CAMERA_SIM_PUBLIC_URL || url).replace(/\/+$/, "") };
}
