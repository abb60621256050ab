package payrun

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
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
    (SELECT COALESCE(SUM(e.total_hours_e4), 0) FROM pay_run_employees e WHERE e.pay_run_id = r.id),
    (SELECT COALESCE(SUM(e.gross), 0) FROM pay_run_employees e WHERE e.pay_run_id = r.id),
    (SELECT COALESCE(SUM(e.net), 0) FROM pay_run_employees e WHERE e.pay_run_id = r.id)
FROM pay_runs r `

// List is GET B/payrun and B/payrun/summary: OData filtered, ordered and
// paged in SQL, with each run's totals.
func (s *Service) List(ctx context.Context, biz business.Business, q odata.Query) (_ []PayRunSummaryModel, err error) {
	defer payroll.Wrap(&err, "list pay runs")
	if _, err := odata.Apply[PayRunModel](nil, q); err != nil {
		return nil, err
	}
	c, err := odata.CompileSQL(q, Columns, 2)
	if err != nil {
		return nil, err
	}
	clause, args := c.Clause("r.business_id = $1")
	rows, err := s.DB.Queries().Query(ctx, listRunsSQL+clause, append([]any{biz.ID}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]PayRunSummaryModel, 0, c.Limit)
	for rows.Next() {
		var r store.PayRun
		var hours, gross, net int64
		if err := rows.Scan(&r.ID, &r.BusinessID, &r.PayScheduleID, &r.Frequency, &r.PeriodStarting, &r.PeriodEnding, &r.DatePaid, &r.Status,
			&r.ExternalID, &r.Notation, &r.Adhoc, &r.PaySlipsPublished, &r.DateFinalised, &r.FinalisedCount, &r.Version, &r.CreatedAt, &r.UpdatedAt,
			&hours, &gross, &net); err != nil {
			return nil, err
		}
		out = append(out, PayRunSummaryModel{PayRunModel: runModel(r), TotalHours: hoursFromE4(hours), TotalGrossWages: money(gross), TotalNetWages: money(net)})
	}
	return out, rows.Err()
}

// Totals is P/totals (employeeID 0) or P/totals/{employeeId}.
func (s *Service) Totals(ctx context.Context, biz business.Business, id, employeeID int64) (_ TotalsResponse, err error) {
	defer payroll.Wrap(&err, "pay run %d totals", id)
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return TotalsResponse{}, err
	}
	rows, err := s.rows(ctx, q, run.ID, employeeID)
	if err != nil {
		return TotalsResponse{}, err
	}
	pens, err := ukPensionLines(ctx, q, biz.Region, biz.ID, run.ID, employeeID)
	if err != nil {
		return TotalsResponse{}, err
	}
	out := TotalsResponse{PayRunID: run.ID, PayRunTotals: make(map[string]PayRunTotalModel, len(rows))}
	for _, e := range rows {
		t := totalModel(biz.Region, run, e)
		applyUKPension(&t, pens)
		out.PayRunTotals[strconv.FormatInt(e.EmployeeID, 10)] = t
	}
	return out, nil
}

// rows is every employee row of a run, or the one of employeeID (404 when
// the employee is not in the run).
func (s *Service) rows(ctx context.Context, q *store.Queries, runID, employeeID int64) ([]store.PayRunEmployee, error) {
	if employeeID == 0 {
		return q.ListPayRunEmployees(ctx, runID)
	}
	e, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: runID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return nil, payroll.NotFound("employee in this pay run")
	}
	return []store.PayRunEmployee{e}, err
}

// Details is P/details.
func (s *Service) Details(ctx context.Context, biz business.Business, id int64) (_ DetailsModel, err error) {
	defer payroll.Wrap(&err, "pay run %d details", id)
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return DetailsModel{}, err
	}
	rows, err := q.ListPayRunEmployees(ctx, run.ID)
	if err != nil {
		return DetailsModel{}, err
	}
	all, err := q.ListPayRunLines(ctx, run.ID)
	if err != nil {
		return DetailsModel{}, err
	}
	lines := map[int64][]store.PayRunLine{}
	for _, l := range all {
		lines[l.EmployeeID] = append(lines[l.EmployeeID], l)
	}
	dets, err := q.ListPayRunEmployeeDetails(ctx, store.ListPayRunEmployeeDetailsParams{PayRunID: run.ID, BusinessID: biz.ID})
	if err != nil {
		return DetailsModel{}, err
	}
	dob := map[int64]sql.NullTime{}
	for _, d := range dets {
		dob[d.ID] = d.DateOfBirth
	}
	ote, err := s.oteOf(ctx, biz)
	if err != nil {
		return DetailsModel{}, err
	}
	out := DetailsModel{PayRun: runModel(run), PayRunTotals: make([]TotalDetailModel, 0, len(rows))}
	g := &out.GrandTotal
	var hours int64
	for _, e := range rows {
		t := totalModel(biz.Region, run, e)
		d := TotalDetailModel{ID: e.ID, EmployeeID: e.EmployeeID, EmployeeName: e.EmployeeName, EmployeeExternalID: e.EmployeeExternalID,
			TotalHours: t.TotalHours, GrossEarnings: t.GrossEarnings, NetEarnings: t.NetEarnings, TaxableEarnings: t.TaxableEarnings,
			PreTaxDeductionAmount: t.PreTaxDeductions, PostTaxDeductionAmount: t.PostTaxDeductions, PaygWithholdingAmount: t.PaygWithheld,
			HelpAmount: t.HelpWithheld, SuperContribution: t.SuperContribution, EmployeeExpensesTotal: t.TotalEmployeeExpenses,
			EmployerLiabilitiesTotal: t.TotalEmployerLiabilities, BankPaymentsTotal: money(e.Net + e.Expenses), IsComplete: t.IsComplete,
			Notation: e.Notation, IsTermination: e.TerminationDate.Valid, TerminationDate: nullTime(e.TerminationDate)}
		d.SuperDetail = superDetail(biz.Region, run, e, lines[e.EmployeeID], dob[e.EmployeeID], ote)
		d.EmployerContribution = d.EmployerContributionAdjustmentsAmount
		if e.Taxable > 0 {
			d.PaygWithholdingPercent = payroll.RateFromInt(e.Tax * 100).Div(payroll.RateFromInt(e.Taxable)).RoundHalfUp(2)
		}
		out.PayRunTotals = append(out.PayRunTotals, d)
		g.NumberOfEmployees++
		hours += e.TotalHoursE4
		g.GrossEarnings = g.GrossEarnings.Add(d.GrossEarnings)
		g.NetEarnings = g.NetEarnings.Add(d.NetEarnings)
		g.TaxableEarnings = g.TaxableEarnings.Add(d.TaxableEarnings)
		g.PreTaxDeductionAmount = g.PreTaxDeductionAmount.Add(d.PreTaxDeductionAmount)
		g.PostTaxDeductionAmount = g.PostTaxDeductionAmount.Add(d.PostTaxDeductionAmount)
		g.PaygWithholdingAmount = g.PaygWithholdingAmount.Add(d.PaygWithholdingAmount)
		g.HelpAmount = g.HelpAmount.Add(d.HelpAmount)
		g.SuperContribution = g.SuperContribution.Add(d.SuperContribution)
		g.EmployerContribution = g.EmployerContribution.Add(d.EmployerContribution)
		g.EmployeeExpensesTotal = g.EmployeeExpensesTotal.Add(d.EmployeeExpensesTotal)
		g.EmployerLiabilitiesTotal = g.EmployerLiabilitiesTotal.Add(d.EmployerLiabilitiesTotal)
	}
	g.TotalHours = hoursFromE4(hours)
	return out, nil
}

// superDetail breaks an employee's figures down by the run's lines (see
// SuperDetail).
func superDetail(region string, run store.PayRun, e store.PayRunEmployee, lines []store.PayRunLine, dob sql.NullTime, ote func(int64) bool) SuperDetail {
	var d SuperDetail
	var adjust, sacrifice, voluntary, employer, payg, ordinary int64
	for _, l := range lines {
		switch l.Kind {
		case KindSuperAdjustment:
			adjust += l.Amount
			switch l.Subtype {
			case "SalarySacrifice":
				sacrifice += l.Amount
			case "MemberVoluntary":
				voluntary += l.Amount
			case "EmployerContribution", "NonRescEmployerContribution":
				employer += l.Amount
			}
		case KindTaxAdjustment:
			payg += l.Amount
		case KindEarnings:
			if ote(l.CategoryID) {
				ordinary += l.Amount
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
	d.SuperContributionMinusSuperAdjustments = money(e.SuperContribution - adjust)
	d.AllSuperContributionsTotal, d.SuperPaymentsTotal = money(e.SuperContribution), money(e.SuperContribution)
	d.GrossPlusSuper = money(e.Gross + e.SuperContribution)
	d.PaygAdjustmentsAmount, d.PaygPaymentTotal = money(payg), money(e.Tax)
	d.SuperContributionsCapApplied = e.CalcError == "" && ordinary > e.SuperBase
	return d
}

// PaySlipEarningsLine is one earnings line of a pay slip.
type PaySlipEarningsLine struct {
	PayCategoryName string        `json:"payCategoryName"`
	Units           payroll.Rate  `json:"units"`
	IsFixed         bool          `json:"isFixed"`
	IsTaxExempt     bool          `json:"isTaxExempt"`
	Rate            payroll.Rate  `json:"rate"`
	Notes           string        `json:"notes"`
	GrossEarnings   payroll.Money `json:"grossEarnings"`
	TaxableEarnings payroll.Money `json:"taxableEarnings"`
	LocationName    string        `json:"locationName"`
	// AU: the line's share of the super guarantee (LineShare.Super).
	SuperContribution payroll.Money `json:"superContribution" doc:"AU: the line's share of the super guarantee when its pay category is ordinary time earnings, in proportion to earnings (the remainder on the last such line); 0 otherwise and outside AU"`
}

// PaySlipDeduction is one deduction of a pay slip.
type PaySlipDeduction struct {
	Name      string        `json:"name"`
	Notes     string        `json:"notes"`
	Amount    payroll.Money `json:"amount"`
	TaxStatus string        `json:"taxStatus" enum:"PreTax,PostTax"`
}

// PaySlipAmount is a pay slip line with notes and an amount (expenses,
// tax adjustments).
type PaySlipAmount struct {
	Name   string        `json:"name"`
	Notes  string        `json:"notes"`
	Amount payroll.Money `json:"amount"`
}

// PaySlip is one employee's pay slip (the AU ApiPaySlipModel's members,
// plus the other regions' statutory amounts and year-to-date).
type PaySlip struct {
	ID                     int64         `json:"id"`
	EmployeeID             int64         `json:"employeeId"`
	EmployeeExternalID     string        `json:"employeeExternalId"`
	EmployeeName           string        `json:"employeeName"`
	BusinessName           string        `json:"businessName"`
	PayPeriodStarting      string        `json:"payPeriodStarting"`
	PayPeriodEnding        string        `json:"payPeriodEnding"`
	DatePaid               string        `json:"datePaid"`
	Message                string        `json:"message"`
	Notation               string        `json:"notation"`
	IsPublished            bool          `json:"isPublished"`
	TotalHours             payroll.Rate  `json:"totalHours"`
	GrossEarnings          payroll.Money `json:"grossEarnings"`
	NetEarnings            payroll.Money `json:"netEarnings"`
	TaxableEarnings        payroll.Money `json:"taxableEarnings"`
	PreTaxDeductionAmount  payroll.Money `json:"preTaxDeductionAmount"`
	PostTaxDeductionAmount payroll.Money `json:"postTaxDeductionAmount"`
	PaygWithholdingAmount  payroll.Money `json:"paygWithholdingAmount"`
	SfssAmount             payroll.Money `json:"sfssAmount"`
	HelpAmount             payroll.Money `json:"helpAmount"`
	SuperContribution      payroll.Money `json:"superContribution"`
	PayeAmount             payroll.Money `json:"payeAmount"`
	EmployeeNI             payroll.Money `json:"employeeNationalInsuranceContribution"`
	EmployerNI             payroll.Money `json:"employerNationalInsuranceContribution"`
	StudentLoanAmount      payroll.Money `json:"studentLoanAmount"`
	PostGradLoanAmount     payroll.Money `json:"postGradLoanAmount"`
	KiwiSaverEmployee      payroll.Money `json:"kiwiSaverEmployeeContribution"`
	KiwiSaverEmployer      payroll.Money `json:"kiwiSaverEmployerContribution"`
	Esct                   payroll.Money `json:"esctContribution"`
	AccLevy                payroll.Money `json:"accLevyAmount"`
	CpfEmployee            payroll.Money `json:"cpfEmployeeContributionAmount"`
	CpfEmployer            payroll.Money `json:"cpfEmployerContributionAmount"`
	Sdl                    payroll.Money `json:"sdlContributionAmount"`
	// UK workplace pension (uk_pension.go): the employee's contribution
	// (net pay and relief at source: taken from pay with the statutory
	// amounts; salary sacrifice: inside preTaxDeductionAmount) and the
	// employer's.
	PensionSchemeName           string                `json:"pensionSchemeName,omitempty"`
	PensionArrangement          string                `json:"pensionArrangement,omitempty" doc:"NetPay, ReliefAtSource or SalarySacrifice"`
	EmployeePensionContribution payroll.Money         `json:"employeePensionContribution"`
	EmployerPensionContribution payroll.Money         `json:"employerPensionContribution"`
	GrossYTD                    payroll.Money         `json:"grossYTD"`
	NetYTD                      payroll.Money         `json:"netYTD"`
	WithholdingYTD              payroll.Money         `json:"withholdingYTD"`
	SuperYTD                    payroll.Money         `json:"superYTD"`
	SfssYTD                     payroll.Money         `json:"sfssYTD"`
	HelpYTD                     payroll.Money         `json:"helpYTD"`
	PaygYTD                     payroll.Money         `json:"paygYTD"`
	PreTaxDeductionsYTD         payroll.Money         `json:"preTaxDeductionsYTD"`
	PostTaxDeductionsYTD        payroll.Money         `json:"postTaxDeductionsYTD"`
	EmployeeNIYTD               payroll.Money         `json:"employeeNationalInsuranceYTD"`
	StudentLoanYTD              payroll.Money         `json:"studentLoanYTD"`
	KiwiSaverEmployeeYTD        payroll.Money         `json:"kiwiSaverEmployeeYTD"`
	AccLevyYTD                  payroll.Money         `json:"accLevyYTD"`
	CpfEmployeeYTD              payroll.Money         `json:"cpfEmployeeYTD"`
	EarningsLines               []PaySlipEarningsLine `json:"earningsLines"`
	Deductions                  []PaySlipDeduction    `json:"deductions"`
	EmployeeExpenses            []PaySlipAmount       `json:"employeeExpenses"`
	TaxAdjustments              []PaySlipAmount       `json:"taxAdjustments"`
	PaySlipDetail
}

// PaySlips is P/payslips (employeeID 0: every employee, keyed by id) or
// P/payslips/{employeeId}. Year-to-date includes this run: the finalised
// runs of the tax year paid up to this run's date, plus this run.
func (s *Service) PaySlips(ctx context.Context, biz business.Business, id, employeeID int64) (_ map[string]PaySlip, err error) {
	defer payroll.Wrap(&err, "pay run %d pay slips", id)
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return nil, err
	}
	rows, err := s.rows(ctx, q, run.ID, employeeID)
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
	ytds, err := s.yearToDate(ctx, q, biz, &run)
	if err != nil {
		return nil, err
	}
	pens, err := ukPensionLines(ctx, q, biz.Region, biz.ID, run.ID, employeeID)
	if err != nil {
		return nil, err
	}
	data, err := s.loadSlipData(ctx, q, biz, run, employeeID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]PaySlip, len(rows))
	for _, e := range rows {
		p := paySlip(biz, run, e, lines[e.EmployeeID], ytds[e.EmployeeID], data.ote)
		p.PaySlipDetail = data.detail(biz.Region, run, e, lines[e.EmployeeID])
		if l, ok := pens[ukRunEmployee{run.ID, e.EmployeeID}]; ok {
			p.PensionSchemeName, p.EmployeePensionContribution, p.EmployerPensionContribution = l.SchemeName, money(l.EE), money(l.ER)
			p.PensionArrangement = l.Arrangement
		}
		out[strconv.FormatInt(e.EmployeeID, 10)] = p
	}
	return out, nil
}

func paySlip(biz business.Business, run store.PayRun, e store.PayRunEmployee, lines []store.PayRunLine, y *ytd, ote func(int64) bool) PaySlip {
	t := totalModel(biz.Region, run, e)
	if y == nil {
		y = &ytd{}
	}
	p := PaySlip{ID: e.ID, EmployeeID: e.EmployeeID, EmployeeExternalID: e.EmployeeExternalID, EmployeeName: e.EmployeeName,
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
		EarningsLines: []PaySlipEarningsLine{}, Deductions: []PaySlipDeduction{}, EmployeeExpenses: []PaySlipAmount{}, TaxAdjustments: []PaySlipAmount{}}
	if biz.Region == "AU" {
		p.HelpYTD = money(y.Stsl + e.Stsl)
		p.PaygYTD = money(y.Tax + e.Tax - y.Stsl - e.Stsl)
	}
	shares := lineShares(biz.Region, figuresOf(e, superAdjustmentsOf(lines)[e.EmployeeID]), lines, ote)
	for _, l := range lines {
		units, _ := parseRate(l.Units)
		rate, _ := parseRate(l.Rate)
		switch l.Kind {
		case KindEarnings:
			taxable := money(l.Amount)
			if l.TaxExempt {
				taxable = payroll.Money{}
			}
			p.EarningsLines = append(p.EarningsLines, PaySlipEarningsLine{PayCategoryName: l.CategoryName, Units: units, Rate: rate,
				IsTaxExempt: l.TaxExempt, Notes: l.Notes, GrossEarnings: money(l.Amount), TaxableEarnings: taxable, SuperContribution: shares[l.ID].Super})
		case KindDeduction:
			st := "PostTax"
			if l.TaxExempt {
				st = "PreTax"
			}
			p.Deductions = append(p.Deductions, PaySlipDeduction{Name: l.CategoryName, Notes: l.Notes, Amount: money(l.Amount), TaxStatus: st})
		case KindExpense:
			p.EmployeeExpenses = append(p.EmployeeExpenses, PaySlipAmount{Name: l.CategoryName, Notes: l.Notes, Amount: money(l.Amount)})
		case KindTaxAdjustment:
			p.TaxAdjustments = append(p.TaxAdjustments, PaySlipAmount{Name: "Tax adjustment", Notes: l.Notes, Amount: money(l.Amount)})
		}
	}
	return p
}
