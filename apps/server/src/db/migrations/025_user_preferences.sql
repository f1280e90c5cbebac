-- Settings (issue 27): one row per user, written one section at a time (SPEC §7: notifications,
-- security, preferences), so saving one section never touches another's columns. A user who never
-- saved has no row, and reads the spec's defaults (SPEC §9), which are these columns' defaults.
CREATE TABLE user_preferences (
  user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  email_notifications boolean NOT NULL DEFAULT true,
  push_notifications boolean NOT NULL DEFAULT false,
  sms_notifications boolean NOT NULL DEFAULT false,
  marketing_notifications boolean NOT NULL DEFAULT false,
  -- Idle minutes before a session ends; NULL is "never".
  session_timeout_minutes integer DEFAULT 30 CHECK (session_timeout_minutes IN (15, 30, 60, 120)),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es', 'fr', 'de', 'zh')),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency IN ('USD', 'EUR', 'JPY', 'BTC')),
  -- The spec's UTC, EST, PST, GMT and JST, kept as IANA zones (daylight saving follows the zone).
  time_zone text NOT NULL DEFAULT 'UTC'
    CHECK (time_zone IN ('UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo')),
  theme text NOT NULL DEFAULT 'system' CHECK (theme IN ('light', 'dark', 'system')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
