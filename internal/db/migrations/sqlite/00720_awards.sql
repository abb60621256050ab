-- +goose Up
-- Award interpretation. A business installs awards from the shipped library
-- (business_awards); installing one stores its pay condition rule set as data
-- (pay_condition_rule_sets: how periods and shifts are counted; its dated
-- versions, each a complete document of rates, junior bands and ordered
-- rules; the pay categories its rules pay through) and its employment
-- agreements (award + classification + employment type + rule set, with the
-- pay rate templates each age band of the agreement is paid from).
CREATE TABLE business_awards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    library_id BIGINT NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX business_awards_library ON business_awards(business_id, library_id);

CREATE TABLE pay_condition_rule_sets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    award_id BIGINT REFERENCES business_awards(id),
    name TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    description TEXT NOT NULL,
    period_type TEXT NOT NULL,
    day_of_week_ending TEXT NOT NULL,
    day_of_month_ending INTEGER NOT NULL,
    period_ending TEXT NOT NULL,
    shift_consolidation TEXT NOT NULL,
    shift_consolidation_minutes INTEGER NOT NULL,
    classifications TEXT NOT NULL,
    disabled_rules TEXT NOT NULL,
    external_id TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX pay_condition_rule_sets_name ON pay_condition_rule_sets(business_id, name_lower);
CREATE INDEX pay_condition_rule_sets_award ON pay_condition_rule_sets(award_id);

CREATE TABLE pay_condition_rule_set_versions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    rule_set_id BIGINT NOT NULL REFERENCES pay_condition_rule_sets(id) ON DELETE CASCADE,
    effective_from TIMESTAMP NOT NULL,
    effective_to TIMESTAMP,
    document TEXT NOT NULL
);
CREATE UNIQUE INDEX pay_condition_rule_set_versions_from ON pay_condition_rule_set_versions(rule_set_id, effective_from);

CREATE TABLE pay_condition_rule_set_categories (
    rule_set_id BIGINT NOT NULL REFERENCES pay_condition_rule_sets(id) ON DELETE CASCADE,
    category_key TEXT NOT NULL,
    name TEXT NOT NULL,
    category_type TEXT NOT NULL,
    ote BOOLEAN NOT NULL,
    stp TEXT NOT NULL,
    pay_category_id BIGINT NOT NULL REFERENCES records(id),
    PRIMARY KEY (rule_set_id, category_key)
);
CREATE INDEX pay_condition_rule_set_categories_pay_category ON pay_condition_rule_set_categories(pay_category_id);

CREATE TABLE employment_agreements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    award_id BIGINT REFERENCES business_awards(id),
    rule_set_id BIGINT NOT NULL REFERENCES pay_condition_rule_sets(id),
    name TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    classification TEXT NOT NULL,
    employment_type TEXT NOT NULL,
    pay_rate_template_type TEXT NOT NULL,
    rank INTEGER NOT NULL,
    disable_auto_progression BOOLEAN NOT NULL,
    external_id TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX employment_agreements_name ON employment_agreements(business_id, name_lower);
CREATE INDEX employment_agreements_rule_set ON employment_agreements(rule_set_id);
CREATE INDEX employment_agreements_award ON employment_agreements(award_id);

CREATE TABLE employment_agreement_pay_rate_templates (
    agreement_id BIGINT NOT NULL REFERENCES employment_agreements(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    pay_rate_template_id BIGINT NOT NULL REFERENCES pay_rate_templates(id),
    min_age INTEGER,
    max_age INTEGER,
    min_anniversary_months INTEGER,
    max_anniversary_months INTEGER,
    PRIMARY KEY (agreement_id, position)
);
CREATE INDEX employment_agreement_pay_rate_templates_template ON employment_agreement_pay_rate_templates(pay_rate_template_id);

-- +goose Down
DROP TABLE employment_agreement_pay_rate_templates;
DROP TABLE employment_agreements;
DROP TABLE pay_condition_rule_set_categories;
DROP TABLE pay_condition_rule_set_versions;
DROP TABLE pay_condition_rule_sets;
DROP TABLE business_awards;
