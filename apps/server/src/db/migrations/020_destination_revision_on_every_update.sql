-- Issue 25: a saved destination's revision rises with every UPDATE of its row, whoever makes it (the
-- destinations module, an operator in psql, a future screen), so no change to where money goes can
-- keep a transfer code issued before it alive. The module sets no revision itself; this is the one
-- place that raises it (docs/decisions/024-destinations-own-their-tables.md).
CREATE FUNCTION raise_destination_revision() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END;
$$;

CREATE TRIGGER recipients_revision BEFORE UPDATE ON recipients
  FOR EACH ROW EXECUTE FUNCTION raise_destination_revision();
CREATE TRIGGER payment_methods_revision BEFORE UPDATE ON payment_methods
  FOR EACH ROW EXECUTE FUNCTION raise_destination_revision();
