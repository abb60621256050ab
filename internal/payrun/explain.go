package payrun

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
)

// ExplainRule is the statutory rule a figure comes from.
type ExplainRule struct {
	Code   string `json:"code"`
	Text   string `json:"text"`
	Source string `json:"source"`
}

// ExplainTerm is a named intermediate value of a figure.
type ExplainTerm struct {
	Name  string        `json:"name"`
	Value payroll.Money `json:"value"`
}

// ExplainFigure is one statutory figure with its rule and terms.
type ExplainFigure struct {
	Code   string        `json:"code"`
	Amount payroll.Money `json:"amount"`
	Rule   ExplainRule   `json:"rule"`
	Terms  []ExplainTerm `json:"terms"`
}

// ExplainModel is P/payslips/{employeeId}/explain: every statutory figure
// of the employee's pay slip with the rule and inputs that produced it.
type ExplainModel struct {
	PayRunID       int64           `json:"payRunId"`
	EmployeeID     int64           `json:"employeeId"`
	Region         string          `json:"region"`
	TaxYear        string          `json:"taxYear"`
	MatchesPaySlip bool            `json:"matchesPaySlip" doc:"the figures recomputed from the employee's current details equal the pay slip's (false when their tax details changed since the run was calculated)"`
	Error          string          `json:"error" doc:"why the pay could not be calculated, when it could not"`
	Inputs         map[string]any  `json:"inputs" doc:"the calculation's input: period, earnings, pre-tax deductions, the employee's statutory settings and year-to-date"`
	Figures        []ExplainFigure `json:"figures"`
}

// Explain recomputes the employee's statutory figures with calc from the
// run's lines, the employee's settings and year-to-date, as the run
// computed them, and returns each figure with its rule and terms.
func (s *Service) Explain(ctx context.Context, biz business.Business, id, employeeID int64) (_ ExplainModel, err error) {
	defer payroll.Wrap(&err, "explain pay slip of employee %d in pay run %d", employeeID, id)
	cats, err := s.loadCategories(ctx, biz)
	if err != nil {
		return ExplainModel{}, err
	}
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return ExplainModel{}, err
	}
	row, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return ExplainModel{}, payroll.NotFound("employee in this pay run")
	}
	if err != nil {
		return ExplainModel{}, err
	}
	er, err := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: employeeID})
	if db.IsNoRows(err) {
		return ExplainModel{}, payroll.NotFound("employee")
	}
	if err != nil {
		return ExplainModel{}, err
	}
	e := EmployeeRow(er)
	if err := ukCategoryOn(ctx, q, biz.Region, biz.ID, &run, &e); err != nil { // NI category on the payment date
		return ExplainModel{}, err
	}
	stored, err := q.ListPayRunLinesOfEmployee(ctx, store.ListPayRunLinesOfEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
	if err != nil {
		return ExplainModel{}, err
	}
	lines := make([]line, 0, len(stored))
	for _, sl := range stored {
		l := lineOf(sl, cats)
		if !sl.UserEntered && sl.Kind == KindEarnings && row.StandardEarnings {
			// The standard earnings line as computed (with the period's
			// hours whatever the rate unit), when it is still the same.
			if std, ok := standardEarnings(&e, run.Frequency, cats.primary(e.PrimaryPayCategoryID.Int64)); ok && std.Amount == sl.Amount {
				std.PayRunLine = sl
				l = std
			}
		}
		lines = append(lines, l)
	}
	ytds, err := s.yearToDate(ctx, q, biz, &run)
	if err != nil {
		return ExplainModel{}, err
	}
	y := ytds[employeeID]
	if y == nil {
		y = &ytd{}
	}
	out := ExplainModel{PayRunID: run.ID, EmployeeID: employeeID, Region: biz.Region, Inputs: map[string]any{}, Figures: []ExplainFigure{}}
	pen, err := ukPensionFor(ctx, q, biz.Region, biz.ID, &run, employeeID)
	if err != nil {
		return ExplainModel{}, err
	}
	in, res, cerr := explainCalc(biz.Region, &run, &e, lines, y, pen)
	if cerr != nil {
		out.Error = cerr.Error()
	}
	if in != nil {
		if out.Inputs, err = asObject(in); err != nil {
			return ExplainModel{}, err
		}
	}
	out.TaxYear = res.TaxYear
	for _, f := range res.Figures {
		x := ExplainFigure{Code: f.Code, Amount: f.Amount, Terms: make([]ExplainTerm, len(f.Terms))}
		if f.Rule != nil {
			x.Rule = ExplainRule{Code: f.Rule.Code, Text: f.Rule.Text, Source: f.Rule.Source}
		}
		for i, t := range f.Terms {
			x.Terms[i] = ExplainTerm{Name: t.Name, Value: t.Value}
		}
		out.Figures = append(out.Figures, x)
	}
	f := compute(biz.Region, &run, &e, lines, y, pen)
	out.MatchesPaySlip = f.tax == row.Tax && f.stsl == row.Stsl && f.super == row.SuperContribution && f.niEE == row.NiEmployee &&
		f.niER == row.NiEmployer && f.studentLoan == row.StudentLoan && f.pgLoan == row.PostgradLoan && f.ksEE == row.KiwisaverEmployee &&
		f.ksER == row.KiwisaverEmployer && f.esct == row.Esct && f.acc == row.AccLevy && f.cpfEE == row.CpfEmployee &&
		f.cpfER == row.CpfEmployer && f.sdl == row.Sdl && f.net == row.Net && f.calcError == row.CalcError
	return out, nil
}

