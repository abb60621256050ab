package bankfile

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// SGSettings are the originator's DBS IDEAL GIRO details (the GIRO payment
// file record with fileFormat DBS).
type SGSettings struct {
	CompanyID      string    // DBS IDEAL organisation (sender company) id, 8 capitals/digits
	AccountNumber  string    // the originating DBS account
	AccountName    string    // originator name (140)
	BatchReference string    // bulk customer reference (35)
	BatchID        int       // 1..89999, unique per value date; 1 when zero
	ValueDate      time.Time // the date the credits are paid
	Created        time.Time // creation date and time (from the app clock)
}

// sgBIC gives the BIC of the banks whose payroll files are most common by
// their 4-digit MAS bank code; others need Payment.BIC.
var sgBIC = map[string]string{
	"7171": "DBSSSGSGXXX", // DBS / POSB
	"7339": "OCBCSGSGXXX", // OCBC
	"7375": "UOVBSGSGXXX", // UOB
}

const (
	sgRecordLen   = 1000
	sgMaxPayments = 5000 // DBS IDEAL limit per GIRO file
	sgSalary      = "22" // payment type: salary credit
)

// SGGiro renders the DBS IDEAL Interbank GIRO file.
func SGGiro(s SGSettings, payments []Payment) (File, error) {
	var v payroll.Validation
	company := strings.ToUpper(strings.TrimSpace(s.CompanyID))
	if len(company) == 0 || len(company) > 8 || sgChars.clean(company) != company || strings.Contains(company, " ") {
		v.Add("companyId", "companyId must be the DBS IDEAL organisation id (up to 8 letters and digits)")
	}
	orig := sgAccount(&v, "accountNumber", s.AccountNumber)
	name := sgChars.clean(s.AccountName)
	if name == "" {
		v.Add("accountName", "accountName is required")
	}
	batch := s.BatchID
	if batch == 0 {
		batch = 1
	}
	if batch < 1 || batch > 89999 {
		v.Add("batchId", "batchId must be between 1 and 89999")
	}
	if s.ValueDate.IsZero() {
		v.Add("datePaid", "datePaid is required")
	}
	if s.Created.IsZero() {
		v.Add("created", "created is required")
	}
	switch {
	case len(payments) == 0:
		v.Add("payments", "there are no payments to put in the file")
	case len(payments) > sgMaxPayments:
		v.Add("payments", "a GIRO file carries at most %d payments, not %d: split them", sgMaxPayments, len(payments))
	}
	type line struct{ bic, acct, name, ref string }
	lines := make([]line, len(payments))
	var total payroll.Money
	for i, p := range payments {
		l := line{acct: sgAccount(&v, member(i, "accountNumber"), p.AccountNumber)}
		l.bic = sgPayeeBIC(&v, i, p)
		if p.BranchCode != "" {
			if d, ok := digits(p.BranchCode); !ok || len(d) != 3 {
				v.Add(member(i, "branchCode"), "%s must be 3 digits", member(i, "branchCode"))
			}
		}
		if l.name = sgChars.clean(p.PayeeName); l.name == "" {
			v.Add(member(i, "payeeName"), "%s is required", member(i, "payeeName"))
		}
		ref := p.Reference
		if ref == "" {
			ref = s.BatchReference
		}
		l.ref = sgChars.clean(ref)
		checkAmount(&v, member(i, "amount"), p.Amount, 11)
		lines[i] = l
		total = total.Add(p.Amount)
	}
	if err := v.Err(); err != nil {
		return File{}, err
	}
	records := make([]string, 0, len(lines)+2)
	filler := func(n int) string { return strings.Repeat(" ", n) }
	records = append(records, s.Created.Format("02012006150405")+left(company, 8)+s.ValueDate.Format("02012006")+
		left(orig, 34)+left(name, 140)+filler(34)+right(strconv.Itoa(batch), 5, '0')+left(sgChars.clean(s.BatchReference), 35)+
		"C"+filler(719)+"01")
	origHash := sgHashPart(orig)
	var hash int64
	for i, l := range lines {
		records = append(records, sgSalary+left(l.ref, 35)+left(l.bic, 35)+left(l.acct, 34)+left(l.name, 140)+"SALA"+"SGD"+
			cents(payments[i].Amount.MinorUnits(), 11)+filler(35)+left(l.ref, 140)+"N"+filler(140)+filler(140)+filler(278)+"10")
		d := sgHashPart(l.acct) - origHash
		if d < 0 {
			d = -d
		}
		hash += d
	}
	// The trailer's hash is the leading 11 digits of the sum of the
	// differences between each payee's and the originator's account
	// (first 11 characters, letters as 0, zero-filled on the right).
	h := strconv.FormatInt(hash, 10)
	if len(h) > 11 {
		h = h[:11]
	}
	records = append(records, cents(int64(len(lines)), 11)+cents(total.MinorUnits(), 18)+cents(0, 11)+cents(0, 18)+
		filler(26)+right(h, 11, '0')+filler(903)+"20")
	var b bytes.Buffer
	b.Grow(len(records) * (sgRecordLen + 2))
	b.WriteString(strings.Join(records, "\r\n"))
	return File{Format: "SG-DBS-GIRO", Name: "giro-" + s.ValueDate.Format("20060102") + ".txt", ContentType: "text/plain",
		Data: b.Bytes(), Payments: len(lines), Total: total}, nil
}

func sgAccount(v *payroll.Validation, field, s string) string {
	d, ok := digits(s)
	if !ok || len(d) < 6 || len(d) > 34 {
		v.Add(field, "%s must be an account number of 6 to 34 digits", field)
		return "000000"
	}
	return d
}

// sgPayeeBIC is the payee bank's BIC: given, or known from the bank code.
func sgPayeeBIC(v *payroll.Validation, i int, p Payment) string {
	if bic := strings.ToUpper(strings.TrimSpace(p.BIC)); bic != "" {
		if (len(bic) != 8 && len(bic) != 11) || sgChars.clean(bic) != bic || strings.Contains(bic, " ") {
			v.Add(member(i, "bic"), "%s must be an 8 or 11 character SWIFT/BIC code", member(i, "bic"))
		}
		if len(bic) == 8 {
			bic += "XXX"
		}
		return bic
	}
	d, ok := digits(p.BankCode)
	if !ok || len(d) != 4 {
		v.Add(member(i, "bankCode"), "%s must be the 4-digit bank code", member(i, "bankCode"))
		return ""
	}
	bic, known := sgBIC[d]
	if !known {
		v.Add(member(i, "bic"), "%s is required for bank code %s", member(i, "bic"), d)
	}
	return bic
}

// sgHashPart is an account's term of the trailer hash.
func sgHashPart(acct string) int64 {
	if len(acct) > 11 {
		acct = acct[:11]
	}
	acct += strings.Repeat("0", 11-len(acct))
	n, _ := strconv.ParseInt(acct, 10, 64)
	return n
}
