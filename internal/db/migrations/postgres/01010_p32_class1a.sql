-- +goose Up
-- The P32's Class 1A NICs on termination awards (paid with the month's PAYE
-- in real time, HMRC NIM13203), as an opening balance or adjustment of a
-- tax month, in minor units (internal/uk/employerreturns).
ALTER TABLE uk_p32_entries ADD COLUMN class1a_nic BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE uk_p32_entries DROP COLUMN class1a_nic;
