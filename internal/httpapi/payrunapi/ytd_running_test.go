package payrunapi_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// checkKeptYearToDate compares the year to date read from the running
// totals with the figure re-summed over the finalised runs
// (PayRunYearToDate), as a pay run of every run of the business reads it
// (its tax year up to its payment date, without itself) and as of each
// day given (no run left out).
func checkKeptYearToDate(t *testing.T, d *db.DB, bizID int64, step string, days ...string) {
	t.Helper()
	ctx := context.Background()
	q := d.Queries()
	rows, err := d.R.QueryContext(ctx, "SELECT id, date_paid FROM pay_runs WHERE business_id = $1 ORDER BY id", bizID)
	if err != nil {
		t.Fatal(err)
	}
	type point struct {
		run  int64
		paid time.Time
	}
	var points []point
	for rows.Next() {
		var p point
		if err := rows.Scan(&p.run, &p.paid); err != nil {
			t.Fatal(err)
		}
		points = append(points, p)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	for _, s := range days {
		day, _ := time.Parse("2006-01-02", s)
		points = append(points, point{paid: day})
	}
	for _, p := range points {
		from, quarter := pay.TaxYear("AU", p.paid)
		kept, err := pay.KeptYearToDate(ctx, q, bizID, p.run, from, quarter, p.paid)
		if err != nil {
			t.Fatal(err)
		}
		summed, err := q.PayRunYearToDate(ctx, store.PayRunYearToDateParams{QuarterFrom: quarter, BusinessID: bizID, PayRunID: p.run,
			YearFrom: from, YearTo: p.paid})
		if err != nil {
			t.Fatal(err)
		}
		if len(summed) == 0 && len(kept) == 0 {
			continue
		}
		if !reflect.DeepEqual(summed, kept) {
			t.Fatalf("%s: year to date of run %d (paid %s) from the running totals differs from the re-summed figure:\nsummed %+v\nkept   %+v",
				step, p.run, p.paid.Format("2006-01-02"), summed, kept)
		}
	}
}

// The kept year to date equals the re-summed one through finalise, unlock
// and refinalise, employees removed, a draft deleted, runs dated before
// finalised ones, a payment date changed at finalise and a new tax year;
// pay slips add the opening balances on top.
func TestKeptYearToDateEqualsResummed(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		ann := e.employee(t, "Ann", "Weekly", nil)
		bob := e.employee(t, "Bob", "Weekly", map[string]any{"rate": 91300, "rateUnit": "Annually"})
		cat := e.employee(t, "Cat", "Weekly", map[string]any{"rate": 41.5})
		e.employee(t, "Dan", "Monthly", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/openingbalances", B, ann), key, map[string]any{"financialYearStartingYear": 2026,
			"grossEarnings": 10000, "paygWithholdingAmount": 1500, "superContribution": 1200}).Expect(t, 200)

		runs := map[string]string{}
		create := func(schedule int64, ending string, extra map[string]any) string {
			body := map[string]any{"payScheduleId": schedule, "payPeriodEnding": ending + "T00:00:00"}
			for k, v := range extra {
				body[k] = v
			}
			r := e.Do("POST", B+"/payrun", key, body).Expect(t, 200).Map(t)
			P := fmt.Sprintf("%s/payrun/%d", B, int64(num(t, r["id"])))
			runs[ending] = P
			return P
		}
		finalise := func(P string, body map[string]any) {
			if body == nil {
				body = map[string]any{}
			}
			e.Do("POST", P+"/finalise", key, body).Expect(t, 200)
		}
		days := []string{"2026-06-30", "2026-07-01", "2026-08-31", "2026-09-30", "2026-12-31", "2027-06-30"}

		// The last week of the 2025-26 year, then four runs of 2026-27 over
		// two quarters.
		finalise(create(e.weekly, "2026-06-26", nil), nil)
		for _, ending := range []string{"2026-07-10", "2026-07-17", "2026-09-25", "2026-10-02"} {
			P := create(e.weekly, ending, nil)
			checkKeptYearToDate(t, d, e.Biz, "created "+ending, days...)
			finalise(P, nil)
			checkKeptYearToDate(t, d, e.Biz, "finalised "+ending, days...)
		}
		// A run dated before finalised ones leaves them out of its year to
		// date; its pay slip adds Ann's opening balance.
		back := create(e.weekly, "2026-08-14", nil)
		checkKeptYearToDate(t, d, e.Biz, "back-dated run", days...)
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", back, ann), key, nil).Expect(t, 200).Map(t)
		var annBefore float64
		for _, ending := range []string{"2026-07-10", "2026-07-17"} {
			tot := e.totalsOf(t, runs[ending], ann)
			annBefore += num(t, tot["grossEarnings"])
		}
		annNow := num(t, e.totalsOf(t, back, ann)["grossEarnings"])
		if got, want := num(t, slip["grossYTD"]), 10000+annBefore+annNow; fmt.Sprintf("%.2f", got) != fmt.Sprintf("%.2f", want) {
			t.Fatalf("back-dated pay slip gross YTD %.2f, want opening 10000 + the July runs %.2f + this run %.2f = %.2f", got, annBefore, annNow, want)
		}
		e.Do("DELETE", back, key, nil).Expect(t, 200)
		checkKeptYearToDate(t, d, e.Biz, "draft deleted", days...)

		// Unlock, remove an employee, refinalise; unlock and delete.
		P := runs["2026-07-17"]
		e.Do("POST", P+"/unlock", key, map[string]any{"comments": "fix"}).Expect(t, 200)
		checkKeptYearToDate(t, d, e.Biz, "unlocked", days...)
		e.Do("DELETE", fmt.Sprintf("%s/employee/%d", P, bob), key, nil).Expect(t, 200)
		finalise(P, nil)
		checkKeptYearToDate(t, d, e.Biz, "refinalised without Bob", days...)
		P = runs["2026-09-25"]
		e.Do("POST", P+"/unlock", key, map[string]any{"comments": "wrong week"}).Expect(t, 200)
		e.Do("DELETE", P, key, nil).Expect(t, 200)
		checkKeptYearToDate(t, d, e.Biz, "unlocked and deleted", days...)

		// Finalised on another payment date (into the next quarter), an
		// employee included by hand, and the monthly schedule.
		P = create(e.weekly, "2026-12-25", nil)
		e.Do("DELETE", fmt.Sprintf("%s/employee/%d", P, cat), key, nil).Expect(t, 200)
		finalise(P, map[string]any{"datePaid": "2027-01-04T00:00:00"})
		checkKeptYearToDate(t, d, e.Biz, "finalised on a new date", days...)
		P = create(e.weekly, "2027-01-08", nil)
		finalise(P, nil)
		finalise(create(e.monthly, "2027-01-31", nil), nil)
		checkKeptYearToDate(t, d, e.Biz, "monthly", append(days, "2027-01-05", "2027-01-31")...)

		// Every kept row still counts a finalised run.
		var empty int
		if err := d.R.QueryRow("SELECT COUNT(*) FROM employee_year_to_date WHERE runs <= 0").Scan(&empty); err != nil || empty != 0 {
			t.Fatalf("%d running-total rows count no run (err %v)", empty, err)
		}

		// The migrations that made the totals fill them from the finalised
		// runs already there: 00681's quarterly rows, folded into one row
		// per year by 00900, give the same totals again.
		between := func(file, from, to string) string {
			raw, err := os.ReadFile(filepath.Join("..", "..", "db", "migrations", string(d.Dialect), file))
			if err != nil {
				t.Fatal(err)
			}
			up := string(raw)
			start, end := strings.Index(up, from), strings.Index(up, to)
			if start < 0 || end < start {
				t.Fatalf("%s: the statements are not where this test looks for them", file)
			}
			return up[start:end]
		}
		for _, stmt := range []string{
			between("00681_pay_run_year_to_date.sql", "CREATE TABLE pay_run_year_to_date", "-- +goose Down"),
			"DELETE FROM employee_year_to_date",
			between("00900_employee_year_to_date.sql", "INSERT INTO employee_year_to_date", "-- +goose Down"),
		} {
			if _, err := d.W.Exec(stmt); err != nil {
				t.Fatalf("backfill: %v\n%s", err, stmt)
			}
		}
		checkKeptYearToDate(t, d, e.Biz, "filled by the migrations", append(days, "2027-01-05", "2027-01-31")...)
	})
}
