package output

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/bankfile"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// How a run pays its employees: each one's net pay and reimbursements
// split over their bank accounts, and the lodgement reference of the
// business's bank file settings. Payslips (internal/payrun/views) and the
// outputs (payments, bank files, payslip PDFs, warnings) read them.

// EmployeeDetails is what payslips, payments and warnings read of an employee.
type EmployeeDetails = store.ListPayRunEmployeeDetailsRow

// PayAccount is an account with the members bank files need that
// bankaccount.Account does not carry (SG's SWIFT and branch codes).
type PayAccount struct {
	bankaccount.Account
	BIC, BankCode, Branch string
}

// Payee is one employee of a run with their pay split over accounts.
type Payee struct {
	Row    store.PayRunEmployee
	Emp    EmployeeDetails // zero when the employee has been deleted since
	Pays   []bankaccount.Payment
	Accts  []PayAccount // same order as pays
	Unpaid payroll.Money
}

// Paid is what a run pays an employee: net pay and reimbursements.
func (p *Payee) Paid() payroll.Money { return money(p.Row.Net + p.Row.Expenses) }

// Payees reads a run's employees, their details and bank accounts (three
// statements) and splits each one's pay as bankaccount.Allocate does.
// Employees without E/bankaccount accounts are paid to the bank account
// members of their employee record (bankAccount1..3).
func Payees(ctx context.Context, s *payrun.Service, q *store.Queries, biz business.Business, run store.PayRun, employeeID int64) ([]Payee, error) {
	rows, err := s.Rows(ctx, q, run.ID, employeeID)
	if err != nil {
		return nil, err
	}
	dets, err := q.ListPayRunEmployeeDetails(ctx, store.ListPayRunEmployeeDetailsParams{PayRunID: run.ID, BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]EmployeeDetails, len(dets))
	for _, d := range dets {
		byID[d.ID] = d
	}
	accts, err := q.ListPayRunBankAccounts(ctx, store.ListPayRunBankAccountsParams{PayRunID: run.ID, BusinessID: biz.ID})
	if err != nil {
		return nil, err
	}
	table := map[int64][]PayAccount{}
	for _, a := range accts {
		if employeeID != 0 && a.EmployeeID != employeeID {
			continue
		}
		table[a.EmployeeID] = append(table[a.EmployeeID], tableAccount(biz.Region, a))
	}
	out := make([]Payee, len(rows))
	for i, r := range rows {
		p := Payee{Row: r, Emp: byID[r.EmployeeID]}
		p.Accts = table[r.EmployeeID]
		if len(p.Accts) == 0 {
			p.Accts = recordAccounts(biz.Region, p.Emp)
		}
		plain := make([]bankaccount.Account, len(p.Accts))
		for j := range p.Accts {
			plain[j] = p.Accts[j].Account
		}
		p.Pays, p.Unpaid = bankaccount.Allocate(p.Paid(), plain)
		out[i] = p
	}
	return out, nil
}

// tableAccount is an E/bankaccount row. SG keeps the Payee's bank in bsb:
// "BBBB-NNN" (4-digit bank code, 3-digit branch code), "BBBB", or a
// SWIFT/BIC code.
func tableAccount(region string, r store.EmployeeBankAccount) PayAccount {
	editable := r.IsEmployeeEditable
	a := PayAccount{Account: bankaccount.Account{ID: r.ID, EmployeeID: r.EmployeeID, AccountType: r.AccountType, BSB: r.Bsb,
		AccountName: r.AccountName, AccountNumber: r.AccountNumber, RollNumber: r.RollNumber,
		AllocatedPercentage: emprec.RatePtr(r.AllocatedPercentage), FixedAmount: emprec.MoneyPtr(r.FixedAmount),
		AllocateBalance: r.AllocateBalance, IsEmployeeEditable: &editable, ExternalReferenceID: r.ExternalReferenceID}}
	if region == "SG" || region == "MY" {
		a.BankCode, a.Branch, a.BIC = sgBank(r.Bsb)
	}
	return a
}

// sgBank splits an SG bank reference: bank-branch digits or a BIC.
func sgBank(s string) (bank, branch, bic string) {
	s = strings.TrimSpace(s)
	if strings.IndexFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }) >= 0 {
		return "", "", s
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == ' ' })
	switch {
	case len(parts) >= 2:
		return parts[0], parts[1], ""
	case len(parts) == 1 && len(parts[0]) == 7:
		return parts[0][:4], parts[0][4:], ""
	case len(parts) == 1:
		return parts[0], "", ""
	}
	return "", "", ""
}

