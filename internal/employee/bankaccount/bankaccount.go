// Package bankaccount is an employee's bank accounts (E/bankaccount):
// where a pay run sends net pay. Each account takes a fixed amount, a
// percentage, or the balance; together they must add up (percentages at
// most 100, at most one balance account: a unique index). Account details
// are checked per the business's region: AU BSB (###-###), UK sort code
// (##-##-##) and 8-digit account number, NZ account number
// (bank-branch-account-suffix). Saves and deletes answer
// {validationWarning, result}: a warning (not an error) when the accounts
// no longer place all of the pay. Allocate splits a net amount the way a
// pay run does; OnSchedule reads every account of a pay schedule's
// employees in one statement.
package bankaccount

import (
	"context"
	"database/sql"
	"regexp"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Account types.
var AccountTypes = []string{"Electronic", "ManualDeposit", "CashOrCheque", "Bpay"}

// Events.
const (
	EventUpdated = "BankAccountUpdated"
	EventDeleted = "BankAccountDeleted"
)

// Account is AuBankAccountModel (plus the UK rollNumber). In the UK
// the bsb member carries the sort code, as the reference's UK model does.
type Account struct {
	ID                  int64          `json:"id"`
	EmployeeID          int64          `json:"employeeId"`
	AccountType         string         `json:"accountType" enum:"Electronic,ManualDeposit,CashOrCheque,Bpay"`
	BSB                 string         `json:"bsb" maxLength:"20" example:"062-000"`
	AccountName         string         `json:"accountName" maxLength:"100" example:"Ann Lee"`
	AccountNumber       string         `json:"accountNumber" maxLength:"100" example:"12345678"`
	RollNumber          string         `json:"rollNumber" maxLength:"20"`
	AllocatedPercentage *payroll.Rate  `json:"allocatedPercentage" nullable:"true"`
	FixedAmount         *payroll.Money `json:"fixedAmount" nullable:"true"`
	AllocateBalance     bool           `json:"allocateBalance"`
	IsEmployeeEditable  *bool          `json:"isEmployeeEditable" doc:"default true"`
	CanBeDeleted        bool           `json:"canBeDeleted" readOnly:"true"`
	ExternalReferenceID string         `json:"externalReferenceId" maxLength:"50"`
}

// SaveResult is AuSaveBankAccountResponseModel.
type SaveResult struct {
	ValidationWarning *string `json:"validationWarning" nullable:"true"`
	Result            Account `json:"result"`
}

// DeletedData is the data of BankAccountDeleted.
type DeletedData struct {
	ID         int64 `json:"id"`
	EmployeeID int64 `json:"employeeId"`
}

// Service owns employees' bank accounts.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

var (
	digits   = regexp.MustCompile(`^[0-9]+$`)
	bsbRE    = regexp.MustCompile(`^([0-9]{3})-?([0-9]{3})$`)
	sortRE   = regexp.MustCompile(`^([0-9]{2})-?([0-9]{2})-?([0-9]{2})$`)
	nzRE     = regexp.MustCompile(`^([0-9]{2})-?([0-9]{4})-?([0-9]{7})-?([0-9]{2,3})$`)
	stripper = strings.NewReplacer(" ", "")
)

var hundred = payroll.RateFromInt(100)

// normalise checks a's own rules for the business's region and puts
// account details in their canonical form (BSB ###-###, sort code
// ##-##-##, NZ 00-0000-0000000-000).
func normalise(a *Account, region string) error {
	var v payroll.Validation
	a.AccountType = emprec.Enum(&v, "accountType", a.AccountType, AccountTypes, "Electronic")
	a.AccountName = strings.TrimSpace(a.AccountName)
	a.BSB = stripper.Replace(strings.TrimSpace(a.BSB))
	a.AccountNumber = stripper.Replace(strings.TrimSpace(a.AccountNumber))
	a.RollNumber = strings.TrimSpace(a.RollNumber)
	a.ExternalReferenceID = strings.TrimSpace(a.ExternalReferenceID)
	v.MaxLen("accountName", a.AccountName, 100)
	v.MaxLen("externalReferenceId", a.ExternalReferenceID, 50)
	v.MaxLen("rollNumber", a.RollNumber, 18)

	// How much of the pay: exactly one of percentage, fixed amount, balance.
	n := 0
	if a.AllocatedPercentage != nil && !a.AllocatedPercentage.IsZero() {
		n++
		if emprec.Rate(&v, "allocatedPercentage", *a.AllocatedPercentage, hundred) && a.AllocatedPercentage.Decimal().Scale() > 2 {
			v.Add("allocatedPercentage", "allocatedPercentage must have at most two decimal places")
		}
	} else {
		a.AllocatedPercentage = nil
	}
	if a.FixedAmount != nil && !a.FixedAmount.IsZero() {
		n++
		emprec.Money(&v, "fixedAmount", *a.FixedAmount, false)
	} else {
		a.FixedAmount = nil
	}
	if a.AllocateBalance {
		n++
	}
	switch {
	case n == 0:
		v.Add("allocatedPercentage", "an account takes an allocatedPercentage, a fixedAmount or the balance (allocateBalance)")
	case n > 1:
		v.Add("allocatedPercentage", "an account takes only one of allocatedPercentage, fixedAmount and allocateBalance")
	}

	if a.AccountType == "CashOrCheque" {
		return v.Err() // nothing to pay into
	}
	v.Required("accountName", a.AccountName)
	v.Required("accountNumber", a.AccountNumber)
	if a.AccountType == "Bpay" {
		// BPAY: bsb carries the biller code, accountNumber the customer
		// reference number (both numeric).
		if !digits.MatchString(a.BSB) || len(a.BSB) > 10 {
			v.Add("bsb", "bsb must be the BPAY biller code (up to 10 digits)")
		}
		if a.AccountNumber != "" && (!digits.MatchString(a.AccountNumber) || len(a.AccountNumber) > 20) {
			v.Add("accountNumber", "accountNumber must be the BPAY customer reference number (up to 20 digits)")
		}
		return v.Err()
	}
	switch region {
	case "AU":
		if m := bsbRE.FindStringSubmatch(a.BSB); m != nil {
			a.BSB = m[1] + "-" + m[2]
		} else {
			v.Add("bsb", "bsb must be six digits (###-###)")
		}
		if a.AccountNumber != "" && (!digits.MatchString(a.AccountNumber) || len(a.AccountNumber) < 5 || len(a.AccountNumber) > 9) {
			v.Add("accountNumber", "accountNumber must be 5 to 9 digits")
		}
	case "UK":
		if m := sortRE.FindStringSubmatch(a.BSB); m != nil {
			a.BSB = m[1] + "-" + m[2] + "-" + m[3]
		} else {
			v.Add("bsb", "the sort code (bsb) must be six digits (##-##-##)")
		}
		if a.AccountNumber != "" && (!digits.MatchString(a.AccountNumber) || len(a.AccountNumber) != 8) {
			v.Add("accountNumber", "accountNumber must be 8 digits")
		}
	case "NZ":
		if m := nzRE.FindStringSubmatch(a.AccountNumber); m != nil {
			suffix := m[4]
			if len(suffix) == 2 {
				suffix = "0" + suffix
			}
			a.AccountNumber = m[1] + "-" + m[2] + "-" + m[3] + "-" + suffix
		} else if a.AccountNumber != "" {
			v.Add("accountNumber", "accountNumber must be bank (2), branch (4), account (7) and suffix (2 or 3) digits, e.g. 12-3456-0123456-000")
		}
		if a.BSB != "" {
			v.Add("bsb", "NZ accounts carry the bank and branch in accountNumber; leave bsb empty")
		}
	default: // SG, MY: the bank and branch codes live with the employee's bank details
		if a.AccountNumber != "" && (!digits.MatchString(a.AccountNumber) || len(a.AccountNumber) > 34) {
			v.Add("accountNumber", "accountNumber must be up to 34 digits")
		}
	}
	if region != "UK" && a.RollNumber != "" {
		v.Add("rollNumber", "rollNumber is for UK building society accounts")
	}
	return v.Err()
}

func fromRow(r store.EmployeeBankAccount) Account {
	editable := r.IsEmployeeEditable
	return Account{ID: r.ID, EmployeeID: r.EmployeeID, AccountType: r.AccountType, BSB: r.Bsb, AccountName: r.AccountName,
		AccountNumber: r.AccountNumber, RollNumber: r.RollNumber, AllocatedPercentage: emprec.RatePtr(r.AllocatedPercentage),
		FixedAmount: emprec.MoneyPtr(r.FixedAmount), AllocateBalance: r.AllocateBalance, IsEmployeeEditable: &editable,
		CanBeDeleted: true, ExternalReferenceID: r.ExternalReferenceID}
}

func fromRows(rows []store.EmployeeBankAccount) []Account {
	out := make([]Account, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out
}

// checkTogether applies the rules that span the employee's accounts
// (others excludes the account being saved): percentages add up to at
// most 100 and one account at most takes the balance. Breaking them
// conflicts with the stored accounts: 409.
func checkTogether(a Account, others []Account) error {
	total := payroll.Rate{}
	if a.AllocatedPercentage != nil {
		total = *a.AllocatedPercentage
	}
	for _, o := range others {
		if o.AllocatedPercentage != nil {
			total = total.Add(*o.AllocatedPercentage)
		}
		if a.AllocateBalance && o.AllocateBalance {
			return payroll.Conflict("bank account %d already takes the balance of the pay; an employee has at most one balance account", o.ID)
		}
	}
	if hundred.Less(total) {
		return payroll.Conflict("the employee's percentage accounts would allocate %s%% of the pay; at most 100%% can be allocated", total)
	}
	return nil
}

// Warning describes accounts that do not place all of the pay: no
// balance account and percentages under 100 (the rest would be left
// unpaid), or a balance account that percentages leave nothing for.
// nil = the accounts add up.
func Warning(accts []Account) *string {
	if len(accts) == 0 {
		return nil
	}
	total, balance, fixed := payroll.Rate{}, false, false
	for _, a := range accts {
		if a.AllocatedPercentage != nil {
			total = total.Add(*a.AllocatedPercentage)
		}
		balance = balance || a.AllocateBalance
		fixed = fixed || a.FixedAmount != nil
	}
	var w string
	switch {
	case !balance && total.Cmp(hundred) != 0:
		w = "No bank account takes the balance of the pay: " + total.String() + "% is allocated by percentage"
		if fixed {
			w += " after the fixed amounts"
		}
		w += "; the rest of the net pay has nowhere to go. Mark one account allocateBalance."
	case balance && total.Cmp(hundred) == 0:
		w = "The percentage accounts take 100% of the pay after fixed amounts, so the balance account receives nothing."
	default:
		return nil
	}
	return &w
}

func (s *Service) region(biz business.Business) string { return biz.Region }

// List returns the employee's accounts, oldest first.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []Account, err error) {
	defer payroll.Wrap(&err, "list bank accounts of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListEmployeeBankAccounts(ctx, store.ListEmployeeBankAccountsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	return fromRows(rows), err
}

// Get returns one account of the employee.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (a Account, err error) {
	defer payroll.Wrap(&err, "get bank account %d", id)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Account{}, err
	}
	r, err := q.GetEmployeeBankAccount(ctx, store.GetEmployeeBankAccountParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return Account{}, payroll.NotFound("bank account")
	}
	return fromRow(r), err
}

