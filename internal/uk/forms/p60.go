package forms

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// P60 is the end of year certificate of one employee's pay and
// deductions in a tax year, with a previous employment's pay and tax of
// the year from the employee's P45 when they counted in cumulative PAYE.
type P60 struct {
	ID                         int64              `json:"id" doc:"id of the published P60 (the noticeId of p60notify); 0 until published"`
	TaxYear                    string             `json:"taxYear"`
	FinancialYearEnding        int                `json:"financialYearEnding"`
	Employer                   Employer           `json:"employer"`
	Employee                   Person             `json:"employee"`
	TaxCode                    string             `json:"taxCode" doc:"final tax code"`
	Week1Month1                bool               `json:"week1Month1"`
	PayInPreviousEmployments   payroll.Money      `json:"payInPreviousEmployments"`
	TaxInPreviousEmployments   payroll.Money      `json:"taxInPreviousEmployments"`
	PayInThisEmployment        payroll.Money      `json:"payInThisEmployment" doc:"taxable pay"`
	TaxInThisEmployment        payroll.Money      `json:"taxInThisEmployment"`
	TotalPayForYear            payroll.Money      `json:"totalPayForYear"`
	TotalTaxForYear            payroll.Money      `json:"totalTaxForYear"`
	NationalInsurance          []NIBand           `json:"nationalInsurance" doc:"by category letter"`
	StudentLoanDeductions      payroll.Money      `json:"studentLoanDeductions" doc:"in whole pounds, as the P60 shows them"`
	PostgraduateLoanDeductions payroll.Money      `json:"postgraduateLoanDeductions" doc:"in whole pounds"`
	StatutoryPayments          []StatutoryPayment `json:"statutoryPayments"`
	PayRunsCounted             int                `json:"payRunsCounted"`
	IsProvisional              bool               `json:"isProvisional" doc:"true until the tax year has ended (after 5 April): the figures are the year to date, and the document is not yet an end of year certificate (the PDF says so)"`
	IsPublished                bool               `json:"isPublished"`
	DatePublished              *payroll.DateTime  `json:"datePublished" nullable:"true"`
}

// p60Of builds e's P60 from its year's totals (t may be nil: nothing paid).
func p60Of(e employee.Employee, er Employer, y int, t *Totals) P60 {
	if t == nil {
		t = &Totals{Statutory: map[string]int64{}}
	}
	ni := []NIBand{}
	// One band per letter the year's runs were calculated with (runs from
	// before runs kept their letter count under the current one).
	for _, l := range t.ByLetter(e.NationalInsuranceCategory) {
		ni = append(ni, NIBand{Category: l.Letter, EarningsAtLEL: money(l.AtLEL), EarningsAboveLELUpToPT: money(l.LELToPT),
			EarningsAbovePTUpToUEL: money(l.PTToUEL), EmployeeContributions: money(l.NIEE), EmployerContributions: money(l.NIER)})
	}
	prevPay, prevTax := previousEmployment(e, y)
	code, week1 := CodeAndBasis(e.TaxCode, e.TaxCalculationMethod)
	return P60{TaxYear: uk.UKTaxYearName(y), FinancialYearEnding: y + 1, Employer: er, Employee: person(e), TaxCode: code,
		Week1Month1:              week1,
		PayInPreviousEmployments: prevPay, TaxInPreviousEmployments: prevTax,
		PayInThisEmployment: money(t.Taxable), TaxInThisEmployment: money(t.Tax),
		TotalPayForYear: money(t.Taxable).Add(prevPay), TotalTaxForYear: money(t.Tax).Add(prevTax),
		NationalInsurance: ni,
		// HMRC: student and postgraduate loan deductions on the P60 in whole pounds.
		StudentLoanDeductions: money(t.Loan).Floor(0), PostgraduateLoanDeductions: money(t.PGLoan).Floor(0),
		StatutoryPayments: t.statutoryList(), PayRunsCounted: t.Runs}
}

