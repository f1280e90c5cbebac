-- Idle session timeout (issue 27, decision 038): when each session last did something its owner
-- caused. Every process reads it on every signed-in request and ends a session idle for longer than
-- the owner's Security setting (user_preferences.session_timeout_minutes); it is written at most once
-- a minute per session, and background polling never writes it. A session created without it (by
-- Better Auth, which does not know the column) starts active now.
ALTER TABLE "session" ADD COLUMN "lastActiveAt" timestamptz NOT NULL DEFAULT now();
