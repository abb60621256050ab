package settings

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ---- Financial (tax) years ----

// fyStarts is the day each region's financial year starts: AU 1 July,
// UK tax year 6 April, NZ 1 April, SG and MY the calendar year.
var fyStarts = map[string]struct {
	month time.Month
	day   int
}{"AU": {time.July, 1}, "UK": {time.April, 6}, "NZ": {time.April, 1}, "SG": {time.January, 1}, "MY": {time.January, 1}}

// FinancialYearStart is the first day of region's financial year that
// starts in calendar year y.
func FinancialYearStart(region string, y int) time.Time {
	s, ok := fyStarts[region]
	if !ok {
		s = fyStarts["AU"]
	}
	return time.Date(y, s.month, s.day, 0, 0, 0, 0, time.UTC)
}

// FinancialYearOf is the calendar year in which the financial year that
// contains t starts.
func FinancialYearOf(region string, t time.Time) int {
	if t.Before(FinancialYearStart(region, t.Year())) {
		return t.Year() - 1
	}
	return t.Year()
}

// FinancialYear is one financial year: value is the calendar year it
// starts in; name is "2026/2027" (or "2026" where it is the calendar year).
type FinancialYear struct {
	Value    int              `json:"value"`
	Name     string           `json:"name"`
	FromDate payroll.DateTime `json:"fromDate"`
	ToDate   payroll.DateTime `json:"toDate"`
}

// FinancialYearStarting describes region's financial year starting in y.
func FinancialYearStarting(region string, y int) FinancialYear {
	from := FinancialYearStart(region, y)
	to := FinancialYearStart(region, y+1).AddDate(0, 0, -1)
	name := strconv.Itoa(y)
	if to.Year() != y {
		name += "/" + strconv.Itoa(y+1)
	}
	return FinancialYear{Value: y, Name: name, FromDate: payroll.NewDateTime(from), ToDate: payroll.NewDateTime(to)}
}

// InitialFinancialYear is the first financial year the business runs
// payroll in: the one it chose, else the one it was created in.
func InitialFinancialYear(biz business.Business) FinancialYear {
	if y := biz.Details.InitialFinancialYearStart; y != nil {
		return FinancialYearStarting(biz.Region, *y)
	}
	return FinancialYearStarting(biz.Region, FinancialYearOf(biz.Region, biz.DateCreated.Time))
}

// earliestFinancialYear bounds the initial financial year a business may
// choose (no payroll history is kept from before it).
const earliestFinancialYear = 2000

// ParseInitialFinancialYear reads the initial financial year a client
// chose: the calendar year the financial year starts in ("2025"), or its
// first day ("2025-07-01"), which must be the region's financial year
// start. It may be at most the year after the current one.
func ParseInitialFinancialYear(region, raw string, now time.Time) (int, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return 0, payroll.Invalid("year", "year is required")
	}
	y, err := strconv.Atoi(raw)
	if err != nil {
		d, derr := payroll.ParseDateTime(raw)
		if derr != nil {
			return 0, payroll.Invalid("year", "year must be a year (2025) or the first day of a financial year")
		}
		y = d.Year()
		if start := FinancialYearStart(region, y); !d.Time.Equal(start) {
			return 0, payroll.Invalid("year", "%s is not the start of a financial year in %s: they start on %s",
				d.Format("2006-01-02"), region, start.Format("2 January"))
		}
	}
	latest := FinancialYearOf(region, now) + 1
	if y < earliestFinancialYear || y > latest {
		return 0, payroll.Invalid("year", "year must be between %d and %d", earliestFinancialYear, latest)
	}
	return y, nil
}

// TaxYears lists the financial years from the business's initial one to
// the one containing now, oldest first.
func TaxYears(biz business.Business, now time.Time) []FinancialYear {
	first := InitialFinancialYear(biz).Value
	last := max(FinancialYearOf(biz.Region, now), first)
	out := make([]FinancialYear, 0, last-first+1)
	for y := first; y <= last; y++ {
		out = append(out, FinancialYearStarting(biz.Region, y))
	}
	return out
}

