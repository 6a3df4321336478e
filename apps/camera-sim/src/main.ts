// `npm run camera-sim`: the camera-server simulator on CAMERA_SIM_PORT (4100, see settings.ts),
// reporting to the API at CAMERA_SIM_API_URL as the camera controller whose
// credentials are CAMERA_SIM_CLIENT_ID / CAMERA_SIM_CLIENT_SECRET.
import { loadDotEnv } from "@clubcast/db";
import { cameraSimAddress } from "./settings.ts";
import { startCameraSimulator } from "./simulator.ts";

loadDotEnv();
const env = process.env;
const clientId = env.CAMERA_SIM_CLIENT_ID;
const clientSecret = env.CAMERA_SIM_CLIENT_SECRET;
const address = cameraSimAddress(env);

const simulator = await startCameraSimulator({
  port: address.port,
  host: address.host,
  publicUrl: address.publicUrl,
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