// explainCalc builds the calculation's input for an employee-period as
// compute and statutory do and returns calc's result for it.
func explainCalc(region string, run *store.PayRun, e *EmployeeRow, lines []line, y *ytd, pen *pensionmember.Member) (*calc.Input, calc.Result, error) {
	in := &calc.Input{Region: region, PaymentDate: run.DatePaid}
	if fr, ok := frequencies[run.Frequency]; ok {
		in.Frequency = fr.calc
	} else {
		in.Frequency = calc.Frequency(run.Frequency)
	}
	var preTax int64
	for i := range lines {
		l := &lines[i]
		switch l.Kind {
		case KindEarnings:
			in.Earnings = append(in.Earnings, calc.Earning{Category: l.CategoryName, Kind: l.earningKind, Amount: money(l.Amount),
				Hours: l.hours, NotTaxable: l.TaxExempt})
		case KindDeduction:
			if l.TaxExempt {
				preTax += l.Amount
			}
		}
	}
	in.PreTax = money(preTax)
	switch region {
	case calc.AU:
		in.AU = auEmployee(e)
		in.AU.YTD = calc.AUToDate{Earnings: money(y.Taxable), SuperBase: money(y.SuperBase)}
		res, err := engine.Calculate(in)
		if err != nil {
			return in, res, err
		}
		if sg, ok := res.Get("super.guarantee"); ok && hasTerm(sg, "base already counted this quarter") && y.QuarterSuperBase != y.SuperBase {
			in.AU.YTD.SuperBase = money(y.QuarterSuperBase)
			res, err = engine.Calculate(in)
		}
		return in, res, err
	case calc.UK:
		uk, err := ukEmployee(e)
		if err != nil {
			return in, calc.Result{}, err
		}
		in.UK = uk
		in.UK.YTD = calc.UKYearToDate{TaxablePay: money(y.Taxable), TaxPaid: money(y.Tax), NIEarnings: money(y.Gross),
			EmployeeNI: money(y.NiEmployee), EmployerNI: money(y.NiEmployer)}
		in.Period = ukPeriod(run.Frequency, run.DatePaid)
		res, err := ukCalculate(in, pen, &figures{})
		return in, res, err
	case calc.NZ:
		in.NZ = nzEmployee(e)
		in.NZ.ACCLiableEarningsYTD = money(y.Gross)
	case calc.SG:
		in.SG = sgEmployee(e, run.DatePaid)
		in.SG.OWSubjectToCPFYTD, in.SG.AWSubjectToCPFYTD = money(y.CpfOwSubject), money(y.CpfAwSubject)
	}
	res, err := engine.Calculate(in)
	return in, res, err
}

// asObject is v as a JSON object with its numbers kept exact.
func asObject(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	out := map[string]any{}
	if err := d.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}