// Save creates (id 0) or replaces account id of the employee.
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, a Account) (res SaveResult, err error) {
	defer payroll.Wrap(&err, "save bank account %d of employee %d", id, employeeID)
	if err := normalise(&a, s.region(biz)); err != nil {
		return SaveResult{}, err
	}
	editable := a.IsEmployeeEditable == nil || *a.IsEmployeeEditable
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		rows, err := q.ListEmployeeBankAccounts(ctx, store.ListEmployeeBankAccountsParams{BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		all := fromRows(rows)
		var others []Account
		var before *Account
		found := id == 0
		for _, o := range all {
			if o.ID == id {
				found = true
				before = &o
			} else {
				others = append(others, o)
			}
		}
		if !found {
			return payroll.NotFound("bank account")
		}
		if err := checkTogether(a, others); err != nil {
			return err
		}
		now := s.Clock.Now()
		var row store.EmployeeBankAccount
		if id == 0 {
			row, err = q.CreateEmployeeBankAccount(ctx, store.CreateEmployeeBankAccountParams{BusinessID: biz.ID, EmployeeID: employeeID,
				AccountType: a.AccountType, Bsb: a.BSB, AccountName: a.AccountName, AccountNumber: a.AccountNumber, RollNumber: a.RollNumber,
				AllocatedPercentage: emprec.NullRate(a.AllocatedPercentage), FixedAmount: emprec.NullMoney(a.FixedAmount),
				AllocateBalance: a.AllocateBalance, IsEmployeeEditable: editable, ExternalReferenceID: a.ExternalReferenceID, CreatedAt: now})
		} else {
			row, err = q.UpdateEmployeeBankAccount(ctx, store.UpdateEmployeeBankAccountParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID,
				AccountType: a.AccountType, Bsb: a.BSB, AccountName: a.AccountName, AccountNumber: a.AccountNumber, RollNumber: a.RollNumber,
				AllocatedPercentage: emprec.NullRate(a.AllocatedPercentage), FixedAmount: emprec.NullMoney(a.FixedAmount),
				AllocateBalance: a.AllocateBalance, IsEmployeeEditable: editable, ExternalReferenceID: a.ExternalReferenceID, UpdatedAt: now})
		}
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("another bank account of the employee already takes the balance of the pay")
		}
		if err != nil {
			return err
		}
		res.Result = fromRow(row)
		res.ValidationWarning = Warning(append(others, res.Result))
		if err := s.Employees.AuditRecord(ctx, q, e, employee.SectionBankAccounts, "bankAccount", res.Result.ID, before, res.Result); err != nil {
			return err
		}
		return s.Employees.EmitIn(ctx, q, biz.ID, EventUpdated, res.Result)
	})
	return res, err
}

