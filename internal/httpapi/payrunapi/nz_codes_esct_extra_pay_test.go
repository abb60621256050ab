package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// NZ cases a bureau meets every month, 2026-27 income year: income tax
// brackets 10.5/17.5/30/33/39% at 15,600/53,500/78,100/180,000; ACC
// earners' levy 1.75% to $156,641; KiwiSaver 3.5%; student loan 12% over
// $464 a week ($928 a fortnight); ESCT bands 10.5% to $18,720, 17.5% to
// $64,200, 30% to $93,720, 33% to $216,000, 39% above
// (payroll-rules-2026-27.md §3.1-3.5).

// Secondary tax codes at their flat rates (IRD, "Tax codes for
// individuals": rates before the ACC earners' levy): $500 a week, SB
// 10.5% = 52.50, S 17.5% = 87.50, ST 33% = 165.00, SA 39% = 195.00; ACC
// 1.75% × 500 = 8.75 each.
func TestAuditNZSecondaryCodesFlatRates(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		codes := map[string]float64{"SB": 52.50, "S": 87.50, "ST": 165, "SA": 195}
		ids := map[string]int64{}
		for code := range codes {
			ids[code] = e.employee(t, "Sec"+code, "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": code,
				"startDate": "2025-01-06T00:00:00"})
		}
		P := e.run(t, "2026-10-04", 0, 0)
		for code, paye := range codes {
			tot := e.totals(t, P, ids[code])
			expectAmount(t, code+" PAYE", tot["payeWithheld"], paye)
			expectAmount(t, code+" ACC", tot["accLevyAmount"], 8.75)
		}
	})
}

// A bonus in a fortnightly run on M SL with KiwiSaver (IRD IR340/IR335,
// "Extra pays": the extra pay is added to the four weeks' earnings before
// it and annualised × 13, and taxed whole at that band's rate; student
// loan 12% of the whole extra pay; KiwiSaver on gross salary or wages,
// bonuses included; docs/reference/nz-extra-pay-acc.md). Fen, $78,000 a
// year paid fortnightly ($3,000), employed since January 2025, KiwiSaver
// 3.5%, paid a $4,000 bonus in the fortnight ending 4 October 2026:
//   - regular pay: 3,000 × 26 = 78,000: 1,638 + 17.5% × 37,900 = 6,632.50
//   - 30% × 24,500 = 7,350: 15,620.50, + the levy 1.75% × 78,000 =
//     1,365: 16,985.50 ÷ 52 = 326.6442 → 326.64 a week, × 2 = 653.28
//     (IR's Payroll Calculations & Business Rules Specification §5.2),
//     less the fortnight's levy 52.50: 600.78 (15,620.50 ÷ 26 rounded
//     gave 600.79);
//   - the bonus: four weeks' earnings 6,000 (two fortnights; none paid
//     here before, so estimated as two of this fortnight's) × 13 =
//     78,000, plus 4,000 (IR Payroll Calculations & Business Rules
//     Specification §5.11 step 3.1) = 82,000: 33% × 4,000 = 1,320.00;
//     PAYE 1,920.78;
//   - ACC 1.75% × 7,000 = 122.50;
//   - student loan 12% × (3,000 − 928) = 248.64 + 12% × 4,000 = 480.00:
//     728.64;
//   - KiwiSaver 3.5% × 7,000 = 245.00 each side.
func TestAuditNZFortnightlyBonusStudentLoanKiwiSaver(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Fortnightly")
		fen := e.employee(t, "Fen", "Fortnightly", map[string]any{"rate": 78000, "rateUnit": "Annually", "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2025-01-06T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled"})
		P := e.run(t, "2026-10-04", fen, 4000)
		tot := e.totals(t, P, fen)
		expectAmount(t, "gross", tot["grossEarnings"], 7000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 1920.78)
		expectAmount(t, "ACC", tot["accLevyAmount"], 122.50)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 728.64)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 245)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 245)
	})
}

// ESCT for a new employee paid a bonus (IRD, "Employer superannuation
// contribution tax (ESCT)": for an employee who was not employed for the
// whole of the previous tax year, the ESCT rate threshold amount is an
// estimate of the salary or wages and employer contributions for the
// year; the rate is set for the year, not for each pay). Nell starts on
// Monday 5 October 2026 at $1,000 a week, KiwiSaver 3.5%, and is paid a
// $3,000 sign-on bonus in her first week: the year's estimate 52,000 (+
// the bonus 3,000) + 3.5% employer contributions = 56,925 → 17.5%.
// Employer contribution 3.5% × 4,000 = 140.00; ESCT 17.5% × 140 = 24.50.
// (Annualising the bonus week, (4,000 + 140) × 52 = 215,280, would put
// her in the 33% band: 46.20.)
func TestAuditNZESCTNewEmployeeBonusWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		nell := e.employee(t, "Nell", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2026-10-05T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled"})
		P := e.run(t, "2026-10-11", nell, 3000)
		tot := e.totals(t, P, nell)
		expectAmount(t, "employer KiwiSaver", tot["kiwiSaverEmployerContribution"], 140)
		expectAmount(t, "ESCT", tot["esctContribution"], 24.50)
	})
}

