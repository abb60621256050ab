package forms

import (
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	calcuk "github.com/payrolld/payrolld/internal/calc/uk"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// NIBand is a category letter's earnings and contributions for the year
// (P60 and FPS: earnings at the LEL, above the LEL up to the PT, above the
// PT up to the UEL, employee contributions above the PT).
type NIBand struct {
	Category               string        `json:"category"`
	EarningsAtLEL          payroll.Money `json:"earningsAtLEL"`
	EarningsAboveLELUpToPT payroll.Money `json:"earningsAboveLELUpToPT"`
	EarningsAbovePTUpToUEL payroll.Money `json:"earningsAbovePTUpToUEL"`
	EmployeeContributions  payroll.Money `json:"employeeContributions" doc:"employee's NI above the PT"`
	EmployerContributions  payroll.Money `json:"employerContributions"`
}

// StatutoryPayment is a statutory payment's total for the year.
type StatutoryPayment struct {
	Type   string        `json:"type" enum:"SMP,SPP,SAP,ShPP,SPBP,SNCP,SSP"`
	Amount payroll.Money `json:"amount"`
}

// Totals are an employee's sums over finalised pay in a tax year, in pence.
type Totals struct {
	Runs                                          int
	Gross, Taxable, Tax, NIEE, NIER, Loan, PGLoan int64
	Net                                           int64
	AtLEL, LELToPT, PTToUEL                       int64
	LastPaid                                      time.Time
	LastFrequency                                 string
	Statutory                                     map[string]int64
}

// band adds one period's earnings to the RTI bands: nothing below the
// LEL; from the LEL, the LEL itself, then the part up to the PT, then the
// part from the PT up to the UEL (HMRC RTI guidance; thresholds of the
// period's frequency and tax year).
func (t *Totals) band(gross int64, b calcuk.NIBands) {
	lel, pt, uel := b.LEL.MinorUnits(), b.PT.MinorUnits(), b.UEL.MinorUnits()
	if gross < lel {
		return
	}
	t.AtLEL += lel
	t.LELToPT += min(gross, pt) - lel
	if gross > pt {
		t.PTToUEL += min(gross, uel) - pt
	}
}

// add folds one finalised pay into the totals.
func (t *Totals) add(r store.UKFormsYearRunsRow) error {
	t.Runs++
	t.Gross += r.Gross
	t.Taxable += r.Taxable
	t.Tax += r.Tax
	t.NIEE += r.NiEmployee
	t.NIER += r.NiEmployer
	t.Loan += r.StudentLoan
	t.PGLoan += r.PostgradLoan
	t.Net += r.Net
	t.LastPaid, t.LastFrequency = r.DatePaid, r.Frequency
	b, err := calcuk.NIPeriodBands(r.DatePaid, calc.Frequency(r.Frequency))
	if err != nil {
		return err
	}
	t.band(r.Gross, b)
	return nil
}

// totalsByEmployee sums rows (ordered by employee) and statutory pay lines.
func totalsByEmployee(rows []store.UKFormsYearRunsRow, stat []store.UKFormsStatutoryPayRow) (map[int64]*Totals, error) {
	out := map[int64]*Totals{}
	for _, r := range rows {
		t := out[r.EmployeeID]
		if t == nil {
			t = &Totals{Statutory: map[string]int64{}}
			out[r.EmployeeID] = t
		}
		if err := t.add(r); err != nil {
			return nil, err
		}
	}
	for _, l := range stat {
		t := out[l.EmployeeID]
		if t == nil {
			continue
		}
		// External ids are statutoryleave:<kind>:<leave id>:<week>.
		parts := strings.Split(l.ExternalID, ":")
		if len(parts) > 1 {
			t.Statutory[statutoryName(parts[1])] += l.Amount
		}
	}
	return out, nil
}

var statutoryNames = map[string]string{"smp": "SMP", "spp": "SPP", "sap": "SAP", "shpp": "ShPP", "spbp": "SPBP", "sncp": "SNCP", "ssp": "SSP"}

func statutoryName(kind string) string {
	if n, ok := statutoryNames[strings.ToLower(kind)]; ok {
		return n
	}
	return strings.ToUpper(kind)
}

// statutoryList is the year's statutory payments in a fixed order.
func (t *Totals) statutoryList() []StatutoryPayment {
	out := []StatutoryPayment{}
	for _, k := range []string{"SMP", "SPP", "SAP", "ShPP", "SPBP", "SNCP", "SSP"} {
		if v := t.Statutory[k]; v != 0 {
			out = append(out, StatutoryPayment{Type: k, Amount: payroll.MoneyFromMinor(v)})
		}
	}
	return out
}

// period is the tax week or month of a payment: 6 April starts week 1 and
// month 1 (monthly and quarterly pay count months, others weeks).
func period(freq string, paid time.Time) (kind string, n int) {
	start := time.Date(paid.Year(), time.April, 6, 0, 0, 0, 0, time.UTC)
	if paid.Before(start) {
		start = start.AddDate(-1, 0, 0)
	}
	switch freq {
	case "Monthly", "Quarterly":
		m := int(paid.Month()) - 4
		if paid.Day() < 6 {
			m--
		}
		return "Month", (m+12)%12 + 1
	}
	days := int(paid.Sub(start).Hours() / 24)
	return "Week", days/7 + 1
}

func money(p int64) payroll.Money { return payroll.MoneyFromMinor(p) }

// SumYear folds finalised pay rows (ordered by employee) and statutory
// pay lines into per-employee totals with their NI bands (the FPS's
// year-to-date figures are built the same way as the P60's).
func SumYear(rows []store.UKFormsYearRunsRow, stat []store.UKFormsStatutoryPayRow) (map[int64]*Totals, error) {
	return totalsByEmployee(rows, stat)
}

// TaxPeriod is the tax week or month number of a payment (see period).
func TaxPeriod(freq string, paid time.Time) (kind string, n int) { return period(freq, paid) }

// Bands adds one period's earnings to the RTI bands of t.
func (t *Totals) Bands(gross int64, b calcuk.NIBands) { t.band(gross, b) }
