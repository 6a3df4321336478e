-- AlterTable
ALTER TABLE "clips" ADD COLUMN     "is_private" BOOLEAN;

-- AlterTable
ALTER TABLE "summaries" ADD COLUMN     "is_private" BOOLEAN;

-- CreateTable
CREATE TABLE "_clip_team_shares" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_clip_team_shares_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_summary_team_shares" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_summary_team_shares_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE INDEX "_clip_team_shares_B_index" ON "_clip_team_shares"("B");

-- CreateIndex
CREATE INDEX "_summary_team_shares_B_index" ON "_summary_team_shares"("B");

-- AddForeignKey
ALTER TABLE "_clip_team_shares" ADD CONSTRAINT "_clip_team_shares_A_fkey" FOREIGN KEY ("A") REFERENCES "clips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_clip_team_shares" ADD CONSTRAINT "_clip_team_shares_B_fkey" FOREIGN KEY ("B") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_summary_team_shares" ADD CONSTRAINT "_summary_team_shares_A_fkey" FOREIGN KEY ("A") REFERENCES "summaries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_summary_team_shares" ADD CONSTRAINT "_summary_team_shares_B_fkey" FOREIGN KEY ("B") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

