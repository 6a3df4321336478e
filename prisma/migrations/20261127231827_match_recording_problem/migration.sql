-- CreateEnum
CREATE TYPE "RecordingProblem" AS ENUM ('no_video');

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "recording_problem" "RecordingProblem";

