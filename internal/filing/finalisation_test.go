package filing_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestSTPFinalisation: the year-end finalisation declaration
// (docs/reference/au-stp-phase2.md, "Finalisation") is an update event of
// the year's finalised runs with every payee's final event indicator set,
// stored as a filing of the business's year; it reconciles to the runs'
// totals to the cent, and a request it cannot honour stores nothing.
func TestSTPFinalisation(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		x := newDemo(t, d)
		F := x.B + "/filing/stpfinalisation"
		x.Do("POST", x.B+"/webhookregistrations", x.Key, map[string]any{"webHookUri": "http://127.0.0.1:9/hook"}).Expect(t, 200)
		events := func(want int) {
			t.Helper()
			var n int
			if err := d.W.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = 'FilingStateChanged'`).Scan(&n); err != nil || n != want {
				t.Fatalf("FilingStateChanged events = %d (%v), want %d", n, err, want)
			}
		}
		stored := func(want int64) {
			t.Helper()
			if p := x.filings(t, x.B+"/filing", x.Key); p.ItemCount != want {
				t.Fatalf("filings stored = %d, want %d: %+v", p.ItemCount, want, p.Items)
			}
		}

		// Bob, a second employee on the schedule: $25 an hour, 38 hours a
		// week of ordinary hours (his primary pay category), nothing else.
		var bob struct{ ID int64 }
		x.Do("POST", x.B+"/employee/unstructured?matchType=None", x.Key, map[string]any{"firstName": "Bob", "surname": "Ng",
			"dateOfBirth": "1985-05-06T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "876543202", "employmentType": "FullTime",
			"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours",
			"rate": 25, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "2 George St", "residentialSuburb": "Sydney",
			"residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": "Sydney", "bankAccount1_BSB": "062-000",
			"bankAccount1_AccountNumber": "87654321", "bankAccount1_AccountName": "Bob Ng", "bankAccount1_AllocatedPercentage": 100,
			"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "112233"}).Expect(t, 200).JSON(t, &bob)

		// Two weekly runs of the 2026-27 income year, finalised without
		// lodgement (the finalisation reads the finalised runs, lodged or
		// not).
		run1, P1 := x.run(t)
		x.Do("POST", P1+"/finalise", x.Key, nil).Expect(t, 200)
		run2, P2 := x.runEnding(t, "2026-11-27T00:00:00")
		x.Do("POST", P2+"/finalise", x.Key, nil).Expect(t, 200)

		// Without the payer's ABN and signatory: 409, nothing stored.
		x.Do("POST", F, x.Key, map[string]any{"financialYear": 2026}).Expect(t, 409)
		stored(0)
		x.register(t)
		for _, c := range []struct {
			name   string
			body   map[string]any
			status int
		}{
			// The test clock is 2 Nov 2026: the year starting 1 July 2027 has
			// not started.
			{"a year not started", map[string]any{"financialYear": 2027}, 400},
			{"no year", map[string]any{}, 400},
			// 2025-26 has no finalised run of this business.
			{"a year without pay", map[string]any{"financialYear": 2025}, 409},
			{"an employee the year did not pay", map[string]any{"financialYear": 2026, "employeeIds": []int64{x.emp + 1000}}, 400},
		} {
			x.Do("POST", F, x.Key, c.body).Expect(t, c.status)
		}
		stored(0)
		events(0)
		// Another region: 400 naming region; another tenant's business: 404.
		_, sgB := x.AddBusiness("Alice SG", "SG")
		testkit.ExpectProblem(t, x.Do("POST", sgB+"/filing/stpfinalisation", x.Key, map[string]any{"financialYear": 2026}), 400, "region")
		x.Do("POST", F, x.OtherKey, map[string]any{"financialYear": 2026}).Expect(t, 404)
		stored(0)

		var f filing.Filing
		x.Do("POST", F, x.Key, map[string]any{"financialYear": 2026, "employeeIds": []int64{x.emp}}).Expect(t, 200).JSON(t, &f)
		if f.Kind != filing.KindSTPFinalisation || f.State != filing.StatePending || f.PayRunID != 0 || f.Finalisation != 1 {
			t.Fatalf("finalisation filing: %+v", f)
		}
		events(1)
		var doc stp.Document
		x.Do("GET", fmt.Sprintf("%s/filing/%d/document", x.B, f.ID), x.Key, nil).Expect(t, 200).JSON(t, &doc)
		if errs := stp.Validate(doc); len(errs) > 0 {
			t.Fatalf("finalisation against docs/reference/au-stp-phase2.md: %v", errs)
		}
		// An update event (no period totals), dated the day it is made (the
		// year has not ended: 2 Nov 2026), one payee (Ann, the one asked
		// for: not Bob), final.
		if doc.EventType != stp.EventUpdate || doc.Payer.PeriodTotals != nil || doc.Payer.PayOrUpdateDate != "2026-11-02" ||
			doc.Payer.SubmissionID != f.SubmissionID || doc.Payer.PayeeRecordCount != 1 || len(doc.Payees) != 1 || !doc.Payees[0].FinalEventIndicator ||
			doc.Payees[0].PayrollID != fmt.Sprint(x.emp) {
			t.Fatalf("finalisation document: %+v", doc)
		}
		s := doc.Payees[0].IncomeStreams[0]
		// By hand, the two runs' lines (newDemo/runEnding): gross 2 x 38 h x
		// $30 = 2,280.00; paid leave O 2 x 7.6 x $30 = 456.00; overtime 2 x 2
		// x $45 = 180.00; laundry LD 2 x 15 = 30.00; bonus 2 x 500 =
		// 1,000.00; salary sacrifice S 2 x 100 = 200.00. The amounts sum to
		// 2 x 1,973.00 = 3,946.00.
		eq(t, "gross", s.Gross, m("2280"))
		eq(t, "paid leave O", typed(s.PaidLeave, "O"), m("456"))
		eq(t, "overtime", s.Overtime, m("180"))
		eq(t, "allowance LD", s.Allowances[0].Amount, m("30"))
		eq(t, "bonuses", s.BonusesAndCommissions, m("1000"))
		eq(t, "salary sacrifice S", typed(s.SalarySacrifice, "S"), m("200"))
		eq(t, "reported", s.Reported(), m("3946"))
		// OTE: everything but overtime and the laundry allowance (an
		// expense allowance, not OTE: au-pay-rules.md §4), 2 x 1,868.00 =
		// 3,736.00.
		eq(t, "OTE", doc.Payees[0].SuperEntitlement.OrdinaryTimeEarnings, m("3736"))

		// Reconciles to the runs' totals to the cent: the amounts sum to the
		// runs' gross, PAYGW to what they withheld, SG + sacrifice to their
		// super.
		var gross, withheld, super payroll.Money
		for _, run := range []int64{run1, run2} {
			var totals struct {
				PayRunTotals map[string]struct {
					GrossEarnings     payroll.Money `json:"grossEarnings"`
					PaygWithheld      payroll.Money `json:"paygWithheld"`
					HelpWithheld      payroll.Money `json:"helpWithheld"`
					SfssWithheld      payroll.Money `json:"sfssWithheld"`
					SuperContribution payroll.Money `json:"superContribution"`
				} `json:"payRunTotals"`
			}
			x.Do("GET", fmt.Sprintf("%s/payrun/%d/totals", x.B, run), x.Key, nil).Expect(t, 200).JSON(t, &totals)
			tot := totals.PayRunTotals[fmt.Sprint(x.emp)]
			gross = gross.Add(tot.GrossEarnings)
			withheld = withheld.Add(tot.PaygWithheld).Add(tot.HelpWithheld).Add(tot.SfssWithheld)
			super = super.Add(tot.SuperContribution)
		}
		eq(t, "the runs' gross", gross, m("3946"))
		eq(t, "sum of the disaggregated amounts", s.Reported(), gross)
		eq(t, "PAYGW", s.TaxWithheld, withheld)
		pe := doc.Payees[0].SuperEntitlement
		eq(t, "SG + sacrifice = the runs' super", pe.SuperannuationGuaranteeLiability.Add(typed(s.SalarySacrifice, "S")), super)

		// It is in the list under its kind and is sent like the others.
		if p := x.filings(t, x.B+"/filing?kind=STP%20finalisation", x.Key); p.ItemCount != 1 || p.Items[0].ID != f.ID {
			t.Fatalf("list by kind: %+v", p)
		}
		if err := x.Filings.Transmit(t.Context(), x.Biz, f.ID); err != nil {
			t.Fatal(err)
		}
		events(2)
		// All employees (none named): the next declaration, number 2.
		var f2 filing.Filing
		x.Do("POST", F, x.Key, map[string]any{"financialYear": 2026}).Expect(t, 200).JSON(t, &f2)
		if f2.Finalisation != 2 || f2.SubmissionID == f.SubmissionID {
			t.Fatalf("second finalisation: %+v after %+v", f2, f)
		}
		// Both employees the year paid, each final; Bob's gross by hand:
		// 2 runs x 38 h x $25 = 1,900.00, and it is the runs' gross for him.
		var all stp.Document
		x.Do("GET", fmt.Sprintf("%s/filing/%d/document", x.B, f2.ID), x.Key, nil).Expect(t, 200).JSON(t, &all)
		if errs := stp.Validate(all); len(errs) > 0 || len(all.Payees) != 2 || all.Payer.PayeeRecordCount != 2 ||
			!all.Payees[0].FinalEventIndicator || !all.Payees[1].FinalEventIndicator {
			t.Fatalf("all-employee finalisation: %v %+v", errs, all)
		}
		for _, pe := range all.Payees {
			if pe.PayrollID == fmt.Sprint(bob.ID) {
				eq(t, "Bob's gross", pe.IncomeStreams[0].Gross, m("1900"))
				eq(t, "Bob's reported", pe.IncomeStreams[0].Reported(), m("1900"))
			}
		}
		x.Do("GET", fmt.Sprintf("%s/filing/%d/document", x.OtherB, f2.ID), x.OtherKey, nil).Expect(t, 404)
	})
}
