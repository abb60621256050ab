package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The CPF submission of a month with leavers and joiners (CPF Board's
// layout, docs/reference/sg-cpf-submission.md: employment status E
// existing, L leaver, N new joiner, O joined and left in the month;
// ordinary and additional wages in cents; payroll-rules-2026-27.md §4:
// under 55, 37% of OW, the total rounded to the dollar). Four employees
// born 1980 (46), $5,000 a month, paid for November 2026 in full:
// Eve (since 2024), Lee (leaves 30 November), Nat (joins 1 November),
// Oli (joins 1 November and leaves 30 November). Each: OW 5,000.00, AW 0,
// CPF 37% × 5,000 = 1,850.00; statuses E, L, N, O.
func TestAuditSGCPFLeaversAndJoiners(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		nrics := map[string]string{"Eve": "S8012345J", "Lee": "S8023456B", "Nat": "S8034567D", "Oli": "S8045678F"}
		status := map[string]byte{"Eve": 'E', "Lee": 'L', "Nat": 'N', "Oli": 'O'}
		for _, p := range []struct{ first, start, end string }{
			{"Eve", "2024-01-01", ""}, {"Lee", "2024-01-01", "2026-11-30"}, {"Nat", "2026-11-01", ""}, {"Oli", "2026-11-01", "2026-11-30"},
		} {
			id := e.employee(t, p.first, "Monthly", map[string]any{"rate": 5000, "rateUnit": "Monthly", "hoursPerWeek": 40,
				"nationalRegistrationIdentityNumber": nrics[p.first], "startDate": p.start + "T00:00:00"})
			if p.end != "" {
				e.leaveOn(t, id, p.end)
			}
		}
		P := e.run(t, "2026-11-30", 0, 0)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		var f filing.Filing
		e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-11", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
		text := string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body)
		got, errs := cpf.Parse(text)
		if len(errs) > 0 {
			t.Fatalf("the file against the layout: %v\n%s", errs, text)
		}
		if len(got.Details) != 4 {
			t.Fatalf("details %+v", got.Details)
		}
		for _, dt := range got.Details {
			var who string
			for n, nric := range nrics {
				if nric == dt.AccountNumber {
					who = n
				}
			}
			if who == "" || dt.Status != status[who] || dt.Ordinary != 500000 || dt.Additional != 0 || dt.Amount != 185000 {
				t.Errorf("%s: detail %+v, want status %c OW 500000 AW 0 CPF 185000", who, dt, status[who])
			}
		}
	})
}

// A joiner's first month with a bonus (CPF Board: a bonus is an
// additional wage; the AW ceiling is $102,000 less the year's ordinary
// wages subject to CPF, docs/reference/sg-cpf-aw-ceiling.md: for Nat, who
// joins on 1 November 2026 at $5,000, the estimated OW of the year is
// November and December, 10,000, so the ceiling is 92,000 and the $2,000
// bonus is all subject to CPF; payroll-rules-2026-27.md §4, age 46:
// 37% × 7,000 = 2,590.00). The CPF file's detail: status N, OW 5,000.00,
// AW 2,000.00, contribution 2,590.00.
func TestAuditSGCPFJoinerBonus(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		nat := e.employee(t, "Nat", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"nationalRegistrationIdentityNumber": "S8034567D", "startDate": "2026-11-01T00:00:00"})
		P := e.run(t, "2026-11-30", nat, 2000)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		var f filing.Filing
		e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-11", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
		got, errs := cpf.Parse(string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body))
		if len(errs) > 0 || len(got.Details) != 1 {
			t.Fatalf("file: %v %+v", errs, got)
		}
		if dt := got.Details[0]; dt.Status != 'N' || dt.Ordinary != 500000 || dt.Additional != 200000 || dt.Amount != 259000 {
			t.Errorf("detail %+v, want N, OW 500000, AW 200000, CPF 259000", dt)
		}
	})
}

// A leaver part-way through the month with leave paid out, in the CPF
// file (the figures of TestAuditSGPartMonthLeaverLeavePayout, derived
// there from MOM's incomplete-month salary and gross rate of pay and the
// CPF Board's rules: OW 4,000.00; the leave 1,846.15 an additional wage;
// total 37% × 5,846.15 = 2,163.0755 → 2,163.00). Sue's September detail:
// status L, OW 4,000.00, AW 1,846.15, contribution 2,163.00.
func TestAuditSGCPFPartMonthLeaverAW(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		annual := e.manualLeave(t, "Holiday")
		sue := e.employee(t, "Sue", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"startDate": "2025-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8023456B"})
		e.workWeek(t, sue, 5, false)
		aug := e.run(t, "2026-08-31", 0, 0)
		e.accrue(t, aug, sue, annual, 40)
		e.Do("POST", aug+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, sue, "2026-09-15")
		P := e.run(t, "2026-09-30", 0, 0)
		expectAmount(t, "final gross", e.totals(t, P, sue)["grossEarnings"], 5846.15)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		var f filing.Filing
		e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-09", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
		got, errs := cpf.Parse(string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body))
		if len(errs) > 0 || len(got.Details) != 1 {
			t.Fatalf("file: %v %+v", errs, got)
		}
		if dt := got.Details[0]; dt.Status != 'L' || dt.Ordinary != 400000 || dt.Additional != 184615 || dt.Amount != 216300 {
			t.Errorf("detail %+v, want L, OW 400000, AW 184615, CPF 216300", dt)
		}
	})
}
