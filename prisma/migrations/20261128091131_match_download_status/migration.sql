-- CreateEnum
CREATE TYPE "DownloadStatus" AS ENUM ('preparing', 'ready', 'failed');

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "download_status" "DownloadStatus",
ADD COLUMN     "recording_version" INTEGER NOT NULL DEFAULT 0;

