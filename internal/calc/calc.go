// Package calc is the pure statutory pay calculation: no I/O, no clock, no
// database. One employee-period goes in (region, payment date, frequency,
// earnings, the employee's statutory settings, year-to-date); every
// statutory figure comes out with the rule that produced it.
//
// Layout: this package holds the shared vocabulary (Input, Result, Figure,
// Rule) and each region's settings types (au.go, uk.go, nz.go, sg.go);
// the region packages calc/au, calc/uk, calc/nz, calc/sg implement Engine
// with their rules as dated data per tax year (one table per year, no
// branch on the year in calculation code); calc/engine dispatches by
// region and calc/vectors checks an engine against published test data.
package calc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Region codes, as businesses carry them.
const (
	AU = "AU"
	UK = "UK"
	NZ = "NZ"
	SG = "SG"
)

// Frequency is a pay frequency.
type Frequency string

const (
	Weekly      Frequency = "Weekly"
	Fortnightly Frequency = "Fortnightly"
	FourWeekly  Frequency = "FourWeekly"
	Monthly     Frequency = "Monthly"
	Quarterly   Frequency = "Quarterly"
	Annually    Frequency = "Annually"
)

// UnmarshalText accepts a frequency in any letter case ("weekly",
// "Weekly"); an unknown name is kept as given (engines refuse it).
func (f *Frequency) UnmarshalText(b []byte) error {
	for _, k := range []Frequency{Weekly, Fortnightly, FourWeekly, Monthly, Quarterly, Annually} {
		if strings.EqualFold(string(k), string(b)) {
			*f = k
			return nil
		}
	}
	*f = Frequency(b)
	return nil
}

// EarningKind classifies an earnings line for the statutes that treat
// kinds differently (ordinary time earnings for super, additional wages for
// CPF, ...).
type EarningKind string

const (
	Ordinary   EarningKind = "Ordinary"   // ordinary hours / salary
	Overtime   EarningKind = "Overtime"   // not OTE (AU), OW (SG)
	Allowance  EarningKind = "Allowance"  // taxable allowance
	Bonus      EarningKind = "Bonus"      // AU: OTE unless for overtime; SG: additional wage
	Leave      EarningKind = "Leave"      // paid leave taken (OTE)
	Lumpsum    EarningKind = "LumpSum"    // termination and other lump sums
	Commission EarningKind = "Commission" // OTE (AU)
	// AU kinds with withholding rules of their own:
	BackPay      EarningKind = "BackPay"      // back payment: Schedule 5 additional payment (OTE when it is for ordinary hours)
	LeaveLoading EarningKind = "LeaveLoading" // annual leave loading: OTE (SGR 2009/2)
	UnusedLeave  EarningKind = "UnusedLeave"  // unused leave paid on termination: Schedule 7, not OTE
	ETP          EarningKind = "ETP"          // employment termination payment: Schedule 11, not OTE
)

// Earning is one earnings line of the period.
type Earning struct {
	Category string        `json:"category,omitempty"` // the business's pay category name, for explanations
	Kind     EarningKind   `json:"kind"`
	Amount   payroll.Money `json:"amount"`
	Hours    payroll.Rate  `json:"hours,omitzero"` // hours worked (leave accrual), zero for salary without hours
	// NotTaxable excludes the line from taxable gross; NotPensionable
	// excludes it from super / pension / CPF ordinary wages bases.
	NotTaxable     bool `json:"not_taxable,omitempty"`
	NotPensionable bool `json:"not_pensionable,omitempty"`
	// NotNIable (UK) excludes the line from NI-able and loan pay: taxable
	// pay that is not earnings for Class 1 NI, a termination award past
	// £30,000 (ITEPA 2003 s 403; NIM02511), on which the employer owes
	// Class 1A NICs instead.
	NotNIable bool `json:"not_niable,omitempty"`

	// AU: a back payment, bonus or commission is an additional payment
	// (Schedule 5 Method A) spread over Periods pay periods (0 = the pay
	// periods in a year), unless Regular (it is pay for this period only).
	Periods int  `json:"periods,omitempty"`
	Regular bool `json:"regular,omitempty"`
	// AU: the STP code of an ETP line (R, O, S, P, D, B, N or T); its
	// tax-free component is a NotTaxable line.
	ETPCode string `json:"etp_code,omitempty"`
	// AU: unused leave paid on termination taxed as Lump Sum A (genuine
	// redundancy, invalidity, early retirement, or accrued before 18
	// August 1993): 32% under Schedule 7.
	LumpSumA bool `json:"lump_sum_a,omitempty"`
	// AU: unused long service leave accrued before 16 August 1978 paid on
	// termination (Lump Sum B): 5% of it is withheld on at marginal rates
	// under Schedule 7 (ATO "Withholding from unused leave payments on
	// termination of employment", step 3, tables 5 and 6).
	LumpSumB bool `json:"lump_sum_b,omitempty"`
	// SuperRate is the pay category's own super rate (a fraction; nil =
	// none): AU pays it on earnings that are not ordinary time earnings,
	// and the part above the super guarantee rate on those that are.
	SuperRate *payroll.Rate `json:"super_rate,omitempty"`
	// AU: the business kilometres of a car expense allowance paid on a
	// cents-per-kilometre basis (STP allowance type CD; zero: not paid per
	// kilometre). Nothing is withheld from it up to the ATO's cents per
	// kilometre rate for up to 5,000 business kilometres in the income
	// year (ATO, "Withholding for allowances").
	CarKm payroll.Rate `json:"car_km,omitzero"`
	// AU: the number of meals of an overtime meal allowance (STP allowance
	// type MD) given units and a rate (zero: not an overtime meal
	// allowance). Nothing is withheld from it up to the Commissioner's
	// reasonable amount per meal for the income year (ATO, "Withholding
	// for allowances"; the year's Taxation Determination).
	Meals payroll.Rate `json:"meals,omitzero"`
	// AU: the tax-free part of a genuine redundancy or early retirement
	// scheme payment (Lump Sum D; a NotTaxable line): at most the income
	// year's base limit plus an amount per completed year of service
	// (ITAA 1997 s 83-170).
	LumpSumD bool `json:"lump_sum_d,omitempty"`
	// AU: an ETP that is ordinary time earnings all the same (a payment
	// in lieu of notice through a "superable" ETP category, pay category
	// type EtpSuperableType*: SGR 2009/2): in the super guarantee base.
	Superable bool `json:"superable,omitempty"`
}

