package webhook

import (
	"slices"
	"strings"
)

// Event (filter) names, as the reference API spells them. Areas pass these
// to Emit; registrations filter on them or on Wildcard.
const (
	BankAccountDeleted                = "BankAccountDeleted"
	BankAccountUpdated                = "BankAccountUpdated"
	EmployeeCreated                   = "EmployeeCreated"
	EmployeeRecurringDeductionDeleted = "EmployeeRecurringDeductionDeleted"
	EmployeeRecurringDeductionUpdated = "EmployeeRecurringDeductionUpdated"
	EmployeeTerminated                = "EmployeeTerminated"
	EmployeeUpdated                   = "EmployeeUpdated"
	FilingStateChanged                = "FilingStateChanged" // a filing to a tax authority created or moved state (internal/filing; not in the reference's list)
	LeaveEntitlementBalanceUpdated    = "LeaveEntitlementBalanceUpdated"
	LeaveRequestApproved              = "LeaveRequestApproved"
	LeaveRequestCancelled             = "LeaveRequestCancelled"
	LeaveRequestCreated               = "LeaveRequestCreated"
	LeaveRequestDeclined              = "LeaveRequestDeclined"
	LeaveRequestUpdated               = "LeaveRequestUpdated"
	PayRunDeleted                     = "PayRunDeleted"
	PayRunFinalised                   = "PayRunFinalised"
	PayRunInitialised                 = "PayRunInitialised"
	PaymentSummariesPublished         = "PaymentSummariesPublished"
	PaymentSummariesUnpublished       = "PaymentSummariesUnpublished"
	PaySlipsPublished                 = "PaySlipsPublished" // a finalised run's pay slips published (now or at the scheduled time)
	TimesheetApproved                 = "TimesheetApproved"
	TimesheetCreated                  = "TimesheetCreated"
	TimesheetDeleted                  = "TimesheetDeleted"
	TimesheetRejected                 = "TimesheetRejected"
	TimesheetUpdated                  = "TimesheetUpdated"

	// Wildcard is the filter matching every event.
	Wildcard = "*"
)

var events = []string{
	BankAccountDeleted, BankAccountUpdated, EmployeeCreated, EmployeeRecurringDeductionDeleted,
	EmployeeRecurringDeductionUpdated, EmployeeTerminated, EmployeeUpdated, FilingStateChanged, LeaveEntitlementBalanceUpdated,
	LeaveRequestApproved, LeaveRequestCancelled, LeaveRequestCreated, LeaveRequestDeclined, LeaveRequestUpdated,
	PayRunDeleted, PayRunFinalised, PayRunInitialised, PaymentSummariesPublished, PaymentSummariesUnpublished, PaySlipsPublished,
	TimesheetApproved, TimesheetCreated, TimesheetDeleted, TimesheetRejected, TimesheetUpdated,
}

// Events returns the event names (without the wildcard).
func Events() []string { return slices.Clone(events) }

// canonicalEvent returns the canonical spelling of an event name given in
// any case, or false.
func canonicalEvent(name string) (string, bool) {
	for _, e := range events {
		if strings.EqualFold(e, name) {
			return e, true
		}
	}
	return "", false
}

// matches reports whether a registration with filters wants action.
func matches(filters []string, action string) bool {
	return slices.Contains(filters, Wildcard) || slices.Contains(filters, action)
}
