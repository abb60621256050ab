package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of super beyond the guarantee on ordinary pay, and of an
// allowance, in 2026-27, through the API (W(x) as in au_pay_test.go).

// stpDoc registers the business for STP, finalises run P with lodgement
// and returns its pay event.
func (e *auEnv) stpDoc(t *testing.T, P string) stp.Document {
	t.Helper()
	e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
		"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
	e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
	var doc stp.Document
	e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
	return doc
}

// payee is the pay event's payee of employee emp (its payroll id).
func payee(t *testing.T, doc stp.Document, emp int64) stp.Payee {
	t.Helper()
	for _, p := range doc.Payees {
		if p.PayrollID == fmt.Sprint(emp) {
			return p
		}
	}
	t.Fatalf("no payee %d in %+v", emp, doc.Payees)
	return stp.Payee{}
}

// The maximum contribution base under Payday Super is per income year
// from 1 July 2026: $270,830 for 2026-27 (payroll-rules-2026-27.md 1.6:
// the concessional cap $32,500 × 100 ÷ 12, rounded down to $10); no SG is
// due on qualifying earnings beyond it in the year. Max, $1,000 a week, is
// paid a $300,000 bonus (a bonus for ordinary hours is OTE, SGR 2009/2)
// in the week ending 22 November 2026, his first pay of the year: SG 12%
// × 270,830 = 32,499.60. The next week ($1,000): the base is used up, SG
// nil.
func TestAuditAUMaximumContributionBaseAcrossRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		max := e.employee(t, "Max", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, max, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 300000}).Expect(t, 200)
		want(t, "bonus week", e.totals(t, P, max), map[string]int64{"grossEarnings": 30100000, "superContribution": 3249960})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		P2 := e.run(t, "2026-11-29", "2026-12-02")
		want(t, "next week", e.totals(t, P2, max), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 0})
	})
}

// Employer contributions beyond the guarantee (super adjustments in the
// run): they are not the employee's income (no withholding, not in
// gross) and are paid to the fund with the SG. A contribution the
// employee could influence is a reportable employer super contribution
// (ITAA 1997 s 16-182; STP Phase 2 RESC, au-stp-phase2.md), one made under
// an award or agreement the employee could not influence is not
// (contributionType NonRescEmployerContribution). Rhea and Nora, $1,000
// a week, each with $100 of employer contribution, the first RESC, the
// second not: gross 1,000.00, W(1000) = 138, net 862.00, SG 120.00, the
// fund 220.00; STP RESC 100.00 and 0.00; SG liability 120.00 each.
func TestAuditAUEmployerAdditionalSuperRESC(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		rhea := e.employee(t, "Rhea", nil)
		nora := e.employee(t, "Nora", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/superadjustments", e.Key, map[string]any{"superAdjustments": map[string]any{
			fmt.Sprint(rhea): []any{map[string]any{"amount": 100, "contributionType": "EmployerContribution"}},
			fmt.Sprint(nora): []any{map[string]any{"amount": 100, "contributionType": "NonRescEmployerContribution"}}}}).Expect(t, 200)
		for name, id := range map[string]int64{"Rhea": rhea, "Nora": nora} {
			want(t, name, e.totals(t, P, id), map[string]int64{"grossEarnings": 100000, "taxableEarnings": 100000, "paygWithheld": 13800,
				"netEarnings": 86200, "superContribution": 22000})
		}
		doc := e.stpDoc(t, P)
		for id, resc := range map[int64]string{rhea: "100", nora: "0"} {
			se := payee(t, doc, id).SuperEntitlement
			if !se.ReportableEmployerSuperannuationContribution.Equal(payroll.MustMoney(resc)) || !se.SuperannuationGuaranteeLiability.Equal(payroll.MustMoney("120")) {
				t.Errorf("employee %d: STP super %+v, want RESC %s and SG 120.00", id, se, resc)
			}
		}
	})
}

// An allowance paid with wages is added to the period's earnings for
// withholding (Schedule 1, "Allowances, leave and other payments") and
// reported in STP as an allowance of its type, apart from gross (tools:
// TD, au-stp-phase2.md). Tia, $1,000 a week, is paid a $20 tool
// allowance through a category the client creates with the STP
// classification AllowanceTool: gross 1,020.00; W(1020) = 0.3227 ×
// 1020.99 − 185.1935 = 144.28 → 144; STP gross 1,000.00 and allowance TD
// 20.00.
func TestAuditAUToolAllowance(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		tool := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Tool Allowance", "rateUnit": "Fixed",
			"paymentSummaryClassification": "AllowanceTool", "defaultSuperRate": 12}).Expect(t, 200).Map(t)["id"]))
		tia := e.employee(t, "Tia", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, tia, map[string]any{"payCategoryId": fmt.Sprint(tool), "earnings": 20}).Expect(t, 200)
		want(t, "allowance week", e.totals(t, P, tia), map[string]int64{"grossEarnings": 102000, "paygWithheld": 14400})
		s := payee(t, e.stpDoc(t, P), tia).IncomeStreams[0]
		var td payroll.Money
		for _, a := range s.Allowances {
			if a.Type == "TD" {
				td = a.Amount
			}
		}
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !td.Equal(payroll.MustMoney("20")) {
			t.Errorf("STP gross %s, allowance TD %s (allowances %+v), want 1,000.00 and 20.00", s.Gross, td, s.Allowances)
		}
	})
}
