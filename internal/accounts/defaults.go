package accounts

import (
	"context"
	"reflect"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// defaultAccount is one journal account a new business gets and the
// chart's default slots (the `slot` tags of ChartOfAccountsAccounts) it
// is mapped to. Codes and names follow Xero's standard charts, the
// accounting system most of these businesses post to; the sources and the
// choices are in docs/reference/default-chart-of-accounts.md. A slot left
// out falls back as the journal says (defaultExpense, defaultLiability).
type defaultAccount struct {
	code, name, typ string
	slots           []string
}

// The payroll accounts each region starts with.
var defaultCharts = map[string][]defaultAccount{
	"AU": {
		{"804", "Wages Payable - Payroll", "Liability", []string{"payment"}},
		{"477", "Wages and Salaries", "Expense", []string{"defaultExpense"}},
		{"478", "Superannuation", "Expense", []string{"superannuationExpense"}},
		{"800", "Accounts Payable", "Liability", []string{"defaultLiability"}},
		{"825", "PAYG Withholdings Payable", "Liability", []string{"paygLiability"}},
		{"826", "Superannuation Payable", "Liability", []string{"superannuationLiability"}},
	},
	"UK": {
		{"814", "Wages Payable - Payroll", "Liability", []string{"payment"}},
		{"477", "Salaries", "Expense", []string{"defaultExpense"}},
		{"479", "Employers National Insurance", "Expense", []string{"nationalInsuranceExpense"}},
		{"482", "Pensions Costs", "Expense", []string{"employerPensionExpense"}},
		{"800", "Accounts Payable", "Liability", []string{"defaultLiability"}},
		{"815", "PAYE & NI Payable", "Liability", []string{"payeLiability", "nationalInsuranceLiability",
			"employeeNationalInsuranceLiability", "studentLoanLiability", "postgraduateStudentLoanLiability"}},
		{"816", "Pension Payable", "Liability", []string{"employerPensionLiability", "employeePensionLiability"}},
	},
}

// generalChart is the chart of a region with no statutory slots of its own
// (NZ, SG, MY): tax, KiwiSaver or CPF post to the default liability and
// the employer's share to the default expense.
var generalChart = []defaultAccount{
	{"814", "Wages Payable - Payroll", "Liability", []string{"payment"}},
	{"477", "Wages and Salaries", "Expense", []string{"defaultExpense"}},
	{"800", "Accounts Payable", "Liability", []string{"defaultLiability"}},
}

// SetupDefaultChartInTx gives a new business its region's payroll
// accounts and maps the chart's default slots to them, so that its first
// journal posts without setup. A business whose chart already maps any
// default account is left as it is (running it twice is harmless).
func (c *AccountCollections) SetupDefaultChartInTx(ctx context.Context, q *store.Queries, biz business.Business) error {
	g, err := c.ChartOfAccountsGroup.GetInTx(ctx, q, biz, "")
	if err != nil {
		return err
	}
	if !reflect.ValueOf(g.DefaultAccounts.ChartOfAccountsAccounts).IsZero() {
		return nil
	}
	chart, ok := defaultCharts[biz.Region]
	if !ok {
		chart = generalChart
	}
	ids := map[string]int64{}
	for _, d := range chart {
		id, err := c.Accounts.EnsureInTx(ctx, q, biz.ID, &JournalAccount{AccountCode: d.code, AccountName: d.name, AccountType: d.typ})
		if err != nil {
			return err
		}
		for _, s := range d.slots {
			ids[s] = id
		}
	}
	var refs []record.Ref
	if _, err := c.ChartOfAccountsGroup.UpdateInTx(ctx, q, biz, "", func(g *ChartOfAccountsGroup) error {
		refs = refs[:0]
		rv := reflect.ValueOf(&g.DefaultAccounts.ChartOfAccountsAccounts).Elem()
		for _, f := range accountFields {
			if id, ok := ids[f.slot]; ok && record.RegionIn(f.region, biz.Region) {
				rv.Field(f.index).Set(reflect.ValueOf(&id))
				refs = append(refs, record.Ref{Field: "defaultAccounts." + f.json, Kind: record.KindAccount, ID: id})
			}
		}
		return nil
	}); err != nil {
		return err
	}
	return record.SaveRefs(ctx, q, biz.ID, KindChartOfAccounts, biz.ID, refs)
}
