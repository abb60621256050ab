// Package occupationalabsence keeps the periods of an employer's own
// (occupational, company) sick, maternity and other family pay scheme for
// a UK employee (E/occupationalabsence): the dates, the kind of absence
// and the percentage of normal pay the scheme pays. The periods of one
// employee never overlap. UK pay runs apply them (payrun
// statutory_leave.go, applyAbsence): the employee's standard earnings are
// reduced for the working days of the period they are absent, and the
// scheme tops the statutory pay up to its percentage of the normal pay of
// those days (never below zero).
package occupationalabsence

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// AbsenceTypes are the kinds of occupational absence.
var AbsenceTypes = []string{"Sickness", "Maternity", "Paternity", "Adoption", "SharedParental", "ParentalBereavement", "NeonatalCare"}

// OccupationalAbsence is a period of occupational absence pay.
type OccupationalAbsence struct {
	ID            int64            `json:"id"`
	EmployeeID    int64            `json:"employeeId"`
	AbsenceType   string           `json:"absenceType" enum:"Sickness,Maternity,Paternity,Adoption,SharedParental,ParentalBereavement,NeonatalCare"`
	FromDate      payroll.DateTime `json:"fromDate"`
	ToDate        payroll.DateTime `json:"toDate"`
	Weeks         payroll.Rate     `json:"weeks" doc:"length of the period in weeks (days / 7, two decimals)"`
	PayPercentage payroll.Rate     `json:"payPercentage" doc:"percentage of normal pay the scheme pays (100 = full pay)"`
	Notes         string           `json:"notes"`
	Version       int64            `json:"version"`
}

// OccupationalAbsenceInput creates or replaces a period.
type OccupationalAbsenceInput struct {
	AbsenceType   string           `json:"absenceType" enum:"Sickness,Maternity,Paternity,Adoption,SharedParental,ParentalBereavement,NeonatalCare"`
	FromDate      payroll.DateTime `json:"fromDate" doc:"first day (required)"`
	ToDate        payroll.DateTime `json:"toDate" required:"false" nullable:"true" doc:"last day; required unless weeks is given"`
	Weeks         *int64           `json:"weeks" required:"false" nullable:"true" doc:"instead of toDate: the period lasts this many whole weeks (1-104)"`
	PayPercentage *payroll.Rate    `json:"payPercentage" doc:"0 to 100, at most two decimals (required)"`
	Notes         string           `json:"notes" required:"false" maxLength:"500"`
	Version       int64            `json:"version" required:"false" doc:"PUT: the version read; another change since is a 409 (0 = not checked)"`
}

// Service owns the periods.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
}

var ukRegion = []string{"UK"}

func gate(biz business.Business) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError("occupational absence", ukRegion, biz)
	}
	return nil
}

var hundred = payroll.RateFromInt(100)

// validate checks the input and returns the period's dates and the
// percentage in hundredths.
func (in *OccupationalAbsenceInput) validate() (from, to time.Time, bp int64, err error) {
	var v payroll.Validation
	t := ""
	for _, c := range AbsenceTypes {
		if strings.EqualFold(c, strings.TrimSpace(in.AbsenceType)) {
			t = c
		}
	}
	if t == "" {
		v.Add("absenceType", "absenceType must be one of %s", strings.Join(AbsenceTypes, ", "))
	}
	in.AbsenceType = t
	if in.FromDate.IsZero() {
		v.Add("fromDate", "fromDate is required")
	}
	from = payroll.DateOnly(in.FromDate.Time)
	switch {
	case in.Weeks != nil && !in.ToDate.IsZero():
		v.Add("weeks", "give toDate or weeks, not both")
	case in.Weeks != nil && (*in.Weeks < 1 || *in.Weeks > 104):
		v.Add("weeks", "weeks must be 1 to 104")
	case in.Weeks != nil:
		to = from.AddDate(0, 0, int(7**in.Weeks)-1)
	case in.ToDate.IsZero():
		v.Add("toDate", "toDate (or weeks) is required")
	default:
		to = payroll.DateOnly(in.ToDate.Time)
		if !in.FromDate.IsZero() && to.Before(from) {
			v.Add("toDate", "toDate must not be before fromDate")
		}
	}
	switch p := in.PayPercentage; {
	case p == nil:
		v.Add("payPercentage", "payPercentage is required")
	case p.IsNeg() || hundred.Less(*p) || p.RoundHalfUp(2).Cmp(*p) != 0:
		v.Add("payPercentage", "payPercentage must be 0 to 100 with at most two decimals")
	default:
		bp, _ = strconv.ParseInt(p.Mul(hundred).RoundHalfUp(0).String(), 10, 64)
	}
	in.Notes = strings.TrimSpace(in.Notes)
	v.MaxLen("notes", in.Notes, 500)
	return from, to, bp, v.Err()
}

