// Package output serves what a pay run produces: its payments
// and bank files, payslip PDFs, the journal and its export, warnings and
// approval requests. It reads runs through the core package
// internal/payrun (Service, the payslips), which never imports it; how a
// run pays each employee (Payees, payees.go) is here, and the payslips of
// internal/payrun/views read it. The explanation of a payslip stays in
// the core beside the calculation it re-runs.
package output

import (
	"context"
	"fmt"

	"github.com/payrolld/payrolld/internal/accounts"
	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/bankfile"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/settings"
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
	*payrun.Service
	AU       *au.AUCollections
	UK       *uk.UKCollections
	Accounts *accounts.AccountCollections
	Payslip  record.Settings[settings.PayslipSettings]
	Entities record.Collection[categories.EmployingEntity, *categories.EmployingEntity]
}

// NewOutputs builds the outputs of s's runs, with the settings
// collections on s's database.
func NewOutputs(s *payrun.Service) *Outputs {
	rs := &record.Service{DB: s.DB, Clock: s.Clock}
	return &Outputs{Service: s, AU: au.NewAUCollections(rs), UK: uk.NewUKCollections(rs), Accounts: accounts.NewAccountCollections(rs),
		Payslip: settings.NewAdminCollections(rs).PayslipSettings, Entities: categories.NewCoreCollections(rs).EmployingEntities}
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
	ps, err := Payees(ctx, o.Service, q, biz, run, 0)
	if err != nil {
		return nil, err
	}
	base, content, err := DefaultReference(ctx, o.Service, biz)
	if err != nil {
		return nil, err
	}
	out := []BankPaymentModel{}
	for i := range ps {
		p := &ps[i]
		first, last := p.Emp.FirstName, p.Emp.Surname
		if p.Emp.ID == 0 {
			first = p.Row.EmployeeName
		}
		add := func(a bankaccount.Account, amount payroll.Money) {
			if !amount.IsPos() {
				return
			}
			m := BankPaymentModel{EmployeeID: p.Row.EmployeeID, EmployeeExternalID: p.Row.EmployeeExternalID, EmployeeFirstName: first,
				EmployeeSurname: last, BSB: a.BSB, AccountName: a.AccountName, AccountNumber: a.AccountNumber, AccountType: a.AccountType,
				Amount: amount}
			if m.AccountType == "" {
				m.AccountType = "CashOrCheque"
			}
			if m.AccountType == "Electronic" {
				m.LodgementReference = Reference(base, content, run, p.Row.EmployeeID)
			}
			out = append(out, m)
		}
		for _, pay := range p.Pays {
			add(pay.Account, pay.Amount)
		}
		add(bankaccount.Account{}, p.Unpaid)
	}
	return out, nil
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
	var render func([]Payee) (bankfile.File, error)
	switch biz.Region {
	case "AU":
		s, err := o.AU.AbaDetails.Get(ctx, biz, 0, settingsID)
		if err != nil {
			return bankfile.File{}, err
		}
		render = func(ps []Payee) (bankfile.File, error) {
			set := bankfile.ABASettings{BSB: s.BSB, AccountNumber: s.AccountNumber, AccountName: s.AccountName,
				FinancialInstitutionCode: s.FinancialInstitutionCode, LodgementReference: s.LodgementReference, UserName: s.UserName,
				UserID: s.UserID, IncludeSelfBalancingTransaction: s.IncludeSelfBalancingTransaction,
				MergeMultipleAccountPayments: s.MergeMultipleAccountPayments,
				BalanceLodgementReference:    Reference(s.BalanceLodgementReference, s.BalanceAdditionalContent, run, 0)}
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
		render = func(ps []Payee) (bankfile.File, error) {
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
		render = func(ps []Payee) (bankfile.File, error) {
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
	if run.Status != payrun.StatusFinalised {
		return bankfile.File{}, payroll.Conflict("pay run %d is not finalised: its bank file is written once it is", id)
	}
	ps, err := Payees(ctx, o.Service, q, biz, run, 0)
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
func filePayments(ps []Payee, run store.PayRun, base, content string) []bankfile.Payment {
	var out []bankfile.Payment
	for i := range ps {
		p := &ps[i]
		for j, pay := range p.Pays {
			a := p.Accts[j]
			if !pay.Amount.IsPos() || a.AccountType != "Electronic" {
				continue
			}
			bp := bankfile.Payment{EmployeeID: p.Row.EmployeeID, PayeeName: a.AccountName, AccountNumber: a.AccountNumber, Amount: pay.Amount,
				Reference: Reference(base, content, run, p.Row.EmployeeID)}
			if bp.PayeeName == "" {
				bp.PayeeName = p.Row.EmployeeName
			}
			switch {
			case a.BIC != "" || a.BankCode != "":
				bp.BIC, bp.BankCode, bp.BranchCode = a.BIC, a.BankCode, a.Branch
			default:
				bp.BSB, bp.SortCode, bp.RollNumber = a.BSB, a.BSB, a.RollNumber
			}
			out = append(out, bp)
		}
	}
	return out
}
