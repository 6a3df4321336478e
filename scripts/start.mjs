// `npm start`'s launcher, plain JavaScript so production needs no TypeScript at run time:
// with NODE_ENV=production it runs the compiled dist/start.js (`npm run build`),
// otherwise scripts/start.ts through tsx.
import { existsSync } from "node:fs";

if (process.env.NODE_ENV === "production") {
  const compiled = new URL("../dist/start.js", import.meta.url);
  if (!existsSync(compiled)) {
    console.error("NODE_ENV=production runs the compiled platform: run `npm run build` first.");
    process.exit(1);
  }
  await import(compiled.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("./start.ts");
}
