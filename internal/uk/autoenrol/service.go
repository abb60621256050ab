package autoenrol

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	calcuk "github.com/payrolld/payrolld/internal/calc/uk"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Worker categories (Pensions Act 2008 s.1-4 as The Pensions Regulator
// names them).
const (
	EligibleJobholder    = "EligibleJobholder"    // 22 to State Pension age, earnings above the trigger: must be enrolled
	NonEligibleJobholder = "NonEligibleJobholder" // 16-74 with earnings above the lower QE limit, not eligible: may opt in
	EntitledWorker       = "EntitledWorker"       // 16-74 with earnings at or below the lower limit: may ask to join
	NotAWorker           = "NotApplicable"        // under 16 or 75 and over
	NotAssessed          = "NotAssessed"          // no date of birth or no finalised pay yet
)

// StatePensionAge is the age the assessment uses (66 for everyone born
// from 6 October 1954 to 5 April 1960; the rise to 67 starts with those
// born after). Rules §2.6 marks the age band as unverified.
const StatePensionAge = 66

// Enrolment states the employer records.
var statuses = []string{"NotEnrolled", "Enrolled", "OptedIn", "OptedOut", "Postponed"}

// Pension is the employee's auto-enrolment state.
type Pension struct {
	EmployeeID              int64             `json:"employeeId"`
	WorkerCategory          string            `json:"workerCategory" enum:"EligibleJobholder,NonEligibleJobholder,EntitledWorker,NotApplicable,NotAssessed"`
	MustBeEnrolled          bool              `json:"mustBeEnrolled" doc:"an eligible jobholder neither enrolled, opted out nor postponed"`
	Age                     *int64            `json:"age" nullable:"true"`
	AssessmentDate          payroll.DateTime  `json:"assessmentDate"`
	AssessedPayRunID        *int64            `json:"assessedPayRunId" nullable:"true" doc:"the latest finalised pay run on or before the assessment date"`
	Frequency               string            `json:"frequency" doc:"of that pay run; empty when none"`
	Earnings                payroll.Money     `json:"earnings" doc:"gross pay of that pay run"`
	QualifyingEarnings      payroll.Money     `json:"qualifyingEarnings" doc:"earnings within the qualifying band"`
	EarningsTrigger         payroll.Money     `json:"earningsTrigger"`
	LowerQualifyingEarnings payroll.Money     `json:"lowerQualifyingEarnings"`
	UpperQualifyingEarnings payroll.Money     `json:"upperQualifyingEarnings"`
	TaxYear                 string            `json:"taxYear"`
	EnrolmentStatus         string            `json:"enrolmentStatus" enum:"NotEnrolled,Enrolled,OptedIn,OptedOut,Postponed"`
	EnrolmentDate           *payroll.DateTime `json:"enrolmentDate" nullable:"true"`
	OptInDate               *payroll.DateTime `json:"optInDate" nullable:"true"`
	OptOutDate              *payroll.DateTime `json:"optOutDate" nullable:"true"`
	PostponementEndDate     *payroll.DateTime `json:"postponementEndDate" nullable:"true"`
	IsForced                bool              `json:"isForced" doc:"enrolled by POST E/pension/force whatever the assessment"`
	Notes                   string            `json:"notes"`
	Version                 int64             `json:"version" doc:"0 until the first change"`
}

// PensionInput records the employer's action (PUT E/pension).
type PensionInput struct {
	EnrolmentStatus     string           `json:"enrolmentStatus" enum:"NotEnrolled,Enrolled,OptedIn,OptedOut,Postponed"`
	EnrolmentDate       payroll.DateTime `json:"enrolmentDate" nullable:"true" doc:"Enrolled: default today"`
	OptInDate           payroll.DateTime `json:"optInDate" nullable:"true" doc:"OptedIn: default today"`
	OptOutDate          payroll.DateTime `json:"optOutDate" nullable:"true" doc:"OptedOut: default today"`
	PostponementEndDate payroll.DateTime `json:"postponementEndDate" nullable:"true" doc:"Postponed (required): at most three months ahead"`
	Notes               string           `json:"notes" maxLength:"500"`
	Version             int64            `json:"version" doc:"the version read; another change since is a 409 (0 = not checked)"`
}

// Service owns the auto-enrolment state.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
}

var ukRegion = []string{"UK"}

func gate(biz business.Business) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError("workplace pensions", ukRegion, biz)
	}
	return nil
}

func ptr(n sql.NullTime) *payroll.DateTime {
	if !n.Valid {
		return nil
	}
	d := payroll.NewDateTime(n.Time)
	return &d
}

func null(d payroll.DateTime) sql.NullTime {
	if d.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: payroll.DateOnly(d.Time), Valid: true}
}

