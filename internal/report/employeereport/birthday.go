package employeereport

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

// Birthday is an employee whose birthday falls in the report's range
// (BirthdayReportExportModel).
type Birthday struct {
	EmployeeID       int64            `json:"employeeId"`
	FirstName        string           `json:"firstName"`
	Surname          string           `json:"surname"`
	ExternalID       string           `json:"externalId"`
	Location         string           `json:"location"`
	DateOfBirth      payroll.DateTime `json:"dateOfBirth"`
	EmploymentStatus string           `json:"employmentStatus"`
	Age              int64            `json:"age" doc:"the age the employee turns on their birthday in the range"`
}

// Birthdays lists the employees (in p's scope, at locationID when given)
// whose birthday falls between from and to inclusive, in birthday order.
// The month and day are compared in SQL: both engines render a timestamp
// as text starting YYYY-MM-DD, so SUBSTR(..., 6, 5) is "MM-DD".
func (s *Service) Birthdays(ctx context.Context, biz business.Business, p *payroll.Principal, from, to time.Time, locationID int64) (_ []Birthday, err error) {
	defer payroll.Wrap(&err, "birthday report of business %d", biz.ID)
	if from.IsZero() {
		return nil, payroll.Invalid("fromDate", "fromDate is required")
	}
	if to.IsZero() {
		return nil, payroll.Invalid("toDate", "toDate is required")
	}
	from, to = payroll.DateOnly(from), payroll.DateOnly(to)
	var b report.Args
	where, err := s.EmployeeScope(ctx, biz, p, report.Filter{From: from, To: to, LocationID: locationID}, &b)
	if err != nil {
		return nil, err
	}
	md := "SUBSTR(CAST(e.date_of_birth AS TEXT), 6, 5)"
	where += " AND e.date_of_birth IS NOT NULL"
	fromMD, toMD := from.Format("01-02"), to.Format("01-02")
	switch {
	case to.Sub(from) >= 365*24*time.Hour: // a year or more: every birthday
	case from.Year() == to.Year():
		where += " AND " + md + " >= " + b.Bind(fromMD) + " AND " + md + " <= " + b.Bind(toMD)
	default: // across new year
		where += " AND (" + md + " >= " + b.Bind(fromMD) + " OR " + md + " <= " + b.Bind(toMD) + ")"
	}
	type row struct {
		b    Birthday
		next time.Time
	}
	var rows []row
	q := "SELECT e.id, e.first_name, e.surname, e.external_id, e.primary_location, e.date_of_birth, e.status FROM employees e" + where
	err = s.Query(ctx, q, b.Values, func(r *sql.Rows) error {
		var x Birthday
		var dob time.Time
		if err := r.Scan(&x.EmployeeID, &x.FirstName, &x.Surname, &x.ExternalID, &x.Location, &dob, &x.EmploymentStatus); err != nil {
			return err
		}
		x.DateOfBirth = payroll.NewDateTime(dob)
		next := time.Date(from.Year(), dob.Month(), dob.Day(), 0, 0, 0, 0, time.UTC)
		if next.Before(from) {
			next = next.AddDate(1, 0, 0)
		}
		x.Age = int64(next.Year() - dob.Year())
		rows = append(rows, row{x, next})
		return nil
	})

	if err != nil {
		return nil, err
	}
	report.SortStable(rows, func(a, c row) bool {
		if !a.next.Equal(c.next) {
			return a.next.Before(c.next)
		}
		return a.b.EmployeeID < c.b.EmployeeID
	})

	out := make([]Birthday, len(rows))
	for i, r := range rows {
		out[i] = r.b
	}
	return out, nil
}
