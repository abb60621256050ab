-- +goose Up
CREATE TABLE brands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE white_labels (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    brand_id BIGINT REFERENCES brands(id),
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL,
    username_key TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    email TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    email_confirmed BOOLEAN NOT NULL,
    api_only BOOLEAN NOT NULL,
    is_system_admin BOOLEAN NOT NULL,
    brand_id BIGINT REFERENCES brands(id),
    admin_of_brand BOOLEAN NOT NULL,
    password_hash TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users(id),
    key_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX api_keys_user ON api_keys(user_id);

CREATE TABLE businesses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    region TEXT NOT NULL,
    external_id TEXT NOT NULL,
    brand_id BIGINT REFERENCES brands(id),
    white_label_id BIGINT REFERENCES white_labels(id),
    details TEXT NOT NULL,
    is_template BOOLEAN NOT NULL,
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    cancelled_at TIMESTAMP
);
CREATE INDEX businesses_external ON businesses(external_id);
CREATE INDEX businesses_brand ON businesses(brand_id);

CREATE TABLE business_access (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    access_type TEXT NOT NULL,
    restrictions TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (business_id, user_id)
);
CREATE INDEX business_access_user ON business_access(user_id);

-- employees: the employee area extends this table; the platform needs it for
-- single sign-on targets and the brand activity reports.
CREATE TABLE employees (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    first_name TEXT NOT NULL,
    surname TEXT NOT NULL,
    email TEXT NOT NULL,
    status TEXT NOT NULL,
    external_id TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX employees_business ON employees(business_id);

CREATE TABLE web_sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    business_id BIGINT,
    employee_id BIGINT,
    expires_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- sso_tokens: one-time links; purpose 'sso' signs in, 'recovery' opens the
-- set-password page (kept apart so one kind can never be used as the other).
CREATE TABLE sso_tokens (
    token_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    business_id BIGINT,
    employee_id BIGINT,
    target_url TEXT NOT NULL,
    navigation TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE oauth_clients (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id TEXT NOT NULL UNIQUE,
    secret_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- oauth_codes.family_id is given to every token issued from the code, so a
-- replayed code can revoke them (RFC 6749 section 4.1.2).
CREATE TABLE oauth_codes (
    code_hash TEXT PRIMARY KEY,
    family_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    redirect_uri TEXT NOT NULL,
    code_challenge TEXT NOT NULL,
    code_challenge_method TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE oauth_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    family_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    access_hash TEXT NOT NULL UNIQUE,
    refresh_hash TEXT NOT NULL UNIQUE,
    access_expires_at TIMESTAMP NOT NULL,
    refresh_expires_at TIMESTAMP NOT NULL,
    rotated_at TIMESTAMP,
    revoked_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX oauth_tokens_family ON oauth_tokens(family_id);
CREATE INDEX oauth_tokens_user ON oauth_tokens(user_id);

-- notifications: every outgoing message is recorded here, sent or not.
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    error TEXT NOT NULL
);

CREATE TABLE account_recovery_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    brand_id BIGINT,
    user_id BIGINT,
    notification_id BIGINT,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE webhook_registrations (
    id TEXT PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    uri TEXT NOT NULL,
    secret TEXT NOT NULL,
    description TEXT NOT NULL,
    is_paused BOOLEAN NOT NULL,
    filters TEXT NOT NULL,
    headers TEXT NOT NULL,
    properties TEXT NOT NULL,
    consecutive_failures INTEGER NOT NULL,
    paused_reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_registrations_business ON webhook_registrations(business_id);

CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    registration_id TEXT NOT NULL,
    business_id BIGINT NOT NULL,
    action TEXT NOT NULL,
    notifications TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    lease_until TIMESTAMP,
    last_status_code INTEGER NOT NULL,
    last_error TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX webhook_deliveries_registration ON webhook_deliveries(registration_id);

CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    started_at TIMESTAMP NOT NULL,
    duration_ms BIGINT NOT NULL,
    status_code INTEGER NOT NULL,
    error TEXT NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);

-- +goose Down
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_registrations;
DROP TABLE account_recovery_attempts;
DROP TABLE notifications;
DROP TABLE oauth_tokens;
DROP TABLE oauth_codes;
DROP TABLE oauth_clients;
DROP TABLE sso_tokens;
DROP TABLE web_sessions;
DROP TABLE employees;
DROP TABLE business_access;
DROP TABLE businesses;
DROP TABLE api_keys;
DROP TABLE users;
DROP TABLE white_labels;
DROP TABLE brands;
