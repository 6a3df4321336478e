-- CreateEnum
CREATE TYPE "RenderState" AS ENUM ('queued', 'cutting', 'ready', 'failed');

-- CreateTable
CREATE TABLE "clips" (
    "id" SERIAL NOT NULL,
    "marker_id" INTEGER NOT NULL,
    "match_id" INTEGER NOT NULL,
    "start_ms" INTEGER NOT NULL,
    "end_ms" INTEGER NOT NULL,
    "custom" BOOLEAN NOT NULL DEFAULT false,
    "frame_rate" DOUBLE PRECISION NOT NULL DEFAULT 25,
    "state" "RenderState" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "video_path" TEXT,
    "poster_path" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "clips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "summaries" (
    "id" SERIAL NOT NULL,
    "match_id" INTEGER NOT NULL,
    "state" "RenderState" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "video_path" TEXT,
    "poster_path" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "summaries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "clips_marker_id_key" ON "clips"("marker_id");

-- CreateIndex
CREATE INDEX "clips_match_id_start_ms_idx" ON "clips"("match_id", "start_ms");

-- CreateIndex
CREATE INDEX "clips_created_at_idx" ON "clips"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "summaries_match_id_key" ON "summaries"("match_id");

-- AddForeignKey
ALTER TABLE "clips" ADD CONSTRAINT "clips_marker_id_fkey" FOREIGN KEY ("marker_id") REFERENCES "markers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clips" ADD CONSTRAINT "clips_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

