package bankfile

import (
	"bytes"
	"strconv"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// ABASettings are the payer's direct entry details (au.BusinessAba's
// members, plus the two the record needs that the settings leave to
// defaults).
type ABASettings struct {
	BSB                             string // the payer's BSB: trace record of every line
	AccountNumber                   string
	AccountName                     string // the balancing line's title; remitter by default
	FinancialInstitutionCode        string // 3 letters: CBA, WBC, NAB, ANZ...
	LodgementReference              string // reference of payments that have none
	UserName                        string // the APCA user name (26)
	UserID                          string // the 6-digit APCA user id
	IncludeSelfBalancingTransaction bool
	MergeMultipleAccountPayments    bool
	BalanceLodgementReference       string
	Description                     string // description of entries (12); PAYROLL when empty
	RemitterName                    string // name of remitter (16); AccountName when empty
}

// ABA transaction codes.
const (
	abaCodePay   = "53" // pay (salary)
	abaCodeDebit = "13" // externally initiated debit: the self-balancing line
	abaRecordLen = 120
	abaAmountLen = 10
)

// ABA renders the direct entry file paying payments on processDate.
func ABA(s ABASettings, processDate time.Time, payments []Payment) (File, error) {
	var v payroll.Validation
	payerBSB := abaBSB(&v, "bsb", s.BSB)
	payerAcct := abaAccount(&v, "accountNumber", s.AccountNumber)
	fi := s.FinancialInstitutionCode
	if len(fi) != 3 || becsChars.clean(fi) != fi {
		v.Add("financialInstitutionCode", "financialInstitutionCode must be the bank's 3-letter code")
	}
	if d, _ := digits(s.UserID); len(d) != 6 || d != s.UserID {
		v.Add("userId", "userId must be the 6-digit APCA user id")
	}
	user := becsChars.clean(s.UserName)
	if user == "" {
		v.Add("userName", "userName is required")
	}
	accountName := becsChars.clean(s.AccountName)
	if accountName == "" {
		v.Add("accountName", "accountName is required")
	}
	if processDate.IsZero() {
		v.Add("datePaid", "datePaid is required")
	}
	if len(payments) == 0 {
		v.Add("payments", "there are no payments to put in the file")
	}
	if s.MergeMultipleAccountPayments {
		payments = MergeByAccount(payments)
	}
	type line struct{ bsb, acct, title, ref string }
	lines := make([]line, len(payments))
	var total payroll.Money
	for i, p := range payments {
		l := line{bsb: abaBSB(&v, member(i, "bsb"), p.BSB), acct: abaAccount(&v, member(i, "accountNumber"), p.AccountNumber)}
		if l.title = becsChars.clean(p.PayeeName); l.title == "" {
			v.Add(member(i, "payeeName"), "%s is required", member(i, "payeeName"))
		}
		ref := p.Reference
		if ref == "" {
			ref = s.LodgementReference
		}
		l.ref = becsChars.clean(ref)
		checkAmount(&v, member(i, "amount"), p.Amount, abaAmountLen)
		lines[i] = l
		total = total.Add(p.Amount)
	}
	if err := v.Err(); err != nil {
		return File{}, err
	}
	if len(strconv.FormatInt(total.MinorUnits(), 10)) > abaAmountLen {
		return File{}, payroll.Invalid("payments", "the payments total %s, more than one ABA file can carry: split them", total.StringFixed(2))
	}

	desc := becsChars.clean(s.Description)
	if desc == "" {
		desc = "PAYROLL"
	}
	remitter := becsChars.clean(s.RemitterName)
	if remitter == "" {
		remitter = accountName
	}
	trace := payerBSB + right(payerAcct, 9, ' ') + left(remitter, 16) + "00000000"

	var b bytes.Buffer
	b.Grow((len(lines) + 3) * (abaRecordLen + 2))
	// Type 0: descriptive record.
	b.WriteString("0" + left("", 17) + "01" + fi + left("", 7) + left(user, 26) + s.UserID + left(desc, 12) +
		processDate.Format("020106") + left("", 40) + "\r\n")
	// Type 1: a credit per payment.
	for i, l := range lines {
		b.WriteString("1" + l.bsb + right(l.acct, 9, ' ') + " " + abaCodePay + cents(payments[i].Amount.MinorUnits(), abaAmountLen) +
			left(l.title, 32) + left(l.ref, 18) + trace + "\r\n")
	}
	credit, debit, count := total, payroll.Money{}, len(lines)
	if s.IncludeSelfBalancingTransaction {
		ref := becsChars.clean(s.BalanceLodgementReference)
		if ref == "" {
			ref = becsChars.clean(s.LodgementReference)
		}
		if ref == "" {
			ref = desc
		}
		b.WriteString("1" + payerBSB + right(payerAcct, 9, ' ') + " " + abaCodeDebit + cents(total.MinorUnits(), abaAmountLen) +
			left(accountName, 32) + left(ref, 18) + trace + "\r\n")
		debit = total
		count++
	}
	// Type 7: file total record.
	net := credit.Sub(debit).Abs()
	b.WriteString("7999-999" + left("", 12) + cents(net.MinorUnits(), 10) + cents(credit.MinorUnits(), 10) +
		cents(debit.MinorUnits(), 10) + left("", 24) + cents(int64(count), 6) + left("", 40) + "\r\n")

	return File{Format: "ABA", Name: "payroll-" + processDate.Format("20060102") + ".aba", ContentType: "text/plain",
		Data: b.Bytes(), Payments: len(lines), Total: total}, nil
}

// abaBSB checks a BSB (NNN-NNN or 6 digits) and returns it as NNN-NNN.
func abaBSB(v *payroll.Validation, field, s string) string {
	d, ok := digits(s)
	if !ok || len(d) != 6 {
		v.Add(field, "%s must be a BSB of 6 digits (NNN-NNN)", field)
		return "000-000"
	}
	return d[:3] + "-" + d[3:]
}

// abaAccount checks an account number: 1 to 9 digits (dashes and spaces
// are dropped; leading zeros are kept, they are part of the number).
func abaAccount(v *payroll.Validation, field, s string) string {
	d, ok := digits(s)
	if !ok || len(d) == 0 || len(d) > 9 {
		v.Add(field, "%s must be an account number of 1 to 9 digits", field)
		return ""
	}
	return d
}
