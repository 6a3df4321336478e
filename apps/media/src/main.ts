// `npm start -w @clubcast/media`: the media gateway (see server.ts).
import { hasNginxRtmp } from "./nginx.ts";
import { hasFfmpeg } from "./pipeline.ts";
import { startMediaGateway } from "./server.ts";
import { exitOnBadSettings, loadGatewaySettings } from "@clubcast/settings";

const settings = exitOnBadSettings(() => loadGatewaySettings());
if (!hasNginxRtmp() || !hasFfmpeg()) {
  console.error(
    "[media] needs nginx with the RTMP module and ffmpeg: apt-get install nginx-light libnginx-mod-rtmp ffmpeg",
  );
  process.exit(1);
}
const gateway = await startMediaGateway(settings);

async function shutdown() {
  await gateway.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
