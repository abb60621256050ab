package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Auto-enrolment postponement for joiners (Pensions Act 2008 s 4: the
// employer may defer the automatic enrolment date up to three months from
// the worker's starting date; TPR detailed guidance no. 3; during the
// postponement no contributions are deducted, even for an eligible
// jobholder; docs/reference/uk-auto-enrolment.md). The plan: qualifying
// earnings, net pay, 5% employee and 3% employer, with the rule
// "JoinsACompany, PostponeMonths 3". Qualifying earnings band 2026-27
// £6,240 – £50,270 (DWP HCWS1206; payroll-rules-2026-27.md §2.6), a month
// 6,240 ÷ 12 = 520.00.
//   - Pat, 36, starts 1 May 2026 on £2,500 a month: deferral date 1 August.
//     May, June, July: no contributions (before: 5% × (2,500 − 520) = 99.00
//     deducted from May). August: employee 5% × 1,980 = 99.00, employer 3% ×
//     1,980 = 59.40.
//   - Meg starts 10 May: deferral date 10 August, inside August's period;
//     whether August's contributions are due in full or in part is not
//     settled, so her August pay is refused naming the deferral date.
func TestUKAutoEnrolmentPostponementForJoiners(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "Workplace pension"})
		plan := id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": "AE 5/3", "calculateOnQualifyingEarnings": true,
			"pensionType": "NetPay", "employeeContribution": 5, "employerContribution": 3,
			"pensionSchemeContributionPlanPostponementRules": []any{map[string]any{"postponementRuleType": "JoinsACompany",
				"postponementRuleOptionType": "PostponeMonths", "postponementPeriod": 3, "name": "Joiners: 3 months"}}})
		joiner := func(first, start string) int64 {
			emp := e.employee(t, first, "Monthly", map[string]any{"rate": 2500, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"startDate": start + "T00:00:00", "dateOfBirth": "1990-02-03T00:00:00"})
			e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": plan,
				"startDate": start + "T00:00:00"}).Expect(t, 200)
			return emp
		}
		pat, meg := joiner("Pat", "2026-05-01"), joiner("Meg", "2026-05-10")
		for _, day := range []string{"2026-05-31", "2026-06-30", "2026-07-31"} {
			P := e.run(t, day, 0, 0)
			for name, emp := range map[string]int64{"Pat": pat, "Meg": meg} {
				tot := e.totals(t, P, emp)
				expectAmount(t, day+" "+name+" employee pension", tot["employeePensionContribution"], 0)
				expectAmount(t, day+" "+name+" employer pension", tot["employerPensionContribution"], 0)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		aug := e.run(t, "2026-08-31", 0, 0)
		tot := e.totals(t, aug, pat)
		expectAmount(t, "August Pat employee pension", tot["employeePensionContribution"], 99.00)
		expectAmount(t, "August Pat employer pension", tot["employerPensionContribution"], 59.40)
		megs := e.Do("GET", fmt.Sprintf("%s/totals/%d", aug, meg), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(meg)].(map[string]any)
		if w, _ := megs["warning"].(string); !strings.Contains(w, "deferral date 2026-08-10") {
			t.Errorf("Meg's August (deferral date inside the period): warning %q", w)
		}
	})
}
