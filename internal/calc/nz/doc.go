// Package nz is the New Zealand statutory engine: PAYE by IRD tax code,
// ACC earners' levy, student loan repayments, KiwiSaver contributions and
// ESCT, for one employee-period (calc.Input with NZ set).
//
// # Figures
//
//	paye                income tax of the period by tax code, excluding the
//	                    ACC earners' levy (IRD's "PAYE" deduction on a payslip
//	                    is paye + acc)
//	acc                 ACC earners' levy on liable earnings: regular pay up to
//	                    the year's maximum liable earnings ÷ pays, extra pays
//	                    against the annualised income (IR's specification
//	                    §5.11 step 4; NZEmployee.ACCLiableEarningsYTD is
//	                    no longer read)
//	studentloan         SL codes only: main codes 12% above the period
//	                    threshold, secondary codes 12% of all pay
//	kiwisaver.employee  KiwiSaver members: employee's chosen rate of gross
//	kiwisaver.employer  employer contribution (at least the compulsory
//	                    minimum), before ESCT
//	esct                ESCT on the whole dollars of the employer contribution,
//	                    at the rate of the employee's ESCT rate threshold amount
//
// Each figure carries the static *calc.Rule of its year (text and source)
// and its intermediate values as Terms.
//
// # Method
//
// Main codes (M, ME) annualise the period's taxable pay (× 52, 26, 13, 12,
// 4 or 1), apply the progressive rates, subtract the annual IETC for ME,
// de-annualise and round to the cent (half up). Secondary codes (SB, S, SH,
// ST, SA) and ND are flat rates on all pay. Other amounts are rounded to the
// cent, half up.
//
// The rules files (payroll-rules.md §3, payroll-rules-2026-27.md §3) do not
// give IRD's per-period PAYE specification (IR340/IR341): the
// annualise/de-annualise method follows the brief and the cent rounding is
// this engine's choice, to be checked against IRD's PAYE tables. The files
// are also silent on: whether ND's 45% includes the ACC levy (acc is
// computed for every code), the student loan threshold for quarterly pay
// (an error), special tax codes (STC) and tailored codes (not supported),
// and KiwiSaver age eligibility (the caller sets NZEmployee.KiwiSaver).
// ME has a cliff the statute makes: the IETC starts at $520 a year at
// annual income $24,000, so ME PAYE drops as pay crosses that point.
//
// # Rule tables
//
// rules.go holds one year table per income year (1 April – 31 March):
// income tax brackets, the IETC, the flat-rate codes, ACC rate and maximum
// liable earnings, student loan rate and per-frequency thresholds,
// KiwiSaver default / allowed / reduced / employer rates, ESCT bands, and
// the *calc.Rule of every figure. The calculation code reads only these
// fields and never branches on the year. The table is picked by payment
// date (Input.PaymentDate), or by name with Input.TaxYear ("2026-27").
//
// To add the next year: copy the latest year table in rules.go, give it
// the new name and dates, change the figures that changed (re-using shared
// tables such as brackets2024 when unchanged), write each rule's text and
// source, and append it to years. TestTablesAreConsistent checks the years
// are contiguous and every rule is complete; add the year's vectors and
// worked examples to the tests.
//
// # Vectors
//
// Engine implements calc.VectorChecker for the NZ rows of the reference
// vector files; vector.go documents the row kinds.
package nz
