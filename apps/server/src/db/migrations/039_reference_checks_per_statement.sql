-- References checked once per statement, not once per row (issue 31, decision 062). A foreign key
-- checks each inserted row with a query of its own and locks the row it points at (KEY SHARE, a
-- WAL-logged write to that row): about ten such queries and row locks for every transfer, a fifth of
-- PostgreSQL's work on it. The rows these hot tables point at — users and ledger accounts — are never
-- deleted (a closed account's user row stays, pseudonymised: migration 023; money records are never
-- destroyed) and their ids never change, which the first triggers below make a rule of the database.
-- A reference to such a row cannot break after it was written, so there is nothing to lock: it is
-- enough to check, once per INSERT statement, that every row written points at rows that exist, and
-- to refuse changing a reference afterwards. The guarantee is the foreign key's; its cost is one
-- query per statement.
--
-- Every trigger here is ENABLE ALWAYS: it fires under session_replication_role = replica too (as
-- the audit log's do, migration 022), where a foreign key's own triggers would not.

CREATE FUNCTION refuse_removing_referenced_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Rows of % are never removed: money records point at them', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation', HINT = 'Close an account instead (it keeps its user row).';
END;
$$;

CREATE FUNCTION refuse_changing_a_reference() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A reference in % never changes once written', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;

-- Users and ledger accounts: never deleted or truncated, their ids never changed.
CREATE TRIGGER never_removed BEFORE DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_removing_referenced_rows();
CREATE TRIGGER never_removed BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_removing_referenced_rows();
CREATE TRIGGER id_never_changes BEFORE UPDATE OF id ON "user"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_changing_a_reference();
CREATE TRIGGER id_never_changes BEFORE UPDATE OF id ON ledger_accounts
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION refuse_changing_a_reference();

CREATE FUNCTION refuse_missing_reference(kind text, reference text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A row refers to % %, which does not exist', kind, reference
    USING ERRCODE = 'foreign_key_violation';
END;
$$;

-- transfers: the sender, the Ferry recipient (if any) and the three ledger accounts.
CREATE FUNCTION check_transfers_references() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT reference INTO missing
  FROM written CROSS JOIN LATERAL (VALUES (written.sender_user_id), (written.recipient_user_id)) AS ids (reference)
  WHERE reference IS NOT NULL AND NOT EXISTS (SELECT FROM "user" WHERE id = reference)
  LIMIT 1;
  IF FOUND THEN
    PERFORM refuse_missing_reference('user', missing);
  END IF;
  SELECT reference::text INTO missing
  FROM written CROSS JOIN LATERAL (
    VALUES (written.sender_account_id), (written.destination_account_id), (written.fee_account_id)
  ) AS ids (reference)
  WHERE NOT EXISTS (SELECT FROM ledger_accounts WHERE id = reference)
  LIMIT 1;
  IF FOUND THEN
    PERFORM refuse_missing_reference('ledger account', missing);
  END IF;
  RETURN NULL;
END;
$$;

-- ledger_transfers: the two accounts of every leg.
CREATE FUNCTION check_ledger_transfers_references() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT reference::text INTO missing
  FROM written CROSS JOIN LATERAL (VALUES (written.debit_account_id), (written.credit_account_id)) AS ids (reference)
  WHERE NOT EXISTS (SELECT FROM ledger_accounts WHERE id = reference)
  LIMIT 1;
  IF FOUND THEN
    PERFORM refuse_missing_reference('ledger account', missing);
  END IF;
  RETURN NULL;
END;
$$;

-- notifications and live_events: the user each row is for.
CREATE FUNCTION check_user_id_references() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT written.user_id INTO missing
  FROM written
  WHERE NOT EXISTS (SELECT FROM "user" WHERE id = written.user_id)
  LIMIT 1;
  IF FOUND THEN
    PERFORM refuse_missing_reference('user', missing);
  END IF;
  RETURN NULL;
END;
$$;

ALTER TABLE transfers
  DROP CONSTRAINT transfers_sender_user_id_fkey,
  DROP CONSTRAINT transfers_recipient_user_id_fkey,
  DROP CONSTRAINT transfers_sender_account_id_fkey,
  DROP CONSTRAINT transfers_destination_account_id_fkey,
  DROP CONSTRAINT transfers_fee_account_id_fkey;
ALTER TABLE ledger_transfers
  DROP CONSTRAINT ledger_transfers_debit_account_id_fkey,
  DROP CONSTRAINT ledger_transfers_credit_account_id_fkey;
ALTER TABLE notifications DROP CONSTRAINT notifications_user_id_fkey;
ALTER TABLE live_events DROP CONSTRAINT live_events_user_id_fkey;

CREATE TRIGGER references_exist AFTER INSERT ON transfers REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION check_transfers_references();
CREATE TRIGGER references_never_change
  BEFORE UPDATE OF sender_user_id, recipient_user_id, sender_account_id, destination_account_id, fee_account_id
  ON transfers FOR EACH ROW
  WHEN (OLD.sender_user_id IS DISTINCT FROM NEW.sender_user_id
    OR OLD.recipient_user_id IS DISTINCT FROM NEW.recipient_user_id
    OR OLD.sender_account_id IS DISTINCT FROM NEW.sender_account_id
    OR OLD.destination_account_id IS DISTINCT FROM NEW.destination_account_id
    OR OLD.fee_account_id IS DISTINCT FROM NEW.fee_account_id)
  EXECUTE FUNCTION refuse_changing_a_reference();

CREATE TRIGGER references_exist AFTER INSERT ON ledger_transfers REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION check_ledger_transfers_references();
CREATE TRIGGER references_never_change BEFORE UPDATE OF debit_account_id, credit_account_id
  ON ledger_transfers FOR EACH ROW
  WHEN (OLD.debit_account_id IS DISTINCT FROM NEW.debit_account_id
    OR OLD.credit_account_id IS DISTINCT FROM NEW.credit_account_id)
  EXECUTE FUNCTION refuse_changing_a_reference();

CREATE TRIGGER references_exist AFTER INSERT ON notifications REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION check_user_id_references();
CREATE TRIGGER references_never_change BEFORE UPDATE OF user_id ON notifications FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION refuse_changing_a_reference();

CREATE TRIGGER references_exist AFTER INSERT ON live_events REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION check_user_id_references();
CREATE TRIGGER references_never_change BEFORE UPDATE OF user_id ON live_events FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION refuse_changing_a_reference();

ALTER TABLE "user" ENABLE ALWAYS TRIGGER never_removed, ENABLE ALWAYS TRIGGER id_never_changes;
ALTER TABLE ledger_accounts ENABLE ALWAYS TRIGGER never_removed, ENABLE ALWAYS TRIGGER id_never_changes;
ALTER TABLE transfers ENABLE ALWAYS TRIGGER references_exist, ENABLE ALWAYS TRIGGER references_never_change;
ALTER TABLE ledger_transfers
  ENABLE ALWAYS TRIGGER references_exist, ENABLE ALWAYS TRIGGER references_never_change;
ALTER TABLE notifications ENABLE ALWAYS TRIGGER references_exist, ENABLE ALWAYS TRIGGER references_never_change;
ALTER TABLE live_events ENABLE ALWAYS TRIGGER references_exist, ENABLE ALWAYS TRIGGER references_never_change;
