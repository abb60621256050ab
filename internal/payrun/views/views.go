package views

import (
	"context"
	"database/sql"
	"io"
	"strconv"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// Columns is the whitelist of pay run members a B/payrun list filters and
// orders on, in SQL.
var Columns = odata.Whitelist{
	ID: "r.id",
	Columns: map[string]odata.Column{
		"id":                {SQL: "r.id", Type: odata.ColInt},
		"payScheduleId":     {SQL: "r.pay_schedule_id", Type: odata.ColInt},
		"payPeriodStarting": {SQL: "r.period_starting", Type: odata.ColTime},
		"payPeriodEnding":   {SQL: "r.period_ending", Type: odata.ColTime},
		"datePaid":          {SQL: "r.date_paid", Type: odata.ColTime},
		"dateFinalised":     {SQL: "r.date_finalised", Type: odata.ColTime, Nullable: true},
		"isFinalised":       {SQL: "(r.status = 'Finalised')", Type: odata.ColBool},
		"paySlipsPublished": {SQL: "r.pay_slips_published", Type: odata.ColBool},
		"notation":          {SQL: "r.notation", Type: odata.ColString},
		"externalId":        {SQL: "r.external_id", Type: odata.ColString},
	},
}

const listRunsSQL = `SELECT r.id, r.business_id, r.pay_schedule_id, r.frequency, r.period_starting, r.period_ending, r.date_paid, r.status,
    r.external_id, r.notation, r.adhoc, r.pay_slips_published, r.date_finalised, r.finalised_count, r.version, r.created_at, r.updated_at,
    r.total_hours_e4, r.total_gross, r.total_net
FROM pay_runs r `

// List is GET B/payrun and B/payrun/summary: OData filtered, ordered and
// paged in SQL, with each run's kept totals (pay_runs.total_*: a page
// reads its rows, whatever the runs' size).
func (s *Views) List(ctx context.Context, biz business.Business, q odata.Query) (_ []payrun.PayRunSummaryModel, err error) {
	defer payroll.Wrap(&err, "list pay runs")
	if err := odata.Check[payrun.PayRunModel](q); err != nil {
		return nil, err
	}
	where, args, err := s.RunsInAccess(ctx, biz, "r.business_id = $1", []any{biz.ID})
	if err != nil {
		return nil, err
	}
	c, err := odata.CompileSQL(q, Columns, len(args)+1)
	if err != nil {
		return nil, err
	}
	clause, cargs := c.Clause(where)
	rows, err := s.DB.Queries().Query(ctx, listRunsSQL+clause, append(args, cargs...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]payrun.PayRunSummaryModel, 0, c.Limit)
	for rows.Next() {
		var r store.PayRun
		if err := rows.Scan(&r.ID, &r.BusinessID, &r.PayScheduleID, &r.Frequency, &r.PeriodStarting, &r.PeriodEnding, &r.DatePaid, &r.Status,
			&r.ExternalID, &r.Notation, &r.Adhoc, &r.PaySlipsPublished, &r.DateFinalised, &r.FinalisedCount, &r.Version, &r.CreatedAt, &r.UpdatedAt,
			&r.TotalHoursE4, &r.TotalGross, &r.TotalNet); err != nil {
			return nil, err
		}
		out = append(out, payrun.SummaryModel(r))
	}
	return out, rows.Err()
}

// Totals is P/totals/{employeeId}: the employee's totals, keyed by id.
func (s *Views) Totals(ctx context.Context, biz business.Business, id, employeeID int64) (_ payrun.TotalsResponse, err error) {
	defer payroll.Wrap(&err, "pay run %d totals of employee %d", id, employeeID)
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return payrun.TotalsResponse{}, err
	}
	rows, err := s.Rows(ctx, q, run.ID, employeeID)
	if err != nil {
		return payrun.TotalsResponse{}, err
	}
	pens, err := pay.UKPensionsOf(ctx, q, biz.Region, biz.ID, run.ID, employeeID)
	if err != nil {
		return payrun.TotalsResponse{}, err
	}
	my, err := pay.MYFiguresOf(ctx, q, biz, run.ID, employeeID)
	if err != nil {
		return payrun.TotalsResponse{}, err
	}
	t := payrun.TotalModel(biz.Region, run, rows[0])
	payrun.ApplyUKPension(&t, pens)
	payrun.ApplyMY(&t, my, rows[0].Tax)
	return payrun.TotalsResponse{PayRunID: run.ID, PayRunTotals: map[string]payrun.PayRunTotalModel{strconv.FormatInt(employeeID, 10): t}}, nil
}