// ---- Billing plans and entitlements ----

// BillingPlan is a subscription plan (AuBillingPlanResponseModel). The
// catalogue is fixed (BillingPlans); prices are per unit in the
// business's currency.
type BillingPlan struct {
	ID                         int64         `json:"id"`
	Name                       string        `json:"name"`
	Description                string        `json:"description"`
	Type                       string        `json:"type" enum:"PerEmployeePerMonth,License,PerHourPaid"`
	PricePerUnit               payroll.Money `json:"pricePerUnit"`
	PricePerSms                payroll.Money `json:"pricePerSms"`
	IncludedEmployees          int           `json:"includedEmployees"`
	SuperInclusion             string        `json:"superInclusion" enum:"None,Weekly,Monthly,Quarterly"`
	FunctionPayConditions      string        `json:"functionPayConditions" enum:"Disabled,Enabled,Upsell,ComingSoon"`
	FunctionAwards             string        `json:"functionAwards" enum:"Disabled,Enabled,Upsell,ComingSoon"`
	FunctionRostering          string        `json:"functionRostering" enum:"Disabled,Enabled,Upsell,ComingSoon"`
	FunctionTimeAndAttendance  string        `json:"functionTimeAndAttendance" enum:"Disabled,Enabled,Upsell,ComingSoon"`
	FunctionEmployeeOnboarding string        `json:"functionEmployeeOnboarding" enum:"Disabled,Enabled,Upsell,ComingSoon"`
	IsHidden                   bool          `json:"isHidden"`
}

// TrialPlanID is the plan a new business starts on; TrialDays how long.
const (
	TrialPlanID = 1
	TrialDays   = 30
)

// BillingPlans is the product catalogue. The trial is hidden: a business
// starts on it and cannot choose it again.
var BillingPlans = []BillingPlan{
	{ID: TrialPlanID, Name: "Trial", Description: fmt.Sprintf("Every feature free for %d days from sign-up.", TrialDays),
		Type: "PerEmployeePerMonth", SuperInclusion: "Monthly", FunctionPayConditions: "Enabled", FunctionAwards: "Enabled",
		FunctionRostering: "Enabled", FunctionTimeAndAttendance: "Enabled", FunctionEmployeeOnboarding: "Enabled", IsHidden: true},
	{ID: 2, Name: "Standard", Description: "Payroll, leave, employee self service and reporting.",
		Type: "PerEmployeePerMonth", PricePerUnit: payroll.MustMoney("4"), PricePerSms: payroll.MustMoney("0.1"), SuperInclusion: "None", FunctionPayConditions: "Upsell",
		FunctionAwards: "Upsell", FunctionRostering: "Upsell", FunctionTimeAndAttendance: "Upsell", FunctionEmployeeOnboarding: "Enabled"},
	{ID: 3, Name: "Premium", Description: "Standard plus rostering and time and attendance (kiosks).",
		Type: "PerEmployeePerMonth", PricePerUnit: payroll.MustMoney("6.5"), PricePerSms: payroll.MustMoney("0.1"), SuperInclusion: "Monthly", FunctionPayConditions: "Upsell",
		FunctionAwards: "Upsell", FunctionRostering: "Enabled", FunctionTimeAndAttendance: "Enabled", FunctionEmployeeOnboarding: "Enabled"},
	{ID: 4, Name: "Platinum", Description: "Premium plus awards and pay condition rules.",
		Type: "PerEmployeePerMonth", PricePerUnit: payroll.MustMoney("9"), PricePerSms: payroll.MustMoney("0.08"), SuperInclusion: "Monthly", FunctionPayConditions: "Enabled",
		FunctionAwards: "Enabled", FunctionRostering: "Enabled", FunctionTimeAndAttendance: "Enabled", FunctionEmployeeOnboarding: "Enabled"},
}

// BillingPlanByID finds a plan of the catalogue.
func BillingPlanByID(id int64) (BillingPlan, bool) {
	for _, p := range BillingPlans {
		if p.ID == id {
			return p, true
		}
	}
	return BillingPlan{}, false
}

