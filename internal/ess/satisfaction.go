package ess

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// SatisfactionValues are the feelings of EmployeeSatisfactionValue.
var SatisfactionValues = []string{"NotSet", "Happy", "Neutral", "Sad"}

// Satisfaction is EssSatisfactionSurvey: how the employee felt in the
// week starting weekStartDate (a Monday).
type Satisfaction struct {
	Value         string           `json:"value" enum:"NotSet,Happy,Neutral,Sad"`
	WeekStartDate payroll.DateTime `json:"weekStartDate" doc:"any day of the week; stored as that week's Monday"`
}

// Satisfactions keeps the employees' weekly satisfaction survey answers.
type Satisfactions struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// WeekStart is the Monday of t's week (date only).
func WeekStart(t time.Time) time.Time {
	d := payroll.DateOnly(t)
	back := (int(d.Weekday()) + 6) % 7 // Monday 0 ... Sunday 6
	return d.AddDate(0, 0, -back)
}

// Save records the employee's feeling for the week of in.WeekStartDate
// (today's week when it is empty); a second answer for the same week
// replaces the first. It returns the value stored.
func (s *Satisfactions) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in Satisfaction) (_ string, err error) {
	defer payroll.Wrap(&err, "satisfaction of employee %d", employeeID)
	var value string
	for _, v := range SatisfactionValues {
		if strings.EqualFold(v, strings.TrimSpace(in.Value)) {
			value = v
		}
	}
	if value == "" {
		return "", payroll.Invalid("value", "value must be one of %s", strings.Join(SatisfactionValues, ", "))
	}
	now := s.Clock.Now()
	week := in.WeekStartDate.Time
	if in.WeekStartDate.IsZero() {
		week = now
	}
	week = WeekStart(week)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		return q.UpsertEssSatisfaction(ctx, store.UpsertEssSatisfactionParams{BusinessID: biz.ID, EmployeeID: employeeID,
			WeekStartDate: week, Value: value, CreatedAt: now})
	})
	return value, err
}

// List returns the employee's answers whose week starts in [from, to]
// (either zero: unbounded), oldest first.
func (s *Satisfactions) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, from, to time.Time) (_ []Satisfaction, err error) {
	defer payroll.Wrap(&err, "satisfaction of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	if from.IsZero() {
		from = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	} else {
		from = WeekStart(from)
	}
	if to.IsZero() {
		to = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	}
	rows, err := q.ListEssSatisfaction(ctx, store.ListEssSatisfactionParams{BusinessID: biz.ID, EmployeeID: employeeID, WeekStartDate: from, WeekStartDate_2: to})
	out := make([]Satisfaction, len(rows))
	for i, r := range rows {
		out[i] = Satisfaction{Value: r.Value, WeekStartDate: payroll.NewDateTime(r.WeekStartDate)}
	}
	return out, err
}

// DevicePlatforms are the platforms of DeviceTokenModel.
var DevicePlatforms = []string{"iOS", "Android"}

// DeviceToken is DeviceTokenModel: a mobile device's push token.
type DeviceToken struct {
	Token    string `json:"token" maxLength:"4096"`
	Platform string `json:"platform" enum:"iOS,Android"`
}

// DeviceTokens keeps the self-service users' mobile push device tokens.
// Nothing sends push notifications yet: the tokens are stored for when
// something does.
type DeviceTokens struct {
	DB    *db.DB
	Clock payroll.Clock
}

func (t *DeviceToken) check() error {
	var v payroll.Validation
	t.Token = strings.TrimSpace(t.Token)
	v.Required("token", t.Token)
	v.MaxLen("token", t.Token, 4096)
	platform := ""
	for _, p := range DevicePlatforms {
		if strings.EqualFold(p, strings.TrimSpace(t.Platform)) {
			platform = p
		}
	}
	if platform == "" {
		v.Add("platform", "platform must be one of %s", strings.Join(DevicePlatforms, ", "))
	}
	t.Platform = platform
	return v.Err()
}

// Register stores the token as the caller's (idempotent; a token another
// user registered before becomes the caller's: the device changed hands).
func (s *DeviceTokens) Register(ctx context.Context, p *payroll.Principal, t DeviceToken) (err error) {
	defer payroll.Wrap(&err, "register device token")
	if p == nil || p.UserID == 0 {
		return payroll.Forbidden("device tokens belong to a signed-in user")
	}
	if err := t.check(); err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		return q.UpsertEssDeviceToken(ctx, store.UpsertEssDeviceTokenParams{UserID: p.UserID, Platform: t.Platform, Token: t.Token, CreatedAt: s.Clock.Now()})
	})
}

// Unregister forgets the caller's token (idempotent: an unknown one is
// no error).
func (s *DeviceTokens) Unregister(ctx context.Context, p *payroll.Principal, t DeviceToken) (err error) {
	defer payroll.Wrap(&err, "unregister device token")
	if p == nil || p.UserID == 0 {
		return payroll.Forbidden("device tokens belong to a signed-in user")
	}
	if err := t.check(); err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.DeleteEssDeviceToken(ctx, store.DeleteEssDeviceTokenParams{UserID: p.UserID, Platform: t.Platform, Token: t.Token})
		return err
	})
}

// Of lists the user's tokens.
func (s *DeviceTokens) Of(ctx context.Context, userID int64) ([]DeviceToken, error) {
	rows, err := s.DB.Queries().ListEssDeviceTokens(ctx, userID)
	out := make([]DeviceToken, len(rows))
	for i, r := range rows {
		out[i] = DeviceToken{Platform: r.Platform, Token: r.Token}
	}
	return out, err
}
