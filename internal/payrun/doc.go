// Package payrun is the pay run area: a pay run of a pay
// schedule for a period, one row per employee it pays with every figure of
// that pay, and the run's lines (earnings, deductions, expenses, employer
// liabilities, tax adjustments).
//
// Creating or recalculating a run works on the whole run at once: the
// employees' members, the business's pay categories and deduction
// categories and every employee's year-to-date are each read by one query,
// then each employee's pay is computed in memory (internal/payrun/pay) (standard earnings from
// the employee's rate prorated to the schedule's frequency, then every
// statutory figure from calc/engine for the business's region) and
// written. Year-to-date is the sum of the employee's finalised runs of the
// tax year, so it is right by construction.
//
// State: a run is Draft until finalised. Every write to a run first
// touches it with a statement conditional on status = 'Draft' (409 when
// finalised) in the same transaction, so writers of one run serialise on
// its row and a finalised run never changes. Finalise and unlock are single
// conditional statements (two concurrent finalises: one wins, the other
// 409) that run the Service's Effects in the same transaction.
//
// The calculation (employee records and inputs into lines and figures:
// Service embeds its pay.Calculator) is internal/payrun/pay, which this
// package imports. The other sub-packages import this one, never the
// reverse: internal/payrun/views (the read shapes: run list, totals,
// details, pay slips, an employee's run totals; Service.PaySlips calls it
// through Service.ReadPaySlips, given at wiring), internal/payrun/output (payees and payments,
// bank files, payslip PDFs, journal, warnings, approvals) and
// internal/payrun/jobs (asynchronous create and recalculate, auto pay,
// scheduled payslip publishing: an Effect). They read runs with this
// package's exported helpers (Service.Rows, RunModel, TotalModel, ...) and
// pay's (YearToDate, TaxYear, Placeholder, ...).
package payrun
