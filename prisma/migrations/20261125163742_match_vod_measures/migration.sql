-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "vod_duration_ms" INTEGER,
ADD COLUMN     "vod_frame_rate" DOUBLE PRECISION;

