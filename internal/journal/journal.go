package journal

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Accounts are the business's default journal accounts (ids of
// JournalAccount records). The members and JSON names are those of
// accounts.ChartOfAccountsAccounts; a nil account falls back as each
// kind of line says.
type Accounts struct {
	PaymentAccountID                            *int64 `json:"paymentAccountId"`
	DefaultExpenseAccountID                     *int64 `json:"defaultExpenseAccountId"`
	EmployeeExpenseAccountID                    *int64 `json:"employeeExpenseAccountId"`
	EmployerLiabilityExpenseAccountID           *int64 `json:"employerLiabilityExpenseAccountId"`
	EmployerLiabilityLiabilityAccountID         *int64 `json:"employerLiabilityLiabilityAccountId"`
	DefaultLiabilityAccountID                   *int64 `json:"defaultLiabilityAccountId"`
	PaygLiabilityAccountID                      *int64 `json:"paygLiabilityAccountId,omitempty"`
	PaygExpenseAccountID                        *int64 `json:"paygExpenseAccountId,omitempty"`
	SuperannuationExpenseAccountID              *int64 `json:"superannuationExpenseAccountId,omitempty"`
	SuperannuationLiabilityAccountID            *int64 `json:"superannuationLiabilityAccountId,omitempty"`
	PayeLiabilityAccountID                      *int64 `json:"payeLiabilityAccountId,omitempty"`
	PayeExpenseAccountID                        *int64 `json:"payeExpenseAccountId,omitempty"`
	EmployerPensionLiabilityAccountID           *int64 `json:"employerPensionLiabilityAccountId,omitempty"`
	EmployerPensionExpenseAccountID             *int64 `json:"employerPensionExpenseAccountId,omitempty"`
	NationalInsuranceLiabilityAccountID         *int64 `json:"nationalInsuranceLiabilityAccountId,omitempty"`
	NationalInsuranceExpenseAccountID           *int64 `json:"nationalInsuranceExpenseAccountId,omitempty"`
	EmployeeNationalInsuranceLiabilityAccountID *int64 `json:"employeeNationalInsuranceLiabilityAccountId,omitempty"`
	EmployeePensionLiabilityAccountID           *int64 `json:"employeePensionLiabilityAccountId,omitempty"`
	StudentLoanLiabilityAccountID               *int64 `json:"studentLoanLiabilityAccountId,omitempty"`
	PostgraduateStudentLoanLiabilityAccountID   *int64 `json:"postgraduateStudentLoanLiabilityAccountId,omitempty"`
}

// Amount is a category's total in the pay run. ExpenseAccountID and
// LiabilityAccountID are the category's own mapping in the chart of
// accounts (nil: the default account).
type Amount struct {
	Name               string
	ExpenseAccountID   *int64
	LiabilityAccountID *int64
	Amount             payroll.Money
}

// Statutory is a statutory amount of the pay run by kind.
type Statutory struct {
	Kind   Kind
	Amount payroll.Money
}

// Totals are what one journal records: a pay run, or one location's or
// employing entity's share of it posted with that split's accounts.
type Totals struct {
	Reference           string        // on every line, e.g. "Pay run 42 paid 16/07/2026"
	Earnings            []Amount      // gross earnings by pay category
	EmployeeExpenses    []Amount      // reimbursements paid with the pay
	Deductions          []Amount      // deductions from pay by deduction category (pre- and post-tax)
	EmployerLiabilities []Amount      // employer liabilities by category (cost and amount owed)
	LeaveAccruals       []Amount      // cost of leave accrued (expense and provision); optional
	Statutory           []Statutory   // tax withheld and statutory contributions
	NetPay              payroll.Money // paid to employees' bank accounts
}

// Line is one journal line. Amount is positive; IsDebit says the side.
type Line struct {
	Type      string // JournalItemType: WagesExpense, PaygLiability, Asset...
	AccountID int64
	Details   string
	Reference string
	Amount    payroll.Money
	IsDebit   bool
}

