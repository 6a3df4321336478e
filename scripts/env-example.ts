// `npm run settings:env-example`: rewrites .env.example from the settings table.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY_ROOT, envExample } from "@clubcast/settings";

writeFileSync(join(REPOSITORY_ROOT, ".env.example"), envExample());
