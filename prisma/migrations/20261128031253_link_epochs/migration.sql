-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "link_epoch" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "clips" ADD COLUMN     "link_epoch" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "summaries" ADD COLUMN     "link_epoch" INTEGER NOT NULL DEFAULT 0;


-- The signed media links of a match, clip or summary carry its link epoch (packages/domain/src/media/signing.ts);
-- bumping it revokes every link handed out. Triggers keep the rule in one place whatever writes the row.
CREATE FUNCTION "bump_link_epoch_on_privacy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."is_private" IS DISTINCT FROM OLD."is_private" THEN
    NEW."link_epoch" := OLD."link_epoch" + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "matches_privacy_bumps_link_epoch" BEFORE UPDATE OF "is_private" ON "matches"
  FOR EACH ROW EXECUTE FUNCTION "bump_link_epoch_on_privacy"();
CREATE TRIGGER "clips_privacy_bumps_link_epoch" BEFORE UPDATE OF "is_private" ON "clips"
  FOR EACH ROW EXECUTE FUNCTION "bump_link_epoch_on_privacy"();
CREATE TRIGGER "summaries_privacy_bumps_link_epoch" BEFORE UPDATE OF "is_private" ON "summaries"
  FOR EACH ROW EXECUTE FUNCTION "bump_link_epoch_on_privacy"();

-- A team taken off a clip's or summary's shares loses the links its members were given.
CREATE FUNCTION "bump_clip_link_epoch_on_unshare"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "clips" SET "link_epoch" = "link_epoch" + 1 WHERE "id" = OLD."clip_id";
  RETURN NULL;
END $$;
CREATE TRIGGER "clip_team_shares_removal_bumps_link_epoch" AFTER DELETE ON "clip_team_shares"
  FOR EACH ROW EXECUTE FUNCTION "bump_clip_link_epoch_on_unshare"();

CREATE FUNCTION "bump_summary_link_epoch_on_unshare"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "summaries" SET "link_epoch" = "link_epoch" + 1 WHERE "id" = OLD."summary_id";
  RETURN NULL;
END $$;
CREATE TRIGGER "summary_team_shares_removal_bumps_link_epoch" AFTER DELETE ON "summary_team_shares"
  FOR EACH ROW EXECUTE FUNCTION "bump_summary_link_epoch_on_unshare"();
