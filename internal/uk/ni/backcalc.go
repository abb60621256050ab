package ni

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	calcuk "github.com/payrolld/payrolld/internal/calc/uk"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

var engine = calcuk.New()

// niFor is Class 1 NI (employee, employer) on pay (pence) paid on day at
// frequency under category letter, by calc/uk: the same engine and year
// tables a pay run uses. Tax code NT: only the NI figures are read.
func niFor(letter string, day time.Time, f calc.Frequency, pay int64) ([2]int64, error) {
	in := calc.Input{Region: calc.UK, PaymentDate: day, Frequency: f, Period: 1,
		Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MoneyFromMinor(pay)}},
		UK:       &calc.UKEmployee{TaxCode: "NT", NICategory: letter}}
	res, err := engine.Calculate(&in)
	if err != nil {
		return [2]int64{}, err
	}
	var out [2]int64
	if f, ok := res.Get("ni.employee"); ok {
		out[0] = f.Amount.MinorUnits()
	}
	if f, ok := res.Get("ni.employer"); ok {
		out[1] = f.Amount.MinorUnits()
	}
	return out, nil
}

// taxYear is the UK tax year containing d: 6 April to 5 April.
func taxYear(d time.Time) (from, to time.Time, name string) {
	y := d.Year()
	if d.Before(time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)) {
		y--
	}
	from = time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(1, 0, -1), fmt.Sprintf("%d-%02d", y, (y+1)%100)
}

// NIBackCalcPeriod is one finalised pay run of the back calculation.
type NIBackCalcPeriod struct {
	PayRunID               int64            `json:"payRunId"`
	DatePaid               payroll.DateTime `json:"datePaid"`
	PayPeriodStarting      payroll.DateTime `json:"payPeriodStarting"`
	PayPeriodEnding        payroll.DateTime `json:"payPeriodEnding"`
	Frequency              string           `json:"frequency"`
	NIablePay              payroll.Money    `json:"niablePay" doc:"earnings subject to NI in the run"`
	EmployeeNIRecorded     payroll.Money    `json:"employeeNiRecorded"`
	EmployerNIRecorded     payroll.Money    `json:"employerNiRecorded"`
	EmployeeNIRecalculated payroll.Money    `json:"employeeNiRecalculated"`
	EmployerNIRecalculated payroll.Money    `json:"employerNiRecalculated"`
	EmployeeNIDifference   payroll.Money    `json:"employeeNiDifference"`
	EmployerNIDifference   payroll.Money    `json:"employerNiDifference"`
}

// NIBackCalculation is employee and employer NI of a tax year's finalised
// periods recomputed under a category, and the differences the next pay
// run applies.
type NIBackCalculation struct {
	ID                        int64              `json:"id" doc:"0 for a calculation not recorded (GET .../calculation)"`
	EmployeeID                int64              `json:"employeeId"`
	NationalInsuranceCategory string             `json:"nationalInsuranceCategory"`
	TaxYear                   string             `json:"taxYear" doc:"e.g. 2026-27"`
	FromDate                  payroll.DateTime   `json:"fromDate"`
	ToDate                    payroll.DateTime   `json:"toDate"`
	Periods                   []NIBackCalcPeriod `json:"periods"`
	EmployeeNIRecorded        payroll.Money      `json:"employeeNiRecorded"`
	EmployerNIRecorded        payroll.Money      `json:"employerNiRecorded"`
	EmployeeNIRecalculated    payroll.Money      `json:"employeeNiRecalculated"`
	EmployerNIRecalculated    payroll.Money      `json:"employerNiRecalculated"`
	EmployeeNIDifference      payroll.Money      `json:"employeeNiDifference" doc:"recalculated less recorded: positive = underpaid, deducted in the next pay run"`
	EmployerNIDifference      payroll.Money      `json:"employerNiDifference"`
	Status                    string             `json:"status" enum:"Calculated,Pending,Applied" doc:"Calculated: not recorded; Pending: the next pay run applies it; Applied: a finalised pay run did"`
	AppliedPayRunID           *int64             `json:"appliedPayRunId" nullable:"true"`
	DateCreated               *payroll.DateTime  `json:"dateCreated" nullable:"true"`
}

