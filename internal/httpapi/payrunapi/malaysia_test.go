package payrunapi_test

import (
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A Malaysian business's pay run is refused, not paid gross as net: the
// service has no PCB/MTD, EPF, SOCSO or EIS rules, so creating a run
// (synchronously or as a job) answers 409 saying so, and nothing is stored.
func TestMalaysianPayRunRefused(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "MY")
		sched := int64(b.Do("POST", b.B+"/payschedule", b.Key, map[string]any{"name": "Monthly", "frequency": "Monthly"}).Expect(t, 200).Map(t)["id"].(float64))
		b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, map[string]any{"firstName": "Aminah", "surname": "Test",
			"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-01-01T00:00:00", "paySchedule": "Monthly",
			"rate": 60000, "rateUnit": "Annually", "hoursPerWeek": 40}).Expect(t, 200)
		create := map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-10-31T00:00:00", "datePaid": "2026-10-31T00:00:00"}
		for _, path := range []string{b.B + "/payrun", b.B + "/payrun/async"} {
			r := b.Do("POST", path, b.Key, create).Expect(t, 409)
			if msg := r.Map(t)["detail"].(string); !strings.Contains(msg, "Malaysian statutory deductions") || !strings.Contains(msg, "nothing was stored") {
				t.Errorf("POST %s: %s", path, msg)
			}
		}
		var runs []map[string]any
		b.Do("GET", b.B+"/payrun", b.Key, nil).Expect(t, 200).JSON(t, &runs)
		if len(runs) != 0 {
			t.Fatalf("a refused run was stored: %v", runs)
		}
		var jobs int
		if err := d.R.QueryRow("SELECT count(*) FROM payrun_jobs").Scan(&jobs); err != nil || jobs != 0 {
			t.Fatalf("pay run jobs stored: %d (%v)", jobs, err)
		}
	})
}
