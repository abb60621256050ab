package output

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/payrolld/payrolld/internal/accounts"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/journal"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// JournalItem is one line of a run's journal (AuJournalItemResponse).
// amount is signed: debits positive, credits negative, so a journal's
// amounts add up to zero.
type JournalItem struct {
	JournalItemType              string              `json:"journalItemType" doc:"WagesExpense, PaygLiability, SuperExpense, Asset (net pay), ... and the other regions' statutory types (PayeLiability, NationalInsuranceExpense, KiwiSaverLiability, CpfExpense, PcbLiability, EpfExpense, SocsoLiability, ...)"`
	ExternalAccountReferenceID   string              `json:"externalAccountReferenceId"`
	Units                        payroll.Rate        `json:"units"`
	Amount                       payroll.Money       `json:"amount"`
	AmountUnrounded              payroll.Money       `json:"amountUnrounded"`
	Reference                    string              `json:"reference"`
	TaxCode                      string              `json:"taxCode"`
	AccountCode                  string              `json:"accountCode"`
	AccountName                  string              `json:"accountName"`
	Details                      string              `json:"details"`
	Location                     string              `json:"location"`
	IsCredit                     bool                `json:"isCredit"`
	IsDebit                      bool                `json:"isDebit"`
	LocationExternalReferenceID  string              `json:"locationExternalReferenceId"`
	ReportingDimensionValueIDs   []int64             `json:"reportingDimensionValueIds"`
	ReportingDimensionValueNames map[string][]string `json:"reportingDimensionValueNames"`
}