// ageOn is the age in whole years on day.
func ageOn(dob, day time.Time) int64 {
	a := int64(day.Year() - dob.Year())
	if day.Month() < dob.Month() || (day.Month() == dob.Month() && day.Day() < dob.Day()) {
		a--
	}
	return a
}

// Category is the worker category of age with earnings in a period whose
// band is b (Pensions Act 2008 s.3, s.5 and s.9).
func Category(age int64, earnings payroll.Money, b calcuk.AutoEnrolmentBand) string {
	switch {
	case age < 16 || age >= 75:
		return NotAWorker
	case age >= 22 && age < StatePensionAge && b.Trigger.Less(earnings):
		return EligibleJobholder
	case b.Lower.Less(earnings):
		return NonEligibleJobholder
	default:
		return EntitledWorker
	}
}

// assess fills the assessment of e on day.
func assess(ctx context.Context, q *store.Queries, bizID int64, e employee.Employee, day time.Time, p *Pension) error {
	p.AssessmentDate, p.WorkerCategory = payroll.NewDateTime(day), NotAssessed
	var age int64 = -1
	if !e.DateOfBirth.IsZero() {
		age = ageOn(e.DateOfBirth.Time, day)
		p.Age = &age
	}
	rows, err := q.UKLatestFinalisedPay(ctx, store.UKLatestFinalisedPayParams{BusinessID: bizID, EmployeeID: e.ID, Upto: day.AddDate(0, 0, 1).Add(-time.Nanosecond)})
	if err != nil || len(rows) == 0 {
		return err
	}
	r := rows[0]
	id := r.PayRunID
	p.AssessedPayRunID, p.Frequency, p.Earnings = &id, r.Frequency, payroll.MoneyFromMinor(r.Gross)
	b, err := calcuk.AutoEnrolmentFor(r.DatePaid, calc.Frequency(r.Frequency))
	if err != nil {
		return nil // a year or frequency without figures: not assessed
	}
	p.TaxYear, p.EarningsTrigger, p.LowerQualifyingEarnings, p.UpperQualifyingEarnings = b.TaxYear, b.Trigger, b.Lower, b.Upper
	if qe := p.Earnings.Min(b.Upper).Sub(b.Lower); qe.IsPos() {
		p.QualifyingEarnings = qe
	}
	if age >= 0 {
		p.WorkerCategory = Category(age, p.Earnings, b)
	}
	return nil
}

func (s *Service) view(ctx context.Context, q *store.Queries, biz business.Business, e employee.Employee, day time.Time) (Pension, error) {
	p := Pension{EmployeeID: e.ID, EnrolmentStatus: "NotEnrolled"}
	row, err := q.GetUKEmployeePension(ctx, store.GetUKEmployeePensionParams{BusinessID: biz.ID, EmployeeID: e.ID})
	switch {
	case err == nil:
		p.EnrolmentStatus, p.EnrolmentDate, p.OptInDate, p.OptOutDate = row.EnrolmentStatus, ptr(row.EnrolmentDate), ptr(row.OptInDate), ptr(row.OptOutDate)
		p.PostponementEndDate, p.IsForced, p.Notes, p.Version = ptr(row.PostponementEndDate), row.Forced, row.Notes, row.Version
		if p.EnrolmentStatus == "Postponed" && row.PostponementEndDate.Valid && row.PostponementEndDate.Time.Before(payroll.DateOnly(day)) {
			p.EnrolmentStatus = "NotEnrolled" // the postponement has ended: assess again
		}
	case !db.IsNoRows(err):
		return p, err
	}
	if err := assess(ctx, q, biz.ID, e, day, &p); err != nil {
		return p, err
	}
	p.MustBeEnrolled = p.WorkerCategory == EligibleJobholder && p.EnrolmentStatus == "NotEnrolled"
	return p, nil
}

// Get is the employee's state assessed on day (zero = today).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, day time.Time) (_ Pension, err error) {
	defer payroll.Wrap(&err, "get pension of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return Pension{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return Pension{}, err
	}
	if day.IsZero() {
		day = s.Clock.Now()
	}
	return s.view(ctx, s.DB.Queries(), biz, e, payroll.DateOnly(day))
}

// Update records the employer's action; see PensionInput for the rules.
func (s *Service) Update(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in PensionInput) (_ Pension, err error) {
	defer payroll.Wrap(&err, "update pension of employee %d", employeeID)
	return s.write(ctx, biz, p, employeeID, in, false)
}

// Force enrols the employee whatever the assessment (409 when already a
// member).
func (s *Service) Force(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ Pension, err error) {
	defer payroll.Wrap(&err, "force enrolment of employee %d", employeeID)
	return s.write(ctx, biz, p, employeeID, PensionInput{EnrolmentStatus: "Enrolled"}, true)
}

