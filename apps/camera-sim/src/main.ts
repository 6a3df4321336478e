// `npm run camera-sim`: the camera-server simulator on CAMERA_SIM_PORT (4100),
// reporting to the API at CAMERA_SIM_API_URL as the camera controller whose
// credentials are CAMERA_SIM_CLIENT_ID / CAMERA_SIM_CLIENT_SECRET.
import { loadDotEnv } from "@clubcast/db";
import { startCameraSimulator } from "./simulator.ts";

loadDotEnv();
const env = process.env;
const clientId = env.CAMERA_SIM_CLIENT_ID;
const clientSecret = env.CAMERA_SIM_CLIENT_SECRET;

const simulator = await startCameraSimulator({
  port: Number.parseInt(env.CAMERA_SIM_PORT ?? "", 10) || 4100,
  host: env.CAMERA_SIM_HOST || "127.0.0.1",
  publicUrl: env.CAMERA_SIM_PUBLIC_URL || undefined,
  controller:
    clientId && clientSecret
      ? { apiUrl: env.CAMERA_SIM_API_URL || env.PUBLIC_URL || "http://127.0.0.1:3000", clientId, clientSecret }
      : null,
  video: env.CAMERA_SIM_VIDEO !== "0",
  videoSize: env.CAMERA_SIM_VIDEO_SIZE || undefined,
  mediaDir: env.CAMERA_SIM_MEDIA_DIR || undefined,
});
console.log(`[camera-sim] camera server simulator at ${simulator.url}${simulator.video ? " (with HLS video)" : ""}`);

async function shutdown() {
  await simulator.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
