-- +goose Up
-- Employee self-service.
-- employee_access links an employee to the user who is that employee in
-- self-service (E/access): one self-service user per employee, and a user is
-- the self-service user of at most one employee of a business, so "which
-- employee is this user" has one answer. employees.user_id mirrors it (the
-- employee scope reads that column).
CREATE TABLE employee_access (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX employee_access_employee ON employee_access(employee_id);
CREATE UNIQUE INDEX employee_access_user ON employee_access(user_id, business_id);

-- employee_onboarding: an employee created by B/employeeonboarding/initiateselfservice
-- and invited to complete their details in self-service, with what the
-- business asked them to provide.
CREATE TABLE employee_onboarding (
    employee_id BIGINT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    status TEXT NOT NULL,
    email TEXT NOT NULL,
    mobile TEXT NOT NULL,
    qualifications_required BOOLEAN NOT NULL,
    emergency_contact_details_required BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- employee_profile_images: one image per employee (E/image, S/profileimage),
-- the bytes in the database like documents.
CREATE TABLE employee_profile_images (
    employee_id BIGINT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    content_type TEXT NOT NULL,
    extension TEXT NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    content BYTEA NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE employee_profile_images;
DROP TABLE employee_onboarding;
DROP TABLE employee_access;