// journalOf builds a run's journal from its lines and totals, posted to
// the business's chart of accounts (a category's own mapping, then the
// default accounts). An unmapped account is a 400 naming the chart's
// member to map.
func (o *Outputs) journalOf(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun) (journal.Journal, map[int64]accounts.JournalAccount, error) {
	chart, err := o.Accounts.ChartOfAccounts(ctx, biz)
	if err != nil {
		return journal.Journal{}, nil, err
	}
	var acc journal.Accounts
	b, err := json.Marshal(chart.ChartofAccounts.DefaultAccounts.ChartOfAccountsAccounts)
	if err != nil {
		return journal.Journal{}, nil, err
	}
	if err := json.Unmarshal(b, &acc); err != nil {
		return journal.Journal{}, nil, err
	}
	mapping := func(list []accounts.ChartOfAccountsCategory) map[int64]accounts.ChartOfAccountsCategory {
		m := make(map[int64]accounts.ChartOfAccountsCategory, len(list))
		for _, c := range list {
			m[c.ID] = c
		}
		return m
	}
	maps := map[string]map[int64]accounts.ChartOfAccountsCategory{
		pay.KindEarnings: mapping(chart.ChartofAccounts.PayCategories), pay.KindDeduction: mapping(chart.ChartofAccounts.DeductionCategories),
		pay.KindExpense: mapping(chart.ChartofAccounts.EmployeeExpenseCategories), pay.KindLiability: mapping(chart.ChartofAccounts.EmployerLiabilityCategories),
	}
	lines, err := q.ListPayRunLines(ctx, run.ID)
	if err != nil {
		return journal.Journal{}, nil, err
	}
	type key struct {
		kind string
		id   int64
		name string
	}
	sums := map[key]int64{}
	// The super the employee funds: salary sacrificed or member voluntary
	// super adjustments (withheld from pay, owed to the fund) and salary
	// sacrificed deductions (posted as deductions); the rest of the run's
	// super is the employer's cost.
	var employeeSuper, sacrificedDeductions, communityFunds int64
	for _, l := range lines {
		switch {
		case l.Kind == pay.KindTaxAdjustment:
			continue // inside the employee's tax figure
		case l.Kind == pay.KindDeduction && pay.SHGFundOf(l.Subtype) != "":
			communityFunds += l.Amount // SG self-help group funds: owed to the CPF Board with the CPF (sg_shg.go)
			continue
		case l.Kind == pay.KindSuperAdjustment && (l.Subtype == "SalarySacrifice" || l.Subtype == "MemberVoluntary"):
			employeeSuper += l.Amount
		case l.Kind == pay.KindDeduction && l.Subtype == pay.SubtypeSalarySacrifice:
			sacrificedDeductions += l.Amount
		}
		sums[key{l.Kind, l.CategoryID, l.CategoryName}] += l.Amount
	}
	keys := make([]key, 0, len(sums))
	for k := range sums {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].kind != keys[j].kind {
			return keys[i].kind < keys[j].kind
		}
		if keys[i].name != keys[j].name {
			return keys[i].name < keys[j].name
		}
		return keys[i].id < keys[j].id
	})
	t := journal.Totals{Reference: fmt.Sprintf("Pay run %d paid %s", run.ID, run.DatePaid.Format("02/01/2006"))}
	for _, k := range keys {
		m := maps[k.kind][k.id]
		a := journal.Amount{Name: k.name, ExpenseAccountID: m.ExpenseAccountID, LiabilityAccountID: m.LiabilityAccountID, Amount: money(sums[k])}
		switch k.kind {
		case pay.KindEarnings:
			t.Earnings = append(t.Earnings, a)
		case pay.KindDeduction:
			t.Deductions = append(t.Deductions, a)
		case pay.KindExpense:
			t.EmployeeExpenses = append(t.EmployeeExpenses, a)
		case pay.KindLiability:
			t.EmployerLiabilities = append(t.EmployerLiabilities, a)
		}
	}
	rows, err := q.ListPayRunEmployees(ctx, run.ID)
	if err != nil {
		return journal.Journal{}, nil, err
	}
	var f struct {
		tax, super, niEE, niER, studentLoan, pgLoan, ksEE, ksER, esct, acc, cpfEE, cpfER, sdl, net int64
	}
	var class1A int64 // UK employer Class 1A NICs on termination awards
	for _, e := range rows {
		f.tax += e.Tax
		f.super += e.SuperContribution
		f.niEE += e.NiEmployee
		f.niER += e.NiEmployer
		class1A += e.Class1aNic
		f.studentLoan += e.StudentLoan
		f.pgLoan += e.PostgradLoan
		f.ksEE += e.KiwisaverEmployee
		f.ksER += e.KiwisaverEmployer
		f.esct += e.Esct
		f.acc += e.AccLevy
		f.cpfEE += e.CpfEmployee
		f.cpfER += e.CpfEmployer
		f.sdl += e.Sdl
		f.net += e.Net + e.Expenses
	}
	// UK workplace pension (uk_pay_run_pensions): the employee's
	// contributions are withheld from pay (net pay and relief at source:
	// what was deducted; salary sacrifice: the pay given up), a liability
	// to the scheme; the employer's are its cost (expense and liability).
	var penEE, penER int64
	if biz.Region == "UK" {
		if penEE, penER, err = ukPensionTotals(ctx, q, biz.ID, run.ID); err != nil {
			return journal.Journal{}, nil, err
		}
	}
	taxKind := journal.Paye
	switch biz.Region {
	case "AU":
		taxKind = journal.PaygWithholding // including the STSL component, remitted with it
	case "MY":
		taxKind = journal.Pcb
	}
	my, err := myStatutory(ctx, q, biz, run.ID) // my.go
	if err != nil {
		return journal.Journal{}, nil, err
	}
	for _, s := range append([]journal.Statutory{{Kind: taxKind, Amount: money(f.tax)}, {Kind: journal.EmployeeSuper, Amount: money(employeeSuper)},
		{Kind: journal.SuperGuarantee, Amount: money(f.super - employeeSuper - sacrificedDeductions)},
		{Kind: journal.EmployeeNationalInsurance, Amount: money(f.niEE)}, {Kind: journal.EmployerNationalInsurance, Amount: money(f.niER)},
		{Kind: journal.EmployerClass1ANics, Amount: money(class1A)},
		{Kind: journal.StudentLoan, Amount: money(f.studentLoan)}, {Kind: journal.PostgraduateLoan, Amount: money(f.pgLoan)},
		{Kind: journal.KiwiSaverEmployee, Amount: money(f.ksEE)}, {Kind: journal.KiwiSaverEmployer, Amount: money(f.ksER - f.esct)},
		{Kind: journal.Esct, Amount: money(f.esct)}, {Kind: journal.OtherTax, Amount: money(f.acc)},
		{Kind: journal.CpfEmployee, Amount: money(f.cpfEE)}, {Kind: journal.CommunityFund, Amount: money(communityFunds)}, {Kind: journal.CpfEmployer, Amount: money(f.cpfER)},
		{Kind: journal.SkillsDevelopmentLevy, Amount: money(f.sdl)},
		{Kind: journal.EmployeePension, Amount: money(penEE)}, {Kind: journal.EmployerPension, Amount: money(penER)}}, my...) {
		if !s.Amount.IsZero() {
			t.Statutory = append(t.Statutory, s)
		}
	}
	t.NetPay = money(f.net)
	j, err := journal.Build(t, acc)
	if err != nil {
		return journal.Journal{}, nil, err
	}
	list, err := o.Accounts.Accounts.List(ctx, biz, 0)
	if err != nil {
		return journal.Journal{}, nil, err
	}
	byID := make(map[int64]accounts.JournalAccount, len(list))
	for _, a := range list {
		byID[a.ID] = a
	}
	return j, byID, nil
}

// ukPensionTotals are a run's employee and employer pension
// contributions (minor units).
func ukPensionTotals(ctx context.Context, q *store.Queries, bizID, runID int64) (ee, er int64, err error) {
	rows, err := q.Query(ctx, `SELECT CAST(COALESCE(SUM(employee_amount), 0) AS BIGINT), CAST(COALESCE(SUM(employer_amount), 0) AS BIGINT) FROM uk_pay_run_pensions
WHERE business_id = $1 AND pay_run_id = $2`, bizID, runID)
	if err != nil {
		return 0, 0, err
	}
	defer rows.Close()
	if rows.Next() {
		if err := rows.Scan(&ee, &er); err != nil {
			return 0, 0, err
		}
	}
	return ee, er, rows.Err()
}

