package calc

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// SG residency statuses for CPF (SGEmployee.Residency).
const (
	SGCitizen   = "SC"        // Singapore Citizen
	SGPR3       = "SPR3"      // Singapore PR from the 3rd year of PR status
	SGPR1       = "SPR1"      // Singapore PR, 1st year (graduated rates)
	SGPR2       = "SPR2"      // Singapore PR, 2nd year (graduated rates)
	SGForeigner = "Foreigner" // not CPF-liable; SDL still applies
)

// SGEmployee is what the SG engine needs to know about the employee
// (tax settings and year-to-date). Owned by calc/sg; grows with it.
//
// CPF is monthly: the SG engine takes Monthly inputs, the earnings of one
// calendar month. Bonus and LumpSum lines are additional wages (AW), every
// other kind ordinary wages (OW); NotPensionable lines are not CPF wages.
type SGEmployee struct {
	// DateOfBirth picks the CPF age band: an age band "X and below"
	// includes the month of the X-th birthday, "above X" starts the month
	// after.
	DateOfBirth time.Time `json:"date_of_birth"`
	// Residency: SC, SPR3 (3rd year onwards), SPR1/SPR2 (graduated
	// rates), Foreigner (no CPF). Empty = SC.
	Residency string `json:"residency,omitempty"`

	// Year-to-date of the calendar year, before this month, for the
	// additional wage ceiling.
	OWSubjectToCPFYTD payroll.Money `json:"ow_subject_to_cpf_ytd,omitzero"` // ordinary wages subject to CPF
	AWSubjectToCPFYTD payroll.Money `json:"aw_subject_to_cpf_ytd,omitzero"` // additional wages subject to CPF
	// ProjectedOW is the ordinary wages expected to be subject to CPF in
	// the rest of the year after this month (CPF estimates the AW ceiling
	// from the year's total OW); zero = this month's OW subject to CPF ×
	// RemainingMonths.
	ProjectedOW payroll.Money `json:"projected_ow,omitzero"`
	// RemainingMonths is how many months after this one the employee is
	// expected to be paid ordinary wages this year (December: 0; a leaver:
	// to their last month).
	RemainingMonths int `json:"remaining_months,omitempty"`
	// YearEnd: this is the employee's last month of the year (December,
	// or the month they leave): the AW ceiling is recalculated on the
	// year's actual OW and the AW subject to CPF of the whole year
	// adjusted in this month (CPF Board: refund or pay the difference).
	YearEnd bool `json:"year_end,omitempty"`
	// AWPaidYTD is the additional wages paid earlier this year, whether or
	// not they were subject to CPF (the year-end recalculation reads it).
	AWPaidYTD payroll.Money `json:"aw_paid_ytd,omitzero"`
	// AWMonths are the earlier months of the year in which additional
	// wages were paid, in order: what was paid, what of it was subject to
	// CPF, and the residency then. The year-end (or leaving-month)
	// recalculation prices a shortfall of CPF on those AW at the rates of
	// the month the AW were paid (the age band and SPR year of that month),
	// not this month's (CPF Board FAQ "How do I calculate CPF contributions
	// on AW when there is a change in Age Group during the year?";
	// docs/reference/sg-cpf-aw-ceiling.md). Empty: a shortfall is priced at
	// this month's rates.
	AWMonths []SGAWMonth `json:"aw_months,omitempty"`
	// The business's other finalised runs paid in the same calendar month
	// (zero when this is the month's first), whatever their pay date
	// against this run's and whatever order they were finalised in: CPF is due on the month's total
	// wages (CPF Board, "How much CPF contributions to pay"), so the
	// engine works out the month's CPF on these wages plus this run's and
	// charges the difference from what those runs charged. The year to
	// date above (OWSubjectToCPFYTD, AWSubjectToCPFYTD, AWPaidYTD) is then
	// of the months before this one.
	MonthOWPaid      payroll.Money `json:"month_ow_paid,omitzero"`      // ordinary wages paid earlier this month
	MonthAWPaid      payroll.Money `json:"month_aw_paid,omitzero"`      // additional wages paid earlier this month
	MonthOWSubject   payroll.Money `json:"month_ow_subject,omitzero"`   // OW subject to CPF in those runs
	MonthAWSubject   payroll.Money `json:"month_aw_subject,omitzero"`   // AW subject to CPF in those runs
	MonthCPFEmployee payroll.Money `json:"month_cpf_employee,omitzero"` // employee share those runs charged
	MonthCPFEmployer payroll.Money `json:"month_cpf_employer,omitzero"` // employer share those runs charged
	// MonthRemunerationPaid and MonthSDLCharged are the total
	// remuneration the month's other runs paid and the Skills Development
	// Levy they charged: the levy is monthly, on the month's total
	// remuneration, so this run is charged the month's levy less theirs.
	MonthRemunerationPaid payroll.Money `json:"month_remuneration_paid,omitzero"`
	MonthSDLCharged       payroll.Money `json:"month_sdl_charged,omitzero"`
	// SDLExempt: the employer records the employee as outside the Skills
	// Development Levy (SkillsFuture Singapore: domestic workers such as
	// servants, gardeners and chauffeurs, and employees working wholly
	// outside Singapore; docs/reference/sg-sdl-and-spr-rates.md): no levy.
	SDLExempt bool `json:"sdl_exempt,omitempty"`
}

// SGAWMonth is one earlier month of the year in which additional wages
// were paid (SGEmployee.AWMonths).
type SGAWMonth struct {
	Month     time.Time     `json:"month"`               // a day of the month (its age band and SPR year)
	Paid      payroll.Money `json:"aw_paid"`             // additional wages paid in the month
	Subject   payroll.Money `json:"aw_subject,omitzero"` // of which subject to CPF then
	Residency string        `json:"residency,omitempty"` // the residency then; empty = this month's
}

// UnmarshalJSON reads SGEmployee; date_of_birth may be a plain date
// ("1986-05-20") or an RFC 3339 timestamp, like payment_date.
func (e *SGEmployee) UnmarshalJSON(b []byte) error {
	type plain SGEmployee // no methods: no recursion
	var aux struct {
		*plain
		DateOfBirth string `json:"date_of_birth"`
	}
	aux.plain = (*plain)(e)
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	t, err := ParsePaymentDate(aux.DateOfBirth)
	if err != nil {
		return fmt.Errorf("date_of_birth: %w", err)
	}
	e.DateOfBirth = t
	return nil
}