// Input is one employee-period. Exactly one of AU, UK, NZ, SG, MY is set:
// the one of Region.
type Input struct {
	Region      string    `json:"region"`
	PaymentDate time.Time `json:"payment_date"` // picks the tax year (the statutes date by payment)
	// TaxYear overrides the year PaymentDate picks ("2025-26", or "2026"
	// for SG's calendar years); empty = from PaymentDate.
	TaxYear   string    `json:"tax_year,omitempty"`
	Frequency Frequency `json:"frequency"`
	Period    int       `json:"period,omitempty"` // 1-based period number within the tax year (UK cumulative PAYE, NI tables)
	Earnings  []Earning `json:"earnings"`
	// PreTax are salary-sacrifice / net-pay-arrangement deductions taken
	// before tax.
	PreTax payroll.Money `json:"pre_tax,omitzero"`

	AU *AUEmployee `json:"au,omitempty"`
	UK *UKEmployee `json:"uk,omitempty"`
	NZ *NZEmployee `json:"nz,omitempty"`
	SG *SGEmployee `json:"sg,omitempty"`
	MY *MYEmployee `json:"my,omitempty"`
}

// Rule is a statutory rule: static data, shared by every figure it
// produces (no allocation per calculation).
type Rule struct {
	Code   string `json:"code"`   // stable machine name, e.g. "uk.ni.employee"
	Text   string `json:"text"`   // what it is, e.g. "UK NI employee, category A: 8% between PT and UEL, 2% above"
	Source string `json:"source"` // the publication, e.g. "HMRC CWG2 2026-27, NI tables"
}

// Term is a named intermediate value of a figure's computation.
type Term struct {
	Name  string        `json:"name"` // static text, e.g. "earnings above PT"
	Value payroll.Money `json:"value"`
}

// Figure is one computed statutory amount.
type Figure struct {
	Code   string        `json:"code"` // machine name of the figure, e.g. "payg", "ni.employee", "cpf.employer"
	Amount payroll.Money `json:"amount"`
	Rule   *Rule         `json:"rule"`
	Terms  []Term        `json:"terms,omitempty"` // intermediate values, in order of computation
}

// Result is every statutory figure of the employee-period.
type Result struct {
	Region  string   `json:"region"`
	TaxYear string   `json:"tax_year"`
	Figures []Figure `json:"figures"`
}

// Get returns the figure with code.
func (r *Result) Get(code string) (Figure, bool) {
	for _, f := range r.Figures {
		if f.Code == code {
			return f, true
		}
	}
	return Figure{}, false
}

// Engine computes one region's statutory figures.
type Engine interface {
	Region() string
	// TaxYear names the year whose rules apply to the input (error when the
	// engine has no rules for it).
	TaxYear(in *Input) (string, error)
	Calculate(in *Input) (Result, error)
}

// ErrNoRules is returned (wrapped) when a tax year's rules are not known.
var ErrNoRules = errors.New("no rules for that tax year")

// Gross sums the earnings lines.
func (in *Input) Gross() payroll.Money {
	var g payroll.Money
	for _, e := range in.Earnings {
		g = g.Add(e.Amount)
	}
	return g
}

// Vector is one row of a published or formula-derived test vector file
// (the format of reference vectors-sample.csv: region, period,
// scale_or_code, gross, expected_withholding, source). Period and Code are
// region-specific; each engine parses its own row kinds.
type Vector struct {
	Line     int    // 1-based line in the file, for reports
	Region   string // AU, UK, NZ, SG
	Period   string // e.g. "weekly", "monthly;p=1;NI-employee;2026-27", "monthly;CPF-employee;2025;age<=55"
	Code     string // e.g. "scale2", "1257L", "NI-cat-A", "M", "SC/SPR3+ OW"
	Gross    payroll.Money
	Expected payroll.Money
	Source   string
}

// VectorChecker is implemented by engines that can compute vector rows.
// Check returns the engine's figure for the row and the rule that produced
// it; a row kind the engine does not know is an error (counted as failed,
// never skipped).
type VectorChecker interface {
	CheckVector(v Vector) (got payroll.Money, rule *Rule, err error)
}

// UnmarshalJSON reads an Input; payment_date may be a plain date
// ("2025-10-15", what people type) or an RFC 3339 timestamp.
func (in *Input) UnmarshalJSON(b []byte) error {
	type plain Input // no methods: no recursion
	var aux struct {
		*plain
		PaymentDate string `json:"payment_date"`
	}
	aux.plain = (*plain)(in)
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	t, err := ParsePaymentDate(aux.PaymentDate)
	in.PaymentDate = t
	return err
}

// ParsePaymentDate reads a payment date: a plain date ("2025-10-15") or an
// RFC 3339 timestamp; empty is the zero time.
func ParsePaymentDate(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.DateOnly, time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("payment_date %q: want YYYY-MM-DD or RFC 3339", s)
}
