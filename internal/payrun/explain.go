package payrun

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
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
	// Award is the chain from shift to pay line of the timesheets the run
	// paid under the employee's employment agreement.
	Award []ExplainAwardShift `json:"award" doc:"the timesheet lines paid under the employee's employment agreement, each with the lines its pay condition rules made of it"`
}

// ExplainAwardShift is a timesheet line paid under an employment agreement.
type ExplainAwardShift struct {
	TimesheetLineID int64              `json:"timesheetLineId"`
	StartTime       payroll.DateTime   `json:"startTime"`
	EndTime         payroll.DateTime   `json:"endTime"`
	Lines           []ExplainAwardLine `json:"lines"`
}

// ExplainAwardLine is what a rule paid of a shift.
type ExplainAwardLine struct {
	Rule            string           `json:"rule"`
	Clause          string           `json:"clause"`
	Kind            string           `json:"kind" enum:"Ordinary,Overtime,TopUp,Allowance"`
	PayCategoryID   int64            `json:"payCategoryId"`
	PayCategoryName string           `json:"payCategoryName"`
	StartTime       payroll.DateTime `json:"startTime"`
	EndTime         payroll.DateTime `json:"endTime"`
	Units           payroll.Rate     `json:"units" doc:"hours, or 1 for an allowance per shift or day"`
	Rate            payroll.Money    `json:"rate"`
	Amount          payroll.Money    `json:"amount"`
}

// Explain recomputes the employee's statutory figures with calc from the
// run's lines, the employee's settings and year-to-date, as the run
// computed them, and returns each figure with its rule and terms.
func (s *Service) Explain(ctx context.Context, biz business.Business, id, employeeID int64) (_ ExplainModel, err error) {
	defer payroll.Wrap(&err, "explain pay slip of employee %d in pay run %d", employeeID, id)
	cats, err := s.LoadCategories(ctx, biz)
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
	x, err := pay.Explain(ctx, q, biz, &run, &row, pay.EmployeeRow(er), cats)
	if err != nil {
		return ExplainModel{}, err
	}
	out := ExplainModel{PayRunID: run.ID, EmployeeID: employeeID, Region: biz.Region, Inputs: map[string]any{}, Figures: []ExplainFigure{},
		MatchesPaySlip: x.Matches, Award: []ExplainAwardShift{}}
	shifts, err := s.ExplainAward(ctx, q, biz, &run, employeeID)
	if err != nil {
		return ExplainModel{}, err
	}
	for _, sh := range shifts {
		xs := ExplainAwardShift{TimesheetLineID: sh.TimesheetLineID, StartTime: payroll.NewDateTime(sh.Start), EndTime: payroll.NewDateTime(sh.End), Lines: []ExplainAwardLine{}}
		for _, l := range sh.Lines {
			xs.Lines = append(xs.Lines, ExplainAwardLine{Rule: l.Rule, Clause: l.Clause, Kind: l.Kind, PayCategoryID: l.PayCategoryID,
				PayCategoryName: cats.ByKind[pay.KindEarnings][l.PayCategoryID].Name, StartTime: payroll.NewDateTime(l.Start), EndTime: payroll.NewDateTime(l.End),
				Units: l.Units(), Rate: l.Rate(), Amount: l.Amount()})
		}
		out.Award = append(out.Award, xs)
	}
	if x.Err != nil {
		out.Error = x.Err.Error()
	}
	if x.Input != nil {
		if out.Inputs, err = asObject(x.Input); err != nil {
			return ExplainModel{}, err
		}
	}
	out.TaxYear = x.Result.TaxYear
	for _, f := range x.Result.Figures {
		x := ExplainFigure{Code: f.Code, Amount: f.Amount, Terms: make([]ExplainTerm, len(f.Terms))}
		if f.Rule != nil {
			x.Rule = ExplainRule{Code: f.Rule.Code, Text: f.Rule.Text, Source: f.Rule.Source}
		}
		for i, t := range f.Terms {
			x.Terms[i] = ExplainTerm{Name: t.Name, Value: t.Value}
		}
		out.Figures = append(out.Figures, x)
	}
	return out, nil
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
