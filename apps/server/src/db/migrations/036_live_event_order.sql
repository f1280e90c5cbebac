-- Live events in commit order (issue 32, decision 056). An event's id is taken when it is inserted,
-- not when its transaction commits, so a stream that followed ids alone skipped an event whose
-- transaction took a lower id and committed after a higher one (the cluster test saw it). Each event
-- now carries the id of the transaction that wrote it; streams follow (txid, id) and send an event only
-- once every transaction that could still commit before it has ended (txid below the snapshot's xmin).
ALTER TABLE live_events ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
DROP INDEX live_events_user;
CREATE INDEX live_events_user ON live_events (user_id, txid, id);
