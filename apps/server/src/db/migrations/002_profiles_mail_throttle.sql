-- Ferry's own tables beside Better Auth's: profiles, the mail outbox, and rate-limit hits.
CREATE TABLE profiles (
  user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  kyc_status text NOT NULL DEFAULT 'pending'
    CHECK (kyc_status IN ('pending', 'approved', 'rejected', 'under_review')),
  account_type text NOT NULL DEFAULT 'personal' CHECK (account_type = 'personal'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A transactional outbox: mail is written in the business transaction and delivered by a worker.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'queued';
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, id DESC);

-- Sliding-window rate limiting shared by every server process.
CREATE TABLE rate_limit_hits (
  key text NOT NULL,
  hit_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_key_time ON rate_limit_hits (key, hit_at);