// AllTotals is P/totals: every employee's totals keyed by employee id, a
// payrun.TotalsResponse in JSON written as it is read, like Details (the
// members come in employee id order rather than sorted as strings).
func (s *Views) AllTotals(ctx context.Context, biz business.Business, id int64) (_ func(io.Writer) error, err error) {
	defer payroll.Wrap(&err, "pay run %d totals", id)
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return nil, err
	}
	return func(w io.Writer) (err error) {
		defer payroll.Wrap(&err, "pay run %d totals", id)
		pens, err := pay.UKPensionsOf(ctx, q, biz.Region, biz.ID, run.ID, 0)
		if err != nil {
			return err
		}
		my, err := pay.MYFiguresOf(ctx, q, biz, run.ID, 0)
		if err != nil {
			return err
		}
		out := newJSONStream(w)
		out.raw(`{"payRunId":` + strconv.FormatInt(run.ID, 10) + `,"payRunTotals":{`)
		sep := ""
		err = eachPage(ctx, q, run.ID, func(rows []store.ListPayRunEmployeesAfterRow) error {
			for _, r := range rows {
				t := payrun.TotalModel(biz.Region, run, r.PayRunEmployee)
				payrun.ApplyUKPension(&t, pens)
				payrun.ApplyMY(&t, my, r.PayRunEmployee.Tax)
				if err := out.value(sep+`"`+strconv.FormatInt(r.PayRunEmployee.EmployeeID, 10)+`":`, t); err != nil {
					return err
				}
				sep = ","
			}
			return nil
		})
		if err != nil {
			return err
		}
		return out.end("}}\n")
	}, nil
}

// superDetail breaks an employee's figures down by the run's lines (see
// payrun.SuperDetail).
func superDetail(region string, run store.PayRun, e store.PayRunEmployee, lines []store.PayRunLine, dob sql.NullTime, ote func(int64) bool) payrun.SuperDetail {
	var d payrun.SuperDetail
	var adjust, sacrifice, voluntary, employer, payg, ordinary int64
	var sacrificed int64 // by deduction lines (the rest of sacrifice is super adjustments)
	for _, l := range lines {
		switch l.Kind {
		case pay.KindSuperAdjustment:
			adjust += l.Amount
			switch l.Subtype {
			case "SalarySacrifice":
				sacrifice += l.Amount
			case "MemberVoluntary":
				voluntary += l.Amount
			case "EmployerContribution", "NonRescEmployerContribution":
				employer += l.Amount
			}
		case pay.KindTaxAdjustment:
			payg += l.Amount
		case pay.KindEarnings:
			if ote(l.CategoryID) {
				ordinary += l.Amount
			}
		case pay.KindDeduction:
			if l.Subtype == pay.SubtypeSalarySacrifice { // paid to the fund with the super
				sacrifice += l.Amount
				sacrificed += l.Amount
			}
		}
	}
	d.NonSuperDeductionTotal = money(e.PreTax + e.PostTax - sacrifice - voluntary)
	d.GrossPlusSuper = money(e.Gross)
	d.IsEmployeeUnder18 = dob.Valid && run.DatePaid.Before(dob.Time.AddDate(18, 0, 0))
	if region != "AU" {
		return d
	}
	d.SuperAdjustmentsAmount, d.SalarySacrificeSuperAmount, d.MemberVoluntarySuperAmount = money(adjust), money(sacrifice), money(voluntary)
	d.EmployerContributionAdjustmentsAmount = money(employer)
	d.SuperContributionMinusSuperAdjustments = money(e.SuperContribution - adjust - sacrificed)
	d.AllSuperContributionsTotal, d.SuperPaymentsTotal = money(e.SuperContribution), money(e.SuperContribution)
	d.GrossPlusSuper = money(e.Gross + e.SuperContribution)
	d.PaygAdjustmentsAmount, d.PaygPaymentTotal = money(payg), money(e.Tax)
	d.SuperContributionsCapApplied = e.CalcError == "" && ordinary > e.SuperBase
	return d
}

