package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The documents of an AU year with a leaver, derived by hand from the ATO's
// guides, not from our output:
//   - ATO, "PAYG payment summary – individual non-business" (NAT 0046) and
//     the income statement: gross payments exclude amounts salary
//     sacrificed (the super sacrificed is reported as reportable employer
//     super contributions, RESC), allowances shown in the allowances box,
//     Lump Sum A (type R: unused leave paid on a genuine redundancy) and
//     ETPs (with their code);
//   - ATO, "Single Touch Payroll Phase 2 employer reporting guidelines":
//     gross is reported before salary sacrifice, the sacrifice apart (type
//     S), allowances by type (CD: cents per kilometre car expenses), lump
//     sum A with its type (R), the ETP apart with its code, its taxable
//     component and its own withholding (not in the income stream's PAYGW),
//     cessation type R for a genuine redundancy.
//
// Ann, a casual on $1,000 a week (no annual leave accrues), sacrifices $100
// a week to super and is paid a $50 car allowance each week. In the week
// ending 22 November 2026 she is made genuinely redundant and paid $2,000
// of unused leave as a genuine redundancy leave payment and a $10,000
// redundancy ETP (code R; under her preservation age, 32% × 10,000 =
// 3,200 withheld from it, Schedule 11, well under any 2026-27 cap).
//
// Hand figures for 2026-27 (two weeks):
//
//	payment summary gross 2 × (1,000 − 100) = 1,800.00; allowances car
//	2 × 50 = 100.00; RESC 2 × 100 = 200.00; Lump Sum A 2,000.00 type R;
//	ETP taxable 10,000.00 code R; tax withheld = what the two runs
//	withheld.
//	STP (the second run's event, year to date): gross 2,000.00; salary
//	sacrifice S 200.00; allowance CD 100.00; lump sum AR 2,000.00; ETP R
//	10,000.00 withheld 3,200.00; income stream PAYGW = the runs' PAYG
//	less 3,200.00; RESC 200.00; cessation 2026-11-22 type R.
func TestAuditAULeaverPaymentSummaryAndSTP(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		car := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Car Allowance", "rateUnit": "Fixed",
			"paymentSummaryClassification": "AllowanceCar"}).Expect(t, 200).Map(t)["id"]))
		ann := e.employee(t, "Ann", map[string]any{"employmentType": "Casual"})
		week := func(P string) {
			e.earnings(t, P, ann, map[string]any{"payCategoryId": fmt.Sprint(car), "earnings": 50}).Expect(t, 200)
			e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(ann): []any{
				map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Salary Sacrifice (Superannuation)"]), "amount": 100}}}}).Expect(t, 200)
		}
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		week(P1)
		tax1 := cents(t, e.totals(t, P1, ann)["paygWithheld"])
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ann, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		week(P)
		e.earnings(t, P, ann, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Genuine Redundancy Leave Payment"]), "earnings": 2000},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 10000}).Expect(t, 200)
		tot := e.totals(t, P, ann)
		want(t, "final pay", tot, map[string]int64{"grossEarnings": 1305000})
		tax := tax1 + cents(t, tot["paygWithheld"])
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)

		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, ann), e.Key, nil).Expect(t, 200).Map(t)
		// The summary is in whole dollars.
		// The ETP is on its own summary with the 3,200 withheld from it,
		// which the individual non-business summary's total leaves out.
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 1800, "lumpSumA": 2000, "taxableComponent": 0,
			"employerSuperContributions": 200, "totalTaxWithheld": float64(tax/100) - 3200})
		// NAT 0046, "Period during which payments were made": the year,
		// or from the start and to the end of the employment within it.
		if ps, pe := fmt.Sprint(sum["paymentPeriodStart"]), fmt.Sprint(sum["paymentPeriodEnd"]); len(ps) < 10 || ps[:10] != "2026-07-01" || len(pe) < 10 || pe[:10] != "2026-11-22" {
			t.Errorf("payment period %v to %v, want 2026-07-01 to 2026-11-22", sum["paymentPeriodStart"], sum["paymentPeriodEnd"])
		}
		if sum["lumpSumAType"] != "R" || sum["etpCode"] != "" {
			t.Errorf("payment summary Lump Sum A type %v, ETP code %v, want R and none", sum["lumpSumAType"], sum["etpCode"])
		}
		e.etpSummary(t, 2027, ann, "R", 10000, 3200)
		if a, _ := sum["allowances"].(map[string]any); a == nil || num(t, a["Car Allowance"]) != 100 {
			t.Errorf("payment summary allowances %v, want Car Allowance 100.00", sum["allowances"])
		}

		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		if len(doc.Payees) != 1 || len(doc.Payees[0].IncomeStreams) != 1 {
			t.Fatalf("STP payees %+v", doc.Payees)
		}
		pe := doc.Payees[0]
		s := pe.IncomeStreams[0]
		m := payroll.MustMoney
		for _, c := range []struct {
			what      string
			got, want payroll.Money
		}{
			{"STP gross", s.Gross, m("2000")}, {"STP salary sacrifice S", typedAmount(s.SalarySacrifice, "S"), m("200")},
			{"STP lump sum A type R", typedAmount(s.LumpSums, "AR"), m("2000")}, {"STP RESC", pe.SuperEntitlement.ReportableEmployerSuperannuationContribution, m("200")},
			{"STP income stream PAYGW", s.TaxWithheld, payroll.MoneyFromMinor(tax - 320000)},
		} {
			if !c.got.Equal(c.want) {
				t.Errorf("%s = %s, want %s", c.what, c.got, c.want)
			}
		}
		if len(s.Allowances) != 1 || s.Allowances[0].Type != "CD" || !s.Allowances[0].Amount.Equal(m("100")) {
			t.Errorf("STP allowances %+v, want CD 100.00", s.Allowances)
		}
		if pe.CessationDate != "2026-11-22" || pe.CessationReason != "R" {
			t.Errorf("STP cessation %q %q", pe.CessationDate, pe.CessationReason)
		}
		if len(s.EmploymentTermination) != 1 {
			t.Fatalf("STP ETPs %+v", s.EmploymentTermination)
		}
		if x := s.EmploymentTermination[0]; x.PaymentDate != "2026-11-25" || x.Code != "R" || !x.TaxableComponent.Equal(m("10000")) ||
			!x.TaxFreeComponent.IsZero() || !x.TaxWithheld.Equal(m("3200")) {
			t.Errorf("STP ETP %+v, want paid 2026-11-25, code R, taxable 10,000.00, tax-free 0, withheld 3,200.00", x)
		}
		if errs := stp.Validate(doc); len(errs) > 0 {
			t.Errorf("the event against docs/reference/au-stp-phase2.md: %v", errs)
		}

		// The year's finalisation (an update event with the final event
		// indicator) reports the same year to date, ETP record included.
		var f filing.Filing
		e.Do("POST", e.B+"/filing/stpfinalisation", e.Key, map[string]any{"financialYear": 2026, "employeeIds": []int64{ann}}).Expect(t, 200).JSON(t, &f)
		var fin stp.Document
		e.Do("GET", fmt.Sprintf("%s/filing/%d/document", e.B, f.ID), e.Key, nil).Expect(t, 200).JSON(t, &fin)
		if len(fin.Payees) != 1 || !fin.Payees[0].FinalEventIndicator || len(fin.Payees[0].IncomeStreams) != 1 {
			t.Fatalf("finalisation payees %+v", fin.Payees)
		}
		fs := fin.Payees[0].IncomeStreams[0]
		if !fs.Gross.Equal(s.Gross) || !fs.TaxWithheld.Equal(s.TaxWithheld) || len(fs.EmploymentTermination) != 1 ||
			fs.EmploymentTermination[0].PaymentDate != "2026-11-25" || !fs.EmploymentTermination[0].TaxWithheld.Equal(m("3200")) ||
			!fs.EmploymentTermination[0].TaxableComponent.Equal(m("10000")) {
			t.Errorf("finalisation stream %+v, pay event's %+v", fs, s)
		}
	})
}

