-- +goose Up
-- Roster shifts: one row per rostered shift, its breaks as child
-- rows, its required qualifications as an id list (only stored and shown),
-- and shift swaps proposed between employees. employee_id is NULL for an
-- unassigned shift (also what a declined shift becomes). version makes
-- edits conditional; accept/decline/swap moves are single conditional
-- statements.
CREATE TABLE roster_shifts (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT REFERENCES employees(id),
    location_id BIGINT REFERENCES records(id),
    work_type_id BIGINT REFERENCES records(id),
    classification_id BIGINT,
    classification_name TEXT COLLATE "C" NOT NULL,
    role_id BIGINT,
    role_name TEXT COLLATE "C" NOT NULL,
    role_class_name TEXT COLLATE "C" NOT NULL,
    role_colour TEXT COLLATE "C" NOT NULL,
    start_time TIMESTAMPTZ NOT NULL,
    end_time TIMESTAMPTZ NOT NULL,
    notes TEXT COLLATE "C" NOT NULL,
    qualification_ids TEXT NOT NULL,
    published BOOLEAN NOT NULL,
    date_published TIMESTAMPTZ,
    accepted BOOLEAN NOT NULL,
    declined_by BIGINT,
    decline_reason TEXT COLLATE "C" NOT NULL,
    token TEXT COLLATE "C" NOT NULL,
    stub_note TEXT COLLATE "C" NOT NULL,
    timesheet_line_id BIGINT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
-- Lists: business + date range; one employee's shifts near a time
-- (matching clock on/off, nearby); one location's week.
CREATE INDEX roster_shifts_business_start ON roster_shifts(business_id, start_time, id);
CREATE INDEX roster_shifts_employee_start ON roster_shifts(employee_id, start_time);
CREATE INDEX roster_shifts_location_start ON roster_shifts(location_id, start_time);
CREATE INDEX roster_shifts_work_type ON roster_shifts(work_type_id);
CREATE UNIQUE INDEX roster_shifts_token ON roster_shifts(token);

CREATE TABLE roster_shift_breaks (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    shift_id BIGINT NOT NULL REFERENCES roster_shifts(id) ON DELETE CASCADE,
    start_time TIMESTAMPTZ NOT NULL,
    end_time TIMESTAMPTZ NOT NULL,
    is_paid BOOLEAN NOT NULL
);
CREATE INDEX roster_shift_breaks_shift ON roster_shift_breaks(shift_id, start_time);

-- Shift swaps: status Proposed -> Accepted | Declined | Cancelled. At most
-- one open (Proposed) swap per shift, by unique index.
CREATE TABLE roster_shift_swaps (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    shift_id BIGINT NOT NULL REFERENCES roster_shifts(id) ON DELETE CASCADE,
    from_employee_id BIGINT NOT NULL REFERENCES employees(id),
    to_employee_id BIGINT NOT NULL REFERENCES employees(id),
    note TEXT COLLATE "C" NOT NULL,
    status TEXT COLLATE "C" NOT NULL,
    rejected_reason TEXT COLLATE "C" NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX roster_shift_swaps_open ON roster_shift_swaps(shift_id) WHERE status = 'Proposed';
CREATE INDEX roster_shift_swaps_business ON roster_shift_swaps(business_id, created_at);
CREATE INDEX roster_shift_swaps_to ON roster_shift_swaps(to_employee_id, status);
CREATE INDEX roster_shift_swaps_from ON roster_shift_swaps(from_employee_id, status);

-- +goose Down
DROP TABLE roster_shift_swaps;
DROP TABLE roster_shift_breaks;
DROP TABLE roster_shifts;