// PaySlips is P/payslips (employeeID 0: every employee, keyed by id) or
// P/payslips/{employeeId}. Year-to-date includes this run: the finalised
// runs of the tax year paid up to this run's date, plus this run.
func (s *Views) PaySlips(ctx context.Context, biz business.Business, id, employeeID int64) (_ map[string]payrun.PaySlip, err error) {
	defer payroll.Wrap(&err, "pay run %d pay slips", id)
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return nil, err
	}
	rows, err := s.Rows(ctx, q, run.ID, employeeID)
	if err != nil {
		return nil, err
	}
	var all []store.PayRunLine
	if employeeID == 0 {
		all, err = q.ListPayRunLines(ctx, run.ID)
	} else {
		all, err = q.ListPayRunLinesOfEmployee(ctx, store.ListPayRunLinesOfEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
	}
	if err != nil {
		return nil, err
	}
	lines := map[int64][]store.PayRunLine{}
	for _, l := range all {
		lines[l.EmployeeID] = append(lines[l.EmployeeID], l)
	}
	ytds, err := pay.YearToDate(ctx, q, biz, &run)
	if err != nil {
		return nil, err
	}
	pens, err := pay.UKPensionsOf(ctx, q, biz.Region, biz.ID, run.ID, employeeID)
	if err != nil {
		return nil, err
	}
	data, err := s.loadSlipData(ctx, q, biz, run, employeeID)
	if err != nil {
		return nil, err
	}
	my, err := pay.MYFiguresOf(ctx, q, biz, run.ID, employeeID)
	if err != nil {
		return nil, err
	}
	myYTD, err := pay.MYYearToDate(ctx, q, biz, &run)
	if err != nil {
		return nil, err
	}
	out := make(map[string]payrun.PaySlip, len(rows))
	locations := map[int64]string{} // the earnings lines' location names, read once each
	for _, e := range rows {
		var y *store.PayRunYearToDateRow
		if v := ytds[e.EmployeeID]; v != nil {
			y = &v.PayRunYearToDateRow
		}
		p := paySlip(biz, run, e, lines[e.EmployeeID], y, data.ote)
		for i, l := range p.EarningsLines {
			if l.LocationID == 0 {
				continue
			}
			name, ok := locations[l.LocationID]
			if !ok {
				name, err = q.GetBusinessLocationName(ctx, store.GetBusinessLocationNameParams{ID: l.LocationID, BusinessID: biz.ID})
				if err != nil && !db.IsNoRows(err) {
					return nil, err
				}
				locations[l.LocationID] = name
			}
			p.EarningsLines[i].LocationName = name
		}
		p.PaySlipDetail = data.detail(biz.Region, run, e, lines[e.EmployeeID])
		if l, ok := pens.Of(run.ID, e.EmployeeID); ok {
			p.PensionSchemeName, p.EmployeePensionContribution, p.EmployerPensionContribution = l.SchemeName, money(l.EE), money(l.ER)
			p.PensionArrangement = l.Arrangement
		}
		if l, ok := my.Of(run.ID, e.EmployeeID); ok {
			var taxYTD int64
			if y := ytds[e.EmployeeID]; y != nil {
				taxYTD = y.Tax
			}
			p.MYPaySlip = payrun.MYSlip(l, myYTD[e.EmployeeID], e.Tax, taxYTD)
		}
		out[strconv.FormatInt(e.EmployeeID, 10)] = p
	}
	return out, nil
}

