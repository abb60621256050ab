package forms

import (
	"context"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// P45Data are the leaver's figures (P45 part 1A): what the next employer
// needs to carry on taxing them.
type P45Data struct {
	TaxYear                              string           `json:"taxYear" doc:"the tax year of the leaving date, e.g. 2026/27"`
	LeavingDate                          payroll.DateTime `json:"leavingDate"`
	TaxCode                              string           `json:"taxCode" doc:"tax code at leaving"`
	Week1Month1                          bool             `json:"week1Month1" doc:"the code was operated on the week 1/month 1 (non-cumulative) basis"`
	PeriodType                           string           `json:"periodType" enum:"Week,Month" doc:"last entries: week or month number of the last payment"`
	PeriodNumber                         int              `json:"periodNumber" doc:"0 when nothing was paid in the tax year"`
	NationalInsuranceCategory            string           `json:"nationalInsuranceCategory"`
	TotalPayToDate                       *payroll.Money   `json:"totalPayToDate" nullable:"true" doc:"box 7: taxable pay in the tax year to the leaving date: this employment's plus a previous employment's of the year from the employee's own P45 when it counted in cumulative PAYE. Null when week1Month1: HMRC's P45 box 7 is completed only if the code is cumulative (no entries with an X at box 6); the figures are then payInThisEmployment and taxInThisEmployment (box 8)"`
	TotalTaxToDate                       *payroll.Money   `json:"totalTaxToDate" nullable:"true" doc:"box 7: tax to date, as totalPayToDate; null when week1Month1"`
	PayInThisEmployment                  payroll.Money    `json:"payInThisEmployment" doc:"box 8: this employment's taxable pay in the tax year to leaving"`
	TaxInThisEmployment                  payroll.Money    `json:"taxInThisEmployment"`
	StudentLoanDeductionsToContinue      bool             `json:"studentLoanDeductionsToContinue"`
	StudentLoanPlan                      string           `json:"studentLoanPlan" enum:"None,Plan1,Plan2,Plan4,Plan5"`
	PostgraduateLoanDeductionsToContinue bool             `json:"postgraduateLoanDeductionsToContinue"`
	StudentLoanDeductedInThisEmployment  payroll.Money    `json:"studentLoanDeductedInThisEmployment"`
	PayRunsCounted                       int              `json:"payRunsCounted" doc:"finalised pay runs of the tax year the figures sum"`
}

// P45 is the whole form: employer, employee and the figures.
type P45 struct {
	Employer Employer `json:"employer"`
	Employee Person   `json:"employee"`
	Data     P45Data  `json:"data"`
}

// P45 builds employee employeeID's P45: only for a leaver (an end date),
// figures from the finalised runs of the leaving date's tax year.
func (s *Service) P45(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ P45, err error) {
	defer payroll.Wrap(&err, "P45 of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return P45{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return P45{}, err
	}
	return s.p45Of(ctx, biz, e, nil)
}

// p45Of builds the P45 of e (employer read once by callers of lists).
func (s *Service) p45Of(ctx context.Context, biz business.Business, e employee.Employee, er *Employer) (P45, error) {
	if e.EndDate.IsZero() {
		return P45{}, payroll.Conflict("employee %d has not left (no end date): a P45 is issued to leavers", e.ID)
	}
	y := uk.UKTaxYearOf(e.EndDate.Time)
	// The position at leaving: a payment after leaving (a run whose
	// period starts after the leaving date, as the pay run takes it) is
	// reported on the FPS and gets no second P45 (GOV.UK, "Employee
	// leaving"; docs/reference/uk-p45.md), so it is not in these figures.
	left := e.EndDate.Time
	totals, err := s.yearTotalsOf(ctx, s.DB.Queries(), biz, e.ID, y, func(r store.UKFormsYearRunsRow) bool { return !r.PeriodStarting.After(left) })
	if err != nil {
		return P45{}, err
	}
	if er == nil {
		emp, err := s.employer(ctx, biz)
		if err != nil {
			return P45{}, err
		}
		er = &emp
	}
	t := totals[e.ID]
	if t == nil {
		t = &Totals{}
	}
	// The letter of the last pay (the employee's letter today when the
	// run kept none).
	letter := t.LastLetter
	if letter == "" {
		letter = e.NationalInsuranceCategory
	}
	plan := e.StudentLoanType
	if plan == "" {
		plan = "None"
	}
	prevPay, prevTax := previousEmployment(e, y)
	code, week1 := CodeAndBasis(e.TaxCode, e.TaxCalculationMethod)
	d := P45Data{TaxYear: uk.UKTaxYearName(y), LeavingDate: payroll.NewDateTime(e.EndDate.Time), TaxCode: code,
		Week1Month1: week1, PeriodType: "Week",
		NationalInsuranceCategory: letter,
		PayInThisEmployment:       money(t.Taxable), TaxInThisEmployment: money(t.Tax),
		StudentLoanDeductionsToContinue:      plan != "None" && (e.HasStudentLoan == nil || *e.HasStudentLoan),
		StudentLoanPlan:                      plan,
		PostgraduateLoanDeductionsToContinue: e.HasPostGradLoan != nil && *e.HasPostGradLoan,
		StudentLoanDeductedInThisEmployment:  money(t.Loan + t.PGLoan), PayRunsCounted: t.Runs}
	if t.Runs > 0 {
		d.PeriodType, d.PeriodNumber = period(t.LastFrequency, t.LastPaid)
	}
	// Box 7 (the last entries: pay and tax to date) is completed only when
	// the code is cumulative: "Complete only if tax code is cumulative. If
	// there is an 'X' at box 6 there will be no entries here" (HMRC
	// P45(Continuous)(E) Parts 1A and 2; The Income Tax (PAYE) Regulations
	// 2003 reg 43(2): the new employer records the P45's pay to date only
	// if the P45 shows the cumulative basis). On week 1/month 1 the
	// figures are those of box 8, this employment's pay and tax.
	if !week1 {
		pay, tax := money(t.Taxable).Add(prevPay), money(t.Tax).Add(prevTax)
		d.TotalPayToDate, d.TotalTaxToDate = &pay, &tax
	}
	return P45{Employer: *er, Employee: person(e), Data: d}, nil
}

// P45PDF renders employee employeeID's P45.
func (s *Service) P45PDF(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) ([]byte, string, error) {
	f, err := s.P45(ctx, biz, p, employeeID)
	if err != nil {
		return nil, "", err
	}
	b, err := renderP45s([]P45{f})
	return b, fmt.Sprintf("P45-%d-%s.pdf", employeeID, strings.ReplaceAll(f.Data.TaxYear, "/", "-")), err
}

// Leavers are the P45s of the employees p may see who left in tax year
// taxYear (empty = the current one), or of one employee (employeeID <> 0).
func (s *Service) Leavers(ctx context.Context, biz business.Business, p *payroll.Principal, taxYear string, employeeID int64) (_ []P45, err error) {
	defer payroll.Wrap(&err, "P45 report")
	if err := gate(biz); err != nil {
		return nil, err
	}
	y, err := s.taxYearParam("taxYear", taxYear)
	if err != nil {
		return nil, err
	}
	from, to := uk.UKTaxYearDates(y)
	ids, err := s.DB.Queries().UKFormsLeavers(ctx, storeLeavers(biz.ID, from, to.AddDate(0, 0, 1)))
	if err != nil {
		return nil, err
	}
	er, err := s.employer(ctx, biz)
	if err != nil {
		return nil, err
	}
	out := []P45{}
	for _, id := range ids {
		if employeeID != 0 && id != employeeID {
			continue
		}
		e, err := s.Employees.Visible(ctx, biz, p, id)
		if payroll.KindOf(err) == payroll.KindNotFound {
			continue // outside a restricted user's scope
		}
		if err != nil {
			return nil, err
		}
		f, err := s.p45Of(ctx, biz, e, &er)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// LeaversPDF renders the P45s Leavers lists, one page each (404 when
// there are none).
func (s *Service) LeaversPDF(ctx context.Context, biz business.Business, p *payroll.Principal, taxYear string, employeeID int64) ([]byte, error) {
	list, err := s.Leavers(ctx, biz, p, taxYear, employeeID)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, payroll.NotFound("P45 (no leavers in that tax year)")
	}
	return renderP45s(list)
}

// MailResult says where a form was sent.
type MailResult struct {
	Recipient      string `json:"recipient"`
	NotificationID int64  `json:"notificationId" doc:"the recorded notification"`
}

// MailP45 sends the leaver their P45 figures by email (to emailAddress,
// or the employee's own address).
func (s *Service) MailP45(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, to string) (_ MailResult, err error) {
	defer payroll.Wrap(&err, "mail P45 of employee %d", employeeID)
	f, err := s.P45(ctx, biz, p, employeeID)
	if err != nil {
		return MailResult{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return MailResult{}, err
	}
	to, err = recipient(to, e.Email)
	if err != nil {
		return MailResult{}, err
	}
	d := f.Data
	body := fmt.Sprintf("Your P45 from %s (PAYE reference %s)\n\nLeaving date: %s\nTax code: %s%s\n%s number: %d\nPay in this employment: £%s\nTax in this employment: £%s\nStudent loan deductions to continue: %s\nPostgraduate loan deductions to continue: %s\n",
		f.Employer.Name, f.Employer.PayeReference, d.LeavingDate.Time.Format("02/01/2006"), d.TaxCode, w1(d.Week1Month1), d.PeriodType, d.PeriodNumber,
		d.PayInThisEmployment.StringFixed(2), d.TaxInThisEmployment.StringFixed(2), yn(d.StudentLoanDeductionsToContinue), yn(d.PostgraduateLoanDeductionsToContinue))
	id := s.Notify.Send(ctx, "uk.p45", to, "Your P45 ("+d.TaxYear+")", body)
	return MailResult{Recipient: to, NotificationID: id}, nil
}

func recipient(given, own string) (string, error) {
	to := strings.TrimSpace(given)
	if to == "" {
		to = own
	}
	if to == "" {
		return "", payroll.Invalid("emailAddress", "the employee has no email address: give emailAddress")
	}
	if !payroll.ValidEmail(to) {
		return "", payroll.Invalid("emailAddress", "emailAddress %q is not an email address", to)
	}
	return to, nil
}

func yn(b bool) string {
	if b {
		return "Y"
	}
	return "N"
}

// CodeAndBasis is the tax code as a P45 or P60 shows it and whether it is
// operated on the week 1/month 1 basis: a recorded code ending in W1, M1
// or X is that basis (HMRC P6/P9 notices and the PAYE Specification write
// the basis as the suffix; the P45 part 1 box 6 and the P60 show the code
// with the basis marked apart: "if week 1 or month 1 applies, enter X"),
// as is an employee whose taxCalculationMethod is NonCumulative. The S or
// C prefix stays: it is part of the code on both forms.
func CodeAndBasis(recorded, method string) (code string, week1Month1 bool) {
	code, week1Month1 = SplitBasis(recorded)
	return code, week1Month1 || strings.EqualFold(method, "NonCumulative")
}

// SplitBasis takes a W1, M1 or X basis marker off a recorded tax code
// (spaces removed, upper case).
func SplitBasis(recorded string) (code string, nonCumulative bool) {
	c := strings.ToUpper(strings.Join(strings.Fields(recorded), ""))
	for _, suffix := range []string{"W1", "M1", "X"} {
		if strings.HasSuffix(c, suffix) && len(c) > len(suffix) {
			return strings.TrimSuffix(c, suffix), true
		}
	}
	return c, false
}

func w1(b bool) string {
	if b {
		return " (week 1/month 1)"
	}
	return ""
}

// previousEmployment is employee e's P45 pay and tax from a previous
// employment when they count in tax year y (uk.P45Counts), else zero.
func previousEmployment(e employee.Employee, y int) (pay, tax payroll.Money) {
	from, _ := uk.UKTaxYearDates(y)
	w1 := e.PreviousEmployerW1M1 != nil && *e.PreviousEmployerW1M1
	if !uk.P45Counts(e.PreviousEmployerLeavingDate.Time, e.StartDate.Time, w1, from) {
		return
	}
	if e.PreviousEmployerTaxablePay != nil {
		pay = *e.PreviousEmployerTaxablePay
	}
	if e.PreviousEmployerTaxWithheld != nil {
		tax = *e.PreviousEmployerTaxWithheld
	}
	return pay, tax
}
