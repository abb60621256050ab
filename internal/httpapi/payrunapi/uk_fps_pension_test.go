package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/uk/rti"
)

// The employee's pension contributions on the FPS (HMRC RTI data items
// "employee pension contributions paid under a net pay arrangement" and
// "... not paid under a net pay arrangement", Payment/EmpeePenContribnsPaid
// and EmpeePenContribnsNotPaid, with FiguresToDate/EmpeePenContribnsPaidYTD
// and EmpeePenContribnsNotPaidYTD; HMRC Employer Bulletin June 2026: net
// pay arrangement = "paid under", relief at source = "not paid under";
// docs/reference/uk-rti.md). Three employees of one monthly business, each
// £3,000 a month on 1257L, letter A, members since 1 March 2026 of a plan
// of 5% employee / 3% employer on qualifying earnings (2026-27 monthly
// band 520.00 to 4,189.17: docs/reference/uk-auto-enrolment.md):
//   - the employee's contribution 5% × (3,000.00 − 520.00) = 124.00 a
//     month;
//   - Nia, net pay arrangement: 124.00 deducted before tax, so the FPS
//     taxable pay is 3,000.00 − 124.00 = 2,876.00 and EmpeePenContribnsPaid
//     124.00 in May, 2 × 124.00 = 248.00 to date; no "not paid" item;
//   - Ras, relief at source: 80% × 124.00 = 99.20 deducted from net pay
//     (the scheme claims the 20% from HMRC), taxable pay 3,000.00;
//     EmpeePenContribnsNotPaid 99.20, to date 2 × 99.20 = 198.40; no
//     "paid" item;
//   - Sam, the 5% given up by salary sacrifice: the employer's
//     contribution, neither item (both null).
//
// Before: the FPS wrote no pension item at all.
func TestAuditUKFPSEmployeePensionContributions(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		netPay := pd34Plan(t, e, "net pay", 5, 0)
		sacrifice := pd34Plan(t, e, "sacrifice", 5, 5)
		scheme := int64(num(t, e.Do("POST", e.B+"/pensionscheme", e.Key, map[string]any{"name": "RAS scheme"}).Expect(t, 200).Map(t)["id"]))
		ras := int64(num(t, e.Do("POST", fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), e.Key, map[string]any{"contributionPlanName": "ras",
			"calculateOnQualifyingEarnings": true, "pensionType": "ReliefAtSource", "employeeContribution": 5, "employerContribution": 3}).Expect(t, 200).Map(t)["id"]))
		ids := map[string]int64{}
		for _, m := range []struct {
			name string
			plan int64
		}{{"Nia", netPay}, {"Ras", ras}, {"Sam", sacrifice}} {
			id := e.employee(t, m.name, "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"startDate": "2020-01-06T00:00:00", "gender": "Female", "dateOfBirth": "1990-02-03T00:00:00"})
			E := fmt.Sprintf("%s/employee/%d", e.B, id)
			e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2026-03-01T00:00:00"}).Expect(t, 200)
			e.Do("PUT", E+"/pension/membership", e.Key, map[string]any{"pensionSchemeContributionPlanId": m.plan, "startDate": "2026-03-01T00:00:00"}).Expect(t, 200)
			ids[m.name] = id
		}
		e.Do("POST", e.run(t, "2026-04-30", 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		may := e.run(t, "2026-05-31", 0, 0)
		e.Do("POST", may+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		mayID := num(t, e.Do("GET", may, e.Key, nil).Expect(t, 200).Map(t)["id"])

		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": mayID}).Expect(t, 200).Map(t)
		want := map[string]struct{ taxable, paid, paidYTD, notPaid, notPaidYTD any }{
			"Nia": {2876.0, 124.0, 248.0, nil, nil},
			"Ras": {3000.0, nil, nil, 99.2, 198.4},
			"Sam": {nil, nil, nil, nil, nil},
		}
		for _, x := range fps["employees"].([]any) {
			emp := x.(map[string]any)
			name := emp["forename"].(string)
			w, ok := want[name]
			if !ok {
				t.Fatalf("FPS employee %v", emp)
			}
			delete(want, name)
			pay, td := emp["payment"].(map[string]any), emp["figuresToDate"].(map[string]any)
			if w.taxable != nil && pay["taxablePay"] != w.taxable {
				t.Errorf("%s: taxable pay %v, want %v", name, pay["taxablePay"], w.taxable)
			}
			for k, c := range map[string][2]any{
				"payment.empeePenContribnsPaid":             {pay["empeePenContribnsPaid"], w.paid},
				"payment.empeePenContribnsNotPaid":          {pay["empeePenContribnsNotPaid"], w.notPaid},
				"figuresToDate.empeePenContribnsPaidYTD":    {td["empeePenContribnsPaidYTD"], w.paidYTD},
				"figuresToDate.empeePenContribnsNotPaidYTD": {td["empeePenContribnsNotPaidYTD"], w.notPaidYTD},
			} {
				if c[0] != c[1] {
					t.Errorf("%s: %s %v, want %v", name, k, c[0], c[1])
				}
			}
		}
		if len(want) != 0 {
			t.Errorf("not on the FPS: %v", want)
		}

		// The XML: the items in the schema's places (Payment: after
		// PayAfterStatDedns, before TaxDeductedOrRefunded; FiguresToDate:
		// after TotalTax), and the document passes the structure check.
		doc := string(e.Do("POST", e.B+"/report/fps/fpsxml", e.Key, map[string]any{"payRunId": mayID}).Expect(t, 200).Body)
		if err := rti.ValidateFPS([]byte(doc)); err != nil {
			t.Fatalf("FPS XML: %v", err)
		}
		for _, seq := range [][]string{
			{"<TotalTax>", "<EmpeePenContribnsPaidYTD>248.00</EmpeePenContribnsPaidYTD>", "</FiguresToDate>",
				"<PayAfterStatDedns>", "<EmpeePenContribnsPaid>124.00</EmpeePenContribnsPaid>", "<TaxDeductedOrRefunded>"},
			{"<TotalTax>", "<EmpeePenContribnsNotPaidYTD>198.40</EmpeePenContribnsNotPaidYTD>", "</FiguresToDate>",
				"<PayAfterStatDedns>", "<EmpeePenContribnsNotPaid>99.20</EmpeePenContribnsNotPaid>", "<TaxDeductedOrRefunded>"},
		} {
			at := strings.Index(doc, seq[1]) // within the employee that has it
			if at < 0 {
				t.Fatalf("%s not in the FPS XML: %s", seq[1], doc)
			}
			start := strings.LastIndex(doc[:at], "<Employee>")
			prev := start
			for _, s := range seq {
				i := strings.Index(doc[prev:], s)
				if i < 0 {
					t.Errorf("%s not after the previous element in its employee: %s", s, doc[start:])
					break
				}
				prev += i
			}
		}
		if n := strings.Count(doc, "EmpeePenContribns"); n != 2*4 {
			t.Errorf("%d pension elements (open and close tags), want 8 (Nia's two, Ras's two)", n)
		}
	})
}
