-- The outbox relay is woken by a notification rather than found by its poll: every statement
-- that writes outbox rows notifies the channel `outbox`. Postgres sends a notification only
-- when its transaction commits (never for a rollback), and once per transaction however many
-- statements notified, so a listening relay takes exactly the rows that are committed. The
-- relay keeps a slow poll for a notification it missed (its listening connection was away). The
-- payload is the inserting session's application_name (each process names its pool's sessions), so
-- a relay leaves its own process's commits to the pass that process starts after each of them.
CREATE FUNCTION "outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', current_setting('application_name'));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "outbox_notify" AFTER INSERT ON "outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_notify"();