// Delete removes an account; the reply carries the remaining accounts'
// warning, if any.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (res SaveResult, err error) {
	defer payroll.Wrap(&err, "delete bank account %d of employee %d", id, employeeID)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		r, err := q.GetEmployeeBankAccount(ctx, store.GetEmployeeBankAccountParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
		if db.IsNoRows(err) {
			return payroll.NotFound("bank account")
		}
		if err != nil {
			return err
		}
		if _, err := q.DeleteEmployeeBankAccount(ctx, store.DeleteEmployeeBankAccountParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID}); err != nil {
			return err
		}
		rows, err := q.ListEmployeeBankAccounts(ctx, store.ListEmployeeBankAccountsParams{BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		res.Result = fromRow(r)
		res.ValidationWarning = Warning(fromRows(rows))
		if err := s.Employees.AuditRecord(ctx, q, e, employee.SectionBankAccounts, "bankAccount", id, res.Result, nil); err != nil {
			return err
		}
		return s.Employees.EmitIn(ctx, q, biz.ID, EventDeleted, DeletedData{ID: id, EmployeeID: employeeID})
	})
	return res, err
}

// Payment is one account's share of a net amount.
type Payment struct {
	Account Account
	Amount  payroll.Money
}

// Allocate splits net pay over accts the way a pay run pays it: fixed
// amounts first (in account order, each capped at what is left), then
// each percentage of the pay left after the fixed amounts (rounded half up
// to the cent, capped at what is left), then the balance account takes
// the rest. Without a balance account the rest is returned as unallocated.
func Allocate(net payroll.Money, accts []Account) (pays []Payment, unallocated payroll.Money) {
	left := net.Cents()
	if left.IsNeg() {
		left = payroll.Money{}
	}
	pays = make([]Payment, len(accts))
	for i, a := range accts {
		pays[i].Account = a
		if a.FixedAmount != nil {
			pays[i].Amount = a.FixedAmount.Min(left)
			left = left.Sub(pays[i].Amount)
		}
	}
	afterFixed := left
	for i, a := range accts {
		if a.AllocatedPercentage != nil {
			pays[i].Amount = afterFixed.Mul(payroll.Percent(*a.AllocatedPercentage)).Cents().Min(left)
			left = left.Sub(pays[i].Amount)
		}
	}
	for i, a := range accts {
		if a.AllocateBalance {
			pays[i].Amount = left
			left = payroll.Money{}
		}
	}
	return pays, left
}

// OnSchedule returns the bank accounts of every employee of the business
// on pay schedule scheduleID, by employee id (one statement; for a pay
// run of the whole schedule). Employees without accounts are absent.
func (s *Service) OnSchedule(ctx context.Context, biz business.Business, scheduleID int64) (out map[int64][]Account, err error) {
	defer payroll.Wrap(&err, "bank accounts on pay schedule %d", scheduleID)
	rows, err := s.Employees.DB.Queries().ListBankAccountsOnSchedule(ctx, store.ListBankAccountsOnScheduleParams{BusinessID: biz.ID, PayScheduleID: sql.NullInt64{Int64: scheduleID, Valid: true}})
	if err != nil {
		return nil, err
	}
	out = map[int64][]Account{}
	for _, r := range rows {
		out[r.EmployeeID] = append(out[r.EmployeeID], fromRow(r))
	}
	return out, nil
}
