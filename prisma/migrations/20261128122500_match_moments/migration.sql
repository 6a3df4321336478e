-- Match moments (issue 30): per-club timing settings, the goals sequence, timed score events.

-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "goal_entry_delay_s" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "half_length_min" INTEGER NOT NULL DEFAULT 45,
ADD COLUMN     "half_time_break_min" INTEGER NOT NULL DEFAULT 15;

-- AlterTable
ALTER TABLE "sequences" ADD COLUMN     "goals" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "score_events" (
    "id" SERIAL NOT NULL,
    "match_id" INTEGER NOT NULL,
    "home_score" INTEGER NOT NULL,
    "away_score" INTEGER NOT NULL,
    "side" TEXT,
    "entered_at" TIMESTAMPTZ(3) NOT NULL,
    "happened_at" TIMESTAMPTZ(3) NOT NULL,
    "time_ms" INTEGER NOT NULL,
    "marker_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "score_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "score_events_marker_id_key" ON "score_events"("marker_id");

-- CreateIndex
CREATE INDEX "score_events_match_id_time_ms_idx" ON "score_events"("match_id", "time_ms");

-- AddForeignKey
ALTER TABLE "score_events" ADD CONSTRAINT "score_events_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "score_events" ADD CONSTRAINT "score_events_marker_id_fkey" FOREIGN KEY ("marker_id") REFERENCES "markers"("id") ON DELETE SET NULL ON UPDATE CASCADE;
