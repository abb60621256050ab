-- +goose Up
-- Time and attendance: kiosks, the employees' kiosk access and
-- PINs, and the clocked shifts (clock on opens one, breaks are child rows,
-- clock off closes it and writes a timesheet line).
CREATE TABLE kiosks (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    external_id TEXT COLLATE "C" NOT NULL,
    location_id BIGINT REFERENCES records(id),
    name TEXT COLLATE "C" NOT NULL,
    time_zone TEXT COLLATE "C" NOT NULL,
    iana_time_zone TEXT COLLATE "C" NOT NULL,
    -- The kiosk's flags and branding, a typed document (kiosk.Settings):
    -- only stored and returned, no query depends on them.
    settings TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX kiosks_business ON kiosks(business_id, id);
CREATE INDEX kiosks_location ON kiosks(location_id);

-- Kiosk access and PIN of an employee (one row per employee). The PIN is
-- an argon2id hash; failed_attempts counts wrong PINs since the last good
-- one and locked_until blocks PIN checks after too many.
CREATE TABLE kiosk_employees (
    employee_id BIGINT PRIMARY KEY REFERENCES employees(id),
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    has_access BOOLEAN NOT NULL,
    pin_hash TEXT COLLATE "C" NOT NULL,
    pin_expired BOOLEAN NOT NULL,
    failed_attempts BIGINT NOT NULL,
    locked_until TIMESTAMPTZ,
    updated_at TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX kiosk_employees_business ON kiosk_employees(business_id, has_access);

-- A clocked shift. status ClockedOn | OnBreak | ClockedOff | Discarded.
-- Times are kept in UTC and as the wall clock of the kiosk's zone (the
-- timesheet line is written in local time). At most one open shift per
-- employee, by unique index: of two racing clock-ons one inserts, the
-- other violates it (409).
CREATE TABLE clock_shifts (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    kiosk_id BIGINT REFERENCES kiosks(id) ON DELETE SET NULL,
    location_id BIGINT REFERENCES records(id),
    work_type_id BIGINT REFERENCES records(id),
    classification_id BIGINT,
    shift_condition_ids TEXT NOT NULL,
    dimension_value_ids TEXT NOT NULL,
    roster_shift_id BIGINT REFERENCES roster_shifts(id) ON DELETE SET NULL,
    status TEXT COLLATE "C" NOT NULL,
    start_utc TIMESTAMPTZ NOT NULL,
    start_local TIMESTAMPTZ NOT NULL,
    end_utc TIMESTAMPTZ,
    end_local TIMESTAMPTZ,
    timesheet_line_id BIGINT REFERENCES timesheet_lines(id) ON DELETE SET NULL,
    source TEXT COLLATE "C" NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX clock_shifts_open ON clock_shifts(employee_id) WHERE status IN ('ClockedOn', 'OnBreak');
CREATE INDEX clock_shifts_business_start ON clock_shifts(business_id, start_utc, id);
CREATE INDEX clock_shifts_employee_start ON clock_shifts(employee_id, start_utc);
CREATE INDEX clock_shifts_kiosk ON clock_shifts(kiosk_id, start_utc);
CREATE INDEX clock_shifts_location ON clock_shifts(location_id);
CREATE INDEX clock_shifts_work_type ON clock_shifts(work_type_id);
CREATE INDEX clock_shifts_roster ON clock_shifts(roster_shift_id);
CREATE INDEX clock_shifts_line ON clock_shifts(timesheet_line_id);

CREATE TABLE clock_breaks (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    shift_id BIGINT NOT NULL REFERENCES clock_shifts(id) ON DELETE CASCADE,
    start_utc TIMESTAMPTZ NOT NULL,
    start_local TIMESTAMPTZ NOT NULL,
    end_utc TIMESTAMPTZ,
    end_local TIMESTAMPTZ,
    is_paid BOOLEAN NOT NULL
);
CREATE INDEX clock_breaks_shift ON clock_breaks(shift_id, start_utc);
-- At most one open break per shift.
CREATE UNIQUE INDEX clock_breaks_open ON clock_breaks(shift_id) WHERE end_utc IS NULL;

-- Notes on a clocked shift (AddNoteModel), with their read state.
CREATE TABLE clock_notes (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    shift_id BIGINT NOT NULL REFERENCES clock_shifts(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    type TEXT COLLATE "C" NOT NULL,
    visibility TEXT COLLATE "C" NOT NULL,
    note TEXT COLLATE "C" NOT NULL,
    is_admin_initiated BOOLEAN NOT NULL,
    is_read BOOLEAN NOT NULL,
    created_by TEXT COLLATE "C" NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX clock_notes_shift ON clock_notes(shift_id, id);
CREATE INDEX clock_notes_employee ON clock_notes(employee_id);

-- +goose Down
DROP TABLE clock_notes;
DROP TABLE clock_breaks;
DROP TABLE clock_shifts;
DROP TABLE kiosk_employees;
DROP TABLE kiosks;
