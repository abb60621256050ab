package business

import (
	"slices"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// PayrollAction is what a restricted user does to a pay run; the grant's
// payroll access (PayrollAccess) decides which actions they may take, and
// for which pay schedules. docs/access.md has the table.
type PayrollAction int

const (
	// ReadPayRuns: see a pay run of the schedule and its figures for the
	// employees in scope. Any payroll access grants it.
	ReadPayRuns PayrollAction = iota + 1
	// CreatePayRuns: create a run, edit its lines and inputs, recalculate,
	// delete a draft (PayRunCreator...).
	CreatePayRuns
	// ApprovePayRuns: finalise and unlock a run, its journal
	// (PayRunApprover...).
	ApprovePayRuns
	// ApprovePayments: the run's payments and bank / payment files
	// (PaymentApprover...).
	ApprovePayments
	// LodgePayEvents: the tax authority lodgements (PayEventApprover, or
	// approveElectronicPayrollLodgement).
	LodgePayEvents
)

// Payroll access values (BusinessRestrictionTypeEnum).
const (
	PayEventApprover                 = "PayEventApprover"
	PayRunApproverAllSchedules       = "PayRunApproverAllSchedules"
	PayRunApproverSelectedSchedules  = "PayRunApproverSelectedSchedules"
	PaymentApproverAllSchedules      = "PaymentApproverAllSchedules"
	PaymentApproverSelectedSchedules = "PaymentApproverSelectedSchedules"
	PayRunCreatorAllSchedules        = "PayRunCreatorAllSchedules"
	PayRunCreatorSelectedSchedules   = "PayRunCreatorSelectedSchedules"
)

// grantsFor are the payroll access values that grant each action, the
// first naming "all schedules", the second "selected schedules".
var grantsFor = map[PayrollAction][2]string{
	CreatePayRuns:   {PayRunCreatorAllSchedules, PayRunCreatorSelectedSchedules},
	ApprovePayRuns:  {PayRunApproverAllSchedules, PayRunApproverSelectedSchedules},
	ApprovePayments: {PaymentApproverAllSchedules, PaymentApproverSelectedSchedules},
}

// Names is the payroll access the action needs, for a 403 and the
// operation's description.
func (a PayrollAction) Names() string {
	switch a {
	case ReadPayRuns:
		return "payroll access (payrollAccess.payRunCreationAccess or payRunApprovalAccess)"
	case LodgePayEvents:
		return "the PayEventApprover payroll access (or approveElectronicPayrollLodgement)"
	}
	g := grantsFor[a]
	return "the " + g[0] + " or " + g[1] + " payroll access"
}

// schedules is the pay schedules a payroll access value applies to.
type schedules struct {
	all bool
	ids []int64
}

func (s schedules) covers(scheduleID int64) bool {
	switch {
	case s.all:
		return true
	case scheduleID == 0:
		return len(s.ids) > 0
	}
	return slices.Contains(s.ids, scheduleID)
}

// values are the grant's payroll access values with the schedules each
// applies to: a ...SelectedSchedules value the schedules selected for the
// field holding it, any other value every schedule.
func (p *PayrollAccess) values() map[string]schedules {
	out := map[string]schedules{}
	if p == nil {
		return out
	}
	add := func(v *string, selected []int64) {
		switch {
		case v == nil || *v == "":
		case strings.HasSuffix(*v, "SelectedSchedules"):
			cur := out[*v]
			cur.ids = append(cur.ids, selected...)
			out[*v] = cur
		default:
			out[*v] = schedules{all: true}
		}
	}
	add(p.PayRunCreationAccess, p.SelectedPaySchedulesForPayRunCreation)
	add(p.PayRunApprovalAccess, p.SelectedPaySchedulesForPayRunApproval)
	if p.ApproveElectronicPayrollLodgement {
		out[PayEventApprover] = schedules{all: true}
	}
	return out
}

// PayrollAllows reports whether the access may take action on the pay runs
// of pay schedule scheduleID (0: on some schedule, before the schedule is
// known). Unrestricted access may do everything; self-service access
// nothing.
func (a Access) PayrollAllows(action PayrollAction, scheduleID int64) bool {
	if a.Unrestricted {
		return true
	}
	if a.SelfEmployeeID != 0 {
		return false
	}
	vals := a.Restrictions.PayrollAccess.values()
	switch action {
	case ReadPayRuns:
		for _, s := range vals {
			if s.covers(scheduleID) {
				return true
			}
		}
		return false
	case LodgePayEvents:
		_, ok := vals[PayEventApprover]
		return ok
	}
	g, ok := grantsFor[action]
	if !ok {
		return false
	}
	for _, v := range g {
		if s, ok := vals[v]; ok && s.covers(scheduleID) {
			return true
		}
	}
	return false
}

// PayrollDenied is the 403 of a restricted user whose payroll access does
// not allow action (on that schedule, when one is named).
func PayrollDenied(action PayrollAction, scheduleID int64) error {
	if scheduleID != 0 {
		return payroll.Forbidden("this needs %s for pay schedule %d", action.Names(), scheduleID)
	}
	return payroll.Forbidden("this needs %s", action.Names())
}

// PayrollSchedules is the pay schedules on whose runs the access may take
// action: every one (all), or those listed (none when ids is empty).
func (a Access) PayrollSchedules(action PayrollAction) (all bool, ids []int64) {
	if a.Unrestricted {
		return true, nil
	}
	if a.SelfEmployeeID != 0 {
		return false, nil
	}
	vals := a.Restrictions.PayrollAccess.values()
	var names []string
	switch action {
	case ReadPayRuns:
		for v := range vals {
			names = append(names, v)
		}
	case LodgePayEvents:
		names = []string{PayEventApprover}
	default:
		g := grantsFor[action]
		names = g[:]
	}
	for _, n := range names {
		s, ok := vals[n]
		if !ok {
			continue
		}
		if s.all {
			return true, nil
		}
		ids = append(ids, s.ids...)
	}
	return false, ids
}
