-- Live updates (issue 32, decision 056). An event is a row written in the transaction of the change it
-- reports, with a NOTIFY on `ferry_live` naming its user that PostgreSQL delivers only if that
-- transaction commits. Every Ferry process listens and sends the user's open streams the rows after
-- the last id each one sent, so a reconnecting browser (Last-Event-ID) gets what it missed, once.
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_user ON live_events (user_id, id);
CREATE INDEX live_events_created ON live_events (created_at);

-- A session that ends (sign-out, revocation, idle timeout, clean-up) and an account that is banned
-- close their streams in every process, whichever code path ended them.
CREATE FUNCTION notify_session_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ferry_session_ended', OLD.id);
  RETURN OLD;
END;
$$;

CREATE TRIGGER session_ended AFTER DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();

CREATE FUNCTION notify_user_banned() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.banned IS TRUE AND OLD.banned IS NOT TRUE THEN
    PERFORM pg_notify('ferry_user_banned', NEW.id);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER user_banned AFTER UPDATE OF banned ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_user_banned();
