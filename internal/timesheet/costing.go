package timesheet

import (
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// Costing is what a line costs at the employee's rate.
type Costing struct {
	// BaseRate is the hourly rate (per unit for unit-based lines) before
	// the pay category's loading; nil when the employee has no rate that
	// converts to hours (no rate, Fixed, or no hours per week).
	BaseRate       *payroll.Rate
	Multiplier     payroll.Rate
	CalculatedRate *payroll.Rate
	Cost           *payroll.Money // nil = not costable
	Data           ShiftCostingData
}

// ShiftCostingData is the costing breakdown (concepts.md ShiftCostingData).
type ShiftCostingData struct {
	IsConsolidated bool             `json:"isConsolidated"`
	Allowances     []ShiftAllowance `json:"allowances"`
	Liabilities    []ShiftLiability `json:"liabilities"`
	ShiftParts     []ShiftPart      `json:"shiftParts"`
}

// IDName is a {id, name} reference: record.IDName itself, so the OpenAPI
// registry sees one type of that name.
type IDName = record.IDName

// Classification is {id, name, rank}.
type Classification struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Rank int32  `json:"rank"`
}

// ShiftAllowance is an allowance of a shift. Allowances come from award
// rules, which this service does not model yet: the list is always empty.
type ShiftAllowance struct {
	Classification Classification `json:"classification"`
	Cost           payroll.Money  `json:"cost"`
	Option         string         `json:"option" enum:"Fixed,PerHourWorked,PercentageOfShiftCost,PerShiftUnit,PerDay"`
	PayCategory    string         `json:"payCategory"`
	PayCategoryID  int64          `json:"payCategoryId"`
	RateMultiplier payroll.Rate   `json:"rateMultiplier"`
	Type           string         `json:"type" enum:"Standard,AllPurpose"`
	Units          payroll.Rate   `json:"units"`
}

// ShiftLiability is an employer liability of a shift (always empty, as
// allowances).
type ShiftLiability struct {
	Amount                payroll.Money `json:"amount"`
	Cost                  payroll.Money `json:"cost"`
	IncludeInShiftCost    bool          `json:"includeInShiftCost"`
	LiabilityCategoryID   int64         `json:"liabilityCategoryId"`
	LiabilityCategoryName string        `json:"liabilityCategoryName"`
	Option                string        `json:"option" enum:"Fixed,PerHourWorked,PercentageOfShiftCost,PerShiftUnit,PerDay"`
}

// PartLocation is the location of a shift part.
type PartLocation struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	State string `json:"state"`
}

// PartWorkType is the work type of a shift part.
type PartWorkType struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	LinkType string `json:"linkType" enum:"PayCategory,LeaveCategory,ShiftCondition"`
}

// ShiftPart is one stretch of a shift: work between breaks, or a break.
type ShiftPart struct {
	ActualDuration         string           `json:"actualDuration" doc:"TimeSpan hh:mm:ss"`
	EffectiveDuration      string           `json:"effectiveDuration" doc:"TimeSpan hh:mm:ss: what is paid (zero for unpaid breaks)"`
	DisplayDuration        string           `json:"displayDuration"`
	BaseRate               payroll.Rate     `json:"baseRate"`
	CalculatedRate         payroll.Rate     `json:"calculatedRate"`
	RateMultiplier         *payroll.Rate    `json:"rateMultiplier" nullable:"true"`
	Cost                   payroll.Money    `json:"cost"`
	StartTime              payroll.DateTime `json:"startTime"`
	EndTime                payroll.DateTime `json:"endTime"`
	IsAllowanceOrUnitBased bool             `json:"isAllowanceOrUnitBased"`
	IsBreak                bool             `json:"isBreak"`
	IsPaidBreak            bool             `json:"isPaidBreak"`
	PayCategory            string           `json:"payCategory"`
	PayCategoryID          int64            `json:"payCategoryId"`
	Classification         Classification   `json:"classification"`
	LeaveCategory          IDName           `json:"leaveCategory"`
	Location               PartLocation     `json:"location"`
	WorkType               PartWorkType     `json:"workType"`
}

// payCategoryInfo is what costing needs of a pay category.
type payCategoryInfo struct {
	Name    string
	Loading payroll.Rate // rateLoadingPercent
}

var (
	weeksPerYear  = payroll.RateFromInt(52)
	monthsPerYear = payroll.RateFromInt(12)
	daysPerWeek   = payroll.RateFromInt(5)
	hundred       = payroll.RateFromInt(100)
)

// HourlyRate converts an employee's rate to an hourly one: Hourly as is;
// Annually / 52 / hours per week; Monthly x 12 / 52 / hours per week;
// Weekly / hours per week; Daily / hours per day (or hours per week / 5).
// Fixed rates and missing hours have no hourly rate (nil).
func HourlyRate(rate *payroll.Rate, unit string, hoursPerWeek, hoursPerDay *payroll.Rate) *payroll.Rate {
	if rate == nil {
		return nil
	}
	hpw := hoursPerWeek != nil && hoursPerWeek.IsPos()
	var r payroll.Rate
	switch strings.ToLower(unit) {
	case "hourly":
		r = *rate
	case "annually":
		if !hpw {
			return nil
		}
		r = rate.Div(weeksPerYear).Div(*hoursPerWeek)
	case "monthly":
		if !hpw {
			return nil
		}
		r = rate.Mul(monthsPerYear).Div(weeksPerYear).Div(*hoursPerWeek)
	case "weekly":
		if !hpw {
			return nil
		}
		r = rate.Div(*hoursPerWeek)
	case "daily":
		switch {
		case hoursPerDay != nil && hoursPerDay.IsPos():
			r = rate.Div(*hoursPerDay)
		case hpw:
			r = rate.Div(hoursPerWeek.Div(daysPerWeek))
		default:
			return nil
		}
	default:
		return nil
	}
	return &r
}