// dollars checks a payment summary's whole-dollar members.
func dollars(t *testing.T, what string, got map[string]any, members map[string]float64) {
	t.Helper()
	for k, v := range members {
		if n := num(t, got[k]); n != v {
			t.Errorf("%s: %s = %v, want %v", what, k, n, v)
		}
	}
}

// etpSummary is employee emp's one EmployeeTerminationPayment summary of
// financial year year (B/paymentsummary lists it after their individual
// non-business summary; ATO NAT 70868), checked for ETP code code,
// taxable component taxable and tax withheld tax (whole dollars).
func (e *auEnv) etpSummary(t *testing.T, year int, emp int64, code string, taxable, tax float64) map[string]any {
	t.Helper()
	var list []map[string]any
	e.Do("GET", fmt.Sprintf("%s/paymentsummary/%d?employeeId=%d", e.B, year, emp), e.Key, nil).Expect(t, 200).JSON(t, &list)
	var etps []map[string]any
	for _, x := range list {
		if x["paymentSummaryType"] == "EmployeeTerminationPayment" {
			etps = append(etps, x)
		}
	}
	if len(etps) != 1 || len(list) != 2 || list[0]["paymentSummaryType"] != "IndividualNonBusiness" {
		t.Fatalf("payment summaries %v, want the individual non-business one and one ETP", list)
	}
	dollars(t, "ETP payment summary", etps[0], map[string]float64{"taxableComponent": taxable, "totalTaxWithheld": tax, "grossPayments": 0})
	if etps[0]["etpCode"] != code {
		t.Errorf("ETP payment summary code %v, want %s", etps[0]["etpCode"], code)
	}
	return etps[0]
}

// typedAmount is the amount of type typ in an STP list (zero when absent).
func typedAmount(list []stp.TypedAmount, typ string) payroll.Money {
	for _, x := range list {
		if x.Type == typ {
			return x.Amount
		}
	}
	return payroll.Money{}
}

