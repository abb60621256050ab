package bankfile

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// BACSSettings are the originator's Bacs details (uk.UKBacs's members).
type BACSSettings struct {
	ServiceUserNumber            string // 6 digits; not part of the Standard 18 records, checked for the submission
	SortCode                     string // the originating account the contra debits
	AccountNumber                string
	AccountName                  string // service user's name on every record (18)
	ContraIdentification         string // narrative of the contra record (18); PAYROLL when empty
	LodgementReference           string // reference of payments that have none (18)
	MergeMultipleAccountPayments bool
	ExcludeFooter                bool      // leave the contra record out (the bank balances the file)
	ProcessingDate               time.Time // when set, every record carries " YYDDD" (106 characters)
}

// Bacs transaction codes.
const (
	bacsCodeCredit = "99" // direct credit
	bacsCodeContra = "17" // debit contra balancing the credits
	bacsAmountLen  = 11
)

// BACS renders a Standard 18 file of credit records and their contra.
func BACS(s BACSSettings, payments []Payment) (File, error) {
	var v payroll.Validation
	if s.ServiceUserNumber != "" {
		if d, _ := digits(s.ServiceUserNumber); len(d) != 6 || d != s.ServiceUserNumber {
			v.Add("serviceUserNumber", "serviceUserNumber must be 6 digits")
		}
	}
	origSort := bacsSortCode(&v, "sortCode", s.SortCode)
	origAcct := bacsAccount(&v, "accountNumber", s.AccountNumber)
	name := bacsChars.clean(s.AccountName)
	if name == "" {
		v.Add("accountName", "accountName is required")
	}
	if len(payments) == 0 {
		v.Add("payments", "there are no payments to put in the file")
	}
	if s.MergeMultipleAccountPayments {
		payments = MergeByAccount(payments)
	}
	type line struct{ sort, acct, title, ref string }
	lines := make([]line, len(payments))
	var total payroll.Money
	for i, p := range payments {
		l := line{sort: bacsSortCode(&v, member(i, "sortCode"), p.SortCode), acct: bacsAccount(&v, member(i, "accountNumber"), p.AccountNumber)}
		if l.title = bacsChars.clean(p.PayeeName); l.title == "" {
			v.Add(member(i, "payeeName"), "%s is required", member(i, "payeeName"))
		}
		// A building society account is identified by its roll number,
		// which the society reads from the reference field.
		ref := p.Reference
		if p.RollNumber != "" {
			ref = p.RollNumber
		} else if ref == "" {
			ref = s.LodgementReference
		}
		if l.ref = bacsChars.clean(ref); l.ref == "" {
			// Bacs rejects a blank reference (and one of a single repeated character).
			v.Add(member(i, "reference"), "%s is required (the payee's statement shows it)", member(i, "reference"))
		} else if len(l.ref) > 18 && p.RollNumber != "" {
			v.Add(member(i, "rollNumber"), "%s must be at most 18 characters", member(i, "rollNumber"))
		}
		checkAmount(&v, member(i, "amount"), p.Amount, bacsAmountLen)
		lines[i] = l
		total = total.Add(p.Amount)
	}
	if err := v.Err(); err != nil {
		return File{}, err
	}
	if len(strconv.FormatInt(total.MinorUnits(), 10)) > bacsAmountLen {
		return File{}, payroll.Invalid("payments", "the payments total %s, more than one contra record can carry: split them", total.StringFixed(2))
	}
	day := ""
	if !s.ProcessingDate.IsZero() {
		day = fmt.Sprintf(" %s%03d", s.ProcessingDate.Format("06"), s.ProcessingDate.YearDay())
	}
	width := 100 + len(day)
	var b bytes.Buffer
	b.Grow((len(lines) + 1) * (width + 2))
	origin := origSort + origAcct
	for i, l := range lines {
		b.WriteString(l.sort + l.acct + "0" + bacsCodeCredit + origin + "    " + cents(payments[i].Amount.MinorUnits(), bacsAmountLen) +
			left(name, 18) + left(l.ref, 18) + left(l.title, 18) + day + "\r\n")
	}
	if !s.ExcludeFooter {
		narrative := bacsChars.clean(s.ContraIdentification)
		if narrative == "" {
			narrative = "PAYROLL"
		}
		b.WriteString(origin + "0" + bacsCodeContra + origin + "    " + cents(total.MinorUnits(), bacsAmountLen) +
			left(narrative, 18) + left("CONTRA", 18) + left(name, 18) + day + "\r\n")
	}
	date := "undated"
	if !s.ProcessingDate.IsZero() {
		date = s.ProcessingDate.Format("20060102")
	}
	return File{Format: "BACS18", Name: "bacs-" + date + ".txt", ContentType: "text/plain", Data: b.Bytes(),
		Payments: len(lines), Total: total}, nil
}

// bacsSortCode checks a sort code (NN-NN-NN or 6 digits) and returns the
// 6 digits.
func bacsSortCode(v *payroll.Validation, field, s string) string {
	d, ok := digits(s)
	if !ok || len(d) != 6 {
		v.Add(field, "%s must be a sort code of 6 digits (NN-NN-NN)", field)
		return "000000"
	}
	return d
}

// bacsAccount checks a UK account number: 8 digits, or 7 which are
// zero-padded on the left as the clearing banks specify. Longer numbers
// (some banks issue 9 or 10) need the bank's own conversion and are refused.
func bacsAccount(v *payroll.Validation, field, s string) string {
	d, ok := digits(s)
	switch {
	case !ok || len(d) < 7 || len(d) > 8:
		v.Add(field, "%s must be an account number of 8 digits (or 7)", field)
		return "00000000"
	case len(d) == 7:
		return "0" + d
	}
	return d
}
