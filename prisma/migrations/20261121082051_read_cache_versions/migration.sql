-- CreateTable
CREATE TABLE "cache_versions" (
    "name" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "cache_versions_pkey" PRIMARY KEY ("name")
);


-- The server keeps answers that are read far more often than written (match
-- lists and their totals, the caller behind a bearer token) in memory per data
-- version. Each area's version becomes the id of the last transaction that
-- changed data its answers show. The triggers are deferred to commit so that the
-- new version becomes visible together with the write (never before it), and so
-- the row lock on cache_versions is taken last and held only while committing.
INSERT INTO "cache_versions" ("name", "version") VALUES ('match_lists', 0), ('match_counts', 0), ('callers', 0);

-- Arguments: the area, then any columns whose changes alone leave it alone.
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  writer BIGINT := pg_current_xact_id()::text::bigint;
  ignored TEXT[] := TG_ARGV[1:TG_NARGS - 1];
BEGIN
  IF TG_OP = 'UPDATE' AND cardinality(ignored) > 0 AND (to_jsonb(OLD) - ignored) = (to_jsonb(NEW) - ignored) THEN
    RETURN NULL;
  END IF;
  -- Once per transaction and area: later rows find the version already set.
  UPDATE "cache_versions" SET "version" = writer WHERE "name" = TG_ARGV[0] AND "version" <> writer;
  RETURN NULL;
END;
$$;

-- Match lists show matches with their clubs, teams, fields and sports.
CREATE CONSTRAINT TRIGGER "matches_bump_match_lists" AFTER INSERT OR UPDATE OR DELETE ON "matches"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE CONSTRAINT TRIGGER "clubs_bump_match_lists" AFTER INSERT OR UPDATE OR DELETE ON "clubs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE CONSTRAINT TRIGGER "teams_bump_match_lists" AFTER INSERT OR UPDATE OR DELETE ON "teams"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE CONSTRAINT TRIGGER "fields_bump_match_lists" AFTER INSERT OR UPDATE OR DELETE ON "fields"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE CONSTRAINT TRIGGER "sports_bump_match_lists" AFTER INSERT OR UPDATE OR DELETE ON "sports"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('match_lists');

-- The totals of match lists depend on which matches a list holds, not on their
-- scores: the most frequent write of a match day leaves them counted.
CREATE CONSTRAINT TRIGGER "matches_bump_match_counts" AFTER INSERT OR UPDATE OR DELETE ON "matches"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_cache_version"('match_counts', 'home_score', 'away_score', 'updated_at');
CREATE CONSTRAINT TRIGGER "fields_bump_match_counts" AFTER INSERT OR UPDATE OR DELETE ON "fields"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('match_counts');
CREATE CONSTRAINT TRIGGER "sports_bump_match_counts" AFTER INSERT OR UPDATE OR DELETE ON "sports"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('match_counts');

-- A caller is a token with its user (scope, club, teams, permissions through
-- roles) or its API client (and the club of its configuration). Columns written
-- on every sign-in or heartbeat (last_login_at, last_used_at) leave it alone.
CREATE CONSTRAINT TRIGGER "access_tokens_bump_callers" AFTER INSERT OR UPDATE OF "revoked_at", "expires_at", "user_id", "api_client_id" OR DELETE ON "access_tokens"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE CONSTRAINT TRIGGER "users_bump_callers" AFTER INSERT OR UPDATE OF "email", "scope", "club_id" OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE CONSTRAINT TRIGGER "user_teams_bump_callers" AFTER INSERT OR UPDATE OR DELETE ON "user_teams"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE CONSTRAINT TRIGGER "user_roles_bump_callers" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE CONSTRAINT TRIGGER "role_permissions_bump_callers" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE CONSTRAINT TRIGGER "permissions_bump_callers" AFTER INSERT OR UPDATE OR DELETE ON "permissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE CONSTRAINT TRIGGER "api_clients_bump_callers" AFTER INSERT OR UPDATE OF "revoked_at", "configuration_id" OR DELETE ON "api_clients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE CONSTRAINT TRIGGER "configurations_bump_callers" AFTER UPDATE OF "club_id" OR DELETE ON "configurations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('callers');

-- TRUNCATE fires no row triggers; statement triggers cover it (it holds its
-- table's exclusive lock until commit, so nobody reads in between).
CREATE TRIGGER "matches_truncate_bumps_match_lists" AFTER TRUNCATE ON "matches" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE TRIGGER "clubs_truncate_bumps_match_lists" AFTER TRUNCATE ON "clubs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE TRIGGER "teams_truncate_bumps_match_lists" AFTER TRUNCATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE TRIGGER "fields_truncate_bumps_match_lists" AFTER TRUNCATE ON "fields" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE TRIGGER "sports_truncate_bumps_match_lists" AFTER TRUNCATE ON "sports" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_lists');
CREATE TRIGGER "matches_truncate_bumps_match_counts" AFTER TRUNCATE ON "matches" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_counts');
CREATE TRIGGER "fields_truncate_bumps_match_counts" AFTER TRUNCATE ON "fields" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_counts');
CREATE TRIGGER "sports_truncate_bumps_match_counts" AFTER TRUNCATE ON "sports" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('match_counts');
CREATE TRIGGER "access_tokens_truncate_bumps_callers" AFTER TRUNCATE ON "access_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE TRIGGER "users_truncate_bumps_callers" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE TRIGGER "user_teams_truncate_bumps_callers" AFTER TRUNCATE ON "user_teams" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE TRIGGER "user_roles_truncate_bumps_callers" AFTER TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE TRIGGER "role_permissions_truncate_bumps_callers" AFTER TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE TRIGGER "permissions_truncate_bumps_callers" AFTER TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE TRIGGER "api_clients_truncate_bumps_callers" AFTER TRUNCATE ON "api_clients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
CREATE TRIGGER "configurations_truncate_bumps_callers" AFTER TRUNCATE ON "configurations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('callers');
