-- +goose Up
-- Shift notes: who wrote a note and, per reader, that they read
-- it. author and reader are "user:<id>" (a business user: a manager, or the
-- user a kiosk runs as) or "employee:<id>" (the employee through self
-- service). A note is deleted only by its author; its read marks go with it.
ALTER TABLE clock_notes ADD COLUMN author TEXT NOT NULL DEFAULT '';
CREATE TABLE clock_note_reads (
    note_id BIGINT NOT NULL REFERENCES clock_notes(id) ON DELETE CASCADE,
    reader TEXT NOT NULL,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    read_at TIMESTAMP NOT NULL,
    PRIMARY KEY (note_id, reader)
);

-- +goose Down
DROP TABLE clock_note_reads;
ALTER TABLE clock_notes DROP COLUMN author;