// A resignation paying unused annual leave accrued after 17 August 1993:
// it is not a lump sum (NAT 0046: Lump Sum A is only pre-18 August 1993
// leave on a normal termination; the rest is in gross payments); STP
// Phase 2 reports it as paid leave type U (unused leave on termination).
// Cai, a casual on $1,000 a week, resigns in the week ending 22 November
// 2026 and is paid $1,500 through "Unused Leave on Termination" and a
// $262.50 loading through "Unused Leave Loading on Termination" (17.5%):
// payment summary gross 1,000 + 1,500 + 262.50 = 2,762.50 (2,762 in the
// summary's whole dollars, cents dropped), Lump Sum A 0
// (no type); STP gross 1,000.00, paid leave U 1,762.50, cessation V.
func TestAuditAUResignationUnusedLeaveDocuments(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		cai := e.employee(t, "Cai", map[string]any{"employmentType": "Casual"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": cai, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, cai, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Unused Leave on Termination"]), "earnings": 1500},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Unused Leave Loading on Termination"]), "earnings": 262.50}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, cai), map[string]int64{"grossEarnings": 276250})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, cai), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 2762, "lumpSumA": 0})
		if sum["lumpSumAType"] != "" {
			t.Errorf("Lump Sum A type %v", sum["lumpSumAType"])
		}
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		s := doc.Payees[0].IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !typedAmount(s.PaidLeave, "U").Equal(payroll.MustMoney("1762.50")) || len(s.LumpSums) != 0 {
			t.Errorf("STP gross %s, paid leave %+v, lump sums %+v; want 1000, U 1762.50, none", s.Gross, s.PaidLeave, s.LumpSums)
		}
		if doc.Payees[0].CessationReason != "V" {
			t.Errorf("cessation %q, want V", doc.Payees[0].CessationReason)
		}
	})
}

// A finished year's documents (2025-26, the test clock being in November
// 2026): Dee, a casual on $1,000 a week since 1 June 2022, is made
// genuinely redundant in the week ending Sunday 21 June 2026 (paid
// Wednesday 24 June 2026) and paid $1,000 of unused leave as a genuine
// redundancy leave payment and $20,000 of the tax-free part of the
// redundancy through "Genuine Redundancy Tax-Free Amount (Lump Sum D)"
// (within the 2025-26 limit $13,100 + 4 completed years × $6,552 =
// $39,308, docs/reference/au-pay-rules.md). ATO NAT 0046 and the STP
// Phase 2 guidelines: Lump Sum D is the tax-free part of a genuine
// redundancy, reported apart and not in gross payments.
//
//	payment summary 2025-26: gross 1,000; Lump Sum A 1,000 type R; Lump
//	Sum D 20,000; no ETP.
//	STP: gross 1,000.00; lump sums AR 1,000.00 and D 20,000.00; cessation
//	R; the income stream's PAYGW = what the run withheld.
func TestAuditAURedundancyLumpSumDFinishedYear(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		dee := e.employee(t, "Dee", map[string]any{"employmentType": "Casual", "startDate": "2022-06-01T00:00:00"})
		P := e.run(t, "2026-06-21", "2026-06-24")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dee, "terminationReason": "Redundancy", "terminationDate": "2026-06-21T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, dee, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Genuine Redundancy Leave Payment"]), "earnings": 1000},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Genuine Redundancy Tax-Free Amount (Lump Sum D)"]), "earnings": 20000}).Expect(t, 200)
		tot := e.totals(t, P, dee)
		want(t, "final pay", tot, map[string]int64{"grossEarnings": 2200000})
		tax := cents(t, tot["paygWithheld"])
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)

		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2026?employeeId=%d", e.B, dee), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 1000, "lumpSumA": 1000, "lumpSumD": 20000, "taxableComponent": 0,
			"totalTaxWithheld": float64(tax / 100)})
		if sum["lumpSumAType"] != "R" || sum["etpCode"] != "" {
			t.Errorf("Lump Sum A type %v, ETP code %v; want R and none", sum["lumpSumAType"], sum["etpCode"])
		}
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		pe := doc.Payees[0]
		s := pe.IncomeStreams[0]
		m := payroll.MustMoney
		if !s.Gross.Equal(m("1000")) || !typedAmount(s.LumpSums, "AR").Equal(m("1000")) || !typedAmount(s.LumpSums, "D").Equal(m("20000")) ||
			!s.TaxWithheld.Equal(payroll.MoneyFromMinor(tax)) || len(s.EmploymentTermination) != 0 {
			t.Errorf("STP gross %s, lump sums %+v, PAYGW %s, ETPs %+v", s.Gross, s.LumpSums, s.TaxWithheld, s.EmploymentTermination)
		}
		if pe.CessationDate != "2026-06-21" || pe.CessationReason != "R" {
			t.Errorf("STP cessation %q %q", pe.CessationDate, pe.CessationReason)
		}
	})
}