func paySlip(biz business.Business, run store.PayRun, e store.PayRunEmployee, lines []store.PayRunLine, y *store.PayRunYearToDateRow, ote func(int64) bool) payrun.PaySlip {
	t := payrun.TotalModel(biz.Region, run, e)
	if y == nil {
		y = &store.PayRunYearToDateRow{}
	}
	p := payrun.PaySlip{ID: e.ID, EmployeeID: e.EmployeeID, EmployeeExternalID: e.EmployeeExternalID, EmployeeName: e.EmployeeName,
		BusinessName: biz.Name, PayPeriodStarting: run.PeriodStarting.Format("2006-01-02"), PayPeriodEnding: run.PeriodEnding.Format("2006-01-02"),
		DatePaid: run.DatePaid.Format("2006-01-02"), Message: run.Notation, Notation: e.Notation, IsPublished: run.PaySlipsPublished,
		TotalHours: t.TotalHours, GrossEarnings: t.GrossEarnings, NetEarnings: t.NetEarnings, TaxableEarnings: t.TaxableEarnings,
		PreTaxDeductionAmount: t.PreTaxDeductions, PostTaxDeductionAmount: t.PostTaxDeductions, PaygWithholdingAmount: t.PaygWithheld,
		HelpAmount: t.HelpWithheld, SuperContribution: t.SuperContribution, PayeAmount: t.PayeWithheld,
		EmployeeNI: t.EmployeeNationalInsuranceContribution, EmployerNI: t.EmployerNationalInsuranceContribution,
		StudentLoanAmount: t.StudentLoanAmount, PostGradLoanAmount: t.PostGradLoanAmount, KiwiSaverEmployee: t.KiwiSaverEmployeeContribution,
		KiwiSaverEmployer: t.KiwiSaverEmployerContribution, Esct: t.EsctContribution, AccLevy: t.AccLevyAmount,
		CpfEmployee: t.CpfEmployeeContributionAmount, CpfEmployer: t.CpfEmployerContributionAmount, Sdl: t.SdlContributionAmount,
		GrossYTD: money(y.Gross + e.Gross), NetYTD: money(y.Net + e.Net), WithholdingYTD: money(y.Tax + e.Tax),
		SuperYTD: money(y.SuperContribution + e.SuperContribution), PreTaxDeductionsYTD: money(y.PreTax + e.PreTax),
		PostTaxDeductionsYTD: money(y.PostTax + e.PostTax), EmployeeNIYTD: money(y.NiEmployee + e.NiEmployee),
		StudentLoanYTD: money(y.StudentLoan + e.StudentLoan), KiwiSaverEmployeeYTD: money(y.KiwisaverEmployee + e.KiwisaverEmployee),
		AccLevyYTD: money(y.AccLevy + e.AccLevy), CpfEmployeeYTD: money(y.CpfEmployee + e.CpfEmployee),
		EarningsLines: []payrun.PaySlipEarningsLine{}, Deductions: []payrun.PaySlipDeduction{}, EmployeeExpenses: []payrun.PaySlipAmount{}, TaxAdjustments: []payrun.PaySlipAmount{}}
	if biz.Region == "AU" {
		p.HelpYTD = money(y.Stsl + e.Stsl)
		p.PaygYTD = money(y.Tax + e.Tax - y.Stsl - e.Stsl)
	}
	shares := payrun.EmployeeLineShares(biz.Region, e, lines, ote)
	for _, l := range lines {
		units, _ := pay.ParseRate(l.Units)
		rate, _ := pay.ParseRate(l.Rate)
		switch l.Kind {
		case pay.KindEarnings:
			taxable := money(l.Amount)
			if l.TaxExempt {
				taxable = payroll.Money{}
			}
			p.EarningsLines = append(p.EarningsLines, payrun.PaySlipEarningsLine{CategoryID: l.CategoryID, LocationID: l.LocationID, PayCategoryName: l.CategoryName, Units: units, Rate: rate,
				IsTaxExempt: l.TaxExempt, Notes: l.Notes, GrossEarnings: money(l.Amount), TaxableEarnings: taxable, SuperContribution: shares[l.ID].Super})
		case pay.KindDeduction:
			st := "PostTax"
			if l.TaxExempt {
				st = "PreTax"
			}
			p.Deductions = append(p.Deductions, payrun.PaySlipDeduction{CategoryID: l.CategoryID, Name: l.CategoryName, Notes: l.Notes, Amount: money(l.Amount), TaxStatus: st})
		case pay.KindExpense:
			p.EmployeeExpenses = append(p.EmployeeExpenses, payrun.PaySlipAmount{Name: l.CategoryName, Notes: l.Notes, Amount: money(l.Amount)})
		case pay.KindBenefit:
			p.PayrolledBenefits = append(p.PayrolledBenefits, payrun.PaySlipAmount{Name: l.CategoryName, Notes: l.Notes, Amount: money(l.Amount)})
		case pay.KindTaxAdjustment:
			p.TaxAdjustments = append(p.TaxAdjustments, payrun.PaySlipAmount{Name: "Tax adjustment", Notes: l.Notes, Amount: money(l.Amount)})
		case pay.KindSuperAdjustment:
			// Super the employee pays out of their pay is deducted from it
			// (the employer's contributions are not).
			switch l.Subtype {
			case "SalarySacrifice":
				p.Deductions = append(p.Deductions, payrun.PaySlipDeduction{Name: "Superannuation (salary sacrifice)", Notes: l.Notes, Amount: money(l.Amount), TaxStatus: "PreTax"})
			case "MemberVoluntary":
				p.Deductions = append(p.Deductions, payrun.PaySlipDeduction{Name: "Superannuation (member voluntary)", Notes: l.Notes, Amount: money(l.Amount), TaxStatus: "PostTax"})
			}
		}
	}
	return p
}
