-- +goose Up
-- Leave categories created through the API without deductFromPrimaryPayCategory
-- stored false, and the pay run took their hours out of the salary all the
-- same. It now honours the member (false and no deductFromPayCategoryId:
-- nothing is deducted, docs/reference/leave-deduction.md), and a create
-- without it gets true; stored false keeps today's behaviour by becoming
-- true, except where the SG and MY defaults (internal/categories/defaults.go)
-- stored it for paid leave of monthly-rated employees, the salary
-- continuing: a category of an SG or MY business with one of those default
-- names, no pay category to pay or deduct through, created within ten
-- minutes of its business (the defaults are made in the request that
-- creates the business; a business's names are unique, so another category
-- of such a name exists only where the defaults were not set up or were
-- renamed or deleted).
UPDATE records SET data = jsonb_set(data::jsonb, '{deductFromPrimaryPayCategory}', 'true'::jsonb)::text
WHERE kind = 'leave_category'
  AND COALESCE((data::jsonb->>'deductFromPrimaryPayCategory')::boolean, FALSE) = FALSE
  AND COALESCE(data::jsonb->>'deductFromPayCategoryId', '') = ''
  AND NOT EXISTS (
    SELECT 1 FROM businesses b
    WHERE b.id = records.business_id
      AND ((b.region = 'SG' AND lower(records.name) IN ('annual leave', 'sick leave (outpatient)', 'hospitalisation leave', 'childcare leave', 'maternity leave', 'paternity leave'))
        OR (b.region = 'MY' AND lower(records.name) IN ('annual leave', 'sick leave', 'hospitalisation leave', 'maternity leave', 'paternity leave')))
      AND COALESCE(records.data::jsonb->>'transferToPayCategoryId', '') = ''
      AND records.created_at <= b.created_at + INTERVAL '10 minutes');

-- +goose Down
-- The rows made true are not told apart afterwards; the earlier pay run
-- deducted both values alike.
SELECT 1;
