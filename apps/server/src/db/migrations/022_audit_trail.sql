-- Issue 26: the audit trail an operator can trust (docs/decisions/ note "audit log is append-only").
-- Each admin action's row says what the subject was before and after it, and the client address the
-- request came from. Rows written before this migration have neither (NULL).
ALTER TABLE audit_log
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb,
  ADD COLUMN client_address inet;

-- The reader's filters: one admin's actions, one kind of action, newest first.
CREATE INDEX audit_log_actor ON audit_log (actor_user_id, created_at DESC, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, created_at DESC, id DESC);

-- Append-only, whoever connects. Grants cannot do this on the embedded default, where the app's role
-- owns the table (and may be a superuser, whom no grant binds); a trigger refuses every UPDATE, DELETE
-- and TRUNCATE for owner and superuser alike, on the embedded default and an external PostgreSQL.
CREATE FUNCTION refuse_audit_log_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'An audit row is never changed or removed.';
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_log_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();

-- ALWAYS: the triggers fire under session_replication_role = replica too, which a superuser could
-- otherwise set to skip them.
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_append_only;
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_truncate;
