// `npm run backup [-- <archive.tar.gz>]`: the database and the media folder in one archive
// (default BACKUP_DIR/clubcast-<time>.tar.gz).
import { exitOnBadSettings, loadSettings } from "@clubcast/settings";
import { BackupError, createBackup } from "../backup.ts";

const settings = exitOnBadSettings(() => loadSettings());
try {
  console.log(`Backup written to ${await createBackup(settings, process.argv[2])}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
