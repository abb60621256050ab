package filing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// demo is an AU business with the categories of the demo pay run: ordinary
// hours, annual leave (paid through its own Default pay category), overtime,
// a laundry allowance, a bonus and salary sacrifice to super, and one
// employee on 38 hours a week at $30.
type demo struct {
	*testkit.Bundle
	emp, sched                                 int64
	ordinary, annual, overtime, laundry, bonus int64
	sacrifice                                  int64
	outbox                                     string
}

func newDemo(t *testing.T, d *db.DB) *demo {
	dir := t.TempDir()
	b := testkit.NewBundle(t, d, "AU", testkit.Options{Config: func(c *config.Config) { c.FilingOutboxDir = dir }})
	x := &demo{Bundle: b, outbox: dir}
	id := func(r *testkit.Response) int64 {
		var v struct{ ID int64 }
		r.Expect(t, 200).JSON(t, &v)
		return v.ID
	}
	pc := func(body map[string]any) int64 { return id(b.Do("POST", b.B+"/paycategory", b.Key, body)) }
	x.ordinary = pc(map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
	x.annual = pc(map[string]any{"name": "Annual Leave Taken", "rateUnit": "Hourly"})
	x.overtime = pc(map[string]any{"name": "Overtime", "rateUnit": "Hourly", "paymentSummaryClassification": "Overtime"})
	x.laundry = pc(map[string]any{"name": "Laundry", "rateUnit": "Fixed", "paymentSummaryClassification": "AllowanceLaundry"})
	x.bonus = pc(map[string]any{"name": "Bonus", "rateUnit": "Fixed", "paymentSummaryClassification": "Bonus"})
	id(b.Do("POST", b.B+"/leavecategory", b.Key, map[string]any{"name": "Annual Leave", "transferToPayCategoryId": x.annual}))
	x.sacrifice = id(b.Do("POST", b.B+"/deductioncategory", b.Key, map[string]any{"name": "Salary Sacrifice (Superannuation)", "taxExempt": true,
		"isResc": true, "paymentSummaryClassification": "SalarySacrificeSuperannuation"}))
	id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Sydney"}))
	x.sched = id(b.Do("POST", b.B+"/payschedule", b.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}))
	x.emp = id(b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, map[string]any{"firstName": "Ann", "surname": "Lee",
		"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
		"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours",
		"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney",
		"residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": "Sydney", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678",
		"bankAccount1_AccountName": "Ann Lee", "bankAccount1_AllocatedPercentage": 100, "superFund1_ProductCode": "AUS0001AU",
		"superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}))
	return x
}

func (x *demo) register(t *testing.T) {
	// 51 824 753 556: an ABN whose check digits are valid (the ATO's own).
	x.Do("POST", x.B+"/stpregister", x.Key, map[string]any{"abn": "51824753556", "name": "Alice Pty Ltd", "contactName": "Alice",
		"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
}

// run creates the week ending 20 Nov 2026 with the demo's lines.
func (x *demo) run(t *testing.T) (int64, string) { return x.runEnding(t, "2026-11-20T00:00:00") }

// runEnding creates the week ending (and paid on) ending with the demo's lines.
func (x *demo) runEnding(t *testing.T, ending string) (int64, string) {
	var r struct{ ID int64 }
	x.Do("POST", x.B+"/payrun", x.Key, map[string]any{"payScheduleId": x.sched, "payPeriodEnding": ending,
		"datePaid": ending}).Expect(t, 200).JSON(t, &r)
	P := fmt.Sprintf("%s/payrun/%d", x.B, r.ID)
	e := fmt.Sprint(x.emp)
	x.Do("POST", P+"/earningslines", x.Key, map[string]any{"earningsLines": map[string]any{e: []any{
		map[string]any{"payCategoryId": fmt.Sprint(x.annual), "units": 7.6, "rate": 30},
		map[string]any{"payCategoryId": fmt.Sprint(x.overtime), "units": 2, "rate": 45},
		map[string]any{"payCategoryId": fmt.Sprint(x.laundry), "units": 1, "rate": 15},
		map[string]any{"payCategoryId": fmt.Sprint(x.bonus), "units": 1, "rate": 500},
	}}}).Expect(t, 200)
	x.Do("POST", P+"/deductions", x.Key, map[string]any{"deductions": map[string]any{e: []any{
		map[string]any{"deductionCategoryId": fmt.Sprint(x.sacrifice), "amount": 100}}}}).Expect(t, 200)
	return r.ID, P
}

func (x *demo) filings(t *testing.T, path, key string) filing.Page {
	var p filing.Page
	x.Do("GET", path, key, nil).Expect(t, 200).JSON(t, &p)
	return p
}

func m(s string) payroll.Money { return payroll.MustMoney(s) }

func eq(t *testing.T, what string, got, want payroll.Money) {
	t.Helper()
	if !got.Equal(want) {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func typed(list []stp.TypedAmount, typ string) payroll.Money {
	for _, x := range list {
		if x.Type == typ {
			return x.Amount
		}
	}
	return payroll.Money{}
}

func TestSTPPayEvent(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		x := newDemo(t, d)
		ctx := context.Background()

		// Every state change emits FilingStateChanged (counted in the web
		// hook outbox of a registration for every event).
		x.Do("POST", x.B+"/webhookregistrations", x.Key, map[string]any{"webHookUri": "http://127.0.0.1:9/hook"}).Expect(t, 200)
		events := func(want int) {
			t.Helper()
			var n int
			if err := d.W.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = 'FilingStateChanged'`).Scan(&n); err != nil || n != want {
				t.Fatalf("FilingStateChanged events = %d (%v), want %d", n, err, want)
			}
		}

		// Lodging without the payer's ABN and signatory: 409, nothing stored,
		// the run still draft.
		run, P := x.run(t)
		x.Do("POST", P+"/finalise", x.Key, map[string]any{"lodgePayRun": true}).Expect(t, 409)
		if p := x.filings(t, x.B+"/filing", x.Key); p.ItemCount != 0 {
			t.Fatalf("refused lodgement stored %d filings", p.ItemCount)
		}
		events(0)
		x.register(t)
		var res struct {
			LodgePayRun          string `json:"lodgePayRun"`
			PayRunLodgementJobID string `json:"payRunLodgementJobId"`
		}
		x.Do("POST", P+"/finalise", x.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200).JSON(t, &res)

		p := x.filings(t, x.B+"/filing", x.Key)
		if p.ItemCount != 1 || p.Items[0].Kind != filing.KindSTPPayEvent || p.Items[0].State != filing.StatePending || p.Items[0].PayRunID != run {
			t.Fatalf("after a lodged finalise: %+v", p)
		}
		f := p.Items[0]
		events(1) // Pending
		if res.LodgePayRun != "Immediate" || res.PayRunLodgementJobID != fmt.Sprint(f.ID) {
			t.Fatalf("finalise result: %+v, want Immediate and filing %d", res, f.ID)
		}
		if got := x.filings(t, P+"/filing", x.Key); got.ItemCount != 1 || got.Items[0].ID != f.ID {
			t.Fatalf("the run's filings: %+v", got)
		}

		var doc stp.Document
		x.Do("GET", P+"/stp", x.Key, nil).Expect(t, 200).JSON(t, &doc)
		if errs := stp.Validate(doc); len(errs) > 0 {
			t.Fatalf("document against docs/reference/au-stp-phase2.md: %v", errs)
		}
		if doc.EventType != stp.EventPay || doc.Payer.AustralianBusinessNumber != "51824753556" || doc.Payer.PayOrUpdateDate != "2026-11-20" ||
			doc.Payer.PayeeRecordCount != 1 || len(doc.Payees) != 1 || len(doc.Payees[0].IncomeStreams) != 1 {
			t.Fatalf("payer/payees: %+v", doc)
		}
		pe := doc.Payees[0]
		// Regular, tax-free threshold claimed, no STSL, no Medicare levy
		// variation: RTXXXX (note, "Tax treatment code"); full-time: F.
		if pe.TaxTreatmentCode != "RTXXXX" || pe.EmploymentBasis != "F" || pe.TaxFileNumber != "123456782" || pe.IncomeStreams[0].IncomeType != "SAW" {
			t.Fatalf("payee: %+v", pe)
		}
		s := pe.IncomeStreams[0]
		// By hand, from the lines entered (the first run of the year, so YTD =
		// this pay): gross = standard hours 38 x $30 = 1,140.00; paid leave O
		// (annual leave paid through a Default category that a leave category
		// pays through) = 7.6 x $30 = 228.00; overtime 2 x $45 = 90.00;
		// laundry allowance (LD) 15.00; bonus 500.00; salary sacrifice to
		// super (S) 100.00.
		eq(t, "gross", s.Gross, m("1140"))
		eq(t, "paid leave O", typed(s.PaidLeave, "O"), m("228"))
		eq(t, "overtime", s.Overtime, m("90"))
		if len(s.Allowances) != 1 || s.Allowances[0].Type != "LD" {
			t.Fatalf("allowances %+v", s.Allowances)
		}
		eq(t, "allowance LD", s.Allowances[0].Amount, m("15"))
		eq(t, "bonuses and commissions", s.BonusesAndCommissions, m("500"))
		eq(t, "salary sacrifice S", typed(s.SalarySacrifice, "S"), m("100"))
		// OTE = everything but overtime and the laundry allowance (an
		// expense allowance expected to be spent, not OTE: ATO "Withholding
		// for allowances" table 1a, au-pay-rules.md §4): 1,140 + 228 + 500
		// = 1,868.00; SG 12% (2026-27, payroll-rules-2026-27.md) x 1,868.00
		// = 224.16; RESC = the sacrifice to super of an isResc category =
		// 100.00.
		eq(t, "OTE", pe.SuperEntitlement.OrdinaryTimeEarnings, m("1868"))
		eq(t, "SG liability", pe.SuperEntitlement.SuperannuationGuaranteeLiability, m("224.16"))
		eq(t, "RESC", pe.SuperEntitlement.ReportableEmployerSuperannuationContribution, m("100"))

		// Reconciles to the run's totals to the cent: the disaggregated
		// amounts sum to the run's gross (1,973.00), PAYGW to what it
		// withheld (PAYG with its STSL and SFSS components), W1 is
		// gross less the sacrifice (1,873.00), W2 the run's tax.
		var totals struct {
			PayRunTotals map[string]struct {
				GrossEarnings     payroll.Money `json:"grossEarnings"`
				PaygWithheld      payroll.Money `json:"paygWithheld"`
				HelpWithheld      payroll.Money `json:"helpWithheld"`
				SfssWithheld      payroll.Money `json:"sfssWithheld"`
				SuperContribution payroll.Money `json:"superContribution"`
			} `json:"payRunTotals"`
		}
		x.Do("GET", P+"/totals", x.Key, nil).Expect(t, 200).JSON(t, &totals)
		tot := totals.PayRunTotals[fmt.Sprint(x.emp)]
		withheld := tot.PaygWithheld.Add(tot.HelpWithheld).Add(tot.SfssWithheld) // everything withheld for the ATO
		eq(t, "run gross", tot.GrossEarnings, m("1973"))
		eq(t, "sum of the disaggregated amounts", s.Reported(), tot.GrossEarnings)
		eq(t, "PAYGW", s.TaxWithheld, withheld)
		eq(t, "W1", doc.Payer.PeriodTotals.TotalGrossPaymentsW1, m("1873"))
		eq(t, "W2", doc.Payer.PeriodTotals.TotalPAYGWithholdingW2, withheld)
		eq(t, "SG + sacrifice = the run's super", pe.SuperEntitlement.SuperannuationGuaranteeLiability.Add(typed(s.SalarySacrifice, "S")), tot.SuperContribution)

		// The outbox transmitter writes the document and the filing is
		// Submitted; the authority's answer makes it Accepted.
		if err := x.Filings.Transmit(ctx, x.Biz, f.ID); err != nil {
			t.Fatal(err)
		}
		sent, err := os.ReadFile(filepath.Join(x.outbox, filing.OutboxName(f)))
		if err != nil {
			t.Fatal(err)
		}
		var sentDoc stp.Document
		if err := json.Unmarshal(sent, &sentDoc); err != nil || sentDoc.Payer.SubmissionID != f.SubmissionID {
			t.Fatalf("outbox file: %v %s", err, sent)
		}
		if got := x.filings(t, x.B+"/filing?state=Submitted", x.Key); got.ItemCount != 1 {
			t.Fatalf("after transmit: %+v", got)
		}
		events(2) // Submitted
		acc, err := x.Businesses.Authorize(ctx, &payroll.Principal{Kind: payroll.PrincipalSystemAdmin}, x.Biz)
		if err != nil {
			t.Fatal(err)
		}
		bizRow := acc.Business
		if _, err := x.Filings.SetState(ctx, bizRow, f.ID, filing.StateAccepted, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := x.Filings.SetState(ctx, bizRow, f.ID, filing.StatePending, ""); payroll.KindOf(err) != payroll.KindConflict {
			t.Fatalf("Accepted -> Pending: %v", err)
		}
		events(3) // Accepted

		// Unlock, correct (laundry 5.00 more), finalise again without
		// lodgePayRun: an update event with the corrected YTD.
		x.Do("POST", P+"/unlock", x.Key, map[string]any{"comments": "laundry"}).Expect(t, 200)
		x.Do("POST", P+"/earningslines", x.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(x.emp): []any{
			map[string]any{"payCategoryId": fmt.Sprint(x.laundry), "units": 1, "rate": 5}}}}).Expect(t, 200)
		x.Do("POST", P+"/finalise", x.Key, nil).Expect(t, 200)
		p = x.filings(t, P+"/filing", x.Key)
		if p.ItemCount != 2 || p.Items[0].Kind != filing.KindSTPUpdateEvent || p.Items[0].Finalisation != 2 {
			t.Fatalf("after the re-finalise: %+v", p)
		}
		events(4) // the update event, Pending
		doc = stp.Document{}
		x.Do("GET", P+"/stp", x.Key, nil).Expect(t, 200).JSON(t, &doc)
		if errs := stp.Validate(doc); len(errs) > 0 {
			t.Fatalf("update event: %v", errs)
		}
		// 15.00 + 5.00 = 20.00 laundry; the update event has no period totals.
		if doc.EventType != stp.EventUpdate || doc.Payer.PeriodTotals != nil || doc.Payees[0].IncomeStreams[0].Allowances[0].Amount.Cmp(m("20")) != 0 {
			t.Fatalf("update event: %+v", doc)
		}

		// The next week, lodged: year to date is both runs. By hand: gross
		// 2 x 1,140 = 2,280.00; leave O 2 x 228 = 456.00; overtime 180.00;
		// LD 20 + 15 = 35.00; bonus 1,000.00; sacrifice S 200.00; and the
		// amounts sum to the two runs' gross, 1,978.00 + 1,973.00 = 3,951.00.
		_, P2 := x.runEnding(t, "2026-11-27T00:00:00")
		x.Do("POST", P2+"/finalise", x.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		doc = stp.Document{}
		x.Do("GET", P2+"/stp", x.Key, nil).Expect(t, 200).JSON(t, &doc)
		if errs := stp.Validate(doc); len(errs) > 0 || doc.EventType != stp.EventPay {
			t.Fatalf("second pay event: %v %+v", errs, doc)
		}
		s = doc.Payees[0].IncomeStreams[0]
		eq(t, "YTD gross", s.Gross, m("2280"))
		eq(t, "YTD paid leave O", typed(s.PaidLeave, "O"), m("456"))
		eq(t, "YTD overtime", s.Overtime, m("180"))
		eq(t, "YTD allowance LD", s.Allowances[0].Amount, m("35"))
		eq(t, "YTD bonuses", s.BonusesAndCommissions, m("1000"))
		eq(t, "YTD salary sacrifice S", typed(s.SalarySacrifice, "S"), m("200"))
		eq(t, "YTD reported", s.Reported(), m("3951"))
		eq(t, "W1 of the second pay alone", doc.Payer.PeriodTotals.TotalGrossPaymentsW1, m("1873"))

		// Another tenant: 404 for the list, the filing and its document.
		bob := x.OtherKey
		x.Do("GET", fmt.Sprintf("%s/filing/%d", x.OtherB, f.ID), bob, nil).Expect(t, 404)
		x.Do("GET", fmt.Sprintf("%s/filing/%d/document", x.OtherB, f.ID), bob, nil).Expect(t, 404)
		x.Do("GET", fmt.Sprintf("%s/filing/%d", x.B, f.ID), bob, nil).Expect(t, 404)
		x.Do("GET", x.B+"/filing", bob, nil).Expect(t, 404)
		x.Do("GET", P+"/stp", bob, nil).Expect(t, 404)
		x.Do("GET", fmt.Sprintf("%s/payrun/%d/filing", x.OtherB, run), bob, nil).Expect(t, 404) // alice's run under bob's business
		x.Do("GET", fmt.Sprintf("%s/payrun/%d/stp", x.OtherB, run), bob, nil).Expect(t, 404)
		if got := x.filings(t, x.OtherB+"/filing", bob); got.ItemCount != 0 {
			t.Fatalf("bob sees %+v", got)
		}
		x.Do("GET", x.B+"/filing?pageSize=101", x.Key, nil).Expect(t, 400)
		x.Do("GET", x.B+"/filing?state=Sent", x.Key, nil).Expect(t, 400)
	})
}

// TestFinaliseWithoutLodgement: a run finalised without lodgePayRun files
// nothing.
func TestFinaliseWithoutLodgement(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		x := newDemo(t, d)
		x.register(t)
		_, P := x.run(t)
		x.Do("POST", P+"/finalise", x.Key, nil).Expect(t, 200)
		if p := x.filings(t, x.B+"/filing", x.Key); p.ItemCount != 0 {
			t.Fatalf("filings %+v", p)
		}
		x.Do("GET", P+"/stp", x.Key, nil).Expect(t, 404)
	})
}

// TestSTPLeaver: an employee terminated in the run is reported with the
// cessation date and the note's reason code (Redundancy -> R).
func TestSTPLeaver(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		x := newDemo(t, d)
		x.register(t)
		_, P := x.run(t)
		x.Do("POST", P+"/terminate", x.Key, map[string]any{"employeeId": x.emp, "terminationReason": "Redundancy",
			"terminationDate": "2026-11-19T00:00:00"}).Expect(t, 200)
		x.Do("POST", P+"/finalise", x.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		var doc stp.Document
		x.Do("GET", P+"/stp", x.Key, nil).Expect(t, 200).JSON(t, &doc)
		if errs := stp.Validate(doc); len(errs) > 0 {
			t.Fatal(errs)
		}
		if pe := doc.Payees[0]; pe.CessationDate != "2026-11-19" || pe.CessationReason != "R" {
			t.Fatalf("leaver: %+v", pe)
		}
	})
}
