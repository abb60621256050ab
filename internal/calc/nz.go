package calc

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// NZEmployee is what the NZ engine needs to know about the employee
// (tax settings and year-to-date). Owned by calc/nz; grows with it.
//
// Rates are fractions (0.035 for 3.5%). Zero values mean "the statutory
// default of the tax year", so a zero NZEmployee is a plain M-code employee
// who is not a KiwiSaver member and has no student loan.
type NZEmployee struct {
	// TaxCode is the IRD tax code: M, ME (IETC), SB, S, SH, ST, SA
	// (secondary), ND (no notification). A " SL" suffix ("M SL", "S SL")
	// means a student loan, like StudentLoan. Empty = M.
	TaxCode string `json:"tax_code"`
	// StudentLoan: the employee has a student loan (tax code with SL).
	StudentLoan bool `json:"student_loan,omitempty"`

	// KiwiSaver: the employee is a KiwiSaver member contributing from
	// wages (employee and compulsory employer contributions, ESCT).
	KiwiSaver bool `json:"kiwisaver,omitempty"`
	// KiwiSaverRate is the employee's chosen contribution rate; zero = the
	// year's default rate. Must be one of the year's allowed rates.
	KiwiSaverRate payroll.Rate `json:"kiwisaver_rate,omitzero"`
	// KiwiSaverReducedRate: the employee holds IRD's temporary rate
	// reduction (from 1 Apr 2026, stay at 3%); the employer minimum
	// follows the reduced rate too.
	KiwiSaverReducedRate bool `json:"kiwisaver_reduced_rate,omitempty"`
	// EmployerKiwiSaverRate is the employer's contribution rate; zero =
	// the compulsory minimum. Below the minimum is an error.
	EmployerKiwiSaverRate payroll.Rate `json:"employer_kiwisaver_rate,omitzero"`
	// ESCTRateThreshold is the employee's ESCT rate threshold amount:
	// salary/wages plus employer superannuation contributions of the
	// prior tax year. Zero = estimate from this period (gross + employer
	// contribution, annualised), as for new employees.
	ESCTRateThreshold payroll.Money `json:"esct_rate_threshold,omitzero"`
	// ESCTPeriodShortfall is the regular salary or wages a whole period
	// pays beyond this period's, when the employee joined or left inside
	// it: the estimate of the year's salary or wages (ESCTRateThreshold
	// zero) annualises a whole period's pay. Zero = none.
	ESCTPeriodShortfall payroll.Money `json:"esct_period_shortfall,omitzero"`
	// ESCTFirstContribution and ESCTFirstESCT are the employer
	// contribution and the ESCT of the employee's first pay of the tax year
	// here (a finalised run paid before this one): without a recorded rate
	// or the prior year's threshold amount, the rate that pay used is the
	// year's (IR's specification §5.21.5: the ESCT rate threshold "is set
	// at the beginning of the tax year and cannot change until the
	// following year"), not a new estimate from each period's pay. Zero =
	// none (this is the first: estimate).
	ESCTFirstContribution payroll.Money `json:"esct_first_contribution,omitzero"`
	ESCTFirstESCT         payroll.Money `json:"esct_first_esct,omitzero"`
	// ESCTRate is the ESCT rate the employer worked out for the year (a
	// fraction: 0.3 = 30%), the employee's recorded taxCodeDeclaration_
	// EsctRate; zero = from ESCTRateThreshold. Must be a band's rate.
	ESCTRate payroll.Rate `json:"esct_rate,omitzero"`
	// StartDate is the employment's start: an employee who started in the
	// tax year has their ESCT rate threshold amount estimated for the rest
	// of the year, not a whole year. Zero = not known (a whole year).
	StartDate time.Time `json:"start_date,omitzero"`

	// ACCLiableEarningsYTD is the ACC-liable earnings already paid in this
	// tax year (before this period). Not read since the levy on extra pays
	// follows IR's specification §5.11 step 4 (the annualised income, not
	// the year to date); kept so that inputs that give it still parse.
	ACCLiableEarningsYTD payroll.Money `json:"acc_liable_earnings_ytd,omitzero"`

	// RecentEarnings are the employee's earnings other than extra pays of
	// the other PAYE income payments made in the four weeks to and
	// including this pay's date (IR, Payroll Calculations & Business Rules
	// Specification §5.11 step 3.1: "the four weeks prior to, and
	// inclusive of the day on which the extra pay is paid"); the engine
	// adds this pay's own regular earnings. Zero = none (a new employee:
	// only what was paid counts, no estimate of the missing weeks).
	RecentEarnings payroll.Money `json:"recent_earnings,omitzero"`

	// TerminationPay: this pay is the employee's termination pay or a pay
	// after the employment ended; from 1 April 2025 its extra pays are
	// taxed on the last two fully paid pay periods before the termination
	// pay, not the four weeks (Income Tax Act 2007 s RD 17 as amended by
	// the Taxation (Budget Measures) Act 2024;
	// docs/reference/nz-extra-pay-on-termination-2025.md).
	TerminationPay bool `json:"termination_pay,omitempty"`
	// TerminationPeriodsPaid is how many fully paid pay periods (regular
	// earnings above zero) before the termination pay were found, at most
	// two; TerminationEarnings their regular earnings.
	// TerminationPeriodsEstimated: of the periods just before, those the
	// employee was employed throughout that no pay recorded here covers
	// (paid before this payroll), each taken as this pay's regular
	// earnings. Fewer than two in all (a new employee): no source gives
	// the rate, and the four-week rule stays, its explanation saying so.
	TerminationPeriodsPaid      int           `json:"termination_periods_paid,omitempty"`
	TerminationEarnings         payroll.Money `json:"termination_earnings,omitzero"`
	TerminationPeriodsEstimated int           `json:"termination_periods_estimated,omitempty"`
	// TerminationAnnualEarnings is the sum of the found periods' regular
	// earnings each annualised by its own period's frequency (× 52 a
	// week, × 26 a fortnight, × 13 four weeks, × 12 a month, × 4 a
	// quarter): an employee whose pay frequency changed before leaving
	// has each period annualised as it was paid. Zero = not given: the
	// found periods are taken as of this pay's frequency.
	TerminationAnnualEarnings payroll.Money `json:"termination_annual_earnings,omitzero"`
}
