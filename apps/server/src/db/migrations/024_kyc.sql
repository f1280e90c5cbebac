-- Identity verification (issue 26, docs/decisions/029-kyc-module.md). A customer uploads a government ID
-- and a proof of address, then submits the two together; an admin approves or rejects the submission
-- with a reason. profiles.kyc_status stays the customer's one status (the badge, the daily limit's
-- level) and is written in the same transaction as the submission or decision that moves it.

-- One submission for review: its decision, who made it and why. At most one waits for review per
-- customer; a rejected customer submits again, which makes a new row, so the history of decisions stays.
CREATE TABLE kyc_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'under_review' CHECK (status IN ('under_review', 'approved', 'rejected')),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  -- The admin who decided; kept as text like audit_log.actor_user_id, so it outlives their account.
  decided_by text,
  -- Why it was rejected, shown to the customer; only a rejection has one.
  reason text CHECK (char_length(reason) BETWEEN 1 AND 500),
  CONSTRAINT kyc_submission_decided CHECK ((status = 'under_review') = (decided_at IS NULL)),
  CONSTRAINT kyc_submission_decider CHECK ((decided_at IS NULL) = (decided_by IS NULL)),
  CONSTRAINT kyc_submission_reason CHECK ((status = 'rejected') = (reason IS NOT NULL))
);
CREATE UNIQUE INDEX kyc_submissions_one_under_review ON kyc_submissions (user_id) WHERE status = 'under_review';
CREATE INDEX kyc_submissions_by_user ON kyc_submissions (user_id, submitted_at DESC);
CREATE INDEX kyc_submissions_decided ON kyc_submissions (decided_at) WHERE decided_at IS NOT NULL;

-- An uploaded document. The bytes live behind the file-storage interface under storage_key, encrypted
-- (AES-256-GCM, KYC_ENCRYPTION_KEY); the row says whose they are. An upload belongs to no submission
-- until the customer submits it as one kind; housekeeping deletes uploads left unsubmitted for a day,
-- and the documents of decisions older than KYC_RETENTION_DAYS.
CREATE TABLE kyc_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  submission_id uuid REFERENCES kyc_submissions (id) ON DELETE CASCADE,
  kind text CHECK (kind IN ('government_id', 'proof_of_address')),
  file_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
  size integer NOT NULL CHECK (size > 0),
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT kyc_document_kind CHECK ((submission_id IS NULL) = (kind IS NULL)),
  CONSTRAINT kyc_document_one_per_kind UNIQUE (submission_id, kind)
);
CREATE INDEX kyc_documents_by_owner ON kyc_documents (owner_user_id);
CREATE INDEX kyc_documents_unsubmitted ON kyc_documents (created_at) WHERE submission_id IS NULL;
