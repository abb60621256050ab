package forms

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	calcuk "github.com/payrolld/payrolld/internal/calc/uk"
	"github.com/payrolld/payrolld/internal/categories"
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
	Class1A                                       int64 // employer Class 1A NICs on termination awards (real time)
	// Letters are the year's NI figures by the category letter each pay
	// run calculated with, in order of first use; "" = runs calculated
	// before runs kept their letter.
	Letters []*LetterTotals
	// LastLetter is the letter of the last pay ("" = not kept).
	LastLetter string
}

// LetterTotals are one NI category letter's share of the year (pence).
type LetterTotals struct {
	Letter                  string
	Runs                    int
	Gross, NIEE, NIER       int64
	AtLEL, LELToPT, PTToUEL int64
}

func (t *Totals) letter(l string) *LetterTotals {
	for _, x := range t.Letters {
		if x.Letter == l {
			return x
		}
	}
	x := &LetterTotals{Letter: l}
	t.Letters = append(t.Letters, x)
	return x
}

// ByLetter is the year's NI by letter, the runs of no recorded letter
// counted under current (the employee's letter today, A when none), in
// order of first use: what P60 and FPS report, one entry per letter as
// HMRC's P60 shows a letter change in the year.
func (t *Totals) ByLetter(current string) []LetterTotals {
	if current == "" {
		current = "A"
	}
	var out []LetterTotals
	for _, x := range t.Letters {
		l := x.Letter
		if l == "" {
			l = current
		}
		i := slices.IndexFunc(out, func(o LetterTotals) bool { return o.Letter == l })
		if i < 0 {
			out = append(out, LetterTotals{Letter: l})
			i = len(out) - 1
		}
		o := &out[i]
		o.Runs += x.Runs
		o.Gross, o.NIEE, o.NIER = o.Gross+x.Gross, o.NIEE+x.NIEE, o.NIER+x.NIER
		o.AtLEL, o.LELToPT, o.PTToUEL = o.AtLEL+x.AtLEL, o.LELToPT+x.LELToPT, o.PTToUEL+x.PTToUEL
	}
	return out
}

// band adds one period's earnings to the RTI bands: nothing below the
// LEL; from the LEL, the LEL itself, then the part up to the PT, then the
// part from the PT up to the UEL (HMRC RTI guidance; thresholds of the
// period's frequency and tax year).
func (t *Totals) band(gross int64, b calcuk.NIBands) {
	at, low, high := bands(gross, b)
	t.AtLEL, t.LELToPT, t.PTToUEL = t.AtLEL+at, t.LELToPT+low, t.PTToUEL+high
}

// bands splits one period's earnings into the RTI bands.
func bands(gross int64, b calcuk.NIBands) (atLEL, lelToPT, ptToUEL int64) {
	lel, pt, uel := b.LEL.MinorUnits(), b.PT.MinorUnits(), b.UEL.MinorUnits()
	if gross < lel {
		return 0, 0, 0
	}
	atLEL, lelToPT = lel, min(gross, pt)-lel
	if gross > pt {
		ptToUEL = min(gross, uel) - pt
	}
	return atLEL, lelToPT, ptToUEL
}

// add folds one finalised pay into the totals; niable is the pay its NI
// was worked on (NIablePay): the NI bands and the gross for NICs are of
// it.
func (t *Totals) add(r store.UKFormsYearRunsRow, niable int64) error {
	t.Runs++
	t.Gross += r.Gross
	t.Taxable += r.Taxable
	t.Tax += r.Tax
	t.NIEE += r.NiEmployee
	t.NIER += r.NiEmployer
	t.Loan += r.StudentLoan
	t.PGLoan += r.PostgradLoan
	t.Net += r.Net
	t.Class1A += r.Class1aNic
	t.LastPaid, t.LastFrequency = r.DatePaid, r.Frequency
	b, err := calcuk.NIPeriodBands(r.DatePaid, calc.Frequency(r.Frequency))
	if err != nil {
		return err
	}
	t.band(niable, b)
	t.LastLetter = r.NiCategory.String
	l := t.letter(r.NiCategory.String)
	at, low, high := bands(niable, b)
	l.Runs++
	l.Gross, l.NIEE, l.NIER = l.Gross+niable, l.NIEE+r.NiEmployee, l.NIER+r.NiEmployer
	l.AtLEL, l.LELToPT, l.PTToUEL = l.AtLEL+at, l.LELToPT+low, l.PTToUEL+high
	return nil
}

