-- Issue 24: a sender sees another Ferry account's holder only as "Jane D." (first name, last initial),
-- never the full name. Transfers now keep only that masked name (transfers/destinations.ts
-- `maskedNameOf`); this gives transfers to Ferry users made before it the same, from the recipient's
-- profile by the same rule: trimmed names, the first character of the last name, and the recipient's
-- e-mail when there is no first name. Who received the money stays in recipient_user_id.
UPDATE transfers t
SET recipient_name = CASE
    WHEN btrim(coalesce(p.first_name, '')) = '' THEN u.email
    WHEN btrim(coalesce(p.last_name, '')) = '' THEN btrim(p.first_name)
    ELSE btrim(p.first_name) || ' ' || left(btrim(p.last_name), 1) || '.'
  END
FROM "user" u
LEFT JOIN profiles p ON p.user_id = u.id
WHERE t.method = 'ferry_user' AND u.id = t.recipient_user_id;
