package payrunapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestPayslipEmailsOnPublish: publishing a run's payslips tells each
// employee who asked for email (paySlipNotificationType Email) that their
// payslip is ready, from the payslip settings' emailFrom, with their
// emailBodyMessage and its {{FirstName}} and {{BusinessName}} filled in
// (the example of the published AuPaySlip_Post description). An employee
// who asked for none gets nothing, and a finalise that suppresses
// notifications sends none.
func TestPayslipEmailsOnPublish(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		B := b.B
		b.Do("POST", B+"/payslip", b.Key, map[string]any{"emailFrom": "payroll@alice.example",
			"emailBodyMessage": "<p>Hi {{FirstName}},</p><p>{{BusinessName}} has just processed your pay and a new pay slip is available.</p><p>Regards {{BusinessName}}</p>"}).Expect(t, 200)
		b.Do("POST", B+"/paycategory", b.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
		b.Do("POST", B+"/location", b.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
		sched := int64(num(t, b.Do("POST", B+"/payschedule", b.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200).Map(t)["id"]))
		for _, e := range []struct{ first, email, notify string }{
			{"Uma", "uma@example.com", "Email"}, {"Vic", "vic@example.com", "None"},
		} {
			m := baseMembers("AU", e.first, "Weekly")
			m["rate"], m["rateUnit"], m["emailAddress"], m["paySlipNotificationType"] = 30, "Hourly", e.email, e.notify
			b.Do("POST", B+"/employee/unstructured?matchType=None", b.Key, m).Expect(t, 200)
		}
		run := func(ending string) string {
			r := b.Do("POST", B+"/payrun", b.Key, map[string]any{"payScheduleId": sched, "payPeriodEnding": ending}).Expect(t, 200).Map(t)
			return fmt.Sprintf("%s/payrun/%d", B, int64(num(t, r["id"])))
		}
		// Suppressed first: had it queued anything, the jobs started below
		// would send it with the published run's.
		b.Do("POST", run("2026-11-13T00:00:00")+"/finalise", b.Key, map[string]any{"publishPaySlips": "Immediate", "suppressNotifications": true}).Expect(t, 200)
		b.Do("POST", run("2026-11-20T00:00:00")+"/finalise", b.Key, map[string]any{"publishPaySlips": "Immediate"}).Expect(t, 200)
		ctx, cancel := context.WithCancel(context.Background())
		done := b.StartJobs(ctx)
		t.Cleanup(func() { cancel(); <-done })

		deadline := time.Now().Add(30 * time.Second)
		for {
			ns, err := d.Queries().ListNotificationsTo(context.Background(), "uma@example.com")
			if err != nil {
				t.Fatal(err)
			}
			if len(ns) > 0 {
				time.Sleep(2 * time.Second) // a second (suppressed run's) message would be sent by now
				if ns, _ = d.Queries().ListNotificationsTo(context.Background(), "uma@example.com"); len(ns) != 1 {
					t.Fatalf("%d messages to Uma, want the published run's one: %+v", len(ns), ns)
				}
				n := ns[0]
				want := "<p>Hi Uma,</p><p>Alice AU has just processed your pay and a new pay slip is available.</p><p>Regards Alice AU</p>"
				if n.Sender != "payroll@alice.example" || n.Body != want || n.Kind != "payslip" {
					t.Errorf("message %+v, want from payroll@alice.example with %q", n, want)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("timed out waiting for Uma's payslip email")
			}
			time.Sleep(100 * time.Millisecond)
		}
		if ns, err := d.Queries().ListNotificationsTo(context.Background(), "vic@example.com"); err != nil || len(ns) != 0 {
			t.Errorf("Vic asked for no notification and got %+v (%v)", ns, err)
		}
	})
}
