-- A notification may name the page it is about (issue 30): a transfer's notifications open the
-- transfer's own page, where it can be followed step by step. A path of the web app, never a URL.
ALTER TABLE notifications ADD COLUMN link text CHECK (link IS NULL OR link ~ '^/[A-Za-z0-9/_-]{1,200}$');
