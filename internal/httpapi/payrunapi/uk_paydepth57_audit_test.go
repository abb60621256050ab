package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A joiner whose P45 shows more tax than is due to date gets the
// difference back in the first pay (cumulative PAYE: the tax due on pay
// to date, the P45's included, less the tax already deducted, may be
// negative, and under a cumulative code other than a K code it is
// refunded: GOV.UK "PAYE: new employees" / "Tax codes": a P45 gives the
// code and the pay and tax to date to carry on with; uk-p45.md, uk-paye.md).
// The FPS reports this employment only (RTI data items "taxable pay to
// date in this employment", "total tax to date in this employment"): the
// refund is a negative tax deducted and a negative tax to date, and the
// starter has no starter declaration (a P45 was given).
//   - Rex, £2,400 a month fixed, 1257L cumulative, letter A, starts
//     Thursday 1 October 2026 (a whole month); his P45 from an employer
//     he left on 31 May 2026 shows pay 14,000.00 and tax 3,000.00.
//   - October is tax month 7: pay to date 14,000 + 2,400 = 16,400.00;
//     free pay (1257L, HMRC's routine: 1,048.26 a month) × 7 = 7,337.82;
//     taxable 9,062.18 → £9,062, inside the basic band to date (37,700 ×
//     7 ÷ 12 = 21,991.67): 20% = 1,812.40; less the P45's 3,000.00:
//     −1,187.60, a refund.
//   - NI is per employment, on the month: employee 8% × (2,400 − 1,048)
//     = 108.16; employer 15% × (2,400 − 417) = 297.45.
//   - Net 2,400 + 1,187.60 − 108.16 = 3,479.44.
//   - FPS: Starter 2026-10-01 without StartDec; TaxablePay 2,400.00,
//     TaxDeductedOrRefunded −1,187.60; to date 2,400.00 and −1,187.60.
func TestAuditUKJoinerWithP45RefundInFirstPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		rex := e.employee(t, "Rex", "Monthly", map[string]any{"rate": 2400, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-01T00:00:00", "gender": "Male", "dateOfBirth": "1985-06-07T00:00:00",
			"previousEmployerTaxablePay": 14000, "previousEmployerTaxWithheld": 3000,
			"previousEmployerLeavingDate": "2026-05-31T00:00:00", "previousEmployerTaxCode": "1257L", "previousEmployerW1M1": false})
		P := e.run(t, "2026-10-31", 0, 0)
		tot := e.totals(t, P, rex)
		for k, v := range map[string]float64{"grossEarnings": 2400, "payeWithheld": -1187.60, "employeeNationalInsuranceContribution": 108.16,
			"employerNationalInsuranceContribution": 297.45, "netEarnings": 3479.44} {
			expectAmount(t, k, tot[k], v)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		id := num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])
		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": id}).Expect(t, 200).Map(t)
		emp := fps["employees"].([]any)[0].(map[string]any)
		st, _ := emp["starter"].(map[string]any)
		if st == nil || st["startDate"] != "2026-10-01" || st["startDec"] != "" {
			t.Errorf("starter %v, want 2026-10-01 without a declaration", emp["starter"])
		}
		pay, td := emp["payment"].(map[string]any), emp["figuresToDate"].(map[string]any)
		for k, c := range map[string][2]any{
			"payment.taxablePay":            {pay["taxablePay"], 2400.0},
			"payment.taxDeductedOrRefunded": {pay["taxDeductedOrRefunded"], -1187.6},
			"figuresToDate.taxablePay":      {td["taxablePay"], 2400.0},
			"figuresToDate.totalTax":        {td["totalTax"], -1187.6},
		} {
			if c[0] != c[1] {
				t.Errorf("%s %v, want %v", k, c[0], c[1])
			}
		}
	})
}

