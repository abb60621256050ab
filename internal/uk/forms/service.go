package forms

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/autoenrol"
)

// Service builds, publishes and sends the forms.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service  // visibility and scope of the employee asked about
	UK        *uk.UKCollections  // the employer's HMRC settings (PAYE reference, name, address)
	Notify    *notify.Sender     // mailp45, p60notify
	Pensions  *autoenrol.Service // auto-enrolment notices: the assessment they state
}

var ukRegion = []string{"UK"}

// gate answers the 400 the other UK-only operations give elsewhere.
func gate(biz business.Business) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError("HMRC forms", ukRegion, biz)
	}
	return nil
}

// Employer is the employer block of a form.
type Employer struct {
	Name                    string `json:"name"`
	PayeReference           string `json:"payeReference"`
	AccountsOfficeReference string `json:"accountsOfficeReference"`
	AddressLine1            string `json:"addressLine1"`
	AddressLine2            string `json:"addressLine2"`
	Town                    string `json:"town"`
	County                  string `json:"county"`
	Postcode                string `json:"postcode"`
}

// Person is the employee block of a form.
type Person struct {
	EmployeeID              int64             `json:"employeeId"`
	PayrollID               string            `json:"payrollId" doc:"works or payroll number"`
	NationalInsuranceNumber string            `json:"nationalInsuranceNumber"`
	Title                   string            `json:"title"`
	FirstName               string            `json:"firstName"`
	MiddleName              string            `json:"middleName"`
	Surname                 string            `json:"surname"`
	Gender                  string            `json:"gender"`
	DateOfBirth             *payroll.DateTime `json:"dateOfBirth" nullable:"true"`
	AddressLine1            string            `json:"addressLine1"`
	AddressLine2            string            `json:"addressLine2"`
	Town                    string            `json:"town"`
	County                  string            `json:"county"`
	Postcode                string            `json:"postcode"`
}

func (s *Service) employer(ctx context.Context, biz business.Business) (Employer, error) {
	h, err := s.UK.HmrcSettings(ctx, biz)
	if err != nil {
		return Employer{}, err
	}
	return Employer{Name: h.BusinessName, PayeReference: h.PayeReference, AccountsOfficeReference: h.AccountsOfficeReference,
		AddressLine1: h.AddressLine1, AddressLine2: h.AddressLine2, Town: h.Suburb, County: h.State, Postcode: h.Postcode}, nil
}

func person(e employee.Employee) Person {
	p := Person{EmployeeID: e.ID, PayrollID: e.PayrollID, NationalInsuranceNumber: e.NationalInsuranceNumber, Title: e.Title,
		FirstName: e.FirstName, MiddleName: e.MiddleName, Surname: e.Surname, Gender: e.Gender,
		AddressLine1: e.ResidentialStreetAddress, AddressLine2: e.ResidentialAddressLine2, Town: e.ResidentialCity,
		County: e.ResidentialCounty, Postcode: e.ResidentialPostCode}
	if p.PayrollID == "" {
		p.PayrollID = e.ExternalID
	}
	if !e.DateOfBirth.IsZero() {
		d := e.DateOfBirth
		p.DateOfBirth = &d
	}
	return p
}

// yearTotals sums the finalised pay of one employee (or all, id 0) in
// tax year y (its starting year).
func (s *Service) yearTotals(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64, y int) (map[int64]*Totals, error) {
	return s.yearTotalsOf(ctx, q, biz, employeeID, y, nil)
}

// yearTotalsOf is yearTotals of the runs keep accepts (nil: all).
func (s *Service) yearTotalsOf(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64, y int,
	keep func(store.UKFormsYearRunsRow) bool) (map[int64]*Totals, error) {
	from, to := uk.UKTaxYearDates(y)
	to = to.AddDate(0, 0, 1) // exclusive: payments dated 5 April count
	rows, err := q.UKFormsYearRuns(ctx, store.UKFormsYearRunsParams{BusinessID: biz.ID, YearFrom: from, YearTo: to, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	stat, err := q.UKFormsStatutoryPay(ctx, store.UKFormsStatutoryPayParams{BusinessID: biz.ID, YearFrom: from, YearTo: to, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	if keep != nil {
		kept := map[[2]int64]bool{}
		rs := rows[:0]
		for _, r := range rows {
			if keep(r) {
				rs = append(rs, r)
				kept[[2]int64{r.EmployeeID, r.PayRunID}] = true
			}
		}
		rows = rs
		st := stat[:0]
		for _, l := range stat {
			if kept[[2]int64{l.EmployeeID, l.PayRunID}] {
				st = append(st, l)
			}
		}
		stat = st
	}
	niable, err := YearNIablePay(ctx, q, biz.ID, from, to, employeeID, rows)
	if err != nil {
		return nil, err
	}
	return totalsByEmployee(rows, stat, niable)
}

// taxYearParam reads a tax year given as its starting year or "2026/27"
// (empty = the current one).
func (s *Service) taxYearParam(member, v string) (int, error) {
	if v == "" {
		return uk.UKTaxYearOf(s.Clock.Now()), nil
	}
	y, ok := uk.ParseUKTaxYear(v)
	if !ok {
		return 0, payroll.Invalid(member, "%s must be a tax year such as 2026 or 2026/27", member)
	}
	return y, nil
}

// yearEnding turns {financialYearEnding} (2027 = the year ending 5 April
// 2027) into the starting year.
func yearEnding(fye int64) (int, error) {
	if fye < 1991 || fye > 2101 {
		return 0, payroll.Invalid("financialYearEnding", "financialYearEnding must be the calendar year a tax year ends in, e.g. 2027 for 2026/27")
	}
	return int(fye) - 1, nil
}

func nullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }

func storeLeavers(biz int64, from, to time.Time) store.UKFormsLeaversParams {
	return store.UKFormsLeaversParams{BusinessID: biz, YearFrom: nullTime(from), YearTo: nullTime(to)}
}
