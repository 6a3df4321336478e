-- CreateTable
CREATE TABLE "match_list_count_deltas" (
    "id" BIGSERIAL NOT NULL,
    "audience" TEXT NOT NULL,
    "club_id" INTEGER NOT NULL,
    "status" "MatchStatus" NOT NULL,
    "is_private" BOOLEAN NOT NULL,
    "delta" BIGINT NOT NULL,

    CONSTRAINT "match_list_count_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "match_list_count_deltas_list_idx" ON "match_list_count_deltas"("audience", "club_id", "status", "is_private", "delta");


-- Counter rows updated in place (match_list_counts) made every write to matches
-- lock the rows of the lists it changed until commit: two transactions changing
-- matches of different lists in opposite orders deadlocked, and every write
-- waited for the writers of its lists. Now a list's total is the sum of its
-- delta rows. A statement inserts one row per list it changes, folding into it
-- the rows of those lists that no other writer holds (SKIP LOCKED): it never
-- waits for another writer here, so it can't deadlock, and each list keeps
-- about one row per concurrent writer. Totals stay exact: a row is deleted
-- only by the statement that adds its delta to the row it inserts, in the same
-- transaction, and readers see both or neither.
CREATE OR REPLACE FUNCTION "count_match_list_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Rows entering lists count +1 (inserted or updated to), rows leaving them -1 (deleted or updated from).
  changed TEXT := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN 'SELECT 1 AS delta, * FROM new_rows' END,
    CASE WHEN TG_OP <> 'INSERT' THEN 'SELECT -1 AS delta, * FROM old_rows' END);
BEGIN
  EXECUTE format($sql$
    WITH changes AS MATERIALIZED (
      SELECT k.audience, k.club_id, m.status, m.is_private, sum(m.delta) AS delta
      FROM (%s) m
      CROSS JOIN LATERAL "match_list_audiences"(m.club_id, m.home_club_id, m.away_club_id, m.shared_with_club_id,
                                                m.shared_opponent, m.is_private) k
      GROUP BY 1, 2, 3, 4
      HAVING sum(m.delta) <> 0
    ),
    free AS MATERIALIZED (
      SELECT d.id FROM "match_list_count_deltas" d
      JOIN changes USING ("audience", "club_id", "status", "is_private")
      FOR UPDATE OF d SKIP LOCKED
    ),
    folded AS (
      DELETE FROM "match_list_count_deltas" d USING free WHERE d.id = free.id
      RETURNING d."audience", d."club_id", d."status", d."is_private", d."delta"
    )
    INSERT INTO "match_list_count_deltas" ("audience", "club_id", "status", "is_private", "delta")
    SELECT "audience", "club_id", "status", "is_private", sum("delta")
    FROM (SELECT * FROM changes UNION ALL SELECT * FROM folded) AS parts
    GROUP BY 1, 2, 3, 4
    HAVING sum("delta") <> 0
  $sql$, changed);
  RETURN NULL;
END;
$$;

-- TRUNCATE fires no row or transition triggers: it empties the counters with the table.
CREATE OR REPLACE FUNCTION "clear_match_list_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "match_list_count_deltas";
  RETURN NULL;
END;
$$;

-- The totals counted so far.
INSERT INTO "match_list_count_deltas" ("audience", "club_id", "status", "is_private", "delta")
SELECT "audience", "club_id", "status", "is_private", "count" FROM "match_list_counts" WHERE "count" <> 0;

-- DropTable
DROP TABLE "match_list_counts";
