-- UK employer returns (internal/uk/employerreturns): P32 opening balances,
-- adjustments and payments, and stored EPS submissions.

-- name: ListP32Entries :many
SELECT * FROM uk_p32_entries WHERE business_id = $1 AND tax_year = $2 AND kind = $3 ORDER BY tax_month;

-- name: UpsertP32Entry :one
INSERT INTO uk_p32_entries (business_id, tax_year, tax_month, kind, paye_tax, student_loan, postgrad_loan, ni_employee, ni_employer,
    smp, spp, sap, shpp, spbp, sncp, pay_bill, cis_suffered, payment_made, payment_date, note, updated_by, updated_at, class1a_nic)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
ON CONFLICT (business_id, tax_year, kind, tax_month) DO UPDATE SET
    paye_tax = excluded.paye_tax, student_loan = excluded.student_loan, postgrad_loan = excluded.postgrad_loan,
    ni_employee = excluded.ni_employee, ni_employer = excluded.ni_employer, smp = excluded.smp, spp = excluded.spp,
    sap = excluded.sap, shpp = excluded.shpp, spbp = excluded.spbp, sncp = excluded.sncp, pay_bill = excluded.pay_bill, class1a_nic = excluded.class1a_nic,
    cis_suffered = excluded.cis_suffered, payment_made = excluded.payment_made, payment_date = excluded.payment_date,
    note = excluded.note, updated_by = excluded.updated_by, updated_at = excluded.updated_at
RETURNING *;

-- name: CreateEPSSubmission :one
INSERT INTO uk_eps_submissions (business_id, tax_year, tax_month, final_submission, no_payment, document, xml, created_by, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING *;

-- name: GetEPSSubmission :one
SELECT * FROM uk_eps_submissions WHERE business_id = $1 AND id = $2;

-- name: ListEPSSubmissions :many
-- A business's EPS submissions, newest first; tax_year 0 = every year.
SELECT id, business_id, tax_year, tax_month, final_submission, no_payment, document, created_by, created_at
FROM uk_eps_submissions
WHERE business_id = sqlc.arg(business_id) AND (CAST(sqlc.arg(tax_year) AS BIGINT) = 0 OR tax_year = sqlc.arg(tax_year))
ORDER BY id DESC
LIMIT sqlc.arg(lim) OFFSET sqlc.arg(off);
