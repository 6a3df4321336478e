-- DropIndex
DROP INDEX "matches_status_is_private_starting_at_idx";

-- DropIndex
DROP INDEX "matches_club_id_status_starting_at_idx";

-- DropIndex
DROP INDEX "matches_home_club_id_status_starting_at_idx";

-- DropIndex
DROP INDEX "matches_away_club_id_status_starting_at_idx";

-- DropIndex
DROP INDEX "matches_shared_with_club_id_status_starting_at_idx";

-- CreateTable
CREATE TABLE "match_list_counts" (
    "audience" TEXT NOT NULL,
    "club_id" INTEGER NOT NULL,
    "status" "MatchStatus" NOT NULL,
    "is_private" BOOLEAN NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "match_list_counts_pkey" PRIMARY KEY ("audience","club_id","status","is_private")
);

-- CreateIndex
CREATE INDEX "matches_status_is_private_starting_at_id_idx" ON "matches"("status", "is_private", "starting_at", "id");

-- CreateIndex
CREATE INDEX "matches_club_list_idx" ON "matches"("club_id", "status", "starting_at", "id", "is_private", "shared_opponent");

-- CreateIndex
CREATE INDEX "matches_home_club_list_idx" ON "matches"("home_club_id", "status", "starting_at", "id", "is_private", "shared_opponent");

-- CreateIndex
CREATE INDEX "matches_away_club_list_idx" ON "matches"("away_club_id", "status", "starting_at", "id", "is_private", "shared_opponent");

-- CreateIndex
CREATE INDEX "matches_shared_with_list_idx" ON "matches"("shared_with_club_id", "status", "starting_at", "id", "is_private", "shared_opponent");


-- The lists a match is counted in, as (audience, club) pairs; with its status and
-- privacy they name its counter rows. The same rules as apps/server/src/matches/visibility.ts:
--   all        every match (club 0)
--   owner      the club that owns it (unscheduled lists)
--   involving  the clubs that own it or play in it (public club lists)
--   recorded   its owner, the club it is shared with, and the opponents it is shared with (recorded lists)
--   member     the recorded audience, plus both sides of a public match (a club's dashboard lists)
CREATE FUNCTION "match_list_audiences"(
  owner INTEGER, home INTEGER, away INTEGER, shared_with INTEGER, shared_opponent BOOLEAN, is_private BOOLEAN
) RETURNS TABLE ("audience" TEXT, "club_id" INTEGER) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT k.audience, k.club_id FROM (VALUES
    ('all', 0),
    ('owner', owner),
    ('involving', owner), ('involving', home), ('involving', away),
    ('recorded', owner), ('recorded', shared_with),
    ('recorded', CASE WHEN shared_opponent THEN home END), ('recorded', CASE WHEN shared_opponent THEN away END),
    ('member', owner), ('member', shared_with),
    ('member', CASE WHEN shared_opponent OR NOT is_private THEN home END),
    ('member', CASE WHEN shared_opponent OR NOT is_private THEN away END)
  ) AS k(audience, club_id)
  WHERE k.club_id IS NOT NULL
$$;

-- One statement's changes to matches, counted once per counter row: rows leaving
-- a list count -1, rows entering it +1 (a score update nets to nothing and writes
-- nothing). Counter rows are written in key order so that concurrent writers take
-- their locks in the same order.
CREATE FUNCTION "count_match_list_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS delta, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS delta, * FROM old_rows'
    ELSE 'SELECT 1 AS delta, * FROM new_rows UNION ALL SELECT -1 AS delta, * FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO "match_list_counts" AS c ("audience", "club_id", "status", "is_private", "count")
    SELECT k.audience, k.club_id, m.status, m.is_private, sum(m.delta)
    FROM (%s) m
    CROSS JOIN LATERAL "match_list_audiences"(m.club_id, m.home_club_id, m.away_club_id, m.shared_with_club_id,
                                              m.shared_opponent, m.is_private) k
    GROUP BY 1, 2, 3, 4
    HAVING sum(m.delta) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("audience", "club_id", "status", "is_private") DO UPDATE SET "count" = c."count" + EXCLUDED."count"
  $sql$, changed);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "matches_count_inserts" AFTER INSERT ON "matches" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_match_list_changes"();
CREATE TRIGGER "matches_count_updates" AFTER UPDATE ON "matches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_match_list_changes"();
CREATE TRIGGER "matches_count_deletes" AFTER DELETE ON "matches" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_match_list_changes"();

-- TRUNCATE fires no row or transition triggers: it empties the counters with the table.
CREATE FUNCTION "clear_match_list_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "match_list_counts";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "matches_truncate_clears_counts" AFTER TRUNCATE ON "matches"
  FOR EACH STATEMENT EXECUTE FUNCTION "clear_match_list_counts"();

-- Matches that exist already.
INSERT INTO "match_list_counts" ("audience", "club_id", "status", "is_private", "count")
SELECT k.audience, k.club_id, m.status, m.is_private, count(*)
FROM "matches" m
CROSS JOIN LATERAL "match_list_audiences"(m.club_id, m.home_club_id, m.away_club_id, m.shared_with_club_id,
                                          m.shared_opponent, m.is_private) k
GROUP BY 1, 2, 3, 4;

-- List totals are now read from these counters along with their page, so the
-- read cache's separate area for totals goes.
DROP TRIGGER "matches_bump_match_counts" ON "matches";
DROP TRIGGER "fields_bump_match_counts" ON "fields";
DROP TRIGGER "sports_bump_match_counts" ON "sports";
DROP TRIGGER "matches_truncate_bumps_match_counts" ON "matches";
DROP TRIGGER "fields_truncate_bumps_match_counts" ON "fields";
DROP TRIGGER "sports_truncate_bumps_match_counts" ON "sports";
DELETE FROM "cache_versions" WHERE "name" = 'match_counts';
