package conformance_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseEmployeeAccountingSync steps through the operations of the employee area's last
// gaps: the sync-to-QuickBooks request (the description's
// AuEmployee_SyncEmployeeToQBO; the catalogue's Xero sync is not in the
// description) on an employee of the bundle's business.
func exerciseEmployeeAccountingSync(t *testing.T, r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	key, biz := b.Key, b.Biz
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Quinn", "surname": "Ledger"}, biz, "?matchType=None"))
	var got struct {
		Status string `json:"status"`
		Sent   bool   `json:"sent"`
	}
	r.form(key, "POST", B+"/employee/{employeeId}/synctoqbo", map[string]any{}, biz, emp).JSON(t, &got)
	if got.Status != "NotConfigured" || got.Sent {
		t.Errorf("synctoqbo answered %+v: nothing can have been sent", got)
	}
}