// Journal is B/journal/{payRunId}: the run's journal lines, debits equal
// to credits to the cent.
func (o *Outputs) Journal(ctx context.Context, biz business.Business, id int64) (_ []JournalItem, err error) {
	defer payroll.Wrap(&err, "pay run %d journal", id)
	q := o.DB.Queries()
	run, err := o.Load(ctx, q, biz, id)
	if err != nil {
		return nil, err
	}
	j, accts, err := o.journalOf(ctx, q, biz, run)
	if err != nil {
		return nil, err
	}
	out := make([]JournalItem, len(j.Lines))
	for i, l := range j.Lines {
		a := accts[l.AccountID]
		out[i] = JournalItem{JournalItemType: l.Type, ExternalAccountReferenceID: a.ExternalReferenceID, Amount: l.Signed(),
			AmountUnrounded: l.Signed(), Reference: l.Reference, AccountCode: a.AccountCode, AccountName: a.AccountName, Details: l.Details,
			IsCredit: !l.IsDebit, IsDebit: l.IsDebit, ReportingDimensionValueIDs: []int64{}, ReportingDimensionValueNames: map[string][]string{}}
	}
	return out, nil
}

// JournalExport is the result of P/exportjournal (JournalExportResult,
// with the reference's whole status enum).
type JournalExport struct {
	Status                     string `json:"status" enum:"NotExported,Success,FailureUnknownError,FailureAccountsNotConfigured,FailureAlreadyExported"`
	Message                    string `json:"message"`
	JournalSource              string `json:"journalSource" enum:"None,Saasu,Xero,MYOB,QuickBooks,ReckonAccounts,NetSuite,FileExport,BusinessCentral,SageAccounting,FreeAgent"`
	JournalExternalReferenceID string `json:"journalExternalReferenceId"`
}

// journalSources names the ExternalService of each journal service.
var journalSources = map[string]string{
	"Xero": "Xero", "QuickBooks Online": "QuickBooks", "NetSuite": "NetSuite", "Microsoft Dynamics 365 Business Central": "BusinessCentral",
	"MYOB AccountRight": "MYOB", "MYOB Business": "MYOB", "Reckon One": "ReckonAccounts", "Saasu": "Saasu",
	"Sage Business Cloud Accounting": "SageAccounting", "FreeAgent": "FreeAgent", "Journal file export": "FileExport",
}

// ExportJournal is P/exportjournal: records that the journal of a
// finalised run was exported, with the business's journal service setting
// at the time. Each finalisation is exported once: again (or a concurrent
// second export) is a 409 until the run is unlocked and finalised again.
// A draft run is a 409. A chart of accounts that cannot post the journal
// answers the FailureAccountsNotConfigured status (nothing is recorded).
func (o *Outputs) ExportJournal(ctx context.Context, biz business.Business, id int64) (_ JournalExport, err error) {
	defer payroll.Wrap(&err, "export journal of pay run %d", id)
	var res JournalExport
	err = o.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := o.Load(ctx, q, biz, id)
		if err != nil {
			return err
		}
		res, err = o.ExportJournalInTx(ctx, q, biz, run)
		return err
	})
	return res, err
}

// ExportJournalInTx exports run's journal in the caller's transaction
// (P/exportjournal, and a finalise asked to export journals): see
// ExportJournal.
func (o *Outputs) ExportJournalInTx(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun) (JournalExport, error) {
	service := biz.Details.JournalService
	source := journalSources[service]
	if source == "" {
		source = "None"
	}
	if run.Status != payrun.StatusFinalised {
		return JournalExport{}, payroll.Conflict("pay run %d is not finalised: its journal is exported once it is", run.ID)
	}
	j, _, err := o.journalOf(ctx, q, biz, run)
	if payroll.KindOf(err) == payroll.KindInvalid {
		return JournalExport{Status: "FailureAccountsNotConfigured", Message: err.Error(), JournalSource: source}, nil
	}
	if err != nil {
		return JournalExport{}, err
	}
	row, err := q.CreatePayRunJournalExport(ctx, store.CreatePayRunJournalExportParams{BusinessID: biz.ID, PayRunID: run.ID,
		Finalisation: run.FinalisedCount, JournalService: service, JournalSource: source, LineCount: int64(len(j.Lines)),
		Debits: j.Debits.MinorUnits(), Credits: j.Credits.MinorUnits(), Actor: payrun.Actor(ctx), ExportedAt: o.Clock.Now()})
	if db.IsUniqueViolation(err) {
		return JournalExport{}, payroll.Conflict("the journal of pay run %d was already exported; unlock and finalise the run again to export it again", run.ID)
	}
	if err != nil {
		return JournalExport{}, err
	}
	to := service
	if to == "" {
		to = "no journal service (recorded only)"
	}
	return JournalExport{Status: "Success", JournalSource: source, JournalExternalReferenceID: fmt.Sprintf("payrolld-journal-%d", row.ID),
		Message: fmt.Sprintf("%d journal lines, debits %s = credits %s, exported to %s", row.LineCount, j.Debits.StringFixed(2),
			j.Credits.StringFixed(2), to)}, nil
}
