-- Issue 24: notifications written before the issue still show what is now hidden. 015 kept the admin's
-- internal deposit note from the customer and 016 masked the names of transfers to Ferry users, but
-- the notifications already sent quote both. This rewrites them as today's code writes them. Data
-- only: no column changes, and a notification that does not match one of the three shapes below is
-- left as it is. Each link is exact: a notification and the row it reports on were written in one
-- transaction, so they share its now() as created_at.

-- "Your transfer of USD 1.00 to Jane Doolittle is now failed." (transfers/status.ts notifySender): the
-- status change tells which transfer; a transfer to a Ferry user now names them as 016 left the
-- transfer's recipient_name ("Jane D.", by maskedNameOf's rule). The amount ("USD 1.00") never
-- contains " to ", so the first one ends it.
UPDATE notifications n
SET message = left(n.message, strpos(n.message, ' to ') + 3) || t.recipient_name || ' is now ' || c.to_status || '.'
FROM transfer_status_changes c
JOIN transfers t ON t.id = c.transfer_id
WHERE t.method = 'ferry_user'
  AND n.user_id = t.sender_user_id
  AND n.created_at = c.created_at
  AND n.title = 'Transfer ' || c.to_status
  AND n.message LIKE 'Your transfer of ' || t.currency || ' % to % is now ' || c.to_status || '.';

-- "You sent USD 1.00 to Jane Doolittle. Alert rule: ..." (alerts/service.ts, a transaction rule firing
-- on a new transfer): the firing's event key names the transfer. The rule's text after the name is
-- kept; it is written by Ferry and never contains ". Alert rule: ", so the last one starts it.
UPDATE notifications n
SET message = left(n.message, strpos(n.message, ' to ') + 3) || t.recipient_name
  || substring(n.message FROM '.*(\. Alert rule: .*)$')
FROM alert_firings f
JOIN transfers t ON f.event_key = 'transfer:' || t.id::text || ':out'
WHERE t.method = 'ferry_user'
  AND f.user_id = t.sender_user_id
  AND n.user_id = f.user_id
  AND n.created_at = f.created_at
  AND n.title = 'Transaction alert'
  AND n.message LIKE 'You sent ' || t.currency || ' % to %. Alert rule: %';

-- "Your deposit of CAD 75.00 was rejected. Note: internal: suspected fraud" (deposits/service.ts): before
-- 015 the only note was the internal one, and it was quoted to the customer. A note is dropped unless
-- it is the note to the customer of one of that customer's deposits, which is what the code since 015
-- quotes; the sentence before it stays.
UPDATE notifications n
SET message = left(n.message, strpos(n.message, ' Note: ') - 1)
WHERE n.title IN ('Deposit approved', 'Deposit rejected')
  AND n.message LIKE 'Your deposit of % Note: %'
  AND NOT EXISTS (
    SELECT 1
    FROM deposits d
    WHERE d.user_id = n.user_id
      AND d.customer_note IS NOT NULL
      AND n.message = left(n.message, strpos(n.message, ' Note: ') - 1) || ' Note: ' || d.customer_note
  );