// BillingPlanChoice is the stored plan of a business and since when.
type BillingPlanChoice struct {
	BillingPlanID int64            `json:"billingPlanId"`
	Since         payroll.DateTime `json:"since"`
}

// CurrentBillingPlan is the business's plan.
func (c *AdminCollections) CurrentBillingPlan(ctx context.Context, biz business.Business) (BillingPlan, error) {
	ch, err := c.BillingPlan.Get(ctx, biz, "")
	if err != nil {
		return BillingPlan{}, err
	}
	p, ok := BillingPlanByID(ch.BillingPlanID)
	if !ok {
		return BillingPlan{}, fmt.Errorf("business %d has unknown billing plan %d", biz.ID, ch.BillingPlanID)
	}
	return p, nil
}

// SetBillingPlan moves the business to a plan of the catalogue and posts
// a business notification about the change.
func (c *AdminCollections) SetBillingPlan(ctx context.Context, biz business.Business, planID int64) (BillingPlan, error) {
	plan, ok := BillingPlanByID(planID)
	if !ok || plan.IsHidden {
		return BillingPlan{}, payroll.Invalid("billingPlanId", "billing plan %d does not exist (see subscription/billingplans)", planID)
	}
	now := c.BillingPlan.S.Clock.Now()
	err := c.BillingPlan.S.DB.InTx(ctx, func(q *store.Queries) error {
		cur, err := c.BillingPlan.GetInTx(ctx, q, biz, "")
		if err != nil || cur.BillingPlanID == planID {
			return err
		}
		if _, err := c.BillingPlan.UpdateInTx(ctx, q, biz, "", func(ch *BillingPlanChoice) error {
			*ch = BillingPlanChoice{BillingPlanID: planID, Since: payroll.NewDateTime(now)}
			return nil
		}); err != nil {
			return err
		}
		from, _ := BillingPlanByID(cur.BillingPlanID)
		_, err = Notify(ctx, q, biz.ID, now, fmt.Sprintf("Billing plan changed from %s to %s", from.Name, plan.Name), false)
		return err
	})
	return plan, err
}

// Entitlements is what the business's plan gives it (EntitlementsModel).
type Entitlements struct {
	PlanName        string               `json:"planName"`
	TrialExpiryDate payroll.DateTime     `json:"trialExpiryDate" doc:"null unless the business is on the trial"`
	Features        []EntitlementFeature `json:"features"`
}

// EntitlementFeature names one feature.
type EntitlementFeature struct {
	Name string `json:"name"`
}

// baseFeatures come with every plan.
var baseFeatures = []string{"Payroll", "LeaveManagement", "EmployeeSelfService", "Reporting", "Timesheets"}

// Entitlements derives the business's features from its plan: the base
// features plus each function the plan enables.
func (c *AdminCollections) Entitlements(ctx context.Context, biz business.Business) (Entitlements, error) {
	plan, err := c.CurrentBillingPlan(ctx, biz)
	if err != nil {
		return Entitlements{}, err
	}
	out := Entitlements{PlanName: plan.Name, Features: []EntitlementFeature{}}
	for _, f := range baseFeatures {
		out.Features = append(out.Features, EntitlementFeature{f})
	}
	for _, f := range []struct{ name, toggle string }{
		{"EmployeeOnboarding", plan.FunctionEmployeeOnboarding}, {"Rostering", plan.FunctionRostering},
		{"TimeAndAttendance", plan.FunctionTimeAndAttendance}, {"Awards", plan.FunctionAwards},
		{"PayConditions", plan.FunctionPayConditions},
	} {
		if f.toggle == "Enabled" {
			out.Features = append(out.Features, EntitlementFeature{f.name})
		}
	}
	if plan.ID == TrialPlanID {
		out.TrialExpiryDate = payroll.NewDateTime(biz.DateCreated.AddDate(0, 0, TrialDays))
	}
	return out, nil
}

// ---- Business notifications ----

