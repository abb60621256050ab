// Package sg is the Singapore statutory engine: CPF contributions and the
// Skills Development Levy for one employee-month (calc.Input with SG set,
// Frequency Monthly).
//
// # Figures
//
//	cpf.employee  employee share: employee rate × CPF wages, cents dropped
//	cpf.employer  employer share: total − employee share
//	cpf.total     total contribution: total rate × CPF wages, rounded to the
//	              nearest dollar (50 cents up)
//	sdl           SDL: 0.25% of the first $4,500 of the month's
//	              wages, at least $2 (so at most $11.25); termination
//	              compensation (ETP) is not wages
//
// CPF wages are ordinary wages (every earnings kind except Bonus and
// LumpSum) up to the month's OW ceiling, plus additional wages (Bonus,
// LumpSum) up to the AW ceiling: annual salary ceiling − OW subject to CPF
// in the year (SGEmployee.OWSubjectToCPFYTD + this month's + ProjectedOW
// for the rest of the year) − AW already subject to CPF
// (AWSubjectToCPFYTD). NotPensionable lines are remuneration for SDL but
// not CPF wages. Rates follow the age band of the month: "X and below"
// includes the month of the X-th birthday. Foreigners get sdl only.
//
// Each figure carries the static *calc.Rule of its year and band (text and
// source) and its intermediate values as Terms.
//
// # Not in the rules files
//
// The rules files (payroll-rules.md §4, payroll-rules-2026-27.md §4) give
// the rates for SC and SPR from the 3rd year with total wages above $750
// only. Beyond them:
//
//   - Graduated wages ($50–$750 a month): the CPF Act First Schedule para 1
//     (S 752/2015, S 860/2014): employer rate × total wages; employee share
//     nil up to $500, then a factor × (total wages − $500). The 55-and-below
//     band (17% / 0.6) is the Schedule's own; the other bands' factors are
//     derived as 3 × the band's employee rate, the form of every band in
//     those notifications (the 2025–2027 notifications were not seen).
//   - 1st/2nd-year SPRs: the graduated employer / graduated employee (G/G)
//     default scheme, age 55 and below only (4%/5%, 9%/15%: CPF Board 2003
//     release, current per Talenox and acctten); older bands and the F/G and
//     F/F schemes are not known and return an error wrapping
//     calc.ErrNoRules.
//
// Up to $50 of total wages there is no CPF. The 2027 rates are as announced
// (employer/employee split of the 55–65 bands from one source); the OW
// ceiling ($8,000) and the annual ceiling ($102,000) are carried into 2026
// and 2027 as the file records no change (unverified). SDL's rounding is
// not stated: cents, half up.
//
// # Rule tables
//
// rules.go holds one year table per calendar year: OW ceiling, annual
// salary ceiling, the nil and graduated wage limits, the age bands with
// employer / employee / total rates and their rules, and the SDL rate, cap
// and minimum. The calculation code reads only these fields and never
// branches on the year. The table is picked by payment date, or by name
// with Input.TaxYear ("2026").
//
// To add the next year: copy the latest table, set the name and dates,
// change what changed, write each band's rule text and source, and append
// it to years (each band with its phase-in factor and graduated rule, and
// the spr bands). TestTablesAreConsistent checks
// employer + employee = total in every band and the years are contiguous.
//
// # Vectors
//
// Engine implements calc.VectorChecker for the SG rows of the reference
// vector files; vector.go documents the row kinds.
package sg
