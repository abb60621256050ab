-- Installed awards, pay condition rule sets and employment agreements.

-- name: UpsertBusinessAward :one
INSERT INTO business_awards (business_id, library_id, code, name, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $5)
ON CONFLICT (business_id, library_id) DO UPDATE SET code = excluded.code, name = excluded.name, updated_at = excluded.updated_at
RETURNING *;

-- name: ListBusinessAwards :many
SELECT * FROM business_awards WHERE business_id = $1 ORDER BY id;

-- name: GetRuleSetByName :one
SELECT * FROM pay_condition_rule_sets WHERE business_id = $1 AND name_lower = $2;

-- name: CreateRuleSet :one
INSERT INTO pay_condition_rule_sets (business_id, award_id, name, name_lower, description, period_type, day_of_week_ending, day_of_month_ending,
    period_ending, shift_consolidation, shift_consolidation_minutes, classifications, disabled_rules, external_id, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
RETURNING *;

-- name: UpdateRuleSetDefinition :one
-- Reinstalling an award replaces its definition; the business's disabled
-- rules and external id stay.
UPDATE pay_condition_rule_sets SET award_id = $3, description = $4, period_type = $5, day_of_week_ending = $6, day_of_month_ending = $7,
    period_ending = $8, shift_consolidation = $9, shift_consolidation_minutes = $10, classifications = $11, updated_at = $12, version = version + 1
WHERE id = $1 AND business_id = $2
RETURNING *;

-- name: ListRuleSets :many
SELECT * FROM pay_condition_rule_sets WHERE business_id = $1 ORDER BY id;

-- name: DeleteRuleSetVersions :exec
DELETE FROM pay_condition_rule_set_versions WHERE rule_set_id = $1;

-- name: AddRuleSetVersion :exec
INSERT INTO pay_condition_rule_set_versions (rule_set_id, effective_from, effective_to, document) VALUES ($1, $2, $3, $4);

-- name: ListRuleSetVersionsOfBusiness :many
SELECT v.* FROM pay_condition_rule_set_versions v JOIN pay_condition_rule_sets s ON s.id = v.rule_set_id
WHERE s.business_id = $1 ORDER BY v.rule_set_id, v.effective_from;

-- name: UpsertRuleSetCategory :exec
INSERT INTO pay_condition_rule_set_categories (rule_set_id, category_key, name, category_type, ote, stp, pay_category_id)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (rule_set_id, category_key) DO UPDATE SET name = excluded.name, category_type = excluded.category_type, ote = excluded.ote,
    stp = excluded.stp, pay_category_id = excluded.pay_category_id;

-- name: ListRuleSetCategoriesOfBusiness :many
SELECT c.* FROM pay_condition_rule_set_categories c JOIN pay_condition_rule_sets s ON s.id = c.rule_set_id
WHERE s.business_id = $1 ORDER BY c.rule_set_id, c.category_key;

-- name: UpsertEmploymentAgreement :one
INSERT INTO employment_agreements (business_id, award_id, rule_set_id, name, name_lower, classification, employment_type, pay_rate_template_type,
    rank, disable_auto_progression, external_id, source, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
ON CONFLICT (business_id, name_lower) DO UPDATE SET award_id = excluded.award_id, rule_set_id = excluded.rule_set_id,
    classification = excluded.classification, employment_type = excluded.employment_type, pay_rate_template_type = excluded.pay_rate_template_type,
    rank = excluded.rank, source = excluded.source, updated_at = excluded.updated_at
RETURNING *;

-- name: GetEmploymentAgreement :one
SELECT * FROM employment_agreements WHERE id = $1 AND business_id = $2;

-- name: ListEmploymentAgreements :many
SELECT * FROM employment_agreements WHERE business_id = $1 ORDER BY rank, id;

-- name: DeleteAgreementPayRateTemplates :exec
DELETE FROM employment_agreement_pay_rate_templates WHERE agreement_id = $1;

-- name: AddAgreementPayRateTemplate :exec
INSERT INTO employment_agreement_pay_rate_templates (agreement_id, position, pay_rate_template_id, min_age, max_age, min_anniversary_months, max_anniversary_months)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: ListAgreementPayRateTemplatesOf :many
SELECT * FROM employment_agreement_pay_rate_templates WHERE agreement_id = $1 ORDER BY position;

-- name: ListAgreementPayRateTemplatesOfBusiness :many
SELECT t.* FROM employment_agreement_pay_rate_templates t JOIN employment_agreements a ON a.id = t.agreement_id
WHERE a.business_id = $1 ORDER BY t.agreement_id, t.position;

-- name: ListEmployeeAwardTerms :many
-- What interpretation needs of the employees of an id range who name an
-- employment agreement or a pay condition rule set.
SELECT id, employment_agreement_id, employment_agreement, pay_condition_rule_set, employment_type, date_of_birth, anniversary_date,
    start_date, rate, rate_unit, hours_per_week, hours_per_day, primary_location_id, residential_state
FROM employees
WHERE business_id = $1 AND id >= $2 AND id <= $3
  AND (employment_agreement_id IS NOT NULL OR employment_agreement <> '' OR pay_condition_rule_set <> '')
ORDER BY id;

-- name: ListPayRunTimesheetSourcesOfEmployee :many
-- The timesheet lines a pay run paid an employee (explaining award lines).
SELECT source_id FROM pay_run_sources WHERE pay_run_id = $1 AND employee_id = $2 AND kind = 'timesheet' ORDER BY source_id;