// P60 builds employee employeeID's P60 for the tax year ending in fye,
// marked published when it has been.
func (s *Service) P60(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, fye int64) (_ P60, err error) {
	defer payroll.Wrap(&err, "P60 of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return P60{}, err
	}
	y, err := yearEnding(fye)
	if err != nil {
		return P60{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return P60{}, err
	}
	if err := gotP45(e, y); err != nil {
		return P60{}, err
	}
	q := s.DB.Queries()
	totals, err := s.yearTotals(ctx, q, biz, employeeID, y)
	if err != nil {
		return P60{}, err
	}
	er, err := s.employer(ctx, biz)
	if err != nil {
		return P60{}, err
	}
	out := p60Of(e, er, y, totals[employeeID])
	out.IsProvisional = !yearEnded(s.Clock.Now(), y)
	pub, err := q.GetP60Publication(ctx, store.GetP60PublicationParams{BusinessID: biz.ID, EmployeeID: employeeID, TaxYear: int64(y)})
	switch {
	case db.IsNoRows(err):
	case err != nil:
		return P60{}, err
	default:
		markPublished(&out, pub)
	}
	return out, nil
}

// leftBeforeYearEnd reports whether employee e left before 5 April y+1,
// the last day of tax year y, and when. HMRC: "Give a P60 to all employees
// on your payroll who are working for you on the last day of the tax year
// (5 April)" (GOV.UK, "Payroll: annual reporting and tasks", give employees
// a P60); a leaver was given a P45 when they left instead
// (docs/reference/uk-p45.md). One who left on 5 April was working for you
// that day and gets a P60.
func leftBeforeYearEnd(e employee.Employee, y int) (time.Time, bool) {
	if e.EndDate.IsZero() {
		return time.Time{}, false
	}
	_, last := uk.UKTaxYearDates(y)
	end := payroll.DateOnly(e.EndDate.Time)
	return end, end.Before(last)
}

// gotP45 refuses (409) the P60 of tax year y of an employee who left
// before its last day, saying so.
func gotP45(e employee.Employee, y int) error {
	end, left := leftBeforeYearEnd(e, y)
	if !left {
		return nil
	}
	return payroll.Conflict("employee %d (%s) left on %s, before 5 April %d, the last day of tax year %s, and was given a P45: HMRC's P60 is only for employees working for you on 5 April",
		e.ID, e.Name(), end.Format("2006-01-02"), y+1, uk.UKTaxYearName(y))
}

// yearEnded reports whether the tax year starting 6 April y has ended at
// now: a P60 is an end of year certificate, given after 5 April y+1.
func yearEnded(now time.Time, y int) bool {
	_, end := uk.UKTaxYearDates(y)
	return !now.Before(end.AddDate(0, 0, 1))
}

func markPublished(f *P60, pub store.UkP60Publication) {
	d := payroll.NewDateTime(pub.PublishedAt)
	f.ID, f.IsPublished, f.DatePublished = pub.ID, true, &d
}

// P60PDF renders the P60: the published document once published (what
// the employee was given), else the current figures.
func (s *Service) P60PDF(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, fye int64) ([]byte, string, error) {
	f, err := s.P60(ctx, biz, p, employeeID, fye)
	if err != nil {
		return nil, "", err
	}
	if f.IsPublished {
		if f, err = s.published(ctx, biz, employeeID, fye); err != nil {
			return nil, "", err
		}
	}
	b, err := renderP60(f)
	return b, fmt.Sprintf("P60-%d-%d.pdf", employeeID, fye), err
}

// published reads the stored P60 document.
func (s *Service) published(ctx context.Context, biz business.Business, employeeID, fye int64) (P60, error) {
	pub, err := s.DB.Queries().GetP60Publication(ctx, store.GetP60PublicationParams{BusinessID: biz.ID, EmployeeID: employeeID, TaxYear: fye - 1})
	if db.IsNoRows(err) {
		return P60{}, payroll.NotFound("published P60")
	}
	if err != nil {
		return P60{}, err
	}
	var f P60
	if err := json.Unmarshal([]byte(pub.Document), &f); err != nil {
		return P60{}, err
	}
	markPublished(&f, pub)
	return f, nil
}

// P60Summary is a line of the P60 list.
type P60Summary struct {
	EmployeeID              int64             `json:"employeeId"`
	EmployeeName            string            `json:"employeeName"`
	NationalInsuranceNumber string            `json:"nationalInsuranceNumber"`
	TaxCode                 string            `json:"taxCode"`
	TotalPay                payroll.Money     `json:"totalPay"`
	TotalTax                payroll.Money     `json:"totalTax"`
	EmployeeNI              payroll.Money     `json:"employeeNationalInsurance"`
	IsPublished             bool              `json:"isPublished"`
	DatePublished           *payroll.DateTime `json:"datePublished" nullable:"true"`
}

// yearOf checks a tax year's P60s can be listed or published and reads
// everything they need: the employees p may see who were paid in it.
func (s *Service) yearOf(ctx context.Context, biz business.Business, p *payroll.Principal, fye int64, only []int64) (int, []employee.Employee, map[int64]*Totals, map[int64]store.UkP60Publication, error) {
	if err := gate(biz); err != nil {
		return 0, nil, nil, nil, err
	}
	y, err := yearEnding(fye)
	if err != nil {
		return 0, nil, nil, nil, err
	}
	q := s.DB.Queries()
	totals, err := s.yearTotals(ctx, q, biz, 0, y)
	if err != nil {
		return 0, nil, nil, nil, err
	}
	for _, id := range only {
		if _, err := s.Employees.Visible(ctx, biz, p, id); err != nil {
			return 0, nil, nil, nil, err
		}
		if totals[id] == nil {
			return 0, nil, nil, nil, payroll.Invalid("employeeIds", "employee %d was not paid in %s", id, uk.UKTaxYearName(y))
		}
	}
	ids := make([]int64, 0, len(totals))
	for id := range totals {
		if len(only) == 0 || slices.Contains(only, id) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	emps := make([]employee.Employee, 0, len(ids))
	for _, id := range ids {
		e, err := s.Employees.Visible(ctx, biz, p, id)
		if payroll.KindOf(err) == payroll.KindNotFound {
			continue
		}
		if err != nil {
			return 0, nil, nil, nil, err
		}
		if err := gotP45(e, y); err != nil {
			if len(only) > 0 { // named: say why there is no P60
				return 0, nil, nil, nil, payroll.Invalid("employeeIds", "%s", err.Error())
			}
			continue // a leaver of the year: a P45, no P60
		}
		emps = append(emps, e)
	}
	pubs, err := q.ListP60PublicationsOfYear(ctx, store.ListP60PublicationsOfYearParams{BusinessID: biz.ID, TaxYear: int64(y)})
	if err != nil {
		return 0, nil, nil, nil, err
	}
	byEmp := make(map[int64]store.UkP60Publication, len(pubs))
	for _, pb := range pubs {
		byEmp[pb.EmployeeID] = pb
	}
	return y, emps, totals, byEmp, nil
}

// P60List lists the P60s of a tax year: every employee paid in it who
// was still employed on its last day, 5 April (leftBeforeYearEnd).
func (s *Service) P60List(ctx context.Context, biz business.Business, p *payroll.Principal, fye int64) (_ []P60Summary, err error) {
	defer payroll.Wrap(&err, "P60 list %d", fye)
	_, emps, totals, pubs, err := s.yearOf(ctx, biz, p, fye, nil)
	if err != nil {
		return nil, err
	}
	out := make([]P60Summary, 0, len(emps))
	for _, e := range emps {
		t := totals[e.ID]
		row := P60Summary{EmployeeID: e.ID, EmployeeName: e.Name(), NationalInsuranceNumber: e.NationalInsuranceNumber, TaxCode: e.TaxCode,
			TotalPay: money(t.Taxable), TotalTax: money(t.Tax), EmployeeNI: money(t.NIEE)}
		if pb, ok := pubs[e.ID]; ok {
			d := payroll.NewDateTime(pb.PublishedAt)
			row.IsPublished, row.DatePublished = true, &d
		}
		out = append(out, row)
	}
	return out, nil
}

// PublishRequest names the tax year and, optionally, the employees.
type PublishRequest struct {
	FinancialYearEnding int64   `json:"financialYearEnding" doc:"2027 for 2026/27"`
	EmployeeIDs         []int64 `json:"employeeIds" doc:"empty = every employee paid in the year and still employed on 5 April (a leaver of the year gets a P45, no P60; naming one is refused)"`
}

// PublishState says whether an employee's P60 is published.
type PublishState struct {
	EmployeeID    int64             `json:"employeeId"`
	ID            int64             `json:"id" doc:"published P60 id, 0 when not published"`
	IsPublished   bool              `json:"isPublished"`
	DatePublished *payroll.DateTime `json:"datePublished" nullable:"true"`
}

// PublishP60s stores the P60s of the year as they are now, which makes
// them visible to the employees; publishing again replaces the document.
// A tax year is published once it has ended (409 before 6 April).
func (s *Service) PublishP60s(ctx context.Context, biz business.Business, p *payroll.Principal, req PublishRequest) (_ []PublishState, err error) {
	defer payroll.Wrap(&err, "publish P60s %d", req.FinancialYearEnding)
	y, emps, totals, _, err := s.yearOf(ctx, biz, p, req.FinancialYearEnding, req.EmployeeIDs)
	if err != nil {
		return nil, err
	}
	now := s.Clock.Now()
	if !yearEnded(now, y) {
		return nil, payroll.Conflict("tax year %s has not ended: P60s are published after 5 April %d", uk.UKTaxYearName(y), y+1)
	}
	er, err := s.employer(ctx, biz)
	if err != nil {
		return nil, err
	}
	by := ""
	if p != nil {
		by = p.Username
	}
	out := make([]PublishState, 0, len(emps))
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		out = out[:0]
		for _, e := range emps {
			doc, err := json.Marshal(p60Of(e, er, y, totals[e.ID]))
			if err != nil {
				return err
			}
			pb, err := q.UpsertP60Publication(ctx, store.UpsertP60PublicationParams{BusinessID: biz.ID, EmployeeID: e.ID, TaxYear: int64(y),
				Document: string(doc), PublishedBy: by, PublishedAt: now})
			if err != nil {
				return err
			}
			d := payroll.NewDateTime(pb.PublishedAt)
			out = append(out, PublishState{EmployeeID: e.ID, ID: pb.ID, IsPublished: true, DatePublished: &d})
		}
		return nil
	})
	return out, err
}

