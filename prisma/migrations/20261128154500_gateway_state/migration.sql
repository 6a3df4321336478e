-- The media gateways' state (issue 29), which was MEDIA_DIR/gateway/state.json on one gateway's disk: each
-- camera's recording under way and the gateway holding its stream, its recordings with their sessions, its
-- schedules. Several gateways serve one platform through these tables.
-- CreateTable
CREATE TABLE "gateway_cameras" (
    "camera_id" TEXT NOT NULL,
    "recording_id" TEXT,
    "gateway_url" TEXT,
    "held_at" TIMESTAMPTZ(3),

    CONSTRAINT "gateway_cameras_pkey" PRIMARY KEY ("camera_id")
);

-- CreateTable
CREATE TABLE "gateway_recordings" (
    "id" TEXT NOT NULL,
    "camera_id" TEXT NOT NULL,
    "match_id" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "stop_at" TIMESTAMPTZ(3),
    "renditions" JSONB,
    "sessions" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "stream_ready_reported" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "gateway_recordings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateway_schedules" (
    "camera_id" TEXT NOT NULL,
    "match_id" INTEGER NOT NULL,
    "starting_at" TIMESTAMPTZ(3) NOT NULL,
    "stopping_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "gateway_schedules_pkey" PRIMARY KEY ("camera_id","match_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "gateway_cameras_recording_id_key" ON "gateway_cameras"("recording_id");

-- CreateIndex
CREATE INDEX "gateway_recordings_camera_id_match_id_idx" ON "gateway_recordings"("camera_id", "match_id");

-- AddForeignKey
ALTER TABLE "gateway_cameras" ADD CONSTRAINT "gateway_cameras_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "gateway_recordings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