// costOf is the cost of minutes at rate, to the cent (half up).
func costOf(rate payroll.Rate, minutes int64) payroll.Money {
	return payroll.MoneyFromDecimal(rate.Decimal()).MulInt(minutes).DivInt(60).Cents()
}

func timeSpan(d time.Duration) string {
	m := int64(d / time.Minute)
	return fmt.Sprintf("%02d:%02d:00", m/60, m%60)
}

func display(d time.Duration) string {
	m := int64(d / time.Minute)
	if m%60 == 0 {
		return fmt.Sprintf("%dh", m/60)
	}
	return fmt.Sprintf("%dh %dm", m/60, m%60)
}

// cost prices l: the base rate is the line's rate override, else the
// employee's rate converted to hours (HourlyRate); a pay category with a
// rate loading multiplies it (Overtime 1.5x: loading 50 -> x1.5). Each
// stretch of work between breaks and each paid break is costed to the cent
// and the line's cost is their sum. A unit-based line costs units x its
// rate override (units have no hourly equivalent).
func cost(l *Line, pc *payCategoryInfo) Costing {
	c := Costing{Multiplier: payroll.RateFromInt(1), Data: ShiftCostingData{Allowances: []ShiftAllowance{}, Liabilities: []ShiftLiability{}, ShiftParts: []ShiftPart{}}}
	if l.Units != nil {
		c.BaseRate = l.Rate
	} else if l.Rate != nil {
		c.BaseRate = l.Rate
	} else {
		c.BaseRate = HourlyRate(l.Employee.Rate, l.Employee.RateUnit, l.Employee.HoursPerWeek, l.Employee.HoursPerDay)
	}
	if pc != nil && pc.Loading.IsPos() {
		c.Multiplier = payroll.RateFromInt(1).Add(pc.Loading.Div(hundred))
	}
	if c.BaseRate == nil {
		return c
	}
	calc := c.BaseRate.Mul(c.Multiplier)
	c.CalculatedRate = &calc
	part := func(start, end time.Time, isBreak, paid bool) ShiftPart {
		p := ShiftPart{ActualDuration: timeSpan(end.Sub(start)), EffectiveDuration: timeSpan(end.Sub(start)), DisplayDuration: display(end.Sub(start)),
			BaseRate: *c.BaseRate, CalculatedRate: calc, RateMultiplier: &c.Multiplier, StartTime: payroll.NewDateTime(start), EndTime: payroll.NewDateTime(end),
			IsBreak: isBreak, IsPaidBreak: paid, PayCategoryID: l.PayCategoryID,
			LeaveCategory: IDName{ID: l.LeaveCategoryID, Name: l.Names.LeaveCategory},
			Location:      PartLocation{ID: l.LocationID, Name: l.Names.Location, State: l.Names.LocationState},
			WorkType:      PartWorkType{ID: l.WorkTypeID, Name: l.Names.WorkType, LinkType: "PayCategory"}}
		if pc != nil {
			p.PayCategory = pc.Name
		}
		if isBreak && !paid {
			p.EffectiveDuration = timeSpan(0)
		} else {
			p.Cost = costOf(calc, int64(end.Sub(start)/time.Minute))
		}
		return p
	}
	total := payroll.MoneyFromInt(0)
	if l.Units != nil {
		t := payroll.MoneyFromDecimal(l.Units.Decimal()).Mul(calc).Cents()
		p := part(l.Start, l.End, false, false)
		p.IsAllowanceOrUnitBased, p.Cost = true, t
		c.Data.ShiftParts = append(c.Data.ShiftParts, p)
		c.Cost = &t
		return c
	}
	at := l.Start
	for _, b := range l.Breaks {
		if b.Start.After(at) {
			c.Data.ShiftParts = append(c.Data.ShiftParts, part(at, b.Start, false, false))
		}
		c.Data.ShiftParts = append(c.Data.ShiftParts, part(b.Start, b.End, true, b.Paid))
		at = b.End
	}
	if l.End.After(at) {
		c.Data.ShiftParts = append(c.Data.ShiftParts, part(at, l.End, false, false))
	}
	for _, p := range c.Data.ShiftParts {
		total = total.Add(p.Cost)
	}
	c.Cost = &total
	return c
}

// CostAt prices work that is not a timesheet line (a roster shift) at an
// hourly rate: the same parts, paid breaks and rounding to the cent as a
// line (cost); unpaid breaks cost nothing.
func CostAt(start, end time.Time, breaks []Break, hourly payroll.Rate) Costing {
	l := Line{Start: start, End: end, Breaks: breaks, Rate: &hourly}
	return cost(&l, nil)
}
