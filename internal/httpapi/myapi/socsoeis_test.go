package myapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/httpapi/myapi"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestPerkesoFileReconciles pays two employees in July 2026 (LINDUNG 24
// Jam in force from 1 June 2026) and checks that the PERKESO contribution
// file (docs/reference/my-pay-rules.md §7.4) reads back against its
// layout and carries, per employee and in total, the payslips' SOCSO, EIS
// and SKBBK amounts to the sen, and that those are the hand-derived ones
// below (schedule S11/S12 rows, as §4.2, §4.3 and §5 quote them).
//
// Citra: citizen born 15 May 1991 (35), RM36,000 a year = 3,000.00 in
// July. First category. Band RM2,900.01-3,000 (a wage on the upper limit
// belongs to its band): SOCSO employer 51.65 and employee 14.75 (1.75% and
// 0.5% of 2,950 as printed), EIS 5.90 each (0.2% of 2,950), LINDUNG 24 Jam
// 22.15 (0.75% of 2,950, printed 22.15). Record: wages 300000 sen, then
// 005165, 001475, 000590, 000590, 002215.
//
// Dollah: citizen born 10 March 1964 (62): second category since April
// 2024 (the month after the 60th birthday month); RM78,000 a year =
// 6,500.00, above the RM6,000 ceiling, so the ceiling row: SOCSO employer
// 74.40 (1.25% of 5,950 as printed), employee nil; no EIS after 60;
// LINDUNG 24 Jam 44.65 (the ceiling row's column). Record: wages 650000
// sen (the month's wages, not the ceiling), 007440, 000000, 000000,
// 000000, 004465.
//
// Totals: SOCSO employer 51.65 + 74.40 = 126.05; SOCSO employee 14.75;
// EIS 5.90 and 5.90; SKBBK 22.15 + 44.65 = 66.80.
func TestPerkesoFileReconciles(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "MY")
		B, key := b.B, b.Key
		sched := int64(num(t, b.Do("POST", B+"/payschedule", key, map[string]any{"name": "Monthly", "frequency": "Monthly"}).Expect(t, 200).Map(t)["id"]))
		b.Do("POST", B+"/paycategory", key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
		b.Do("POST", B+"/location", key, map[string]any{"name": "Head office"}).Expect(t, 200)
		b.Do("POST", B+"/statutorysettings", key, map[string]any{"eNumber": "E 90891510", "socsoNumber": "E12345678901"}).Expect(t, 200)

		type person struct {
			first, surname, born, ic string
			annual                   float64
			id                       int64
			want                     report.SocsoEisRecord
		}
		people := []*person{
			{first: "Citra", surname: "Binti Musa", born: "1991-05-15", ic: "910515-14-5672", annual: 36000,
				want: report.SocsoEisRecord{Wages: 300000, SocsoEmployer: 5165, SocsoEmployee: 1475, EisEmployer: 590, EisEmployee: 590, Lindung24: 2215}},
			{first: "Dollah", surname: "Bin Yusof", born: "1964-03-10", ic: "640310-10-1233", annual: 78000,
				want: report.SocsoEisRecord{Wages: 650000, SocsoEmployer: 7440, Lindung24: 4465}},
		}
		for _, p := range people {
			m := map[string]any{"firstName": p.first, "surname": p.surname, "dateOfBirth": p.born + "T00:00:00", "startDate": "2024-01-01T00:00:00",
				"employmentType": "FullTime", "paySchedule": "Monthly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
				"hoursPerWeek": 40, "rate": p.annual, "rateUnit": "Annually", "residentialStreetAddress": "1 Jalan Ampang",
				"residentialPostCode": "50450", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": p.first, "bankAccount1_AllocatedPercentage": 100}
			r := b.Do("POST", B+"/employee/unstructured?matchType=None", key, m).Expect(t, 200).Map(t)
			if r["status"] != "Active" {
				t.Fatalf("employee %s: %v", p.first, r)
			}
			p.id = int64(num(t, r["id"]))
			b.Do("PUT", fmt.Sprintf("%s/employee/%d/statutorydetails", B, p.id), key, map[string]any{"citizenship": "Citizen", "identityType": "NewIC",
				"identityNumber": p.ic, "maritalStatus": "Single"}).Expect(t, 200)
		}
		dollah := people[1]

		r := b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-07-31T00:00:00", "datePaid": "2026-07-31T00:00:00"}).Expect(t, 200).Map(t)
		runID := int64(num(t, r["id"]))
		P := fmt.Sprintf("%s/payrun/%d", B, runID)
		file := B + "/report/socsoeis?year=2026&month=7"

		// Nothing is in the file before the run is finalised.
		if body := b.Do("GET", file, key, nil).Expect(t, 200).Body; len(body) != 0 {
			t.Errorf("PERKESO file before finalising %q", body)
		}
		b.Do("POST", P+"/finalise", key, map[string]any{}).Expect(t, 200)

		// An employee without a new IC number: refused, naming them.
		b.Do("PUT", fmt.Sprintf("%s/employee/%d/statutorydetails", B, dollah.id), key, map[string]any{"citizenship": "Citizen", "identityType": "Passport",
			"identityNumber": "A1234567", "passportCountry": "MY", "maritalStatus": "Single"}).Expect(t, 200)
		refused := string(b.Do("GET", file, key, nil).Expect(t, 409).Body)
		if !strings.Contains(refused, fmt.Sprintf("employee %d (Dollah Bin Yusof)", dollah.id)) || strings.Contains(refused, "Citra") {
			t.Errorf("refusal %s", refused)
		}
		b.Do("PUT", fmt.Sprintf("%s/employee/%d/statutorydetails", B, dollah.id), key, map[string]any{"citizenship": "Citizen", "identityType": "NewIC",
			"identityNumber": dollah.ic, "maritalStatus": "Single"}).Expect(t, 200)

		resp := b.Do("GET", file, key, nil).Expect(t, 200)
		if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, "PERKESO_E12345678901_072026.txt") {
			t.Errorf("file name %q", cd)
		}
		// Citra's record is the one the OpenAPI document shows.
		if !strings.HasPrefix(string(resp.Body), myapi.SocsoEisExample) {
			t.Errorf("the first record is not the documented example:\n%q\n%q", resp.Body, myapi.SocsoEisExample)
		}
		recs, errs := report.ParseSocsoEis(string(resp.Body))
		if len(errs) > 0 || len(recs) != 2 {
			t.Fatalf("PERKESO file %q: %v", resp.Body, errs)
		}
		var sum, slipSum report.SocsoEisRecord
		for i, p := range people {
			got := recs[i]
			slip := b.Do("GET", fmt.Sprintf("%s/payslips/%d", P, p.id), key, nil).Expect(t, 200).Map(t)
			fromSlip := report.SocsoEisRecord{SocsoEmployer: cents(t, slip["socsoEmployerAmount"]), SocsoEmployee: cents(t, slip["socsoEmployeeAmount"]),
				EisEmployer: cents(t, slip["eisEmployerAmount"]), EisEmployee: cents(t, slip["eisEmployeeAmount"]), Lindung24: cents(t, slip["lindung24Amount"])}
			want := p.want
			want.EmployerCode, want.IdentityNumber, want.Name, want.Month, want.Year = "E12345678901", strings.ReplaceAll(p.ic, "-", ""),
				strings.ToUpper(p.first+" "+p.surname), 7, 2026
			if got != want {
				t.Errorf("%s: record %+v, want %+v", p.first, got, want)
			}
			// The record carries the payslip's amounts (wages aside).
			got.EmployerCode, got.IdentityNumber, got.Name, got.Month, got.Year, got.Wages = "", "", "", 0, 0, 0
			if got != fromSlip {
				t.Errorf("%s: record %+v, payslip %+v", p.first, got, fromSlip)
			}
			for _, acc := range []struct{ to, from *report.SocsoEisRecord }{{&sum, &recs[i]}, {&slipSum, &fromSlip}} {
				acc.to.SocsoEmployer += acc.from.SocsoEmployer
				acc.to.SocsoEmployee += acc.from.SocsoEmployee
				acc.to.EisEmployer += acc.from.EisEmployer
				acc.to.EisEmployee += acc.from.EisEmployee
				acc.to.Lindung24 += acc.from.Lindung24
			}
		}
		want := report.SocsoEisRecord{SocsoEmployer: 12605, SocsoEmployee: 1475, EisEmployer: 590, EisEmployee: 590, Lindung24: 6680}
		if sum != want || slipSum != want {
			t.Errorf("totals: file %+v, payslips %+v, want %+v", sum, slipSum, want)
		}

		// The journal's liabilities for the run carry the same totals.
		chartOfAccounts(t, b, B, key)
		var items []map[string]any
		b.Do("GET", fmt.Sprintf("%s/journal/%d", B, runID), key, nil).Expect(t, 200).JSON(t, &items)
		var journal report.SocsoEisRecord
		for _, it := range items {
			a := cents(t, it["amount"])
			if a >= 0 {
				continue
			}
			for l, to := range map[string]*int64{"SOCSO employer": &journal.SocsoEmployer, "SOCSO employee": &journal.SocsoEmployee,
				"EIS employer": &journal.EisEmployer, "EIS employee": &journal.EisEmployee, "LINDUNG 24 Jam": &journal.Lindung24} {
				if strings.Contains(fmt.Sprint(it["details"]), l) {
					*to += -a
				}
			}
		}
		if journal != want {
			t.Errorf("journal liabilities %+v, want %+v: %v", journal, want, items)
		}
	})
}

