package pay

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Work on a rest day (Employment Act 1968 s 37; MOM, "Rest days" / "Calculate
// pay for work on rest day"): a monthly-rated employee covered by Part IV who
// works on their rest day (a day their stored work week marks Rest; the rest
// day is not a paid day, so the salary pays nothing for it) is paid, at the
// basic rate of pay,
//
//	work done                            employer's request   employee's request
//	up to half the normal daily hours    1 day's salary       ½ day's salary
//	more than half, up to normal hours   2 days' salary       1 day's salary
//	beyond the normal daily hours        as above + 1.5 × the hourly basic rate
//	                                     for each hour beyond
//
// A day's salary is 12 × the monthly basic rate ÷ (52 × the days worked a
// week: 5.5 for a 5.5-day week) (sgDayPay); the hourly basic rate 12 × the
// monthly rate ÷ 2,288 (sg_overtime.go). docs/reference/sg-rest-day-work.md.
//
// Who asked is not a member of the published timesheet; it is recorded as a
// shift condition on the timesheet (a work type with mappingType
// ShiftCondition) whose short code is RESTDAY-EMPLOYER or RESTDAY-EMPLOYEE.
// A rest-day timesheet of the primary category of an employee whose monthly
// basic rate is at most $4,500 (who may be covered by Part IV: workmen up to
// $4,500, others up to $2,600) with neither condition is refused: the pay
// differs by a factor of two with the answer, and paying by the salary alone
// (nothing) underpays a covered employee. Above $4,500 no employee is covered
// by Part IV: without a condition the salary pays the day (the contract
// governs, MOM FAQ), with one the client chose s 37's pay and it is paid.

// Short codes of the shift conditions that say who asked for rest-day work.
const (
	sgRestDayEmployer = "RESTDAY-EMPLOYER"
	sgRestDayEmployee = "RESTDAY-EMPLOYEE"
)

// sgPartIVWorkmanLimit is the highest basic monthly salary of a workman
// covered by Part IV of the Employment Act (MOM; sg-overtime.md).
var sgPartIVWorkmanLimit = payroll.RateFromInt(4500)

// sgRestDaysWorked adds the rest-day pay lines of employee e (see above).
func (w *Writer) sgRestDaysWorked(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated) error {
	if in == nil || in.restDays[e.ID] == nil {
		return nil
	}
	rest := in.restDays[e.ID]
	b, err := sgSalariedDayBasis(run, e, cats, in, c)
	if b == nil || err != nil {
		return err
	}
	monthly, perWeek := b.monthly, b.perWeek
	var codes map[int64]string // shift condition id -> short code, read once
	for _, t := range b.timesheets {
		day := payroll.DateOnly(t.Start)
		if !rest[day.Weekday()] {
			continue
		}
		if _, holiday := b.holidays[day]; holiday {
			continue // a public holiday: sg_public_holiday_worked.go
		}
		if codes == nil {
			if codes, err = w.shiftConditionCodes(ctx); err != nil {
				return err
			}
		}
		byEmployer, byEmployee := false, false
		for _, id := range t.ShiftConditionIDs {
			switch strings.ToUpper(strings.TrimSpace(codes[id])) {
			case sgRestDayEmployer:
				byEmployer = true
			case sgRestDayEmployee:
				byEmployee = true
			}
		}
		if byEmployer == byEmployee {
			if !byEmployer && sgPartIVWorkmanLimit.Less(monthly) {
				continue // outside Part IV, nothing chosen: the salary pays the day
			}
			return payroll.Conflict("SG: timesheet %d of employee %d is on %s, a rest day of their work week, and says %s who asked for the work: "+
				"Employment Act s 37 pays 2 days' salary for work at the employer's request and 1 day's at the employee's (half for up to half the normal hours); "+
				"add to the timesheet the shift condition (a work type with mappingType ShiftCondition) whose short code is %s or %s, only one; nothing was stored",
				t.ID, e.ID, day.Format("Monday 2 January 2006"), map[bool]string{false: "nothing of", true: "both employer and employee of"}[byEmployer], sgRestDayEmployer, sgRestDayEmployee)
		}
		normal, ok := sgNormalDailyHours(e, perWeek)
		if !ok {
			return payroll.Conflict("SG: timesheet %d of employee %d is rest-day work (Employment Act s 37), whose pay depends on the employee's normal hours of work a day; "+
				"the employee has neither hoursPerDay nor hoursPerWeek: set one; nothing was stored", t.ID, e.ID)
		}
		l := sgRestDayLines(b.primary, monthly, perWeek, normal, payroll.RateFromInt(t.WorkMinutes).Div(payroll.RateFromInt(60)), byEmployer, day)
		c.lines = append(c.lines, l...)
	}
	return nil
}

// sgNormalDailyHours is employee e's normal hours of work a day: hours per
// day, else hours per week ÷ the days worked a week (44 ÷ 5.5 = 8).
func sgNormalDailyHours(e *EmployeeRow, perWeek payroll.Rate) (payroll.Rate, bool) {
	if e.HoursPerDay.Valid {
		if h, err := payroll.ParseRate(e.HoursPerDay.String); err == nil && h.IsPos() {
			return h, true
		}
	}
	if e.HoursPerWeek.Valid && perWeek.IsPos() {
		if h, err := payroll.ParseRate(e.HoursPerWeek.String); err == nil && h.IsPos() {
			return h.Div(perWeek), true
		}
	}
	return payroll.Rate{}, false
}

// sgRestDayLines are the lines of h hours' work on rest day day: the days'
// salary (employer's request: 1 up to half the normal hours, else 2;
// employee's: ½, else 1) and the hours beyond the normal day at 1.5 × the
// hourly basic rate.
func sgRestDayLines(cat Category, monthly, perWeek, normal, h payroll.Rate, byEmployer bool, day time.Time) []line {
	half := normal.Div(payroll.RateFromInt(2))
	days := payroll.RateFromInt(1)
	who := "at the employee's request"
	if byEmployer {
		days, who = payroll.RateFromInt(2), "at the employer's request"
	}
	if !half.Less(h) { // up to half the normal hours
		days = days.Div(payroll.RateFromInt(2))
	}
	dayPay := sgDayPay(monthly, perWeek)
	when := day.Format("Monday 2 January 2006")
	note := "Rest day worked " + when + ", " + who + ", " + h.RoundHalfUp(2).String() + " h (normal day " + normal.RoundHalfUp(2).String() + " h): " +
		days.String() + " day's salary at the basic rate of pay, 12 × " + monthly.RoundHalfUp(2).String() + " ÷ (52 × " + perWeek.String() +
		" days a week) a day (Employment Act 1968 s 37; MOM, pay for work on a rest day)"
	out := []line{earningsLine(cat, days, dayPay, lineMoney(days, dayPay), payroll.Rate{}, note)}
	if normal.Less(h) {
		over := h.Sub(normal)
		hourly := monthly.Mul(payroll.RateFromInt(12)).Div(sgEAYearHours).RoundHalfUp(4)
		rate := hourly.Mul(payroll.MustRate("1.5"))
		on := "Rest day worked " + when + ": " + over.RoundHalfUp(2).String() + " h beyond the normal day at 1.5 × " + sgHourlyBasicNote(monthly.RoundHalfUp(2), "Monthly", hourly)
		out = append(out, earningsLine(cat, over, rate, lineMoney(over, rate), over, on))
	}
	return out
}

// shiftConditionCodes are the business's work types' short codes by id.
func (w *Writer) shiftConditionCodes(ctx context.Context) (map[int64]string, error) {
	recs, err := w.q.ListRecords(ctx, store.ListRecordsParams{BusinessID: w.bizID, Kind: "work_type"})
	if err != nil {
		return nil, err
	}
	out := map[int64]string{}
	for _, r := range recs {
		var d struct {
			ShortCode   string `json:"shortCode"`
			MappingType string `json:"mappingType"`
		}
		if json.Unmarshal([]byte(r.Data), &d) == nil && d.MappingType == "ShiftCondition" {
			out[r.ID] = d.ShortCode
		}
	}
	return out, nil
}