// NIBackCalcInput names the corrected category and the dates (payment
// dates) of the periods to recompute.
type NIBackCalcInput struct {
	NationalInsuranceCategory string           `json:"nationalInsuranceCategory" query:"nationalInsuranceCategory" maxLength:"1"`
	FromDate                  payroll.DateTime `json:"fromDate" nullable:"true" doc:"first payment date; default the start of the tax year containing toDate"`
	ToDate                    payroll.DateTime `json:"toDate" nullable:"true" doc:"last payment date; default today"`
}

// span checks the input and resolves its dates within one tax year.
func (in *NIBackCalcInput) span(today time.Time) (from, to time.Time, year string, err error) {
	var v payroll.Validation
	in.NationalInsuranceCategory = strings.ToUpper(strings.TrimSpace(in.NationalInsuranceCategory))
	to = payroll.DateOnly(today)
	if !in.ToDate.IsZero() {
		to = payroll.DateOnly(in.ToDate.Time)
	}
	yFrom, yTo, year := taxYear(to)
	from = yFrom
	if !in.FromDate.IsZero() {
		from = payroll.DateOnly(in.FromDate.Time)
		if from.Before(yFrom) || from.After(yTo) {
			v.Add("fromDate", "fromDate must be in the tax year %s of toDate (%s to %s)", year, yFrom.Format("2006-01-02"), yTo.Format("2006-01-02"))
		} else if from.After(to) {
			v.Add("fromDate", "fromDate must not be after toDate")
		}
	}
	switch {
	case in.NationalInsuranceCategory == "":
		v.Add("nationalInsuranceCategory", "nationalInsuranceCategory is required")
	case !ValidCategory(in.NationalInsuranceCategory, to):
		v.Add("nationalInsuranceCategory", "%q is not a National Insurance category letter", in.NationalInsuranceCategory)
	}
	return from, to, year, v.Err()
}

// compute recomputes NI of the employee's finalised periods in [from, to].
func compute(ctx context.Context, q *store.Queries, bizID, employeeID int64, letter, year string, from, to time.Time) (NIBackCalculation, error) {
	rows, err := q.UKFinalisedPeriods(ctx, store.UKFinalisedPeriodsParams{BusinessID: bizID, EmployeeID: employeeID, FromDate: from,
		ToDate: to.AddDate(0, 0, 1).Add(-time.Nanosecond)})
	if err != nil {
		return NIBackCalculation{}, err
	}
	bc := NIBackCalculation{EmployeeID: employeeID, NationalInsuranceCategory: letter, TaxYear: year, FromDate: payroll.NewDateTime(from),
		ToDate: payroll.NewDateTime(to), Periods: make([]NIBackCalcPeriod, 0, len(rows)), Status: "Calculated"}
	var sum [4]int64
	for _, r := range rows {
		// NI-able pay is what the run stored NI was worked on (after
		// salary sacrifice, without termination awards); a row calculated
		// before that was kept falls back to taxable pay before pre-tax
		// deductions.
		pay := r.Taxable + r.PreTax
		if r.NiablePay.Valid {
			pay = r.NiablePay.Int64
		}
		ni, err := niFor(letter, r.DatePaid, calc.Frequency(r.Frequency), pay)
		if err != nil {
			return NIBackCalculation{}, payroll.Invalid("nationalInsuranceCategory", "pay run %d (%s, paid %s) cannot be recalculated: %v", r.PayRunID, r.Frequency,
				r.DatePaid.Format("2006-01-02"), err)
		}
		bc.Periods = append(bc.Periods, NIBackCalcPeriod{PayRunID: r.PayRunID, DatePaid: payroll.NewDateTime(r.DatePaid), PayPeriodStarting: payroll.NewDateTime(r.PeriodStarting),
			PayPeriodEnding: payroll.NewDateTime(r.PeriodEnding), Frequency: r.Frequency, NIablePay: payroll.MoneyFromMinor(pay),
			EmployeeNIRecorded: payroll.MoneyFromMinor(r.NiEmployee), EmployerNIRecorded: payroll.MoneyFromMinor(r.NiEmployer),
			EmployeeNIRecalculated: payroll.MoneyFromMinor(ni[0]), EmployerNIRecalculated: payroll.MoneyFromMinor(ni[1]),
			EmployeeNIDifference: payroll.MoneyFromMinor(ni[0] - r.NiEmployee), EmployerNIDifference: payroll.MoneyFromMinor(ni[1] - r.NiEmployer)})
		sum[0] += r.NiEmployee
		sum[1] += r.NiEmployer
		sum[2] += ni[0]
		sum[3] += ni[1]
	}
	bc.setTotals(sum)
	return bc, nil
}

