-- +goose Up
-- Super adjustments of an AU employee (E/superadjustment,
-- EmployeeRecurringSuperAdjustmentModel): an extra super contribution of a
-- contribution type, a fixed amount or a percentage (amount in hundredths
-- either way), from from_date until expiry_date or maximum_amount_paid.
-- A Fixed adjustment is a contribution recorded outside a pay run: the
-- super contributions reports count it on its from_date.
CREATE TABLE employee_super_adjustments (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    contribution_type TEXT NOT NULL,
    adjustment_type TEXT NOT NULL,
    amount BIGINT NOT NULL,
    from_date TIMESTAMPTZ NOT NULL,
    expiry_date TIMESTAMPTZ,
    maximum_amount_paid BIGINT,
    total_amount_paid BIGINT NOT NULL,
    notes TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX employee_super_adjustments_employee ON employee_super_adjustments(business_id, employee_id, id);
CREATE INDEX employee_super_adjustments_date ON employee_super_adjustments(business_id, from_date);

-- +goose Down
DROP TABLE employee_super_adjustments;
