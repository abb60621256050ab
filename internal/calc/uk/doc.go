// Package uk is the United Kingdom statutory pay engine: PAYE income tax,
// Class 1 National Insurance, student and postgraduate loans, workplace
// pension contributions and statutory payments (SSP, SMP, SPP, SAP, ShPP,
// SPBP, SNCP) of one employee-period. uk.New() returns a calc.Engine that
// is also a calc.VectorChecker.
//
// # Sources
//
// The rules are those of /work/shared/reference/payroll-rules.md §2 (2025-26)
// and payroll-rules-2026-27.md §2 (2026-27), which cite HMRC's
// "Specification for PAYE Tax Table Routines", CWG2, the Collection of
// Student Loans manual, The Pensions Regulator and gov.uk. Every figure
// carries a static *calc.Rule naming its rule and source, and Terms with
// its intermediate values.
//
// # Figure codes
//
//	ssp, smp, spp, sap, shpp, spbp, sncp   statutory payments (earnings: taxed, NI'd, pensionable)
//	pension.employee                       employee contribution deducted (relief at source: 80% of gross)
//	pension.employer                       employer contribution
//	paye                                   income tax of the period (negative = refund, cumulative codes)
//	ni.employee, ni.employer               Class 1 primary and secondary contributions
//	studentloan.plan1|2|4|5                undergraduate loan deduction, whole pounds
//	pgl                                    postgraduate loan deduction, whole pounds
//
// Figures come in that order; pension, loan and statutory figures only
// when the employee has them.
//
// # Mechanics, in brief
//
//   - PAYE (rules §2.3): free pay (or K additional pay) per week/month
//     ⌈(n×10+9) ÷ 52 or 12⌉ to the penny, over 500 in boxes of 96.16 /
//     416.67; thresholds to date annual × n ÷ 52 or 12 truncated to 4
//     decimal places; the income test takes the unrounded taxable pay to
//     date against each threshold rounded up to £1; the tax on the full
//     bands below pro-rated from the annual figure (Scotland: built band
//     by band, each step truncated to 4 dp, as HMRC's Scottish test data
//     are); taxable pay floored to £1 in the band's formula; tax to date
//     floored to 1p (bandTax; docs/reference/uk-paye.md);
//     period tax = to date − paid (refunds on cumulative codes); K codes
//     capped at 50% of the period's pay. Week 1/month 1: n = 1 on this
//     period's pay. Multi-week/month periods use the week/month number at
//     the period's end. A payment in week 53 (54 fortnightly, 56
//     four-weekly) is taxed on the week 1 basis for the weeks the period
//     covers, whatever the code's basis. Codes: [S|C] + nnnL/M/N/T, 0T, K nnn, BR, D0…, NT,
//     with W1/M1/X basis markers (ParseTaxCode, no regexp).
//   - NI (rules §2.4): per period against that frequency's published
//     thresholds, employee parts PT–UEL and above UEL rounded separately by
//     HMRC's third-decimal rule; employer above ST, FUST or UEL by
//     category. Directors: annual method (earnings to date against annual
//     or pro-rata thresholds, less NI paid) or alternative method (per
//     period, annual recalculation in the last period).
//   - Student loans (rules §2.5): rate × excess over the period threshold,
//     floored to £1; multi-week periods averaged to a week.
//   - Pension (rules §2.6): on qualifying earnings (period band) or all
//     pensionable pay; net pay arrangement before tax, relief at source
//     after tax at 80%.
//   - SSP / family payments (rules §2.7, rules-2026-27 §2.7); see
//     statutory.go for the roundings the rules leave open.
//
// # Rule tables
//
// Every parameter lives in a Year value (tables.go types, years.go data):
//
//	Year{Name "2026-27", Start 6 April,
//	  PAYE      bands per jurisdiction (rUK, Scotland, Wales) + basic-band index (BR/D codes)
//	  NI        thresholds LEL/PT/ST/FUST/UEL per frequency (incl. Annually for directors),
//	            categories: letter, employee main/upper rate, employer rate and threshold
//	  Loans     plans 1/2/4/5/PGL: annual, weekly, monthly threshold, rate
//	  Pension   qualifying earnings lower/upper (and trigger) per frequency
//	  Statutory SSP rate and mechanics (waiting days, LEL test, AWE cap), family rate and weeks}
//
// The year is chosen by payment date (6 April – 5 April) or Input.TaxYear;
// calculation code never branches on the year: differences between years
// (Scottish bands, LEL, Plan 5, the SSP reform) are all table data. Rule
// texts are generated from the tables at init, so they cannot disagree
// with the figures used.
//
// # Arithmetic
//
// The hot path (fixed.go) is integers: amounts in pence (inputs must be
// whole pence), rates × 10⁴, band limits in pounds; buildFixed derives the
// integer tables from the Year data at init (a table value that is not
// whole pence, whole pounds or a 4-decimal rate panics at start-up, so a
// mistyped year cannot silently round). Every statutory rounding is the
// same integer division the exact decimal versions (payeDecimal, niParts,
// loanDeduction, pension) make; TestFixedMatchesDecimal checks the two
// agree for every code form, category, plan and pension basis. Vector
// rows with fractions of a penny take the decimal path. Results are
// payroll.Money. BenchmarkUK reports ns/op and cpu-ns/op per frequency.
//
// # Adding 2027-28
//
//  1. In years.go, add `var year2027 = Year{Name: "2027-28", Start:
//     6 April 2027, ...}` with the year's bands, NI thresholds (all five
//     frequencies plus Annually), categories (niCategories with the
//     rates), loan plans with HMRC's period thresholds, pension band and
//     statutory rates; cite the sources in the Source fields.
//  2. Append &year2027 to `years` in tables.go (kept in date order).
//  3. Add the year's UK vector rows under testdata/ and a test line in
//     vectors_test.go; a new row kind or NI letter is a table entry (and,
//     for a new vector kind, a case in vector.go).
//
// Only a new kind of rule (not a new value) needs code.
//
// # What the rules file does not settle
//
// Marked in comments where they matter: quarterly NI thresholds
// (derived by the regulation's rule, see NITable); rounding of the K-code limit (floored to 1p), of pension
// contributions (half up to 1p), of SSP daily amounts and 90% AWE
// (period total rounded up to 1p); durations of SAP/SPP/ShPP/SPBP/SNCP
// (not enforced).
package uk
