package leave

import (
	"context"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Service owns leave: the ledger, allowances, requests, unavailability.
type Service struct {
	DB         *db.DB
	Clock      payroll.Clock
	Employees  *employee.Service // visibility and scope of employees
	Categories record.Collection[categories.LeaveCategory, *categories.LeaveCategory]
	Templates  record.Collection[AllowanceTemplate, *AllowanceTemplate]
	// Holidays lists the business's public holidays of a year (estimates
	// skip them): payschedule.ScheduleCollections.PublicHolidaysOfYear.
	Holidays func(ctx context.Context, biz business.Business, year int) ([]payschedule.PublicHoliday, error)
	// RequireNotes says whether the business's leave settings require
	// notes on leave requests (optional).
	RequireNotes func(ctx context.Context, q *store.Queries, biz business.Business) (bool, error)
	// Emit records a web hook event in the caller's transaction
	// (webhook.Service.Emit); nil = no events.
	Emit func(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error
}

// KindTemplate is the stored kind of leave allowance templates.
const KindTemplate = "leave_allowance_template"

// NewTemplates is the leave allowance template collection over s.
func NewTemplates(s *record.Service) record.Collection[AllowanceTemplate, *AllowanceTemplate] {
	return record.Collection[AllowanceTemplate, *AllowanceTemplate]{S: s, Kind: KindTemplate, Label: "leave allowance template", UniqueName: true,
		Region: []string{"AU"}, Decorate: decorateTemplates, Check: checkTemplate}
}

// hoursScale: hours are held in millionths of an hour.
const hoursScale = 6

// hoursE6 is h in millionths of an hour; more precision than that is a
// 400 naming member (an hour to six places is far below any clock).
func hoursE6(member string, h payroll.Rate) (int64, error) {
	d := h.Decimal()
	if d.MinScale() > hoursScale {
		return 0, payroll.Invalid(member, "%s has more than %d decimal places", member, hoursScale)
	}
	whole, frac, ok := d.Pad(hoursScale).Int64(hoursScale)
	if !ok {
		return 0, payroll.Invalid(member, "%s is out of range", member)
	}
	return whole*1_000_000 + frac, nil
}

// hoursOf is the hours held as millionths.
func hoursOf(e6 int64) payroll.Rate {
	return payroll.RateFromDecimal(decimal.MustNew(e6, hoursScale).Trim(0))
}

func (s *Service) emit(ctx context.Context, q *store.Queries, bizID int64, action string, data any) error {
	if s.Emit == nil {
		return nil
	}
	return s.Emit(ctx, q, bizID, action, data)
}