// totalsByEmployee sums rows (ordered by employee) and statutory pay
// lines, the NI figures of the NI-able pay niable holds.
func totalsByEmployee(rows []store.UKFormsYearRunsRow, stat []store.UKFormsStatutoryPayRow, niable NIablePay) (map[int64]*Totals, error) {
	out := map[int64]*Totals{}
	for _, r := range rows {
		t := out[r.EmployeeID]
		if t == nil {
			t = &Totals{Statutory: map[string]int64{}}
			out[r.EmployeeID] = t
		}
		if err := t.add(r, niable.Of(r.EmployeeID, r.PayRunID)); err != nil {
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
// year-to-date figures are built the same way as the P60's), of the pay
// each run's NI was worked on (YearNIablePay).
func SumYear(rows []store.UKFormsYearRunsRow, stat []store.UKFormsStatutoryPayRow, niable NIablePay) (map[int64]*Totals, error) {
	return totalsByEmployee(rows, stat, niable)
}

// NIablePay is the pay each employee's Class 1 NI was worked on in each
// finalised run, by employee and pay run (pence): HMRC's "gross earnings
// for NICs" (RTI guidance), what the P60 and FPS NI bands are of, and the
// apprenticeship levy's pay bill (earnings liable to Class 1 secondary
// NICs). A termination award is not earnings (ITEPA 2003 s 403;
// docs/reference/termination-compensation.md), nor is pay given up by a
// salary sacrifice.
type NIablePay map[[2]int64]int64

// Of is employee employeeID's NI-able pay in run payRunID.
func (x NIablePay) Of(employeeID, payRunID int64) int64 { return x[[2]int64{employeeID, payRunID}] }

// YearNIablePay is the NI-able pay of each of rows, the finalised runs of
// business businessID paid in [from, to) (one employee, or all when
// employeeID is 0): the figure the pay run stored when it calculated
// (pay_run_employees.niable_pay, the engine's own NI-able pay). It is the
// one place the documents take it from.
//
// Runs calculated before that figure was stored (niable_pay NULL) fall
// back to their gross less the termination awards among their earnings
// (yearNIExempt). That re-derivation reads the pay categories' types as
// they are now and knows only awards, so it stays for those old runs only.
func YearNIablePay(ctx context.Context, q *store.Queries, businessID int64, from, to time.Time, employeeID int64,
	rows []store.UKFormsYearRunsRow) (NIablePay, error) {
	out := make(NIablePay, len(rows))
	var exempt niExempt
	for _, r := range rows {
		k := [2]int64{r.EmployeeID, r.PayRunID}
		if r.NiablePay.Valid {
			out[k] = r.NiablePay.Int64
			continue
		}
		if exempt == nil {
			var err error
			if exempt, err = yearNIExempt(ctx, q, businessID, from, to, employeeID); err != nil {
				return nil, err
			}
		}
		out[k] = r.Gross - exempt[k]
	}
	return out, nil
}

// niExempt is the earnings of each employee's finalised pay that are not
// NI-able, by employee and pay run (pence).
type niExempt map[[2]int64]int64

// yearNIExempt reads the earnings of the finalised runs of business
// businessID paid in [from, to) (one employee, or all when employeeID is
// 0) that are not NI-able: a termination award (a pay category of type
// ETP, which the pay run takes as a UK termination award: internal/payrun/pay
// categories). Under ITEPA 2003 s 403 it is not earnings, so no Class 1
// NICs (docs/reference/termination-compensation.md). Only YearNIablePay's
// fallback for runs calculated before niable_pay was stored reads it.
func yearNIExempt(ctx context.Context, q *store.Queries, businessID int64, from, to time.Time, employeeID int64) (niExempt, error) {
	types, err := categories.PayCategoryTypes(ctx, q, businessID)
	if err != nil {
		return nil, err
	}
	awards := map[int64]bool{}
	for id, t := range types {
		if strings.EqualFold(t, "ETP") {
			awards[id] = true
		}
	}
	out := niExempt{}
	if len(awards) == 0 {
		return out, nil
	}
	lines, err := q.UKFormsYearEarnings(ctx, store.UKFormsYearEarningsParams{BusinessID: businessID, YearFrom: from, YearTo: to, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if awards[l.CategoryID] {
			out[[2]int64{l.EmployeeID, l.PayRunID}] += l.Amount
		}
	}
	return out, nil
}

// TaxPeriod is the tax week or month number of a payment (see period).
func TaxPeriod(freq string, paid time.Time) (kind string, n int) { return period(freq, paid) }

// Bands adds one period's earnings to the RTI bands of t.
func (t *Totals) Bands(gross int64, b calcuk.NIBands) { t.band(gross, b) }