func (bc *NIBackCalculation) setTotals(sum [4]int64) {
	bc.EmployeeNIRecorded, bc.EmployerNIRecorded = payroll.MoneyFromMinor(sum[0]), payroll.MoneyFromMinor(sum[1])
	bc.EmployeeNIRecalculated, bc.EmployerNIRecalculated = payroll.MoneyFromMinor(sum[2]), payroll.MoneyFromMinor(sum[3])
	bc.EmployeeNIDifference, bc.EmployerNIDifference = payroll.MoneyFromMinor(sum[2]-sum[0]), payroll.MoneyFromMinor(sum[3]-sum[1])
}

// Calculate recomputes without recording (GET .../calculation).
func (s *Service) Calculate(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in NIBackCalcInput) (_ NIBackCalculation, err error) {
	defer payroll.Wrap(&err, "NI back calculation of employee %d", employeeID)
	if err := gate(biz, "National Insurance back calculations"); err != nil {
		return NIBackCalculation{}, err
	}
	from, to, year, err := in.span(s.Clock.Now())
	if err != nil {
		return NIBackCalculation{}, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return NIBackCalculation{}, err
	}
	return compute(ctx, s.DB.Queries(), biz.ID, employeeID, in.NationalInsuranceCategory, year, from, to)
}

// NIRecord recomputes and records the back calculation for the next pay
// run; while one is pending another is a 409 (delete it first).
func (s *Service) Record(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in NIBackCalcInput) (_ NIBackCalculation, err error) {
	defer payroll.Wrap(&err, "record NI back calculation of employee %d", employeeID)
	if err := gate(biz, "National Insurance back calculations"); err != nil {
		return NIBackCalculation{}, err
	}
	from, to, year, err := in.span(s.Clock.Now())
	if err != nil {
		return NIBackCalculation{}, err
	}
	var out NIBackCalculation
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		list, err := q.ListUKNIBackCalculations(ctx, store.ListUKNIBackCalculationsParams{BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		for _, b := range list {
			if b.AppliedPayRunID == 0 {
				return payroll.Conflict("back calculation %d of the employee is waiting for the next pay run: delete it first", b.ID)
			}
		}
		bc, err := compute(ctx, q, biz.ID, employeeID, in.NationalInsuranceCategory, year, from, to)
		if err != nil {
			return err
		}
		if len(bc.Periods) == 0 {
			return payroll.Invalid("fromDate", "no finalised pay run of the employee was paid between %s and %s", from.Format("2006-01-02"), to.Format("2006-01-02"))
		}
		periods, err := json.Marshal(bc.Periods)
		if err != nil {
			return err
		}
		row, err := q.CreateUKNIBackCalculation(ctx, store.CreateUKNIBackCalculationParams{BusinessID: biz.ID, EmployeeID: employeeID,
			Category: bc.NationalInsuranceCategory, TaxYear: year, FromDate: from, ToDate: to,
			EmployeeNiRecorded: bc.EmployeeNIRecorded.MinorUnits(), EmployerNiRecorded: bc.EmployerNIRecorded.MinorUnits(),
			EmployeeNiRecalculated: bc.EmployeeNIRecalculated.MinorUnits(), EmployerNiRecalculated: bc.EmployerNIRecalculated.MinorUnits(),
			Periods: string(periods), CreatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		bc.ID, bc.Status = row.ID, "Pending"
		created := payroll.NewDateTime(row.CreatedAt)
		bc.DateCreated = &created
		out = bc
		return nil
	})
	return out, err
}

func stored(r store.ListUKNIBackCalculationsRow) (NIBackCalculation, error) {
	bc := NIBackCalculation{ID: r.ID, EmployeeID: r.EmployeeID, NationalInsuranceCategory: r.Category, TaxYear: r.TaxYear,
		FromDate: payroll.NewDateTime(r.FromDate), ToDate: payroll.NewDateTime(r.ToDate), Status: "Pending"}
	if err := json.Unmarshal([]byte(r.Periods), &bc.Periods); err != nil {
		return bc, err
	}
	if bc.Periods == nil {
		bc.Periods = []NIBackCalcPeriod{}
	}
	bc.setTotals([4]int64{r.EmployeeNiRecorded, r.EmployerNiRecorded, r.EmployeeNiRecalculated, r.EmployerNiRecalculated})
	if r.AppliedPayRunID != 0 {
		id := r.AppliedPayRunID
		bc.Status, bc.AppliedPayRunID = "Applied", &id
	}
	created := payroll.NewDateTime(r.CreatedAt)
	bc.DateCreated = &created
	return bc, nil
}

// Latest is the employee's latest recorded back calculation (404 when
// none).
func (s *Service) Latest(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ NIBackCalculation, err error) {
	defer payroll.Wrap(&err, "get NI back calculation of employee %d", employeeID)
	if err := gate(biz, "National Insurance back calculations"); err != nil {
		return NIBackCalculation{}, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return NIBackCalculation{}, err
	}
	list, err := s.DB.Queries().ListUKNIBackCalculations(ctx, store.ListUKNIBackCalculationsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return NIBackCalculation{}, err
	}
	if len(list) == 0 {
		return NIBackCalculation{}, payroll.NotFound("National Insurance back calculation")
	}
	return stored(list[0])
}

// Delete removes the pending back calculation (404 when none is pending:
// one a finalised run applied is pay history).
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (err error) {
	defer payroll.Wrap(&err, "delete NI back calculation of employee %d", employeeID)
	if err := gate(biz, "National Insurance back calculations"); err != nil {
		return err
	}
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		list, err := q.ListUKNIBackCalculations(ctx, store.ListUKNIBackCalculationsParams{BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		for _, b := range list {
			if b.AppliedPayRunID == 0 {
				_, err := q.DeleteUKNIBackCalculation(ctx, store.DeleteUKNIBackCalculationParams{ID: b.ID, BusinessID: biz.ID, EmployeeID: employeeID})
				return err
			}
		}
		return payroll.NotFound("pending National Insurance back calculation")
	})
}

// Line kinds of a pay run applying a back calculation: they add to the
// run's employee and employer NI.
const (
	KindEmployeeAdjustment = "niemployeeadjustment"
	KindEmployerAdjustment = "niemployeradjustment"
)

// RunLine is a difference a pay run applies.
type RunLine struct {
	Kind       string
	Amount     payroll.Money
	Notes      string
	ExternalID string
}

// AdjustmentsForRun is each employee's pending back calculations as pay
// run lines (run payRunID applies those no other finalised run applied).
func AdjustmentsForRun(ctx context.Context, q *store.Queries, bizID, payRunID int64) (map[int64][]RunLine, error) {
	rows, err := q.ListUKNIBackCalculationsForRun(ctx, store.ListUKNIBackCalculationsForRunParams{BusinessID: bizID, PayRunID: payRunID})
	if err != nil {
		return nil, err
	}
	out := map[int64][]RunLine{}
	for _, r := range rows {
		note := fmt.Sprintf("NI back calculation %d: category %s, %s", r.ID, r.Category, r.TaxYear)
		ee, er := r.EmployeeNiRecalculated-r.EmployeeNiRecorded, r.EmployerNiRecalculated-r.EmployerNiRecorded
		// Both lines are written (a zero one too) so the run that applied
		// the calculation is always known.
		out[r.EmployeeID] = append(out[r.EmployeeID],
			RunLine{Kind: KindEmployeeAdjustment, Amount: payroll.MoneyFromMinor(ee), Notes: note, ExternalID: fmt.Sprintf("nibc:%d:ee", r.ID)},
			RunLine{Kind: KindEmployerAdjustment, Amount: payroll.MoneyFromMinor(er), Notes: note, ExternalID: fmt.Sprintf("nibc:%d:er", r.ID)})
	}
	return out, nil
}
