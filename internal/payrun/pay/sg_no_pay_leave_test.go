package pay

import (
	"database/sql"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// A joiner's cut month and no-pay leave together are one incomplete month
// (MOM, "Salary for an incomplete month of work": monthly gross ÷ working
// days in the month × days actually worked). $3,000, Monday to Friday, 8
// hours a day; November 2026 has 21 working days; joins Monday 16 (11
// days: 1,571.43 paid by the cut line), 2 days of no-pay leave: 9 worked,
// 3,000 × 9 ÷ 21 = 1,285.71, so the leave takes 285.72 (not its own
// 3,000 × 2 ÷ 21 = 285.71, which left 1,285.72). A second day of leave
// later in the month: 8 worked, 1,142.86, the leave 142.85.
func TestSGNoPayLeaveInAJoinersMonth(t *testing.T) {
	t.Parallel()
	d := func(day int) time.Time { return time.Date(2026, time.November, day, 0, 0, 0, 0, time.UTC) }
	e := &EmployeeRow{}
	e.HoursPerDay = sql.NullString{String: "8", Valid: true}
	run := &store.PayRun{Frequency: "Monthly", PeriodStarting: d(1), PeriodEnding: d(30)}
	std := []line{{}}
	l := &std[0]
	l.amount, l.fullPeriod, l.fullAmount = payroll.MustMoney("1571.43"), payroll.MustMoney("3000"), payroll.MustMoney("1571.43")
	l.from, l.to = d(16), d(30)
	l.hours, l.fullHours = payroll.MustRate("88"), payroll.MustRate("88")
	pr := periodRate{unit: "Monthly"}
	got, ok := sgNoPayLeave("SG", e, run, std, pr, &mondayToFriday, nil, payroll.MustRate("16"), holidaysInLeave{})
	if !ok || !got.Equal(payroll.MustMoney("285.72")) {
		t.Fatalf("no-pay leave = %v %v, want 285.72", got, ok)
	}
	l.amount, l.hours = l.amount.Sub(got), l.hours.Sub(payroll.MustRate("16"))
	got, _ = sgNoPayLeave("SG", e, run, std, pr, &mondayToFriday, nil, payroll.MustRate("8"), holidaysInLeave{})
	if !got.Equal(payroll.MustMoney("142.85")) {
		t.Fatalf("second no-pay leave = %v, want 142.85", got)
	}
}
