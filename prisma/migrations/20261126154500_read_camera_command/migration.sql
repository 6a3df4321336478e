-- A camera command job's match and configuration, read once no transaction that
-- enqueued jobs for the match is still open (apps/server/src/jobs/commit-gate.ts),
-- in one round trip instead of two. The shared advisory lock (in the namespace
-- the caller passes) is taken by one statement and the rows are read by the
-- next: a VOLATILE function takes a new snapshot for each statement it runs, so
-- the read shows what the request committed, never what was there before.
-- Arguments: the lock namespace, the match, the configuration. Always one row:
-- "matchId" is null once the match is deleted, "configurationFound" false once
-- the configuration is.
CREATE FUNCTION "read_camera_command"(INTEGER, INTEGER, INTEGER)
RETURNS TABLE (
  "matchId" INTEGER,
  "startingAt" TIMESTAMPTZ(3),
  "stoppingAt" TIMESTAMPTZ(3),
  "configurationFound" BOOLEAN,
  "serverUrl" TEXT,
  "saCameraId" TEXT,
  "cameraType" TEXT
) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared($1, $2);
  RETURN QUERY
    SELECT m.id, m.starting_at, m.stopping_at, c.id IS NOT NULL, c.server_url, c.sa_camera_id, c.camera_type
    FROM (VALUES (1)) AS one
    LEFT JOIN matches m ON m.id = $2
    LEFT JOIN configurations c ON c.id = $3;
END;
$$;
