// `npm run db:prepare`: creates, migrates and (when empty) seeds the database.
import { runWithServiceErrors } from "@clubcast/db/health";
import { prepareDatabase } from "../db-prepare.ts";

await runWithServiceErrors(prepareDatabase);
