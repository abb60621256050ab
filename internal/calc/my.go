package calc

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// MY is Malaysia's region code.
const MY = "MY"

// MY citizenship (MYEmployee.Citizenship): it picks the EPF Third
// Schedule part, SOCSO/EIS coverage and the HRD levy.
const (
	MYCitizen           = "Citizen"           // Malaysian citizen
	MYPermanentResident = "PermanentResident" // permanent resident
	MYForeign           = "Foreign"           // non-citizen worker (EPF Part F, SOCSO employment injury only, no EIS)
)

// MY marital statuses (MYEmployee.MaritalStatus); with SpouseWorking
// and children they give the PCB category (1 single, 2 married with a
// spouse not working, 3 the rest).
const (
	MYSingle   = "Single"
	MYMarried  = "Married"
	MYDivorced = "Divorced"
	MYWidowed  = "Widowed"
)

// EPF Third Schedule parts (MYEmployee.EPFPart overrides the part the
// engine picks from citizenship and age).
const (
	MYEPFPartA    = "A"    // below 60: citizens, permanent residents
	MYEPFPartC    = "C"    // 60 and above: permanent residents
	MYEPFPartE    = "E"    // 60 and above: citizens
	MYEPFPartF    = "F"    // non-citizen workers, from October 2025 wages
	MYEPFPartNone = "None" // not liable (e.g. 75 and above, exempt)
)

// SOCSO categories (MYEmployee.SOCSOCategory overrides the age rule).
const (
	MYSOCSOFirst  = "First"  // employment injury + invalidity (below 60)
	MYSOCSOSecond = "Second" // employment injury only (60 and above, foreign workers)
	MYSOCSONone   = "None"   // not covered
)

// LINDUNG 24 Jam participation (MYEmployee.Lindung24).
const (
	MYLindungParticipating = ""              // contributes (foreign workers always do)
	MYLindungOptedOut      = "OptedOut"      // a local employee who gave PERKESO's opt-out notice
	MYLindungOtherEmployer = "OtherEmployer" // the contribution is paid through another employer
)

// MYChildren counts the children whose relief the employee claims, by
// the kind the PCB specification weighs (a child in higher education
// counts as several children).
type MYChildren struct {
	Under18                 int `json:"under_18,omitempty"`                  // unmarried, below 18
	Studying                int `json:"studying,omitempty"`                  // 18 and over in full-time education below diploma
	HigherEducation         int `json:"higher_education,omitempty"`          // 18 and over, diploma onwards in Malaysia / degree onwards abroad
	Disabled                int `json:"disabled,omitempty"`                  // disabled child
	DisabledHigherEducation int `json:"disabled_higher_education,omitempty"` // disabled child in higher education
}

// Total is the number of children counted.
func (c MYChildren) Total() int {
	return c.Under18 + c.Studying + c.HigherEducation + c.Disabled + c.DisabledHigherEducation
}

// MYYearToDate is the calendar year's accumulated figures before this
// payment (this employer's finalised pay runs and a previous employer's
// Form TP3 amounts): the PCB formula's Y, K, X, Z and ΣLP.
type MYYearToDate struct {
	Remuneration payroll.Money `json:"remuneration,omitzero"` // Y: gross normal and additional remuneration (with benefits in kind)
	EPF          payroll.Money `json:"epf,omitzero"`          // K: employee EPF contributions
	PCB          payroll.Money `json:"pcb,omitzero"`          // X: monthly tax deductions paid
	Zakat        payroll.Money `json:"zakat,omitzero"`        // Z: zakat paid
	TaxRelief    payroll.Money `json:"tax_relief,omitzero"`   // ΣLP: Form TP1 deductions allowed
}

// MYEmployee is what the MY engine needs to know about the employee:
// statutory settings and the year to date. Owned by calc/my.
//
// Earnings are one calendar month's (Frequency Monthly). Kinds map to
// the statutes' wage definitions: Ordinary, Leave and Allowance are
// normal remuneration for PCB and wages for EPF, SOCSO/EIS and the HRD
// levy; Overtime is normal remuneration and SOCSO/EIS wages only;
// Commission is additional remuneration, EPF and SOCSO/EIS wages; Bonus
// additional remuneration and EPF wages; LumpSum additional
// remuneration only. NotTaxable lines are outside PCB, NotPensionable
// lines outside EPF.
type MYEmployee struct {
	DateOfBirth time.Time `json:"date_of_birth"`
	Citizenship string    `json:"citizenship,omitempty"` // Citizen (default), PermanentResident, Foreign
	// NonResident: not resident for tax (PCB at the flat non-resident rate).
	NonResident bool `json:"non_resident,omitempty"`

	MaritalStatus  string     `json:"marital_status,omitempty"` // Single (default), Married, Divorced, Widowed
	SpouseWorking  bool       `json:"spouse_working,omitempty"` // a married employee's spouse has income
	Disabled       bool       `json:"disabled,omitempty"`
	SpouseDisabled bool       `json:"spouse_disabled,omitempty"`
	Children       MYChildren `json:"children,omitzero"`      // relief claimed in full
	ChildrenHalf   MYChildren `json:"children_half,omitzero"` // relief shared 50% with the other parent

	EPFPart       string `json:"epf_part,omitempty"`       // override of the Third Schedule part (A, C, E, F, None)
	SOCSOCategory string `json:"socso_category,omitempty"` // override of the SOCSO category (First, Second, None)
	EISExempt     bool   `json:"eis_exempt,omitempty"`     // not insured under the EIS (Act 800)
	Lindung24     string `json:"lindung24,omitempty"`      // "", OptedOut, OtherEmployer
	// HRDLevyRate is the employer's HRD Corp levy rate (0.01 registered
	// with 10 or more Malaysian employees, 0.005 with 5 to 9; zero = not
	// registered). A business setting, passed per employee.
	HRDLevyRate payroll.Rate `json:"hrd_levy_rate,omitzero"`

	Zakat          payroll.Money `json:"zakat,omitzero"`            // zakat deducted from this month's pay
	TaxRelief      payroll.Money `json:"tax_relief,omitzero"`       // LP1: Form TP1 deductions allowed this month
	BenefitsInKind payroll.Money `json:"benefits_in_kind,omitzero"` // BIK/VOLA value of the month, taxed through PCB (not paid)

	YTD MYYearToDate `json:"ytd,omitzero"`
}

// UnmarshalJSON reads MYEmployee; date_of_birth may be a plain date or
// an RFC 3339 timestamp, like payment_date.
func (e *MYEmployee) UnmarshalJSON(b []byte) error {
	type plain MYEmployee // no methods: no recursion
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
