// `npm run camera-sim`: the camera-server simulator on CAMERA_SIM_PORT (4100),
// reporting to the API at CAMERA_SIM_API_URL as the camera controller whose
// credentials are CAMERA_SIM_CLIENT_ID / CAMERA_SIM_CLIENT_SECRET (@clubcast/settings).
import { cameraSimSettings, exitOnBadSettings } from "@clubcast/settings";
import { startCameraSimulator } from "./simulator.ts";

const settings = exitOnBadSettings(() => cameraSimSettings());

const simulator = await startCameraSimulator({
  port: settings.port,
  host: settings.host,
  publicUrl: settings.publicUrl,
  controller: settings.controller,
  video: settings.video,
  videoSize: settings.videoSize,
  mediaDir: settings.mediaDir,
});
console.log(`[camera-sim] camera server simulator at ${simulator.url}${simulator.video ? " (with HLS video)" : ""}`);

async function shutdown() {
  await simulator.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