func view(r store.UkOccupationalAbsence) OccupationalAbsence {
	days := int64(r.ToDate.Sub(r.FromDate).Hours()/24) + 1
	weeks, _ := payroll.ParseRate(fmt.Sprintf("%d", days*100/7))
	pct, _ := payroll.ParseRate(fmt.Sprintf("%d.%02d", r.PayPercentage/100, r.PayPercentage%100))
	return OccupationalAbsence{ID: r.ID, EmployeeID: r.EmployeeID, AbsenceType: r.AbsenceType, FromDate: payroll.NewDateTime(r.FromDate),
		ToDate: payroll.NewDateTime(r.ToDate), Weeks: weeks.Div(hundred), PayPercentage: pct, Notes: r.Notes, Version: r.Version}
}

// List is the employee's periods, earliest first.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []OccupationalAbsence, err error) {
	defer payroll.Wrap(&err, "list occupational absence of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return nil, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().ListOccupationalAbsences(ctx, store.ListOccupationalAbsencesParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	out := make([]OccupationalAbsence, 0, len(rows))
	for _, r := range rows {
		out = append(out, view(r))
	}
	return out, nil
}

// Save creates (id 0) or replaces period id; a period overlapping another
// of the employee's is a 409, as is a stale version.
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, in OccupationalAbsenceInput) (_ OccupationalAbsence, err error) {
	defer payroll.Wrap(&err, "save occupational absence of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return OccupationalAbsence{}, err
	}
	from, to, bp, err := in.validate()
	if err != nil {
		return OccupationalAbsence{}, err
	}
	var out OccupationalAbsence
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		rows, err := q.ListOccupationalAbsences(ctx, store.ListOccupationalAbsencesParams{BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		found := id == 0
		for _, r := range rows {
			if r.ID == id {
				found = true
				if in.Version != 0 && in.Version != r.Version {
					return payroll.Conflict("the occupational absence was changed by another request (version %d is not current)", in.Version)
				}
				continue
			}
			if !r.FromDate.After(to) && !r.ToDate.Before(from) {
				return payroll.Conflict("the period overlaps the employee's %s absence of %s to %s", r.AbsenceType,
					r.FromDate.Format("2006-01-02"), r.ToDate.Format("2006-01-02"))
			}
		}
		if !found {
			return payroll.NotFound("occupational absence")
		}
		now := s.Clock.Now()
		var row store.UkOccupationalAbsence
		if id == 0 {
			row, err = q.CreateOccupationalAbsence(ctx, store.CreateOccupationalAbsenceParams{BusinessID: biz.ID, EmployeeID: employeeID,
				AbsenceType: in.AbsenceType, FromDate: from, ToDate: to, PayPercentage: bp, Notes: in.Notes, CreatedAt: now})
		} else {
			row, err = q.UpdateOccupationalAbsence(ctx, store.UpdateOccupationalAbsenceParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id,
				AbsenceType: in.AbsenceType, FromDate: from, ToDate: to, PayPercentage: bp, Notes: in.Notes, UpdatedAt: now})
		}
		if err != nil {
			return err
		}
		out = view(row)
		return nil
	})
	return out, err
}
