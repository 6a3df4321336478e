// `npm start`, `npm run backup`, `npm run restore`: plain JavaScript, so production needs no
// TypeScript at run time. With NODE_ENV=production it runs the compiled dist/<command>.js
// (`npm run build`), otherwise the command's TypeScript source (scripts/entries.ts) through tsx.
import { existsSync } from "node:fs";

const command = process.argv[2];
// The command's own arguments follow, as if it had been run directly.
process.argv.splice(2, 1);

if (process.env.NODE_ENV === "production") {
  const compiled = new URL(`../dist/${command}.js`, import.meta.url);
  if (!existsSync(compiled)) {
    console.error(
      `NODE_ENV=production runs the compiled platform: run \`npm run build\` first (no dist/${command}.js).`,
    );
    process.exit(1);
  }
  await import(compiled.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { COMMAND_ENTRIES } = await import("./entries.ts");
  const entry = COMMAND_ENTRIES[command];
  if (!entry) {
    console.error(`Unknown command ${command}: one of ${Object.keys(COMMAND_ENTRIES).join(", ")}.`);
    process.exit(1);
  }
  await import(new URL(`../${entry.source}`, import.meta.url).href);
}