// ESCT at the rate the employer recorded for the year (IRD, "ESCT": for
// an employee employed for the whole of the previous tax year the rate
// threshold amount is that year's salary or wages plus employer
// contributions, worked out once at the start of the year; the employee's
// record keeps the rate, taxCodeDeclaration_EsctRate). Eru, employed
// since 2020 at $1,500 a week (2025-26: 78,000 + 3% employer
// contributions 2,340 = 80,340 → 30%), paid a $5,000 bonus in the week
// ending 4 October 2026: employer contribution 3.5% × 6,500 = 227.50,
// ESCT on the whole dollars 30% × 227 = 68.10.
func TestAuditNZESCTRecordedRate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		eru := e.employee(t, "Eru", "Weekly", map[string]any{"rate": 1500, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2020-01-06T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "taxCodeDeclaration_EsctRate": 30})
		P := e.run(t, "2026-10-04", eru, 5000)
		tot := e.totals(t, P, eru)
		expectAmount(t, "employer KiwiSaver", tot["kiwiSaverEmployerContribution"], 227.50)
		expectAmount(t, "ESCT", tot["esctContribution"], 68.10)
	})
}

// A bonus in a monthly run (IRD IR340, "Extra pays": monthly pay, the
// previous month's earnings with the extra pay × 12). Moana, $72,000 a
// year paid monthly ($6,000), M, paid a $10,000 bonus on 31 October 2026
// (no earlier month paid here: estimated as this month's 6,000):
//   - regular pay: 72,000: 1,638 + 6,632.50 + 30% × 18,500 = 5,550:
//     13,820.50, + the levy 1.75% × 72,000 = 1,260: 15,080.50 ÷ 52 =
//     290.0096 → 290.00 a week, × 52 ÷ 12 = 1,256.66 (IR's §5.2), less
//     the month's levy 105.00: 1,151.66 (13,820.50 ÷ 12 rounded gave
//     1,151.71);
//   - the bonus: 6,000 × 12 = 72,000, plus 10,000 (IR Payroll
//     Calculations & Business Rules Specification §5.11 step 3.1) =
//     82,000 → 33%: 3,300.00; PAYE 4,451.66 (annualising the bonus too,
//     192,000 → 39%, gave 5,051.71);
//   - ACC 1.75% × 16,000 = 280.00 (the regular 6,000 is under the month's
//     share of the maximum, 156,641 ÷ 12 = 13,053.42, and the year's
//     maximum leaves room for the bonus).
func TestAuditNZMonthlyBonusExtraPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		mo := e.employee(t, "Moana", "Monthly", map[string]any{"rate": 72000, "rateUnit": "Annually", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2025-01-06T00:00:00"})
		P := e.run(t, "2026-10-31", mo, 10000)
		tot := e.totals(t, P, mo)
		expectAmount(t, "gross", tot["grossEarnings"], 16000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 4451.66)
		expectAmount(t, "ACC", tot["accLevyAmount"], 280)
	})
}

// A special tax code (IRD IR23 certificate, tax code STC): the employer
// deducts at the certificate's rate, which may or may not include the ACC
// earners' levy (the certificate says; vendors: MYOB EXO, "Altering an
// employee's tax code as specified by IRD"). The record does not say
// which, so the employee is not calculated, and the warning names the
// code, rather than being taxed as M (1,000 × 52 = 52,000: 8,008 ÷ 52 =
// 154.00) or at a guessed split.
func TestAuditNZSpecialTaxCode(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		stan := e.employee(t, "Stan", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "STC",
			"taxCodeDeclaration_SpecialTaxCodeRate": 20, "startDate": "2025-01-06T00:00:00"})
		P := e.run(t, "2026-10-04", 0, 0)
		raw := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, stan), e.Key, nil).Expect(t, 200).Map(t)
		tot := raw["payRunTotals"].(map[string]any)[fmt.Sprint(stan)].(map[string]any)
		if w, _ := tot["warning"].(string); !strings.Contains(w, "STC") || num(t, tot["payeWithheld"]) != 0 {
			t.Fatalf("STC employee: warning %q, PAYE %v; want not calculated, naming STC", w, tot["payeWithheld"])
		}
	})
}

// ESCT for an employee who started in the tax year (IRD, "Find the ESCT
// rate for each employee": "If the employee started working for you
// during the current tax year ... add the employee's estimated salary or
// wage for the rest of the current tax year [and] your estimated gross
// contributions ... for the rest of the current tax year"). Rua starts on
// Monday 5 October 2026 at $1,320 a week, KiwiSaver 3.5%: the rest of the
// year, 5 October 2026 to 31 March 2027, is 178 of the year's 365 days:
// (1,320 + 46.20) ÷ 7 × 178 = 34,740.51 → 17.5% (IR's specification
// §5.22.2 Example One; before, × 52 × 178 ÷ 365 = 34,645.21; a whole
// year's 71,233.57 would be 30%). Employer contribution 3.5% × 1,320 = 46.20;
// ESCT 17.5% × 46 = 8.05.
func TestAuditNZESCTJoinerRestOfYear(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		rua := e.employee(t, "Rua", "Weekly", map[string]any{"rate": 1320, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2026-10-05T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled"})
		P := e.run(t, "2026-10-11", 0, 0)
		tot := e.totals(t, P, rua)
		expectAmount(t, "employer KiwiSaver", tot["kiwiSaverEmployerContribution"], 46.20)
		expectAmount(t, "ESCT", tot["esctContribution"], 8.05)
	})
}
