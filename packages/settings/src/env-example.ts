// The text of .env.example, made from the settings table so the two never drift
// (scripts/env-example.ts writes it; a test compares).
import { SETTINGS } from "./definitions.ts";

export function envExample(): string {
  const lines = [
    "# Copy to .env and adjust. Real environment variables win over this file.",
    "# Generated from packages/settings/src/definitions.ts by `npm run settings:env-example`.",
    "# A commented-out setting is derived from others unless set (so one PORT moves the whole instance).",
  ];
  for (const [name, definition] of Object.entries(SETTINGS)) {
    if (definition.derivedFrom !== undefined) {
      lines.push(`# ${definition.description} Default: ${definition.derivedFrom}.`, `# ${name}=`);
    } else {
      lines.push(`# ${definition.description}`, `${name}=${definition.default ?? ""}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
