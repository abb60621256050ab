package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SG self-help group funds (docs/reference/sg-self-help-group-funds.md):
// deducted from the employee's wages by the month's total wages and paid
// to the CPF Board with the CPF contributions, under the fund's payment
// code. Figures from the funds' own tables, not from our output; November
// 2026, monthly salaries, CPF rates 2026 (age 55 and below, 37%).
//   - Chen, a Chinese citizen on $4,000: CDAC table from 1 January 2015,
//     "> $3,500 to $5,000: $1.50" → 1.50. CPF 20% = 800 employee, 17% =
//     680 employer. Net 4,000 − 800 − 1.50 = 3,198.50.
//   - Aisha, a Muslim Malay permanent resident (PR since 2020, 3rd year:
//     the citizens' rates) on $6,000: MBMF from 1 June 2016, "> $4,000 to
//     $6,000: $19.50" → 19.50. Wages above the OW ceiling $8,000? No:
//     CPF 20% × 6,000 = 1,200. Net 6,000 − 1,200 − 19.50 = 4,780.50.
//   - Ravi, an Indian citizen on $5,000 who opted out of SINDA
//     (selfHelpGroupFund None): nothing.
//   - Wei, a Chinese foreigner on $5,000: CDAC is for citizens and PRs
//     only → nothing (and no CPF).
//
// The CPF submission: a summary per fund (04 CDAC 1.50 with 1 donor, 02
// MBMF 19.50 with 1 donor) and a detail per donor (the fund's code, the
// amount, no wages, no status); the trailer's total adds them.
func TestSGSelfHelpGroupFunds(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		emp := func(first, nric string, m map[string]any) int64 {
			m["rateUnit"], m["startDate"], m["dateOfBirth"], m["nationalRegistrationIdentityNumber"] = "Monthly", "2024-01-01T00:00:00", "1990-05-05T00:00:00", nric
			m["hoursPerWeek"] = 40
			return e.employee(t, first, "Monthly", m)
		}
		chen := emp("Chen", "S8012345J", map[string]any{"rate": 4000, "ethnicity": "Chinese", "religion": "Buddhist"})
		aisha := emp("Aisha", "S8023456B", map[string]any{"rate": 6000, "ethnicity": "Malay", "religion": "Muslim", "legalStatus": "Permanent Resident",
			"obtainedResidencyDate": "2020-01-01T00:00:00"})
		ravi := emp("Ravi", "S8034567D", map[string]any{"rate": 5000, "ethnicity": "Indian", "religion": "Hindu", "selfHelpGroupFund": "None"})
		wei := emp("Wei", "S8045678F", map[string]any{"rate": 5000, "ethnicity": "Chinese", "legalStatus": "Foreigner"})
		P := e.run(t, "2026-11-30", 0, 0)
		for _, c := range []struct {
			name       string
			emp        int64
			fund       string
			shg, cpfEE float64
			net        float64
		}{
			{"Chen", chen, "CDAC Fund", 1.50, 800, 3198.50},
			{"Aisha", aisha, "Mosque Building and Mendaki Fund (MBMF)", 19.50, 1200, 4780.50},
			{"Ravi", ravi, "", 0, 1000, 4000},
			{"Wei", wei, "", 0, 0, 5000},
		} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.cpfEE)
			expectAmount(t, c.name+" net", tot["netEarnings"], c.net)
			slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, c.emp), e.Key, nil).Expect(t, 200).Map(t)
			var got float64
			var names []string
			ded, _ := slip["deductions"].([]any)
			for _, x := range ded {
				dd := x.(map[string]any)
				names = append(names, fmt.Sprint(dd["name"]))
				if dd["name"] == c.fund {
					got += num(t, dd["amount"])
				}
			}
			if c.fund == "" && len(names) > 0 {
				t.Errorf("%s: payslip deductions %v, want none", c.name, names)
			}
			if got != c.shg {
				t.Errorf("%s: payslip %q = %v (deductions %v), want %v", c.name, c.fund, got, names, c.shg)
			}
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		acct := func(code, typ string) int64 {
			return int64(num(t, e.Do("POST", e.B+"/accounts", e.Key, map[string]any{"accountCode": code, "accountName": "Account " + code,
				"accountType": typ, "externalReferenceId": "ext-" + code}).Expect(t, 200).Map(t)["id"]))
		}
		e.Do("POST", e.B+"/chartofaccounts", e.Key, map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": acct("1100", "Asset"),
			"defaultExpenseAccountId": acct("6100", "Expense"), "defaultLiabilityAccountId": acct("2100", "Liability")}}).Expect(t, 200)

		// The journal: 21.00 owed to the funds (a liability, remitted with
		// the CPF), not a deduction category's.
		var items []map[string]any
		e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, runOf(t, P)), e.Key, nil).Expect(t, 200).JSON(t, &items)
		var community float64
		for _, it := range items {
			if it["journalItemType"] == "CommunityFundLiability" {
				community += num(t, it["amount"])
			}
		}
		if community != -21 && community != 21 {
			t.Errorf("journal community fund liability = %v, want 21.00 (%v)", community, items)
		}

		var f filing.Filing
		e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-11", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
		text := string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body)
		got, errs := cpf.Parse(text)
		if len(errs) > 0 {
			t.Fatalf("the file against the layout: %v\n%s", errs, text)
		}
		if got.Summaries[cpf.CodeCDAC] != 150 || got.Summaries[cpf.CodeMBMF] != 1950 {
			t.Errorf("summaries %v, want CDAC 150 MBMF 1950\n%s", got.Summaries, text)
		}
		shg := map[string]string{}
		for _, dt := range got.Details {
			if dt.Code != cpf.CodeCPF {
				shg[dt.AccountNumber] = fmt.Sprintf("%s %d", dt.Code, dt.Amount)
			}
		}
		if want := map[string]string{"S8012345J": cpf.CodeCDAC + " 150", "S8023456B": cpf.CodeMBMF + " 1950"}; fmt.Sprint(shg) != fmt.Sprint(want) {
			t.Errorf("self-help group details %v, want %v\n%s", shg, want, text)
		}
	})
}

// ECF, from the Eurasian Association's table from 1 January 2015
// (docs/reference/sg-self-help-group-funds.md): Eve, a Eurasian citizen on
// $4,000 in November 2026, "> $2,500 to $4,000: $9.00" → 9.00; CPF 20% =
// 800; net 4,000 − 800 − 9.00 = 3,191.00. (The run was refused with a 409
// while the table was missing.)
func TestSGSelfHelpGroupFundECF(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		eve := e.employee(t, "Eve", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Monthly", "ethnicity": "Eurasian", "startDate": "2024-01-01T00:00:00",
			"dateOfBirth": "1990-05-05T00:00:00", "hoursPerWeek": 40})
		P := e.run(t, "2026-11-30", 0, 0)
		tot := e.totals(t, P, eve)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 800)
		expectAmount(t, "net", tot["netEarnings"], 3191)
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, eve), e.Key, nil).Expect(t, 200).Map(t)
		var ecf float64
		for _, x := range slip["deductions"].([]any) {
			if dd := x.(map[string]any); dd["name"] == "Eurasian Community Fund (ECF)" {
				ecf += num(t, dd["amount"])
			}
		}
		if ecf != 9 {
			t.Errorf("ECF deduction %v, want 9.00 (deductions %v)", ecf, slip["deductions"])
		}
	})
}
