package sg

import (
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// The self-help group funds the CPF Board collects with an employee's CPF
// contributions, deducted from the employee's wages (CPF Board, "Contributions
// to Self-Help Groups (SHGs) and SHARE Donations"; docs/reference/
// sg-self-help-group-funds.md).
const (
	FundCDAC  = "CDAC"  // Chinese Development Assistance Council Fund
	FundECF   = "ECF"   // Eurasian Community Fund
	FundMBMF  = "MBMF"  // Mosque Building and Mendaki Fund
	FundSINDA = "SINDA" // Singapore Indian Development Association Fund
	FundNone  = "None"  // opted out of every fund
)

// Funds are the fund codes, in the CPF submission's payment-code order
// (02 MBMF, 03 SINDA, 04 CDAC, 05 ECF).
var Funds = []string{FundMBMF, FundSINDA, FundCDAC, FundECF}

// FundNames are the funds' names, as payslips show them.
var FundNames = map[string]string{FundCDAC: "CDAC Fund", FundECF: "Eurasian Community Fund (ECF)",
	FundMBMF: "Mosque Building and Mendaki Fund (MBMF)", FundSINDA: "SINDA Fund"}

// shgBand: total wages for the month up to and including upTo (zero: no
// upper end) pay amount.
type shgBand struct {
	upTo, amount payroll.Money
}

// shgTable is a fund's monthly contribution by total wages, in force for
// wages of months from from.
type shgTable struct {
	fund   string
	from   time.Time
	bands  []shgBand
	source string
}

func band(upTo, amount string) shgBand {
	b := shgBand{amount: payroll.MustMoney(amount)}
	if upTo != "" {
		b.upTo = payroll.MustMoney(upTo)
	}
	return b
}

// shgTables are the contribution tables found (docs/reference/
// sg-self-help-group-funds.md). A fund without a table in force is
// refused rather than guessed (SHGContribution).
var shgTables = []shgTable{
	{fund: FundCDAC, from: time.Date(2015, time.January, 1, 0, 0, 0, 0, time.UTC),
		bands:  []shgBand{band("2000", "0.50"), band("3500", "1.00"), band("5000", "1.50"), band("7500", "2.00"), band("", "3.00")},
		source: "CDAC Fund contribution rates from 1 January 2015 (CPF Act s 76(3)), as published by CDAC and the CPF Board's SHG pages; docs/reference/sg-self-help-group-funds.md"},
	{fund: FundMBMF, from: time.Date(2016, time.June, 1, 0, 0, 0, 0, time.UTC),
		bands: []shgBand{band("1000", "3.00"), band("2000", "4.50"), band("3000", "6.50"), band("4000", "15.00"), band("6000", "19.50"),
			band("8000", "22.00"), band("10000", "24.00"), band("", "26.00")},
		source: "Muis, MBMF \"Employer Information\": revised contribution rates for wages from 1 June 2016 (Administration of Muslim Law Act s 78); docs/reference/sg-self-help-group-funds.md"},
	{fund: FundSINDA, from: time.Date(2015, time.January, 1, 0, 0, 0, 0, time.UTC),
		bands: []shgBand{band("1000", "1.00"), band("1500", "3.00"), band("2500", "5.00"), band("4500", "7.00"), band("7500", "9.00"),
			band("10000", "12.00"), band("15000", "18.00"), band("", "30.00")},
		source: "SINDA, \"Contribution\": the rates from 1 January 2015 (sinda.org.sg/contribution); docs/reference/sg-self-help-group-funds.md"},
	{fund: FundECF, from: time.Date(2015, time.January, 1, 0, 0, 0, 0, time.UTC),
		bands: []shgBand{band("1000", "2.00"), band("1500", "4.00"), band("2500", "6.00"), band("4000", "9.00"), band("7000", "12.00"),
			band("10000", "16.00"), band("", "20.00")},
		source: "Eurasian Association, ECF contribution rates from 1 January 2015 (the CPF Board's SHG page as copied by achibiz.com; Talenox: \"ECF effective 1 Jan 2015\"); docs/reference/sg-self-help-group-funds.md"},
}

// SHGEligible says whether an employee of residency r may have fund's
// contribution deducted: CDAC and ECF are for Singapore citizens and
// permanent residents; MBMF for every working Muslim, foreigners included;
// SINDA for citizens, permanent residents and Employment Pass holders (a
// foreigner only when the employer records the fund: the residency does not
// say which pass). explicit: the employer recorded the fund.
func SHGEligible(fund, r string, explicit bool) bool {
	if r != calc.SGForeigner {
		return true
	}
	switch fund {
	case FundMBMF:
		return true
	case FundSINDA:
		return explicit
	}
	return false
}

// SHGContribution is fund's contribution for a month whose total wages
// (all remuneration: salary, overtime, allowances, commission, bonus) are
// wages, for wages of the month of paid, with the rule it rests on. A
// fund without a table in force is an error naming it.
func SHGContribution(fund string, wages payroll.Money, paid time.Time) (payroll.Money, *calc.Rule, error) {
	var t *shgTable
	for i := range shgTables {
		if x := &shgTables[i]; x.fund == fund && !paid.Before(x.from) && (t == nil || x.from.After(t.from)) {
			t = x
		}
	}
	if t == nil {
		return payroll.Money{}, nil, fmt.Errorf("the %s contribution table for %s is not loaded (no official table was found; docs/reference/sg-self-help-group-funds.md): "+
			"record the employee's selfHelpGroupFund as another fund or None, or deduct it by hand", fund, paid.Format("January 2006"))
	}
	if !wages.IsPos() {
		return payroll.Money{}, nil, nil
	}
	amt := t.bands[len(t.bands)-1].amount
	var bounds []string
	for _, b := range t.bands {
		if !b.upTo.IsZero() {
			bounds = append(bounds, b.upTo.String()+": "+b.amount.String())
		}
		if !b.upTo.IsZero() && !b.upTo.Less(wages) {
			amt = b.amount
			break
		}
	}
	rule := &calc.Rule{Code: "sg.shg." + strings.ToLower(fund) + "." + t.from.Format("2006-01"),
		Text: fmt.Sprintf("SG %s: monthly contribution by the month's total wages (up to and including %s; above: %s), deducted from pay and paid with CPF",
			FundNames[fund], strings.Join(bounds, ", "), t.bands[len(t.bands)-1].amount.String()),
		Source: t.source}
	return amt, rule, nil
}
