-- The support desk (issue 10; spec §3 help_requests and help_responses).
CREATE TABLE help_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  subject text NOT NULL,
  message text NOT NULL,
  priority text NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When support should have answered by: created_at plus the priority's response target (spec §9).
  due_at timestamptz NOT NULL,
  -- Kept by the same statement that inserts a response, under the request's row lock, so concurrent
  -- replies cannot lose a count (spec §3).
  response_count integer NOT NULL DEFAULT 0 CHECK (response_count >= 0),
  last_response_at timestamptz,
  -- The first support reply: a request is overdue while this is null past due_at.
  first_admin_response_at timestamptz,
  -- The latest support reply, and when the customer last opened the request: an unread reply is one
  -- newer than the customer's last look.
  last_admin_response_at timestamptz,
  customer_read_at timestamptz
);
CREATE INDEX help_requests_by_user ON help_requests (user_id, created_at DESC, id DESC);
CREATE INDEX help_requests_by_due ON help_requests (due_at, id) WHERE status IN ('open', 'in_progress');
CREATE INDEX help_requests_by_created ON help_requests (created_at DESC, id DESC);

CREATE TABLE help_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  help_request_id uuid NOT NULL REFERENCES help_requests (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  message text NOT NULL,
  is_admin_response boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_responses_by_request ON help_responses (help_request_id, created_at, id);

-- Files uploaded for a request or a reply. The bytes live outside the database, behind the file-storage
-- interface (storage/file-storage.ts), under storage_key. An upload belongs to no message until a
-- request or reply names it; housekeeping deletes uploads left unattached for a day.
CREATE TABLE help_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  help_request_id uuid REFERENCES help_requests (id) ON DELETE CASCADE,
  help_response_id uuid REFERENCES help_responses (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
  size integer NOT NULL CHECK (size > 0),
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_attachments_by_request ON help_attachments (help_request_id) WHERE help_request_id IS NOT NULL;
CREATE INDEX help_attachments_unattached ON help_attachments (created_at) WHERE help_request_id IS NULL;
