-- Keys that arrive in order (issue 31, decision 059). The hour's soak stalled after 48 minutes
-- because indexes keyed by random values (UUIDv4 ids, and what is made of them) take each insert
-- to a random page: their working set grows with the table until it no longer fits in shared
-- buffers, and every checkpoint then writes a full image of every page touched again. Ids that
-- begin with their creation time (UUIDv7, RFC 9562) send inserts to the right-hand pages.

-- UUIDv7 for PostgreSQL 15-17, which have no uuidv7() of their own: 48 bits of Unix milliseconds,
-- then gen_random_uuid()'s random bits with its version nibble turned from 4 into 7 (the variant
-- bits stay RFC 9562's). PostgreSQL 18's uuidv7() adds sub-millisecond order within one session.
CREATE FUNCTION ferry_uuidv7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(
          uuid_send(gen_random_uuid())
          PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
          FROM 1 FOR 6
        ),
        52, 1
      ),
      53, 1
    ),
    'hex'
  )::uuid
$$;

-- The ids of the rows every transfer writes: the transfer (and, through it, its ledger legs'
-- transfer_key and reference), and its notifications.
DO $$
DECLARE
  generator text := CASE
    WHEN current_setting('server_version_num')::int >= 180000 THEN 'uuidv7()'
    ELSE 'ferry_uuidv7()'
  END;
BEGIN
  EXECUTE format('ALTER TABLE transfers ALTER COLUMN id SET DEFAULT %s', generator);
  EXECUTE format('ALTER TABLE notifications ALTER COLUMN id SET DEFAULT %s', generator);
END
$$;

-- A code is only ever looked up while unused (checkTransferCodes), so only unused codes are indexed:
-- a consumed code leaves the index at the next vacuum, and the index stays the size of the codes
-- waiting to be typed rather than of every code ever issued.
DROP INDEX transfer_codes_user;
CREATE INDEX transfer_codes_open ON transfer_codes (user_id, binding_hash, id DESC) WHERE consumed_at IS NULL;
