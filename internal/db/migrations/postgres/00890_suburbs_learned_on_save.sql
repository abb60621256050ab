-- +goose Up
-- The suburbs a business's employees' addresses name were learned by every
-- lookup reading every employee of the business (1.27 s CPU a search at
-- 100,000 employees). Saving an address now queues its suburb here (one
-- row per distinct business, country as written, name, state, postcode),
-- and a lookup moves only what is queued into the register
-- (internal/suburb), so a search reads the register and nothing else once
-- the queue is empty. A residential address marked overseas names no
-- suburb of the register, as before.
CREATE TABLE suburbs_to_learn (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    country TEXT NOT NULL,
    name TEXT NOT NULL,
    state TEXT NOT NULL,
    postcode TEXT NOT NULL
);
CREATE UNIQUE INDEX suburbs_to_learn_key ON suburbs_to_learn (business_id, country, UPPER(name), state, postcode);

-- +goose StatementBegin
CREATE FUNCTION employees_suburbs_to_learn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO suburbs_to_learn (business_id, country, name, state, postcode)
  SELECT NEW.business_id, UPPER(TRIM(NEW.residential_country)), TRIM(NEW.residential_suburb), TRIM(NEW.residential_state), TRIM(NEW.residential_post_code)
  WHERE TRIM(NEW.residential_suburb) <> '' AND COALESCE(NEW.residential_address_is_overseas, FALSE) = FALSE
  ON CONFLICT DO NOTHING;
  INSERT INTO suburbs_to_learn (business_id, country, name, state, postcode)
  SELECT NEW.business_id, UPPER(TRIM(NEW.postal_country)), TRIM(NEW.postal_suburb), TRIM(NEW.postal_state), TRIM(NEW.postal_post_code)
  WHERE TRIM(NEW.postal_suburb) <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER employees_suburbs_insert AFTER INSERT ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_suburbs_to_learn();
CREATE TRIGGER employees_suburbs_update AFTER UPDATE OF residential_suburb, residential_state, residential_post_code,
    residential_country, residential_address_is_overseas, postal_suburb, postal_state, postal_post_code, postal_country ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_suburbs_to_learn();

-- The addresses saved before this migration.
INSERT INTO suburbs_to_learn (business_id, country, name, state, postcode)
SELECT business_id, UPPER(TRIM(residential_country)), TRIM(residential_suburb), TRIM(residential_state), TRIM(residential_post_code)
FROM employees WHERE TRIM(residential_suburb) <> '' AND COALESCE(residential_address_is_overseas, FALSE) = FALSE
ON CONFLICT DO NOTHING;
INSERT INTO suburbs_to_learn (business_id, country, name, state, postcode)
SELECT business_id, UPPER(TRIM(postal_country)), TRIM(postal_suburb), TRIM(postal_state), TRIM(postal_post_code)
FROM employees WHERE TRIM(postal_suburb) <> ''
ON CONFLICT DO NOTHING;

-- +goose Down
DROP TRIGGER employees_suburbs_update ON employees;
DROP TRIGGER employees_suburbs_insert ON employees;
DROP FUNCTION employees_suburbs_to_learn();
DROP TABLE suburbs_to_learn;
