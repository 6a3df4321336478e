-- CreateEnum
CREATE TYPE "MomentKind" AS ENUM ('whistle', 'crowd');

-- CreateEnum
CREATE TYPE "SuggestionState" AS ENUM ('pending', 'accepted', 'dismissed');

-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "suggest_moments" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "moment_suggestions" (
    "id" SERIAL NOT NULL,
    "match_id" INTEGER NOT NULL,
    "recording_version" INTEGER NOT NULL,
    "time_ms" INTEGER NOT NULL,
    "kind" "MomentKind" NOT NULL,
    "confidence" REAL NOT NULL,
    "state" "SuggestionState" NOT NULL DEFAULT 'pending',
    "marker_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "moment_suggestions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "moment_suggestions_marker_id_key" ON "moment_suggestions"("marker_id");

-- CreateIndex
CREATE UNIQUE INDEX "moment_suggestions_match_id_recording_version_kind_time_ms_key" ON "moment_suggestions"("match_id", "recording_version", "kind", "time_ms");

-- AddForeignKey
ALTER TABLE "moment_suggestions" ADD CONSTRAINT "moment_suggestions_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "moment_suggestions" ADD CONSTRAINT "moment_suggestions_marker_id_fkey" FOREIGN KEY ("marker_id") REFERENCES "markers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

