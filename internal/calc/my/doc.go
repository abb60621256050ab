// Package my is the Malaysian statutory engine: PCB/MTD income tax by
// LHDN's computerised calculation method, EPF, SOCSO, EIS and LINDUNG 24
// Jam contributions and the HRD Corp levy for one employee-month
// (calc.Input with MY set, Frequency Monthly). The facts, their sources
// and what was not found: docs/reference/my-pay-rules.md.
//
// # Figures
//
//	pcb             monthly tax deduction: resident by the computerised
//	                formula (normal and additional remuneration, reliefs by
//	                category and children, EPF relief, Form TP1 deductions,
//	                benefits in kind, the year to date), non-resident at the
//	                flat rate; less the month's zakat
//	zakat           zakat deducted from pay (when the employee has it)
//	epf.employee    EPF Third Schedule shares (Part A, C, E or F by
//	epf.employer    citizenship and age), each rounded up to the ringgit
//	socso.employee  SOCSO first or second category from PERKESO's schedule
//	socso.employer
//	eis.employee    EIS (Act 800) from PERKESO's table, ages 18 to 60,
//	eis.employer    citizens and permanent residents
//	lindung24       LINDUNG 24 Jam employee contribution from 1 June 2026
//	hrd             HRD Corp levy on a citizen's basic wages (employer)
//
// Each figure carries its rule (text and source) and its intermediate
// values as Terms; the PCB terms follow the specification's letters (P,
// K1, K2, Kt, n).
//
// # Wages
//
// Earnings kinds map to each statute's wage definition (see
// calc.MYEmployee): PCB splits normal remuneration (projected over the
// rest of the year) from additional remuneration (taxed in the month);
// EPF excludes overtime and lump sums, SOCSO/EIS an annual bonus and lump
// sums, the HRD levy everything but basic pay, fixed allowances and
// leave.
//
// # Rule tables
//
// rules.go holds one table per calendar year, selected by payment date
// (or Input.TaxYear "2026"): PCB Table 1 and reliefs, EPF Third Schedule
// parts as dated periods, ages, and the PERKESO schedules' 65 wage bands
// as published (sen). Calculation code reads only these fields. A payment
// date without a table is refused (calc.ErrNoRules), so a 2027 pay run
// stops until the 2027 specification is added.
//
// # Vectors
//
// Engine implements calc.VectorChecker; vector.go documents the row
// kinds; testdata/vectors-my-2026.csv holds LHDN's worked example, the
// statutory tables' rows and formula-derived cases with their derivation.
package my
