package payrun

import (
	"context"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/accounts"
	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/bankfile"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/employee/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// Outputs serves what a pay run produces: each employee's payments split
// over their bank accounts, the bank file of the business's payment file
// settings, payslip PDFs, the journal and its export, warnings, approval
// requests and the explanation of every statutory figure. It reads the
// run through the Service and the business's settings (ABA, BACS and
// payment file records, the chart of accounts) through their collections.
type Outputs struct {
	*Service
	AU       *au.AUCollections
	UK       *uk.UKCollections
	Accounts *accounts.AccountCollections
}

// NewOutputs builds the outputs of s's runs, with the settings
// collections on s's database.
func NewOutputs(s *Service) *Outputs {
	rs := &record.Service{DB: s.DB, Clock: s.Clock}
	return &Outputs{Service: s, AU: au.NewAUCollections(rs), UK: uk.NewUKCollections(rs), Accounts: accounts.NewAccountCollections(rs)}
}

// BankPaymentModel is one payment of a run to an employee's account
// (AuBankPaymentModel). In the UK bsb carries the sort code; in SG the
// bank and branch code (or the SWIFT code). An employee without an
// account for (part of) their pay has a CashOrCheque payment.
type BankPaymentModel struct {
	EmployeeID         int64         `json:"employeeId"`
	EmployeeExternalID string        `json:"employeeExternalId"`
	EmployeeFirstName  string        `json:"employeeFirstName"`
	EmployeeSurname    string        `json:"employeeSurname"`
	BSB                string        `json:"bsb"`
	AccountName        string        `json:"accountName"`
	AccountNumber      string        `json:"accountNumber"`
	AccountType        string        `json:"accountType" doc:"Electronic, ManualDeposit, CashOrCheque or Bpay"`
	Amount             payroll.Money `json:"amount"`
	LodgementReference string        `json:"lodgementReference"`
}

// empDetails is what payslips, payments and warnings read of an employee.
type empDetails = store.ListPayRunEmployeeDetailsRow

// payAccount is an account with the members bank files need that
// bankaccount.Account does not carry (SG's SWIFT and branch codes).
type payAccount struct {
	bankaccount.Account
	bic, bankCode, branch string
}

// payee is one employee of a run with their pay split over accounts.
type payee struct {
	row    store.PayRunEmployee
	emp    empDetails // zero when the employee has been deleted since
	pays   []bankaccount.Payment
	accts  []payAccount // same order as pays
	unpaid payroll.Money
}

// paid is what a run pays an employee: net pay and reimbursements.
func (p *payee) paid() payroll.Money { return money(p.row.Net + p.row.Expenses) }

// payees reads a run's employees, their details and bank accounts (three
// statements) and splits each one's pay as bankaccount.Allocate does.
// Employees without E/bankaccount accounts are paid to the bank account
// members of their employee record (bankAccount1..3).
func (o *Outputs) payees(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, employeeID int64) ([]payee, error) {
	rows, err := o.rows(ctx, q, run.ID, employeeID)
	if err != nil {
		return nil, err
	}
	dets, err := q.ListPayRunEmployeeDetails(ctx, store.ListPayRunEmployeeDetailsParams{PayRunID: run.ID, BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]empDetails, len(dets))
	for _, d := range dets {
		byID[d.ID] = d
	}
	accts, err := q.ListPayRunBankAccounts(ctx, store.ListPayRunBankAccountsParams{PayRunID: run.ID, BusinessID: biz.ID})
	if err != nil {
		return nil, err
	}
	table := map[int64][]payAccount{}
	for _, a := range accts {
		if employeeID != 0 && a.EmployeeID != employeeID {
			continue
		}
		table[a.EmployeeID] = append(table[a.EmployeeID], tableAccount(biz.Region, a))
	}
	out := make([]payee, len(rows))
	for i, r := range rows {
		p := payee{row: r, emp: byID[r.EmployeeID]}
		p.accts = table[r.EmployeeID]
		if len(p.accts) == 0 {
			p.accts = recordAccounts(biz.Region, p.emp)
		}
		plain := make([]bankaccount.Account, len(p.accts))
		for j := range p.accts {
			plain[j] = p.accts[j].Account
		}
		p.pays, p.unpaid = bankaccount.Allocate(p.paid(), plain)
		out[i] = p
	}
	return out, nil
}

// tableAccount is an E/bankaccount row. SG keeps the payee's bank in bsb:
// "BBBB-NNN" (4-digit bank code, 3-digit branch code), "BBBB", or a
// SWIFT/BIC code.
func tableAccount(region string, r store.EmployeeBankAccount) payAccount {
	editable := r.IsEmployeeEditable
	a := payAccount{Account: bankaccount.Account{ID: r.ID, EmployeeID: r.EmployeeID, AccountType: r.AccountType, BSB: r.Bsb,
		AccountName: r.AccountName, AccountNumber: r.AccountNumber, RollNumber: r.RollNumber,
		AllocatedPercentage: emprec.RatePtr(r.AllocatedPercentage), FixedAmount: emprec.MoneyPtr(r.FixedAmount),
		AllocateBalance: r.AllocateBalance, IsEmployeeEditable: &editable, ExternalReferenceID: r.ExternalReferenceID}}
	if region == "SG" || region == "MY" {
		a.bankCode, a.branch, a.bic = sgBank(r.Bsb)
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
func recordAccounts(region string, e empDetails) []payAccount {
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
	var out []payAccount
	balance := false
	for _, s := range slots {
		if strings.TrimSpace(s.number) == "" {
			continue
		}
		a := payAccount{Account: bankaccount.Account{EmployeeID: e.ID, AccountType: "Electronic", AccountName: s.name,
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
			a.bic, a.branch = strings.TrimSpace(s.swift), strings.TrimSpace(s.branch)
			if a.bic == "" {
				a.bankCode, a.branch, a.bic = sgBank(s.branch)
			}
		}
		out = append(out, a)
	}
	return out
}

// reference is the lodgement reference of a payment: the settings'
// reference with their additional content.
func reference(base, content string, run store.PayRun, employeeID int64) string {
	return bankfile.WithAdditionalContent(base, content, bankfile.ReferenceContext{PeriodEnding: run.PeriodEnding, DatePaid: run.DatePaid,
		EmployeeID: employeeID, PayRunID: run.ID})
}

// Payments is P/payments: every payment of the run, per employee and
// account, in employee order. They add up to each employee's net pay plus
// reimbursements (a negative net pay pays nothing).
func (o *Outputs) Payments(ctx context.Context, biz business.Business, id int64) (_ []BankPaymentModel, err error) {
	defer payroll.Wrap(&err, "pay run %d payments", id)
	q := o.DB.Queries()
	run, err := o.Load(ctx, q, biz, id)
	if err != nil {
		return nil, err
	}
	ps, err := o.payees(ctx, q, biz, run, 0)
	if err != nil {
		return nil, err
	}
	base, content, err := o.defaultReference(ctx, biz)
	if err != nil {
		return nil, err
	}
	out := []BankPaymentModel{}
	for i := range ps {
		p := &ps[i]
		first, last := p.emp.FirstName, p.emp.Surname
		if p.emp.ID == 0 {
			first = p.row.EmployeeName
		}
		add := func(a bankaccount.Account, amount payroll.Money) {
			if !amount.IsPos() {
				return
			}
			m := BankPaymentModel{EmployeeID: p.row.EmployeeID, EmployeeExternalID: p.row.EmployeeExternalID, EmployeeFirstName: first,
				EmployeeSurname: last, BSB: a.BSB, AccountName: a.AccountName, AccountNumber: a.AccountNumber, AccountType: a.AccountType,
				Amount: amount}
			if m.AccountType == "" {
				m.AccountType = "CashOrCheque"
			}
			if m.AccountType == "Electronic" {
				m.LodgementReference = reference(base, content, run, p.row.EmployeeID)
			}
			out = append(out, m)
		}
		for _, pay := range p.pays {
			add(pay.Account, pay.Amount)
		}
		add(bankaccount.Account{}, p.unpaid)
	}
	return out, nil
}

// defaultReference is the lodgement reference of the business's first
// bank file settings record of its region.
func (o *Outputs) defaultReference(ctx context.Context, biz business.Business) (base, content string, err error) {
	switch biz.Region {
	case "AU":
		l, err := o.AU.AbaDetails.List(ctx, biz, 0)
		if err != nil || len(l) == 0 {
			return "", "", err
		}
		return l[0].LodgementReference, l[0].PaymentAdditionalContent, nil
	case "UK":
		l, err := o.UK.Bacs.List(ctx, biz, 0)
		if err != nil || len(l) == 0 {
			return "", "", err
		}
		return l[0].LodgementReference, l[0].PaymentAdditionalContent, nil
	case "SG", "MY":
		l, err := o.AU.PaymentFiles.List(ctx, biz, 0)
		if err != nil || len(l) == 0 {
			return "", "", err
		}
		return l[0].LodgementReference, l[0].PaymentAdditionalContent, nil
	}
	return "", "", nil
}

// PaymentFileModel is a bank file a run can be paid with: one per bank
// file settings record of the business's region, downloaded from path
// (P/file/aba/{id} for ABA records, P/file/bankpayment/{id} otherwise)
// once the run is finalised.
type PaymentFileModel struct {
	ID          int64  `json:"id" doc:"the settings record's id: the abaId or paymentFileId of the download"`
	Settings    string `json:"settings" enum:"aba,bacs,paymentfiles" doc:"the collection the settings record is in (B/aba, B/bacs, B/paymentfiles)"`
	FileFormat  string `json:"fileFormat" doc:"ABA, the BACS record's fileFormat or the payment file's fileFormat"`
	AccountName string `json:"accountName"`
	Supported   bool   `json:"supported" doc:"false when this service does not write the record's format (the download answers 400)"`
	Path        string `json:"path"`
}

// PaymentFiles is P/paymentfiles (beyond the reference): the bank files a
// run can be downloaded as, so their ids are discoverable from the run.
func (o *Outputs) PaymentFiles(ctx context.Context, biz business.Business, id int64) (_ []PaymentFileModel, err error) {
	defer payroll.Wrap(&err, "pay run %d payment files", id)
	run, err := o.Load(ctx, o.DB.Queries(), biz, id)
	if err != nil {
		return nil, err
	}
	base := fmt.Sprintf("/api/v2/business/%d/payrun/%d/file/", biz.ID, run.ID)
	out := []PaymentFileModel{}
	switch biz.Region {
	case "AU":
		l, err := o.AU.AbaDetails.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		for _, a := range l {
			out = append(out, PaymentFileModel{ID: a.ID, Settings: "aba", FileFormat: "ABA", AccountName: a.AccountName, Supported: true,
				Path: fmt.Sprintf("%saba/%d", base, a.ID)})
		}
	case "UK":
		l, err := o.UK.Bacs.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		for _, a := range l {
			out = append(out, PaymentFileModel{ID: a.ID, Settings: "bacs", FileFormat: a.FileFormat, AccountName: a.AccountName,
				Supported: a.FileFormat == "Standard", Path: fmt.Sprintf("%sbankpayment/%d", base, a.ID)})
		}
	case "SG", "MY":
		l, err := o.AU.PaymentFiles.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		for _, a := range l {
			out = append(out, PaymentFileModel{ID: a.ID, Settings: "paymentfiles", FileFormat: a.FileFormat, AccountName: a.AccountName,
				Supported: biz.Region == "SG" && a.FileFormat == "DBS", Path: fmt.Sprintf("%sbankpayment/%d", base, a.ID)})
		}
	}
	return out, nil
}

// Bank file kinds a request names.
const (
	FileABA         = "aba"         // P/file/aba/{abaId}: an ABA settings record (AU)
	FileBankPayment = "bankpayment" // P/file/bankpayment/{paymentFileId}: the region's payment file settings record
)

// BankFile renders the bank file paying a finalised run's electronic
// payments with the business's settings record settingsID: an ABA record
// (B/aba) for AU, a BACS record (B/bacs) for the UK (Standard 18), a
// payment file record (B/paymentfiles, fileFormat DBS) for SG. The bytes
// depend only on the run and the settings (dates are the run's), so the
// same file downloads again identically. A draft run is a 409.
func (o *Outputs) BankFile(ctx context.Context, biz business.Business, id int64, kind string, settingsID int64) (_ bankfile.File, err error) {
	defer payroll.Wrap(&err, "pay run %d bank file %d", id, settingsID)
	q := o.DB.Queries()
	run, err := o.Load(ctx, q, biz, id)
	if err != nil {
		return bankfile.File{}, err
	}
	if kind == FileABA && biz.Region != "AU" {
		return bankfile.File{}, payroll.NotFound("ABA setting")
	}
	var render func([]payee) (bankfile.File, error)
	switch biz.Region {
	case "AU":
		s, err := o.AU.AbaDetails.Get(ctx, biz, 0, settingsID)
		if err != nil {
			return bankfile.File{}, err
		}
		render = func(ps []payee) (bankfile.File, error) {
			set := bankfile.ABASettings{BSB: s.BSB, AccountNumber: s.AccountNumber, AccountName: s.AccountName,
				FinancialInstitutionCode: s.FinancialInstitutionCode, LodgementReference: s.LodgementReference, UserName: s.UserName,
				UserID: s.UserID, IncludeSelfBalancingTransaction: s.IncludeSelfBalancingTransaction,
				MergeMultipleAccountPayments: s.MergeMultipleAccountPayments,
				BalanceLodgementReference:    reference(s.BalanceLodgementReference, s.BalanceAdditionalContent, run, 0)}
			return bankfile.ABA(set, run.DatePaid, filePayments(ps, run, s.LodgementReference, s.PaymentAdditionalContent))
		}
	case "UK":
		s, err := o.UK.Bacs.Get(ctx, biz, 0, settingsID)
		if err != nil {
			return bankfile.File{}, err
		}
		if s.FileFormat != "Standard" {
			return bankfile.File{}, payroll.Invalid("fileFormat", "BACS settings %d use the %s format; this service writes the Standard 18 format: set fileFormat Standard", settingsID, s.FileFormat)
		}
		render = func(ps []payee) (bankfile.File, error) {
			set := bankfile.BACSSettings{ServiceUserNumber: s.ServiceUserNumber, SortCode: s.SortCode, AccountNumber: s.AccountNumber,
				AccountName: s.AccountName, ContraIdentification: s.ContraIdentification, LodgementReference: s.LodgementReference,
				MergeMultipleAccountPayments: s.MergeMultipleAccountPayments, ExcludeFooter: s.ExcludeFooter, ProcessingDate: run.DatePaid}
			return bankfile.BACS(set, filePayments(ps, run, s.LodgementReference, s.PaymentAdditionalContent))
		}
	case "SG", "MY":
		s, err := o.AU.PaymentFiles.Get(ctx, biz, 0, settingsID)
		if err != nil {
			return bankfile.File{}, err
		}
		if s.FileFormat != "DBS" || biz.Region != "SG" {
			return bankfile.File{}, payroll.Invalid("fileFormat", "payment file %d uses the %s format; this service writes the DBS IDEAL GIRO format: set fileFormat DBS", settingsID, s.FileFormat)
		}
		render = func(ps []payee) (bankfile.File, error) {
			batch := s.BulkCustomerReference
			if batch == "" {
				batch = s.LodgementReference
			}
			set := bankfile.SGSettings{CompanyID: s.PaymentCode, AccountNumber: s.AccountNumber, AccountName: s.AccountName,
				BatchReference: batch, BatchID: int(run.ID%89999) + 1, ValueDate: run.DatePaid.AddDate(0, 0, -days(s.ValueDateDaysBeforeDatePaid)),
				Created: run.DateFinalised.Time}
			return bankfile.SGGiro(set, filePayments(ps, run, s.LodgementReference, s.PaymentAdditionalContent))
		}
	default:
		// NZ businesses have no bank file settings record to write
		// their file with (B/paymentfiles serves SG and MY).
		return bankfile.File{}, payroll.NotFound("payment file")
	}
	if run.Status != StatusFinalised {
		return bankfile.File{}, payroll.Conflict("pay run %d is not finalised: its bank file is written once it is", id)
	}
	ps, err := o.payees(ctx, q, biz, run, 0)
	if err != nil {
		return bankfile.File{}, err
	}
	f, err := render(ps)
	if err != nil {
		return bankfile.File{}, err
	}
	f.Name = fmt.Sprintf("payrun-%d-%s", run.ID, f.Name)
	return f, nil
}

func days(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// filePayments are the electronic payments of a run as a bank file's
// credits (BPAY, cash and unallocated amounts are paid otherwise).
func filePayments(ps []payee, run store.PayRun, base, content string) []bankfile.Payment {
	var out []bankfile.Payment
	for i := range ps {
		p := &ps[i]
		for j, pay := range p.pays {
			a := p.accts[j]
			if !pay.Amount.IsPos() || a.AccountType != "Electronic" {
				continue
			}
			bp := bankfile.Payment{EmployeeID: p.row.EmployeeID, PayeeName: a.AccountName, AccountNumber: a.AccountNumber, Amount: pay.Amount,
				Reference: reference(base, content, run, p.row.EmployeeID)}
			if bp.PayeeName == "" {
				bp.PayeeName = p.row.EmployeeName
			}
			switch {
			case a.bic != "" || a.bankCode != "":
				bp.BIC, bp.BankCode, bp.BranchCode = a.bic, a.bankCode, a.branch
			default:
				bp.BSB, bp.SortCode, bp.RollNumber = a.BSB, a.BSB, a.RollNumber
			}
			out = append(out, bp)
		}
	}
	return out
}
