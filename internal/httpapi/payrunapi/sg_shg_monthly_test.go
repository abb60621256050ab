package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/testkit"
)

// shgOnSlip is the amount of the payslip deductions named fund (a
// self-help group fund, or any deduction category's name).
func (e *regionEnv) shgOnSlip(t *testing.T, P string, emp int64, fund string) float64 {
	t.Helper()
	slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)
	var got float64
	ded, _ := slip["deductions"].([]any)
	for _, x := range ded {
		if dd := x.(map[string]any); dd["name"] == fund {
			got += num(t, dd["amount"])
		}
	}
	return got
}

// bonusRun is another run of the schedule ending and paid on day, its
// employees without their standard earnings, with emp's one bonus line.
func (e *regionEnv) bonusRun(t *testing.T, day string, emp int64, bonus float64) string {
	t.Helper()
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": day + "T00:00:00", "datePaid": day + "T00:00:00",
		"createWithEmptyPays": true}).Expect(t, 200).Map(t)
	P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
	e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
		fmt.Sprint(emp): []any{map[string]any{"payCategoryId": "BON", "earnings": bonus}}}}).Expect(t, 200)
	return P
}

// The self-help group funds are monthly contributions on the month's
// total wages (CPF Board, "Contributions to Self-Help Groups (SHGs) and
// SHARE Donations": the contribution is by the employee's total wages for
// the month; docs/reference/sg-self-help-group-funds.md), not one per pay
// run. Lim, a Chinese citizen born 1990 on $3,000 a month (CDAC table
// from 1 January 2015):
//   - the November 2026 run: total wages 3,000, "> $2,000 to $3,500:
//     $1.00" → 1.00; CPF 20% × 3,000 = 600; net 3,000 − 600 − 1 = 2,399.
//   - a bonus run (no salary) paid 30 November, $1,000: the month's wages
//     4,000, "> $3,500 to $5,000: $1.50" less the 1.00 already deducted
//     → 0.50; CPF on the AW 20% × 1,000 = 200; net 1,000 − 200 − 0.50 =
//     799.50.
//   - a second bonus run, $1,000: the month's wages 5,000, still "up to
//     $5,000: $1.50", 1.50 already deducted → nothing; CPF 200; net 800.
//
// The CPF submission for November carries CDAC 1.50 for Lim (code 04),
// the month's contribution. Before: 1.00 on each run (3.00 in all).
func TestSGSelfHelpGroupFundIsMonthly(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		lim := e.employee(t, "Lim", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Monthly", "ethnicity": "Chinese", "startDate": "2024-01-01T00:00:00",
			"dateOfBirth": "1990-05-05T00:00:00", "hoursPerWeek": 40, "nationalRegistrationIdentityNumber": "S8012345J"})
		P := e.run(t, "2026-11-30", 0, 0)
		tot := e.totals(t, P, lim)
		expectAmount(t, "November CDAC", e.shgOnSlip(t, P, lim, "CDAC Fund"), 1)
		expectAmount(t, "November net", tot["netEarnings"], 2399)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		for _, c := range []struct {
			bonus, cdac, cpfEE, net float64
		}{{1000, 0.50, 200, 799.50}, {1000, 0, 200, 800}} {
			A := e.bonusRun(t, "2026-11-30", lim, c.bonus)
			tot := e.totals(t, A, lim)
			what := fmt.Sprintf("bonus run %v", c.bonus)
			expectAmount(t, what+" CDAC", e.shgOnSlip(t, A, lim, "CDAC Fund"), c.cdac)
			expectAmount(t, what+" CPF employee", tot["cpfEmployeeContributionAmount"], c.cpfEE)
			expectAmount(t, what+" net", tot["netEarnings"], c.net)
			e.Do("POST", A+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		var f filing.Filing
		e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-11", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
		text := string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body)
		got, errs := cpf.Parse(text)
		if len(errs) > 0 {
			t.Fatalf("the file against the layout: %v\n%s", errs, text)
		}
		if got.Summaries[cpf.CodeCDAC] != 150 {
			t.Errorf("CDAC summary %v, want 150 (1.50)\n%s", got.Summaries[cpf.CodeCDAC], text)
		}
	})
}