// BusinessNotification is a notice to the business's administrators
// (BusinessAction). Areas post them with Notify; a dismissed one is no
// longer listed.
type BusinessNotification struct {
	record.Base
	Date         payroll.DateTime  `json:"date"`
	Title        string            `json:"title"`
	HighPriority bool              `json:"highPriority"`
	DismissedAt  *payroll.DateTime `json:"dismissedAt,omitempty" readOnly:"true"`
}

// Validate requires a title.
func (n *BusinessNotification) Validate(v *payroll.Validation) {
	v.Required("title", n.Title)
	v.MaxLen("title", n.Title, 500)
}

func notificationCollection(s *record.Service) record.Collection[BusinessNotification, *BusinessNotification] {
	return record.Collection[BusinessNotification, *BusinessNotification]{S: s, Kind: KindBusinessNotification, Label: "business notification"}
}

// Notify posts a business notification dated at, inside the caller's
// transaction (so it exists exactly when the change it reports does).
func Notify(ctx context.Context, q *store.Queries, bizID int64, at time.Time, title string, highPriority bool) (BusinessNotification, error) {
	n := BusinessNotification{Date: payroll.NewDateTime(at), Title: title, HighPriority: highPriority}
	return notificationCollection(&record.Service{Clock: payroll.NewFixedClock(at)}).CreateInTx(ctx, q, bizID, 0, &n)
}

// ActiveNotifications lists the notifications not dismissed, newest first.
func (c *AdminCollections) ActiveNotifications(ctx context.Context, biz business.Business) ([]BusinessNotification, error) {
	all, err := c.Notifications.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := make([]BusinessNotification, 0, len(all))
	for _, n := range all {
		if n.DismissedAt == nil {
			out = append(out, n)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Date.Equal(out[j].Date.Time) {
			return out[i].Date.After(out[j].Date.Time)
		}
		return out[i].ID > out[j].ID
	})
	return out, nil
}

// DismissNotification hides a notification; dismissing it again is 404.
func (c *AdminCollections) DismissNotification(ctx context.Context, biz business.Business, id int64) error {
	now := payroll.NewDateTime(c.Notifications.S.Clock.Now())
	_, err := c.Notifications.Update(ctx, biz, 0, id, func(n *BusinessNotification) error {
		if n.DismissedAt != nil {
			return payroll.NotFound("business notification")
		}
		n.DismissedAt = &now
		return nil
	})
	return err
}

// ---- Tags ----

// Tag labels employees (TagViewModel). Tags come into being when other
// areas use them (EnsureTag); award tags carry their award.
type Tag struct {
	record.Base
	Name      string `json:"name"`
	Source    string `json:"source"`
	AwardID   *int64 `json:"awardId"`
	AwardName string `json:"awardName"`
}

func (t *Tag) RecordName() string { return t.Name }

// Validate requires a name.
func (t *Tag) Validate(v *payroll.Validation) {
	t.Name = strings.TrimSpace(t.Name)
	v.Required("name", t.Name)
	v.MaxLen("name", t.Name, 100)
	v.MaxLen("awardName", t.AwardName, 200)
}

// EnsureTag returns the business's tag with that name (any case),
// creating it in the caller's transaction when it is new.
func (c *AdminCollections) EnsureTag(ctx context.Context, q *store.Queries, bizID int64, t Tag) (Tag, error) {
	rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: bizID, Kind: KindTag, Lower: strings.TrimSpace(t.Name)})
	if err != nil {
		return Tag{}, err
	}
	if len(rows) > 0 {
		return c.Tags.Decode(rows[0])
	}
	return c.Tags.CreateInTx(ctx, q, bizID, 0, &t)
}

// ListTags lists the business's tags, only those of an award when
// awardName is given (any case).
func (c *AdminCollections) ListTags(ctx context.Context, biz business.Business, awardName string) ([]Tag, error) {
	all, err := c.Tags.List(ctx, biz, 0)
	if err != nil || awardName == "" {
		return all, err
	}
	out := make([]Tag, 0, len(all))
	for _, t := range all {
		if strings.EqualFold(t.AwardName, strings.TrimSpace(awardName)) {
			out = append(out, t)
		}
	}
	return out, nil
}
