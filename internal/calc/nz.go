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
	// ESCTRate is the ESCT rate the employer worked out for the year (a
	// fraction: 0.3 = 30%), the employee's recorded taxCodeDeclaration_
	// EsctRate; zero = from ESCTRateThreshold. Must be a band's rate.
	ESCTRate payroll.Rate `json:"esct_rate,omitzero"`
	// StartDate is the employment's start: an employee who started in the
	// tax year has their ESCT rate threshold amount estimated for the rest
	// of the year, not a whole year. Zero = not known (a whole year).
	StartDate time.Time `json:"start_date,omitzero"`

	// ACCLiableEarningsYTD is the ACC-liable earnings already paid in this
	// tax year (before this period): the levy on extra pays stops at the
	// year's maximum liable earnings.
	ACCLiableEarningsYTD payroll.Money `json:"acc_liable_earnings_ytd,omitzero"`

	// RecentEarnings are the employee's gross earnings other than extra
	// pays in the four weeks before this pay period (monthly pay: the
	// month before): IRD's extra-pay rule annualises them with the extra
	// pay (Bonus and LumpSum earnings) to find its rate. Zero = estimated
	// from this period's regular earnings.
	RecentEarnings payroll.Money `json:"recent_earnings,omitzero"`
}
