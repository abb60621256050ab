package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A draft payslip shows the leave taken in its own run and the balance
// after it, in every region (issue 32 item 10 was found in AU): Lea has
// 40 hours of a leave category that does not accrue by itself, entered in
// September's run, and takes one 8-hour day on Wednesday 14 October. The
// October draft's leaveTaken lists that day and its balance is 40 − 8 =
// 32 hours; the balances report agrees once October is finalised.
func TestDraftPayslipLeaveInEveryRegion(t *testing.T) {
	for _, region := range []string{"UK", "NZ", "SG"} {
		t.Run(region, func(t *testing.T) {
			testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
				e := newRegionEnv(t, d, region, "Monthly")
				cat := e.manualLeave(t, "Annual holiday")
				members := map[string]any{"rate": 48000, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8}
				switch region {
				case "UK":
					members["taxCode"], members["nationalInsuranceCategory"] = "1257L", "A"
				case "NZ":
					members["taxCodeDeclaration_TaxCode"] = "M"
				}
				lea := e.employee(t, "Lea", "Monthly", members)
				sep := e.run(t, "2026-09-30", 0, 0)
				e.accrue(t, sep, lea, cat, 40)
				e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
				e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, lea), e.Key, map[string]any{"leaveCategoryId": cat,
					"fromDate": "2026-10-14T00:00:00", "toDate": "2026-10-14T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
				oct := e.run(t, "2026-10-31", 0, 0)
				slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", oct, lea), e.Key, nil).Expect(t, 200).Map(t)
				taken, _ := slip["leaveTaken"].([]any)
				if len(taken) != 1 || num(t, taken[0].(map[string]any)["amount"]) != 8 {
					t.Fatalf("draft leave taken %v, want one line of 8 hours", slip["leaveTaken"])
				}
				balance := func(where string, list []any) {
					t.Helper()
					for _, b := range list {
						if m := b.(map[string]any); m["leaveCategory"] == "Annual holiday" {
							if got := num(t, m["amount"]); got != 32 {
								t.Errorf("%s balance %v, want 32", where, got)
							}
							return
						}
					}
					t.Errorf("%s: no Annual holiday balance in %v", where, list)
				}
				balance("draft payslip", slip["totalAccruedLeave"].([]any))
				e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
				slip = e.Do("GET", fmt.Sprintf("%s/payslips/%d", oct, lea), e.Key, nil).Expect(t, 200).Map(t)
				balance("finalised payslip", slip["totalAccruedLeave"].([]any))
				var bals []map[string]any
				e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances", e.B, lea), e.Key, nil).Expect(t, 200).JSON(t, &bals)
				if len(bals) != 1 || num(t, bals[0]["accruedAmount"]) != 32 {
					t.Errorf("leave balances %v, want 32 hours of Annual holiday", bals)
				}
			})
		})
	}
}
