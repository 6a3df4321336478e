// The browser tests drive the built client as the server serves it.
import { ensureWebBuild } from "../../../scripts/web-build.ts";

export default async function setup() {
  await ensureWebBuild();
}
