package bankfile

import (
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Payment is one credit to a payee's account. Which account members a
// format reads depends on the region:
//
//	AU  BSB + AccountNumber (at most 9 digits)
//	UK  SortCode + AccountNumber (8 digits; 7 are zero-padded), RollNumber
//	    for a building society account (sent as the reference)
//	NZ  AccountNumber as bank-branch-account-suffix ("12-3456-0123456-00",
//	    15 or 16 digits), Particulars and Code for the payee's statement
//	SG  BankCode (4 digits) + BranchCode (3 digits) + AccountNumber; BIC
//	    when the bank code is not one of the built-in ones
type Payment struct {
	EmployeeID    int64  // who is paid (for merging and the caller's records)
	PayeeName     string // the account's title
	BSB           string
	SortCode      string
	RollNumber    string
	BankCode      string
	BranchCode    string
	BIC           string
	AccountNumber string
	Amount        payroll.Money
	Reference     string // shown on the payee's statement; the settings' lodgement reference when empty
	Particulars   string // NZ
	Code          string // NZ
}

// File is a rendered bank file.
type File struct {
	Format      string // ABA, BACS18, NZ-IB4B, SG-DBS-GIRO
	Name        string // a file name to offer the download as
	ContentType string
	Data        []byte
	Payments    int           // credit records (excluding balancing and contra records)
	Total       payroll.Money // sum of the credits
}

// member names a payment's member in errors: payments[2].bsb.
func member(i int, name string) string { return fmt.Sprintf("payments[%d].%s", i, name) }

// checkAmount requires a positive amount in whole cents that fits a field
// of width digits (in cents).
func checkAmount(v *payroll.Validation, field string, m payroll.Money, width int) {
	switch {
	case !m.IsPos():
		v.Add(field, "%s must be greater than zero", field)
	case !m.Equal(m.Cents()):
		v.Add(field, "%s must be whole cents, not %s", field, m.String())
	case len(fmt.Sprint(m.MinorUnits())) > width:
		v.Add(field, "%s %s is too large for the file's %d-digit amount field", field, m.StringFixed(2), width)
	}
}

// digits keeps the digits of s and reports whether everything else was
// a separator (space, dash).
func digits(s string) (string, bool) {
	var b strings.Builder
	ok := true
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
		default:
			ok = false
		}
	}
	return b.String(), ok
}

// MergeByAccount combines payments to the same account into one, in the
// order each account first appears (the settings' mergeMultipleAccountPayments):
// the first payment's name and reference are kept and the amounts added.
func MergeByAccount(payments []Payment) []Payment {
	key := func(p Payment) string {
		parts := []string{p.BSB, p.SortCode, p.RollNumber, p.BankCode, p.BranchCode, p.AccountNumber}
		for i, s := range parts {
			if d, ok := digits(s); ok {
				parts[i] = d // 062-000 and 062000 are one account
			}
		}
		return strings.Join(parts, "|")
	}
	index := map[string]int{}
	out := make([]Payment, 0, len(payments))
	for _, p := range payments {
		k := key(p)
		if i, ok := index[k]; ok {
			out[i].Amount = out[i].Amount.Add(p.Amount)
			continue
		}
		index[k] = len(out)
		out = append(out, p)
	}
	return out
}