// Week 53 with a net pay pension (GOV.UK "Week 53 payments": PAYE on the
// week 1 basis for the payment in tax week 53, the FPS's tax week 53 for a
// weekly payroll; the auto-enrolment pay reference period is the week, so
// the weekly qualifying earnings band applies, 2026-27: 6,240 ÷ 52 =
// 120.00 to 50,270 ÷ 52 = 966.73; docs/reference/uk-auto-enrolment.md).
//   - Wes, £600 a week fixed, 1257L, letter A, starts Monday 22 March 2027
//     and is enrolled that day in a net pay plan of 5% / 3% of qualifying
//     earnings: 5% × (600 − 120) = 24.00 a week, deducted before tax.
//   - Paid Monday 29 March 2027 (tax week 52), cumulative: taxable to date
//     576.00 against 52 weeks' free pay: no tax. NI 8% × (600 − 242) =
//     28.64 (the net pay arrangement does not reduce NI).
//   - Paid Monday 5 April 2027 (tax week 53), week 1 basis: taxable
//     600 − 24 = 576.00, less week-1 free pay 241.92 = 334.08 → £334 ×
//     20% = 66.80. NI 28.64.
//   - FPS of 5 April: WeekNo 53; TaxablePay 576.00, tax 66.80; to date
//     1,152.00 and 66.80; EmpeePenContribnsPaid 24.00, to date 48.00.
func TestAuditUKWeek53NetPayPensionOnTheFPS(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		putHMRCSettings(t, e.Bundle)
		plan := pd34Plan(t, e, "net pay", 5, 0)
		wes := e.employee(t, "Wes", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2027-03-22T00:00:00", "gender": "Male", "dateOfBirth": "1990-05-05T00:00:00"})
		E := fmt.Sprintf("%s/employee/%d", e.B, wes)
		e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2027-03-22T00:00:00"}).Expect(t, 200)
		e.Do("PUT", E+"/pension/membership", e.Key, map[string]any{"pensionSchemeContributionPlanId": plan, "startDate": "2027-03-22T00:00:00"}).Expect(t, 200)
		var last string
		for _, c := range []struct {
			day string
			tax float64
		}{{"2027-03-29", 0}, {"2027-04-05", 66.80}} {
			P := e.run(t, c.day, 0, 0)
			tot := e.totals(t, P, wes)
			for k, v := range map[string]float64{"grossEarnings": 600, "payeWithheld": c.tax, "employeeNationalInsuranceContribution": 28.64,
				"netEarnings": 600 - 24 - c.tax - 28.64} {
				expectAmount(t, c.day+" "+k, tot[k], v)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
			last = P
		}
		id := num(t, e.Do("GET", last, e.Key, nil).Expect(t, 200).Map(t)["id"])
		emp := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": id}).Expect(t, 200).Map(t)["employees"].([]any)[0].(map[string]any)
		pay, td := emp["payment"].(map[string]any), emp["figuresToDate"].(map[string]any)
		for k, c := range map[string][2]any{
			"payment.weekNo":                         {pay["weekNo"], 53.0},
			"payment.taxablePay":                     {pay["taxablePay"], 576.0},
			"payment.taxDeductedOrRefunded":          {pay["taxDeductedOrRefunded"], 66.8},
			"payment.empeePenContribnsPaid":          {pay["empeePenContribnsPaid"], 24.0},
			"figuresToDate.taxablePay":               {td["taxablePay"], 1152.0},
			"figuresToDate.totalTax":                 {td["totalTax"], 66.8},
			"figuresToDate.empeePenContribnsPaidYTD": {td["empeePenContribnsPaidYTD"], 48.0},
		} {
			if c[0] != c[1] {
				t.Errorf("%s %v, want %v", k, c[0], c[1])
			}
		}
	})
}

// A weekly leaver paid a bonus after the P45 (GOV.UK "Employee leaving":
// 0T on a week 1/month 1 basis; an irregular payment after leaving bears
// NI on a weekly earnings period, here the payroll's own): the bonus is
// large enough to reach the higher rate on the week-1 bands (2026-27,
// rest of the UK: basic band 37,700 ÷ 52 = 725 a week; uk-paye.md).
//   - Lou, £500 a week fixed, 1257L, letter A, since 6 April 2026, leaves
//     Friday 9 October 2026; her pay to 11 October is finalised; a run
//     paid Sunday 25 October 2026 (tax week 29) that includes leavers pays
//     her a £1,500 bonus.
//   - PAYE 0T week 1: no free pay; 20% × 725 = 145.00 + 40% × (1,500 −
//     725) = 310.00: 455.00.
//   - NI weekly: 8% × (967 − 242) = 58.00 + 2% × (1,500 − 967) = 10.66:
//     68.66; employer 15% × (1,500 − 96) = 210.60.
//   - Net 1,500 − 455.00 − 68.66 = 976.34.
//   - FPS: PmtAfterLeaving yes, LeavingDate 2026-10-09, WeekNo 29, code 0T
//     non-cumulative, TaxablePay 1,500.00, tax 455.00.
func TestAuditUKWeeklyBonusAfterLeavingHigherRate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		putHMRCSettings(t, e.Bundle)
		lou := e.employee(t, "Lou", "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00", "gender": "Female", "dateOfBirth": "1988-08-08T00:00:00"})
		e.leaveOn(t, lou, "2026-10-09")
		e.Do("POST", e.run(t, "2026-10-11", 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-10-25T00:00:00",
			"datePaid": "2026-10-25T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		id := num(t, r["id"])
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(id))
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(lou): []any{map[string]any{"payCategoryId": "BON", "earnings": 1500}}}}).Expect(t, 200)
		tot := e.totals(t, P, lou)
		for k, v := range map[string]float64{"grossEarnings": 1500, "payeWithheld": 455, "employeeNationalInsuranceContribution": 68.66,
			"employerNationalInsuranceContribution": 210.60, "netEarnings": 976.34} {
			expectAmount(t, k, tot[k], v)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		emp := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": id}).Expect(t, 200).Map(t)["employees"].([]any)[0].(map[string]any)
		pay := emp["payment"].(map[string]any)
		tc := pay["taxCode"].(map[string]any)
		for k, c := range map[string][2]any{
			"leavingDate":                        {emp["leavingDate"], "2026-10-09"},
			"payment.pmtAfterLeaving":            {pay["pmtAfterLeaving"], "yes"},
			"payment.weekNo":                     {pay["weekNo"], 29.0},
			"payment.taxCode.code":               {tc["code"], "0T"},
			"payment.taxCode.basisNonCumulative": {tc["basisNonCumulative"], "yes"},
			"payment.taxablePay":                 {pay["taxablePay"], 1500.0},
			"payment.taxDeductedOrRefunded":      {pay["taxDeductedOrRefunded"], 455.0},
		} {
			if c[0] != c[1] {
				t.Errorf("%s %v, want %v", k, c[0], c[1])
			}
		}
	})
}