// Signed is the amount with debits positive and credits negative.
func (l Line) Signed() payroll.Money {
	if l.IsDebit {
		return l.Amount
	}
	return l.Amount.Neg()
}

// Journal is the lines of a pay run's journal and their sides' totals.
type Journal struct {
	Lines   []Line
	Debits  payroll.Money
	Credits payroll.Money
}

func (a *Accounts) slots() map[string]*int64 {
	return map[string]*int64{
		"paymentAccountId": a.PaymentAccountID, "defaultExpenseAccountId": a.DefaultExpenseAccountID,
		"employeeExpenseAccountId": a.EmployeeExpenseAccountID, "employerLiabilityExpenseAccountId": a.EmployerLiabilityExpenseAccountID,
		"employerLiabilityLiabilityAccountId": a.EmployerLiabilityLiabilityAccountID, "defaultLiabilityAccountId": a.DefaultLiabilityAccountID,
		"paygLiabilityAccountId": a.PaygLiabilityAccountID, "paygExpenseAccountId": a.PaygExpenseAccountID,
		"superannuationExpenseAccountId": a.SuperannuationExpenseAccountID, "superannuationLiabilityAccountId": a.SuperannuationLiabilityAccountID,
		"payeLiabilityAccountId": a.PayeLiabilityAccountID, "payeExpenseAccountId": a.PayeExpenseAccountID,
		"employerPensionLiabilityAccountId": a.EmployerPensionLiabilityAccountID, "employerPensionExpenseAccountId": a.EmployerPensionExpenseAccountID,
		"nationalInsuranceLiabilityAccountId": a.NationalInsuranceLiabilityAccountID, "nationalInsuranceExpenseAccountId": a.NationalInsuranceExpenseAccountID,
		"employeeNationalInsuranceLiabilityAccountId": a.EmployeeNationalInsuranceLiabilityAccountID,
		"employeePensionLiabilityAccountId":           a.EmployeePensionLiabilityAccountID,
		"studentLoanLiabilityAccountId":               a.StudentLoanLiabilityAccountID,
		"postgraduateStudentLoanLiabilityAccountId":   a.PostgraduateStudentLoanLiabilityAccountID,
	}
}

// builder collects lines and the first missing account.
type builder struct {
	slots   map[string]*int64
	ref     string
	j       Journal
	missing error
}

// account is the first set account of own (the category's mapping) and
// the named default slots.
func (b *builder) account(own *int64, what string, slots ...string) int64 {
	if own != nil {
		return *own
	}
	for _, s := range slots {
		if id := b.slots[s]; id != nil {
			return *id
		}
	}
	if b.missing == nil {
		b.missing = payroll.Invalid(slots[len(slots)-1], "no account to post %s to: map %s in the chart of accounts", what, slots[0])
	}
	return 0
}

// post adds a line; a negative amount (a reversal) goes to the other side.
func (b *builder) post(typ string, account int64, details string, amount payroll.Money, debit bool) {
	if amount.IsZero() {
		return
	}
	if amount.IsNeg() {
		amount, debit = amount.Neg(), !debit
	}
	b.j.Lines = append(b.j.Lines, Line{Type: typ, AccountID: account, Details: details, Reference: b.ref, Amount: amount, IsDebit: debit})
	if debit {
		b.j.Debits = b.j.Debits.Add(amount)
	} else {
		b.j.Credits = b.j.Credits.Add(amount)
	}
}

