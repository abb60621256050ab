package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A UK P60 equals the sum of the tax year's finalised runs: Pia (BR, £2,000
// a month, category A) joins on 11 January 2027 and has a £1,000 bonus in
// February; a draft March run does not count until finalised.
//
//	January: 2,000 × 21 ÷ 31 = 1,354.8387 -> 1,354.84; BR on pay to date
//	rounded down to pounds: 1,354 × 20% = 270.80. NI 8% × (1,354.84 −
//	1,048) = 24.5472 -> 24.55.
//	February: 3,000; tax 4,354 × 20% − 270.80 = 600.00; NI 8% × 1,952 =
//	156.16.
//	March: 2,000; tax 6,354 × 20% − 870.80 = 400.00; NI 8% × 952 = 76.16.
//	P60 (2026/27): pay 6,354.84, tax 1,270.80; category A earnings PT to UEL
//	306.84 + 1,952 + 952 = 3,210.84, employee NI 256.87.
func TestUKP60IsTheSumOfTheYearsRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pia := e.employee(t, "Pia", "Monthly", map[string]any{"rate": 2000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"startDate": "2027-01-11T00:00:00"})
		var pay, tax, ni float64
		for _, r := range []struct {
			day            string
			bonus          float64
			gross, paye, n float64
		}{{"2027-01-31", 0, 1354.84, 270.80, 24.55}, {"2027-02-28", 1000, 3000, 600, 156.16}, {"2027-03-31", 0, 2000, 400, 76.16}} {
			P := e.run(t, r.day, pia, r.bonus)
			tot := e.totals(t, P, pia)
			expectAmount(t, r.day+" gross", tot["grossEarnings"], r.gross)
			expectAmount(t, r.day+" PAYE", tot["payeWithheld"], r.paye)
			expectAmount(t, r.day+" employee NI", tot["employeeNationalInsuranceContribution"], r.n)
			if r.day == "2027-03-31" {
				p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, pia), e.Key, nil).Expect(t, 200).Map(t)
				expectAmount(t, "P60 pay before March is finalised", p60["payInThisEmployment"], pay)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
			pay, tax, ni = pay+r.gross, tax+r.paye, ni+r.n
		}
		p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, pia), e.Key, nil).Expect(t, 200).Map(t)
		expectAmount(t, "P60 pay in this employment", p60["payInThisEmployment"], 6354.84)
		expectAmount(t, "P60 tax in this employment", p60["taxInThisEmployment"], 1270.80)
		expectAmount(t, "P60 total pay", p60["totalPayForYear"], pay)
		expectAmount(t, "P60 total tax", p60["totalTaxForYear"], tax)
		if num(t, p60["payRunsCounted"]) != 3 {
			t.Errorf("P60 counts %v runs, want 3", p60["payRunsCounted"])
		}
		bands := p60["nationalInsurance"].([]any)
		if len(bands) != 1 {
			t.Fatalf("P60 NI bands %v", bands)
		}
		a := bands[0].(map[string]any)
		expectAmount(t, "P60 earnings PT to UEL", a["earningsAbovePTUpToUEL"], 3210.84)
		expectAmount(t, "P60 employee NI", a["employeeContributions"], 256.87)
		if fmt.Sprintf("%.2f", ni) != "256.87" {
			t.Errorf("the runs' employee NI sum to %.2f", ni)
		}
	})
}