// TestPerkesoFileRefusals: the file's refusals name the field.
func TestPerkesoFileRefusals(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "MY")
		s, key := b.Server, b.Key
		_, auB := b.AddBusiness("Alice AU", "AU")
		s.RunCases(t, []testkit.Case{
			{Name: "another region", Method: "GET", Path: auB + "/report/socsoeis?year=2026&month=7", Key: key, Status: 400, Field: "region"},
			{Name: "no employer code", Method: "GET", Path: b.B + "/report/socsoeis?year=2026&month=7", Key: key, Status: 400, Field: "socsoNumber"},
			{Name: "anonymous", Method: "GET", Path: b.B + "/report/socsoeis?year=2026&month=7", Status: 401},
			{Name: "other tenant", Method: "GET", Path: b.B + "/report/socsoeis?year=2026&month=7", Key: b.OtherKey, Status: 404},
		})
		s.Do("POST", b.B+"/statutorysettings", key, map[string]any{"socsoNumber": "E1234567890123"}).Expect(t, 200)
		s.RunCases(t, []testkit.Case{
			{Name: "employer code longer than 12", Method: "GET", Path: b.B + "/report/socsoeis?year=2026&month=7", Key: key, Status: 400, Field: "socsoNumber"},
		})
		s.Do("POST", b.B+"/statutorysettings", key, map[string]any{"socsoNumber": "E12345678901"}).Expect(t, 200)
		s.RunCases(t, []testkit.Case{
			{Name: "month 13", Method: "GET", Path: b.B + "/report/socsoeis?year=2026&month=13", Key: key, Status: 400, Field: "month"},
			{Name: "empty month", Method: "GET", Path: b.B + "/report/socsoeis?year=2026&month=7", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if len(r.Body) != 0 {
					t.Fatalf("empty month %q", r.Body)
				}
			}},
		})
	})
}
