package employee

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Accounting systems an employee can be asked to sync to (the target of
// POST E/synctoaccounting/xero and POST E/synctoqbo), with the name the
// business's journal service setting gives each.
const (
	AccountingXero       = "Xero"
	AccountingQuickBooks = "QuickBooksOnline"
)

var accountingServiceName = map[string]string{AccountingXero: "Xero", AccountingQuickBooks: "QuickBooks Online"}

// AccountingSyncNotConfigured is the status of a sync request this server
// could not send: it holds no connection (credentials, tenant) to any
// accounting system.
const AccountingSyncNotConfigured = "NotConfigured"

// AccountingSync is a recorded request to sync an employee to an
// accounting system and what became of it.
type AccountingSync struct {
	ID          int64            `json:"id"`
	EmployeeID  int64            `json:"employeeId"`
	Target      string           `json:"target" enum:"Xero,QuickBooksOnline" doc:"the accounting system asked for"`
	Status      string           `json:"status" enum:"NotConfigured" doc:"NotConfigured: no integration with the accounting system is configured, so nothing was sent"`
	Sent        bool             `json:"sent" doc:"whether the employee was sent to the accounting system (never, without an integration)"`
	Message     string           `json:"message"`
	RequestedBy string           `json:"requestedBy"`
	RequestedAt payroll.DateTime `json:"requestedAt"`
}

// syncTrail is what the employee's audit trail shows of a sync request.
type syncTrail struct {
	Target string `json:"target"`
	Status string `json:"status"`
}

// SyncToAccounting records p's request to sync employee employeeID to the
// accounting system target and says truthfully what happened: this server
// has no connection to any accounting system, so the request is stored
// with status NotConfigured and nothing is sent, whatever the business's
// journal service setting names (the message says which). The request
// shows in the employee's audit trail (EmployeeDetails section,
// accountingSync[id].target / .status). 404 when p cannot see the
// employee.
func (s *Service) SyncToAccounting(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, target string) (out AccountingSync, err error) {
	defer payroll.Wrap(&err, "sync employee %d to %s", employeeID, target)
	name := accountingServiceName[target]
	if name == "" {
		return AccountingSync{}, payroll.Invalid("target", "unknown accounting system %q", target)
	}
	msg := "No " + name + " integration is configured for this business: the request is recorded and nothing was sent to " + name + "."
	if biz.Details.JournalService == name {
		msg = "The business's journal service is " + name + ", but no " + name + " connection is configured on this server: the request is recorded and nothing was sent to " + name + "."
	}
	user := ""
	if p != nil {
		user = p.Username
	}
	err = s.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e Employee) error {
		r, err := q.InsertEmployeeAccountingSync(ctx, store.InsertEmployeeAccountingSyncParams{BusinessID: biz.ID, EmployeeID: employeeID,
			Target: target, Status: AccountingSyncNotConfigured, Message: msg, RequestedBy: user, RequestedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		out = AccountingSync{ID: r.ID, EmployeeID: r.EmployeeID, Target: r.Target, Status: r.Status, Message: r.Message,
			RequestedBy: r.RequestedBy, RequestedAt: payroll.NewDateTime(r.RequestedAt)}
		return s.AuditRecord(ctx, q, e, "EmployeeDetails", "accountingSync", r.ID, nil, syncTrail{Target: r.Target, Status: r.Status})
	})
	return out, err
}