// IsPublished answers, per employee paid in the year (or those named),
// whether their P60 is published.
func (s *Service) IsPublished(ctx context.Context, biz business.Business, p *payroll.Principal, req PublishRequest) (_ []PublishState, err error) {
	defer payroll.Wrap(&err, "P60s published %d", req.FinancialYearEnding)
	_, emps, _, pubs, err := s.yearOf(ctx, biz, p, req.FinancialYearEnding, req.EmployeeIDs)
	if err != nil {
		return nil, err
	}
	out := make([]PublishState, 0, len(emps))
	for _, e := range emps {
		st := PublishState{EmployeeID: e.ID}
		if pb, ok := pubs[e.ID]; ok {
			d := payroll.NewDateTime(pb.PublishedAt)
			st.ID, st.IsPublished, st.DatePublished = pb.ID, true, &d
		}
		out = append(out, st)
	}
	return out, nil
}

// NotifyP60 emails the employee that their published P60 noticeId for
// the year is available (404 unless that P60 is published for them).
func (s *Service) NotifyP60(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, noticeID, fye int64, to string) (_ MailResult, err error) {
	defer payroll.Wrap(&err, "notify P60 %d", noticeID)
	if err := gate(biz); err != nil {
		return MailResult{}, err
	}
	if _, err := yearEnding(fye); err != nil {
		return MailResult{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return MailResult{}, err
	}
	f, err := s.published(ctx, biz, employeeID, fye)
	if err != nil {
		return MailResult{}, err
	}
	if f.ID != noticeID {
		return MailResult{}, payroll.NotFound("published P60")
	}
	to, err = recipient(to, e.Email)
	if err != nil {
		return MailResult{}, err
	}
	body := fmt.Sprintf("Your P60 for the tax year %s from %s is available.\n\nTotal pay: £%s\nTotal tax: £%s\n",
		f.TaxYear, f.Employer.Name, f.TotalPayForYear.StringFixed(2), f.TotalTaxForYear.StringFixed(2))
	id := s.Notify.Send(ctx, "uk.p60", to, "Your P60 ("+f.TaxYear+")", body)
	return MailResult{Recipient: to, NotificationID: id}, nil
}

// Form is an item of GET E/hmrcforms: a form the employee has.
type Form struct {
	FormType            string            `json:"formType" enum:"P45,P60"`
	ID                  int64             `json:"id" doc:"published P60 id; 0 otherwise"`
	TaxYear             string            `json:"taxYear"`
	FinancialYearEnding int               `json:"financialYearEnding"`
	IsPublished         bool              `json:"isPublished"`
	DatePublished       *payroll.DateTime `json:"datePublished" nullable:"true"`
}

// Forms lists the employee's forms: a P45 once they have left, and a P60
// for every tax year they were paid in and still employed on its last day
// (leftBeforeYearEnd), newest first.
func (s *Service) Forms(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []Form, err error) {
	defer payroll.Wrap(&err, "HMRC forms of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return nil, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	q := s.DB.Queries()
	out := []Form{}
	if !e.EndDate.IsZero() {
		y := uk.UKTaxYearOf(e.EndDate.Time)
		out = append(out, Form{FormType: "P45", TaxYear: uk.UKTaxYearName(y), FinancialYearEnding: y + 1})
	}
	rows, err := q.UKFormsYearRuns(ctx, store.UKFormsYearRunsParams{BusinessID: biz.ID, EmployeeID: employeeID,
		YearFrom: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC), YearTo: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		return nil, err
	}
	years := map[int]bool{}
	for _, r := range rows {
		years[uk.UKTaxYearOf(r.DatePaid)] = true
	}
	pubs, err := q.ListP60PublicationsOfEmployee(ctx, store.ListP60PublicationsOfEmployeeParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	byYear := map[int]store.UkP60Publication{}
	for _, pb := range pubs {
		years[int(pb.TaxYear)] = true
		byYear[int(pb.TaxYear)] = pb
	}
	list := make([]int, 0, len(years))
	for y := range years {
		list = append(list, y)
	}
	slices.Sort(list)
	slices.Reverse(list)
	for _, y := range list {
		if _, left := leftBeforeYearEnd(e, y); left {
			continue
		}
		f := Form{FormType: "P60", TaxYear: uk.UKTaxYearName(y), FinancialYearEnding: y + 1}
		if pb, ok := byYear[y]; ok {
			d := payroll.NewDateTime(pb.PublishedAt)
			f.ID, f.IsPublished, f.DatePublished = pb.ID, true, &d
		}
		out = append(out, f)
	}
	return out, nil
}
