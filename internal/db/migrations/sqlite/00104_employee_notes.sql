-- +goose Up
-- Notes on an employee (E/notes): who wrote them and when.
CREATE TABLE employee_notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    author TEXT NOT NULL,
    note TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX employee_notes_employee ON employee_notes(business_id, employee_id, id);

-- +goose Down
DROP TABLE employee_notes;