// recordAccounts are the bank account members of the employee record
// (the unstructured employee's bankAccount1..3): a percentage, a fixed
// amount, or (neither given) the balance, which the first such account
// takes.
func recordAccounts(region string, e EmployeeDetails) []PayAccount {
	type slot struct {
		number, name, bsb, sort, roll, swift, branch string
		pct                                          *payroll.Rate
		fixed                                        *payroll.Money
	}
	slots := []slot{
		{e.BankAccount1AccountNumber, e.BankAccount1AccountName, e.BankAccount1Bsb, e.BankAccount1SortCode, e.BankAccount1RollNumber,
			e.BankAccount1BankSwift, e.BankAccount1BranchCode, emprec.RatePtr(e.BankAccount1AllocatedPercentage), emprec.MoneyPtr(e.BankAccount1FixedAmount)},
		{e.BankAccount2AccountNumber, e.BankAccount2AccountName, e.BankAccount2Bsb, e.BankAccount2SortCode, e.BankAccount2RollNumber,
			e.BankAccount2BankSwift, e.BankAccount2BranchCode, emprec.RatePtr(e.BankAccount2AllocatedPercentage), emprec.MoneyPtr(e.BankAccount2FixedAmount)},
		{e.BankAccount3AccountNumber, e.BankAccount3AccountName, e.BankAccount3Bsb, e.BankAccount3SortCode, e.BankAccount3RollNumber,
			e.BankAccount3BankSwift, e.BankAccount3BranchCode, emprec.RatePtr(e.BankAccount3AllocatedPercentage), emprec.MoneyPtr(e.BankAccount3FixedAmount)},
	}
	var out []PayAccount
	balance := false
	for _, s := range slots {
		if strings.TrimSpace(s.number) == "" {
			continue
		}
		a := PayAccount{Account: bankaccount.Account{EmployeeID: e.ID, AccountType: "Electronic", AccountName: s.name,
			AccountNumber: strings.TrimSpace(s.number), RollNumber: s.roll}}
		if s.pct != nil && s.pct.IsZero() {
			s.pct = nil
		}
		if s.fixed != nil && s.fixed.IsZero() {
			s.fixed = nil
		}
		switch {
		case s.pct != nil:
			a.AllocatedPercentage = s.pct
		case s.fixed != nil:
			a.FixedAmount = s.fixed
		case !balance:
			a.AllocateBalance, balance = true, true
		default:
			continue
		}
		switch region {
		case "AU":
			a.BSB = s.bsb
		case "UK":
			a.BSB = s.sort
		case "SG", "MY":
			a.BSB = s.branch
			a.BIC, a.Branch = strings.TrimSpace(s.swift), strings.TrimSpace(s.branch)
			if a.BIC == "" {
				a.BankCode, a.Branch, a.BIC = sgBank(s.branch)
			}
		}
		out = append(out, a)
	}
	return out
}

// reference is the lodgement reference of a payment: the settings'
// reference with their additional content.
func Reference(base, content string, run store.PayRun, employeeID int64) string {
	return bankfile.WithAdditionalContent(base, content, bankfile.ReferenceContext{PeriodEnding: run.PeriodEnding, DatePaid: run.DatePaid,
		EmployeeID: employeeID, PayRunID: run.ID})
}

// DefaultReference is the lodgement reference of the business's first
// bank file settings record of its region.
func DefaultReference(ctx context.Context, s *payrun.Service, biz business.Business) (base, content string, err error) {
	rs := &record.Service{DB: s.DB, Clock: s.Clock}
	switch biz.Region {
	case "AU":
		l, err := au.NewAUCollections(rs).AbaDetails.List(ctx, biz, 0)
		if err != nil || len(l) == 0 {
			return "", "", err
		}
		return l[0].LodgementReference, l[0].PaymentAdditionalContent, nil
	case "UK":
		l, err := uk.NewUKCollections(rs).Bacs.List(ctx, biz, 0)
		if err != nil || len(l) == 0 {
			return "", "", err
		}
		return l[0].LodgementReference, l[0].PaymentAdditionalContent, nil
	case "SG", "MY":
		l, err := au.NewAUCollections(rs).PaymentFiles.List(ctx, biz, 0)
		if err != nil || len(l) == 0 {
			return "", "", err
		}
		return l[0].LodgementReference, l[0].PaymentAdditionalContent, nil
	}
	return "", "", nil
}
