// `npm run restore -- <archive.tar.gz> [--force]`: brings this installation (DATABASE_URL,
// MEDIA_DIR) back to a backup. Refuses to replace a database with tables or media files
// unless --force. `npm start` then applies any migration newer than the backup.
import { exitOnBadSettings, loadSettings } from "@clubcast/settings";
import { BackupError, restoreBackup } from "../backup.ts";

const settings = exitOnBadSettings(() => loadSettings());
const args = process.argv.slice(2);
const archive = args.find((arg) => !arg.startsWith("--"));
if (!archive) {
  console.error("Usage: npm run restore -- <archive.tar.gz> [--force]");
  process.exit(1);
}
try {
  await restoreBackup(settings, archive, args.includes("--force"));
  console.log(`Restored ${archive}. Start the platform with npm start.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
