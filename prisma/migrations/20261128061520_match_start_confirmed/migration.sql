-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "start_confirmed" BOOLEAN NOT NULL DEFAULT false;