func canonical(s string) (string, bool) {
	for _, c := range statuses {
		if strings.EqualFold(c, strings.TrimSpace(s)) {
			return c, true
		}
	}
	return "", false
}

func (s *Service) write(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in PensionInput, force bool) (Pension, error) {
	if err := gate(biz); err != nil {
		return Pension{}, err
	}
	st, ok := canonical(in.EnrolmentStatus)
	if !ok {
		return Pension{}, payroll.Invalid("enrolmentStatus", "enrolmentStatus must be one of %s", strings.Join(statuses, ", "))
	}
	in.Notes = strings.TrimSpace(in.Notes)
	if len(in.Notes) > 500 {
		return Pension{}, payroll.Invalid("notes", "notes must be at most 500 characters")
	}
	today := payroll.DateOnly(s.Clock.Now())
	var out Pension
	err := s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		cur, err := s.view(ctx, q, biz, e, today)
		if err != nil {
			return err
		}
		member := cur.EnrolmentStatus == "Enrolled" || cur.EnrolmentStatus == "OptedIn"
		params := store.CreateUKEmployeePensionParams{BusinessID: biz.ID, EmployeeID: employeeID, EnrolmentStatus: st, Notes: in.Notes,
			EnrolmentDate: null(payroll.DateTime{}), UpdatedAt: s.Clock.Now()}
		if cur.EnrolmentDate != nil {
			params.EnrolmentDate = null(*cur.EnrolmentDate)
		}
		if cur.OptInDate != nil {
			params.OptInDate = null(*cur.OptInDate)
		}
		if in.Notes == "" {
			params.Notes = cur.Notes
		}
		or := func(d payroll.DateTime) sql.NullTime {
			if d.IsZero() {
				return sql.NullTime{Time: today, Valid: true}
			}
			return null(d)
		}
		switch st {
		case "Enrolled":
			if force && member {
				return payroll.Conflict("the employee is already a member of the pension scheme (%s)", cur.EnrolmentStatus)
			}
			params.EnrolmentDate, params.Forced = or(in.EnrolmentDate), force
		case "OptedIn":
			if cur.WorkerCategory == EligibleJobholder {
				return payroll.Invalid("enrolmentStatus", "an eligible jobholder is enrolled (Enrolled), not opted in")
			}
			params.OptInDate = or(in.OptInDate)
			params.EnrolmentDate = params.OptInDate
		case "OptedOut":
			if !member {
				return payroll.Conflict("only a member can opt out; the employee is %s", cur.EnrolmentStatus)
			}
			params.OptOutDate = or(in.OptOutDate)
			if params.EnrolmentDate.Valid && params.OptOutDate.Time.Before(params.EnrolmentDate.Time) {
				return payroll.Invalid("optOutDate", "optOutDate must not be before the enrolment date")
			}
		case "Postponed":
			if member {
				return payroll.Conflict("a member's assessment cannot be postponed")
			}
			if in.PostponementEndDate.IsZero() {
				return payroll.Invalid("postponementEndDate", "postponementEndDate is required")
			}
			end := payroll.DateOnly(in.PostponementEndDate.Time)
			if end.Before(today) || end.After(today.AddDate(0, 3, 0)) {
				return payroll.Invalid("postponementEndDate", "postponementEndDate must be between today and three months ahead")
			}
			params.PostponementEndDate = sql.NullTime{Time: end, Valid: true}
		case "NotEnrolled":
			params.EnrolmentDate, params.OptInDate = sql.NullTime{}, sql.NullTime{}
		}
		version := cur.Version
		if in.Version != 0 {
			version = in.Version
		}
		if cur.Version == 0 && in.Version == 0 {
			_, err = q.CreateUKEmployeePension(ctx, params)
			if db.IsUniqueViolation(err) {
				return payroll.Conflict("the employee's pension was changed by another request")
			}
		} else {
			_, err = q.UpdateUKEmployeePension(ctx, store.UpdateUKEmployeePensionParams{BusinessID: biz.ID, EmployeeID: employeeID,
				EnrolmentStatus: params.EnrolmentStatus, EnrolmentDate: params.EnrolmentDate, OptInDate: params.OptInDate, OptOutDate: params.OptOutDate,
				PostponementEndDate: params.PostponementEndDate, Forced: params.Forced, Notes: params.Notes, UpdatedAt: params.UpdatedAt, Version: version})
			if db.IsNoRows(err) {
				return payroll.Conflict("the employee's pension was changed by another request (version %d is not current)", version)
			}
		}
		if err != nil {
			return err
		}
		out, err = s.view(ctx, q, biz, e, today)
		return err
	})
	return out, err
}