// Build makes the journal of t posted to accounts a.
func Build(t Totals, a Accounts) (Journal, error) {
	b := &builder{slots: a.slots(), ref: t.Reference}
	var v payroll.Validation
	check := func(field string, m payroll.Money) {
		if !m.Equal(m.Cents()) {
			v.Add(field, "%s %s is not whole cents", field, m.String())
		}
	}
	var withheld, gross, expenses, deductions payroll.Money
	for i, e := range t.Earnings {
		check(fmt.Sprintf("earnings[%d].amount", i), e.Amount)
		gross = gross.Add(e.Amount)
		b.post("WagesExpense", b.account(e.ExpenseAccountID, "wages", "defaultExpenseAccountId"), e.Name, e.Amount, true)
	}
	for i, e := range t.EmployeeExpenses {
		check(fmt.Sprintf("employeeExpenses[%d].amount", i), e.Amount)
		expenses = expenses.Add(e.Amount)
		b.post("EmployeeExpense", b.account(e.ExpenseAccountID, "employee expenses", "employeeExpenseAccountId", "defaultExpenseAccountId"),
			e.Name, e.Amount, true)
	}
	for i, d := range t.Deductions {
		check(fmt.Sprintf("deductions[%d].amount", i), d.Amount)
		deductions = deductions.Add(d.Amount)
		b.post("DeductionLiability", b.account(d.LiabilityAccountID, "deductions", "defaultLiabilityAccountId"), d.Name, d.Amount, false)
	}
	for i, l := range t.EmployerLiabilities {
		check(fmt.Sprintf("employerLiabilities[%d].amount", i), l.Amount)
		b.post("EmployerLiabilityExpense", b.account(l.ExpenseAccountID, "employer liabilities",
			"employerLiabilityExpenseAccountId", "defaultExpenseAccountId"), l.Name, l.Amount, true)
		b.post("EmployerLiabilityLiability", b.account(l.LiabilityAccountID, "employer liabilities",
			"employerLiabilityLiabilityAccountId", "defaultLiabilityAccountId"), l.Name, l.Amount, false)
	}
	for i, l := range t.LeaveAccruals {
		check(fmt.Sprintf("leaveAccruals[%d].amount", i), l.Amount)
		b.post("LeaveAccrualExpense", b.account(l.ExpenseAccountID, "leave accrued", "defaultExpenseAccountId"), l.Name, l.Amount, true)
		b.post("LeaveAccrualLiability", b.account(l.LiabilityAccountID, "leave accrued", "defaultLiabilityAccountId"), l.Name, l.Amount, false)
	}
	for i, s := range t.Statutory {
		field := fmt.Sprintf("statutory[%d]", i)
		r, ok := rules[s.Kind]
		if !ok {
			v.Add(field+".kind", "%s.kind %q is not a statutory kind this journal knows", field, s.Kind)
			continue
		}
		check(field+".amount", s.Amount)
		if r.expense != nil {
			b.post(r.expenseType, b.account(nil, r.label, r.expense...), r.label, s.Amount, true)
		} else {
			withheld = withheld.Add(s.Amount)
		}
		b.post(r.liabilityType, b.account(nil, r.label, r.liability...), r.label, s.Amount, false)
	}
	check("netPay", t.NetPay)
	b.post("Asset", b.account(nil, "net pay", "paymentAccountId"), "Net pay", t.NetPay, false)
	if err := v.Err(); err != nil {
		return Journal{}, err
	}
	if want := gross.Add(expenses).Sub(deductions).Sub(withheld); !want.Equal(t.NetPay) {
		return Journal{}, payroll.Invalid("netPay", "netPay %s is not gross %s + expenses %s - deductions %s - withheld %s = %s: the journal would not balance",
			t.NetPay.StringFixed(2), gross.StringFixed(2), expenses.StringFixed(2), deductions.StringFixed(2), withheld.StringFixed(2), want.StringFixed(2))
	}
	if b.missing != nil {
		return Journal{}, b.missing
	}
	if !b.j.Debits.Equal(b.j.Credits) { // cannot happen once net pay is checked; kept as the invariant's guard
		return Journal{}, fmt.Errorf("journal: debits %s != credits %s", b.j.Debits, b.j.Credits)
	}
	return b.j, nil
}
