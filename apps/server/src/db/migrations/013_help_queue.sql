-- The help desk's order "by due time" (issue 10): every request, those waiting on support (open, in
-- progress) first by due time, then the resolved and closed ones, newest due first. One column keeps
-- that order so the list pages with the usual (time, id) cursor: for a waiting request it is due_at;
-- for a finished one, a time far after any due date that decreases as due_at increases. The service
-- sets it with the status (modules/help/queue-order.ts).
ALTER TABLE help_requests ADD COLUMN queue_at timestamptz;
UPDATE help_requests
SET queue_at = CASE
  WHEN status IN ('open', 'in_progress') THEN due_at
  ELSE to_timestamp(extract(epoch FROM timestamptz '9000-01-01 00:00:00+00') - extract(epoch FROM due_at))
END;
ALTER TABLE help_requests ALTER COLUMN queue_at SET NOT NULL;
DROP INDEX help_requests_by_due;
CREATE INDEX help_requests_by_queue ON help_requests (queue_at, id);
