package payrunapi_test

import (
	"encoding/csv"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// vectorFile is the shared sample of official and formula-derived vectors
// (2025-26), as the calc vectors keep it.
const vectorFile = "../../calc/vectors/testdata/vectors-sample.csv"

// vectorCase is one vector row turned into an employee of a pay run: the
// employee's members, the run's frequency and payment date, and the
// totals member that must equal the expected amount.
type vectorCase struct {
	line         int
	row          string
	region, freq string
	paid         string
	members      map[string]any
	member       string
	expected     payroll.Money
	employeeID   int64
}

var auScaleMembers = map[string]map[string]any{
	"scale1":          {"claimTaxFreeThreshold": false},
	"scale2":          {"claimTaxFreeThreshold": true},
	"scale3":          {"australianResident": false},
	"scale5":          {"claimTaxFreeThreshold": true, "medicareLevyExemption": "Full"},
	"scale6":          {"claimTaxFreeThreshold": true, "medicareLevyExemption": "Half"},
	"scale4-resident": {"taxFileNumber": "000000000"},
}

// ukPaid is a payment date in tax period 1 of 2025-26 for each frequency.
var ukPaid = map[string]string{"weekly": "2025-04-10", "fortnightly": "2025-04-17", "fourweekly": "2025-05-01", "monthly": "2025-04-30"}

var freqNames = map[string]string{"weekly": "Weekly", "fortnightly": "Fortnightly", "fourweekly": "FourWeekly", "monthly": "Monthly"}

// vectorCases reads the rows a pay run can reproduce from an employee's
// own members: AU withholding by scale, UK employee NI by category, UK
// week-1/month-1 PAYE by tax code, UK student loan. Rows that need a
// prior employment's year-to-date (UK cumulative PAYE) or a figure no
// payslip carries (NZ annual tax, the STSL component alone) are left to
// calc's own vector tests.
func vectorCases(t *testing.T) []*vectorCase {
	f, err := os.Open(vectorFile)
	if err != nil {
		t.Fatalf("vector file: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []*vectorCase
	for i, r := range rows[1:] {
		region, period, code := r[0], r[1], r[2]
		gross, err := payroll.ParseMoney(r[3])
		if err != nil {
			t.Fatalf("line %d: %v", i+2, err)
		}
		exp := payroll.MustMoney(r[4])
		parts := strings.Split(period, ";")
		freq := freqNames[parts[0]]
		c := &vectorCase{line: i + 2, row: strings.Join(r[:5], ","), freq: freq, expected: exp,
			members: map[string]any{"rate": gross, "rateUnit": "Fixed"}}
		switch {
		case region == "AU" && auScaleMembers[code] != nil && freq != "":
			c.region, c.paid, c.member = "AU", "2025-10-15", "paygWithheld"
			for k, v := range auScaleMembers[code] {
				c.members[k] = v
			}
		case region == "UK" && len(parts) >= 3 && parts[1] == "p=1" && parts[2] == "NI-employee" && strings.HasPrefix(code, "NI-cat-"):
			c.region, c.paid, c.member = "UK", ukPaid[parts[0]], "employeeNationalInsuranceContribution"
			c.members["taxCode"], c.members["nationalInsuranceCategory"] = "1257L", strings.TrimPrefix(code, "NI-cat-")
		case strings.HasPrefix(region, "UK") && len(parts) == 3 && parts[1] == "p=1" && parts[2] == "basis=W1M1":
			c.region, c.paid, c.member = "UK", ukPaid[parts[0]], "payeWithheld"
			c.members["taxCode"], c.members["nationalInsuranceCategory"], c.members["taxCalculationMethod"] = code, "A", "NonCumulative"
		case region == "UK" && len(parts) == 2 && parts[1] == "student-loan":
			c.region, c.paid, c.member = "UK", ukPaid[parts[0]], "studentLoanAmount"
			c.members["taxCode"], c.members["nationalInsuranceCategory"] = "1257L", "A"
			c.members["studentLoanType"] = "Plan" + strings.TrimPrefix(code, "plan")
		default:
			continue
		}
		out = append(out, c)
	}
	return out
}

func baseMembers(region, first, schedule string) map[string]any {
	m := map[string]any{"firstName": first, "surname": "Vector", "dateOfBirth": "1980-02-03T00:00:00", "startDate": "2024-01-01T00:00:00",
		"employmentType": "FullTime", "paySchedule": schedule, "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
		"hoursPerWeek": 38, "residentialStreetAddress": "1 High St", "residentialPostCode": "2000", "bankAccount1_AccountNumber": "12345678",
		"bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100}
	switch region {
	case "AU":
		m["taxFileNumber"], m["australianResident"], m["bankAccount1_BSB"] = "123456782", true, "062-000"
		m["superFund1_ProductCode"], m["superFund1_FundName"], m["superFund1_MemberNumber"] = "AUS0001AU", "AustralianSuper", "1"
	case "UK":
		m["bankAccount1_SortCode"], m["residentialCity"] = "12-34-56", "London"
	}
	return m
}

// TestPayslipsMatchVectors builds an employee from each usable vector
// row, pays them in a run of the row's frequency and payment date, and
// checks the figure on their totals equals the vector.
func TestPayslipsMatchVectors(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		// Each engine's own cases: the engines run in parallel and each
		// records its employees' ids in them.
		cases := vectorCases(t)
		if len(cases) < 150 {
			t.Fatalf("only %d usable vector rows", len(cases))
		}
		b := testkit.NewBundle(t, d, "AU")
		bizOf := map[string]string{"AU": b.B}
		_, ukB := b.AddBusiness("Alice UK", "UK")
		bizOf["UK"] = ukB
		schedules := map[string]int64{}
		for region, B := range bizOf {
			b.Do("POST", B+"/paycategory", b.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
			b.Do("POST", B+"/location", b.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
			for _, f := range freqNames {
				schedules[region+f] = int64(num(t, b.Do("POST", B+"/payschedule", b.Key, map[string]any{"name": f, "frequency": f}).Expect(t, 200).Map(t)["id"]))
			}
		}
		type runKey struct{ region, freq, paid string }
		groups := map[runKey][]*vectorCase{}
		for i, c := range cases {
			m := baseMembers(c.region, fmt.Sprintf("V%d", i), c.freq)
			for k, v := range c.members {
				m[k] = v
			}
			r := b.Do("POST", bizOf[c.region]+"/employee/unstructured?matchType=None", b.Key, m).Expect(t, 200).Map(t)
			if r["status"] != "Active" {
				t.Fatalf("line %d: employee %v", c.line, r)
			}
			c.employeeID = int64(num(t, r["id"]))
			k := runKey{c.region, c.freq, c.paid}
			groups[k] = append(groups[k], c)
		}
		for k, cs := range groups {
			// One run per schedule: the schedule's employees are exactly
			// this group (payment dates agree within a frequency).
			run := b.Do("POST", bizOf[k.region]+"/payrun", b.Key, map[string]any{"payScheduleId": schedules[k.region+k.freq],
				"payPeriodEnding": k.paid + "T00:00:00", "datePaid": k.paid + "T00:00:00"}).Expect(t, 200).Map(t)
			var tot struct {
				PayRunTotals map[string]map[string]any `json:"payRunTotals"`
			}
			b.Do("GET", fmt.Sprintf("%s/payrun/%d/totals", bizOf[k.region], int64(num(t, run["id"]))), b.Key, nil).Expect(t, 200).JSON(t, &tot)
			if len(tot.PayRunTotals) != len(cs) {
				t.Fatalf("%v: %d employees in the run, want %d", k, len(tot.PayRunTotals), len(cs))
			}
			for _, c := range cs {
				got := tot.PayRunTotals[fmt.Sprint(c.employeeID)]
				if got["warning"] != "" {
					t.Errorf("line %d %s: not calculated: %v", c.line, c.row, got["warning"])
					continue
				}
				if g := num(t, got[c.member]); g != c.expected.Float64() {
					t.Errorf("line %d %s: %s = %v, want %s", c.line, c.row, c.member, g, c.expected)
				}
				// Net is gross less everything withheld, to the cent.
				net := num(t, got["grossEarnings"]) - num(t, got["paygWithheld"]) - num(t, got["helpWithheld"]) - num(t, got["payeWithheld"]) -
					num(t, got["employeeNationalInsuranceContribution"]) - num(t, got["studentLoanAmount"]) - num(t, got["postGradLoanAmount"])
				if payroll.MustMoney(fmt.Sprintf("%.2f", net)).Float64() != num(t, got["netEarnings"]) {
					t.Errorf("line %d: net %v, want %.2f", c.line, got["netEarnings"], net)
				}
			}
		}
	})
}
