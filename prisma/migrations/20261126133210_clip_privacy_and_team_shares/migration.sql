-- AlterTable
ALTER TABLE "clips" ADD COLUMN     "is_private" BOOLEAN;

-- AlterTable
ALTER TABLE "summaries" ADD COLUMN     "is_private" BOOLEAN;

-- CreateTable
CREATE TABLE "clip_team_shares" (
    "clip_id" INTEGER NOT NULL,
    "team_id" INTEGER NOT NULL,

    CONSTRAINT "clip_team_shares_pkey" PRIMARY KEY ("clip_id","team_id")
);

-- CreateTable
CREATE TABLE "summary_team_shares" (
    "summary_id" INTEGER NOT NULL,
    "team_id" INTEGER NOT NULL,

    CONSTRAINT "summary_team_shares_pkey" PRIMARY KEY ("summary_id","team_id")
);

-- CreateIndex
CREATE INDEX "clip_team_shares_team_id_idx" ON "clip_team_shares"("team_id");

-- CreateIndex
CREATE INDEX "summary_team_shares_team_id_idx" ON "summary_team_shares"("team_id");

-- AddForeignKey
ALTER TABLE "clip_team_shares" ADD CONSTRAINT "clip_team_shares_clip_id_fkey" FOREIGN KEY ("clip_id") REFERENCES "clips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clip_team_shares" ADD CONSTRAINT "clip_team_shares_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summary_team_shares" ADD CONSTRAINT "summary_team_shares_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summaries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summary_team_shares" ADD CONSTRAINT "summary_team_shares_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

