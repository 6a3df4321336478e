-- CreateTable
CREATE TABLE "outbox" (
    "id" BIGSERIAL NOT NULL,
    "deliveries" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);


-- Jobs are delivered only once the change that asked for them has committed (the
-- outbox), so they no longer wait for that commit behind an advisory lock: the
-- camera command jobs' reader that took it goes.
DROP FUNCTION "read_camera_command"(INTEGER, INTEGER, INTEGER);
