-- +goose Up
-- Self-service satisfaction survey (POST/GET E/satisfaction): one feeling
-- per employee per week (the week's Monday); a second answer for the same
-- week replaces the first.
CREATE TABLE ess_satisfaction (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    week_start_date TIMESTAMP NOT NULL,
    value TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (employee_id, week_start_date)
);

-- Mobile push device tokens of self-service users (POST
-- /api/v2/ess/devicetoken/register and /unregister). A device token
-- belongs to the user who registered it last. Nothing pushes yet.
CREATE TABLE ess_device_tokens (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    platform TEXT NOT NULL,
    token TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (platform, token)
);
CREATE INDEX ess_device_tokens_user ON ess_device_tokens(user_id);

-- +goose Down
DROP TABLE ess_device_tokens;
DROP TABLE ess_satisfaction;
