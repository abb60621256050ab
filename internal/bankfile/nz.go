package bankfile

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// NZSettings are the payer's direct credit details.
type NZSettings struct {
	AccountNumber string    // the account debited, bank-branch-account-suffix
	AccountName   string    // subscriber name on payees' statements (20)
	Particulars   string    // on the payer's statement (12)
	Code          string    // on the payer's statement (12)
	Reference     string    // on the payer's statement (12); also payees' reference when a payment has none
	DueDate       time.Time // the date the credits are paid
	CreatedDate   time.Time // the batch creation date (from the app clock: keeps the file reproducible)
}

const (
	nzCodeSalary = "52" // salary/wages direct credit
	nzBatchType  = "7"  // direct credit batch
)

// NZDirectCredit renders the IB4B direct credit import file.
func NZDirectCredit(s NZSettings, payments []Payment) (File, error) {
	var v payroll.Validation
	payer := nzAccount(&v, "accountNumber", s.AccountNumber)
	name := nzChars.clean(s.AccountName)
	if name == "" {
		v.Add("accountName", "accountName is required")
	}
	if s.DueDate.IsZero() {
		v.Add("datePaid", "datePaid is required")
	}
	if s.CreatedDate.IsZero() {
		v.Add("createdDate", "createdDate is required")
	}
	if len(payments) == 0 {
		v.Add("payments", "there are no payments to put in the file")
	}
	accts := make([]string, len(payments))
	var total payroll.Money
	var hash int64
	for i, p := range payments {
		accts[i] = nzAccount(&v, member(i, "accountNumber"), p.AccountNumber)
		if nzChars.clean(p.PayeeName) == "" {
			v.Add(member(i, "payeeName"), "%s is required", member(i, "payeeName"))
		}
		checkAmount(&v, member(i, "amount"), p.Amount, 10)
		total = total.Add(p.Amount)
		if n, err := strconv.ParseInt(accts[i][2:13], 10, 64); err == nil {
			hash += n // branch + base account digits
		}
	}
	if err := v.Err(); err != nil {
		return File{}, err
	}
	cut := func(s string, n int) string { return strings.TrimSpace(left(nzChars.clean(s), n)) }
	var b bytes.Buffer
	b.Grow(len(payments)*120 + 100)
	b.WriteString("1,,,," + payer + "," + nzBatchType + "," + s.DueDate.Format("060102") + "," + s.CreatedDate.Format("060102") + ",\r\n")
	for i, p := range payments {
		ref := p.Reference
		if ref == "" {
			ref = s.Reference
		}
		fields := []string{"2", accts[i], nzCodeSalary, strconv.FormatInt(p.Amount.MinorUnits(), 10),
			cut(p.PayeeName, 20), cut(ref, 12), cut(p.Code, 12), "", cut(p.Particulars, 12),
			cut(s.AccountName, 20), cut(s.Code, 12), cut(s.Reference, 12), cut(s.Particulars, 12)}
		b.WriteString(strings.Join(fields, ",") + "\r\n")
	}
	// The hash total is the sum's rightmost 11 digits.
	h := strconv.FormatInt(hash, 10)
	b.WriteString("3," + strconv.FormatInt(total.MinorUnits(), 10) + "," + strconv.Itoa(len(payments)) + "," + right(h, 11, '0') + "\r\n")
	return File{Format: "NZ-IB4B", Name: "directcredit-" + s.DueDate.Format("20060102") + ".txt", ContentType: "text/plain",
		Data: b.Bytes(), Payments: len(payments), Total: total}, nil
}

// nzAccount checks a New Zealand account number and returns its 16-digit
// form: bank (2) branch (4) base account (7) suffix (3). Written with
// separators each part may be shorter (zero-padded: 12-3456-123456-0);
// written as digits only it must be 15 (2-digit suffix) or 16 digits.
func nzAccount(v *payroll.Validation, field, s string) string {
	bad := func() string {
		v.Add(field, "%s must be a New Zealand account number: bank-branch-account-suffix (e.g. 12-3456-0123456-00)", field)
		return "0000000000000000"
	}
	parts := strings.FieldsFunc(strings.TrimSpace(s), func(r rune) bool { return r == '-' || r == ' ' })
	widths := []int{2, 4, 7, 3}
	switch len(parts) {
	case 1:
		d := parts[0]
		if _, ok := digits(d); !ok || (len(d) != 15 && len(d) != 16) {
			return bad()
		}
		parts = []string{d[:2], d[2:6], d[6:13], d[13:]}
	case 4:
	default:
		return bad()
	}
	var out strings.Builder
	for i, p := range parts {
		if d, ok := digits(p); !ok || len(d) == 0 || len(d) > widths[i] {
			return bad()
		}
		out.WriteString(right(p, widths[i], '0'))
	}
	return out.String()
}
