package cpf

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// RecordLength is the length of every record (docs/reference/sg-cpf-submission.md).
const RecordLength = 150

// Record types (column 2).
const (
	RecordHeader  = ' '
	RecordSummary = '0'
	RecordDetail  = '1'
	RecordTrailer = '9'
)

// Payment codes of the summary and detail records that this file carries:
// CPF, the self-help group funds the pay runs deduct (one detail per
// donor, the summary with the donor count) and the SDL. Late payment
// interest (07) and Community Chest (10) are not produced: the pay runs do
// not compute them (note, "Not built").
const (
	CodeCPF   = "01"
	CodeMBMF  = "02"
	CodeSINDA = "03"
	CodeCDAC  = "04"
	CodeECF   = "05"
	CodeSDL   = "11"
)

// FundCodes are the self-help group funds' payment codes by fund.
var FundCodes = map[string]string{"MBMF": CodeMBMF, "SINDA": CodeSINDA, "CDAC": CodeCDAC, "ECF": CodeECF}

// fundCode says whether code is a self-help group fund's.
func fundCode(code string) bool {
	return code == CodeMBMF || code == CodeSINDA || code == CodeCDAC || code == CodeECF
}

// summaryOrder is the order of the summary records.
var summaryOrder = []string{CodeCPF, CodeMBMF, CodeSINDA, CodeCDAC, CodeECF, CodeSDL}

// forbidden are the characters the file may not carry anywhere (note).
const forbidden = "_+$<>:;?!=[]`^|\\\"~"

// CSN is a CPF Submission Number: the employer's UEN (or NRIC/FIN), the
// payment type and a serial number, e.g. 201912345KPTE01.
type CSN struct {
	UEN, PaymentType, Serial string
}

var csnPattern = regexp.MustCompile(`^([A-Z0-9]{9,10})([A-Z]{3})([0-9]{2})$`)

// ParseCSN reads a CSN (hyphens and spaces ignored, any case). Only the
// mandatory-contribution payment type PTE is accepted: this file pays
// mandatory CPF and the SDL, which a voluntary-contribution CSN may not
// carry (note).
func ParseCSN(s string) (CSN, error) {
	s = strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(s))
	m := csnPattern.FindStringSubmatch(s)
	if m == nil {
		return CSN{}, errors.New("a CPF Submission Number is the UEN (9 or 10 letters and digits), the payment type (3 letters) and a serial number (2 digits), e.g. 201912345KPTE01")
	}
	if m[2] != "PTE" {
		return CSN{}, fmt.Errorf("payment type %s: the contribution submission file is sent under the mandatory-contribution CSN (payment type PTE); voluntary contributions are not built", m[2])
	}
	return CSN{UEN: m[1], PaymentType: m[2], Serial: m[3]}, nil
}

func (c CSN) String() string { return c.UEN + c.PaymentType + c.Serial }

// Employee is one contributing employee's month.
type Employee struct {
	AccountNumber string // the CPF account number (NRIC): S or T, 7 digits, check letter
	Name          string
	// Contribution is the employee's and employer's shares together; the
	// wages are those subject to CPF, in cents.
	Contribution, OrdinaryWages, AdditionalWages int64
	Status                                       byte // E existing, L leaver, N new joiner, O joined and left in the month
	// Funds are the self-help group contributions deducted from the
	// employee's wages in the month, cents, by payment code (02-05).
	Funds map[string]int64
}

// Input is one month's submission.
type Input struct {
	CSN        CSN
	AdviceCode string    // 01 to 99, different from the month's earlier submissions
	Month      time.Time // any day of the month the contributions are for
	Created    time.Time // the file's creation time (written in Singapore time)
	Employees  []Employee
	SDL        int64 // the month's Skills Development Levy of every employee, cents
}

// File is a built submission file.
type File struct {
	Name    string // <CSN><MMMYYYY><advice code>.DTL
	Text    string // the records, each ending CRLF
	Records int
	// Summaries are the summary amounts by payment code, cents; Total is
	// their sum (the trailer's amount).
	Summaries map[string]int64
	Total     int64
}

var accountPattern = regexp.MustCompile(`^[ST][0-9]{7}[A-Z]$`)
var advicePattern = regexp.MustCompile(`^[0-9]{2}$`)

// singapore is UTC+8 (no daylight saving), fixed so the build needs no
// time zone database.
var singapore = time.FixedZone("SGT", 8*3600)

// Build writes the file. A value the layout cannot carry (a negative
// amount, an account number that is not S/T + 7 digits + letter, a name
// longer than 66 characters or with a character the file forbids, an
// amount too wide for its field) is an error naming it; nothing is
// truncated.
func Build(in Input) (File, error) {
	var errs []string
	if !advicePattern.MatchString(in.AdviceCode) || in.AdviceCode == "00" {
		errs = append(errs, "adviceCode must be two digits, 01 to 99")
	}
	month := in.Month.Format("200601")
	key := fmt.Sprintf("F%c%-10s%-3s%-2s %-2s", '?', in.CSN.UEN, in.CSN.PaymentType, in.CSN.Serial, in.AdviceCode)
	rec := func(typ byte, rest string) string {
		k := []byte(key)
		k[1] = typ
		return string(k) + rest
	}
	var cpfTotal int64
	var details []string
	shg, donors := map[string]int64{}, map[string]int64{}
	for _, e := range in.Employees {
		var funds int64
		for _, v := range e.Funds {
			funds += max(v, 0)
		}
		if e.Contribution <= 0 && funds <= 0 {
			continue
		}
		name := strings.ToUpper(strings.Join(strings.Fields(e.Name), " "))
		switch {
		case !accountPattern.MatchString(e.AccountNumber):
			errs = append(errs, fmt.Sprintf("%s: the CPF account number (NRIC) %q is not S or T, seven digits and a check letter", name, e.AccountNumber))
		case len(name) == 0 || len(name) > 66:
			errs = append(errs, fmt.Sprintf("employee %s: the name must be 1 to 66 characters (it is %d)", e.AccountNumber, len(name)))
		case strings.ContainsAny(name, forbidden) || !ascii(name):
			errs = append(errs, fmt.Sprintf("employee %s: the name %q has a character the file does not allow (only ASCII, none of %s)", e.AccountNumber, name, forbidden))
		case e.OrdinaryWages < 0 || e.AdditionalWages < 0:
			errs = append(errs, fmt.Sprintf("employee %s: negative wages cannot be submitted", e.AccountNumber))
		case !strings.ContainsRune("ELNO", rune(e.Status)) || e.Status == 0:
			errs = append(errs, fmt.Sprintf("employee %s: employment status %q is not E, L, N or O", e.AccountNumber, e.Status))
		}
		if e.Contribution > 0 {
			amt, err1 := num(e.Contribution, 12)
			ow, err2 := num(e.OrdinaryWages, 10)
			aw, err3 := num(e.AdditionalWages, 10)
			if err := errors.Join(err1, err2, err3); err != nil {
				errs = append(errs, fmt.Sprintf("employee %s: %v", e.AccountNumber, err))
				continue
			}
			cpfTotal += e.Contribution
			details = append(details, rec(RecordDetail, month+CodeCPF+fmt.Sprintf("%-9s", e.AccountNumber)+amt+ow+aw+string(e.Status)+
				fmt.Sprintf("%-66s", name)+strings.Repeat(" ", 14)))
		}
		// A self-help group detail: the fund's code and the amount; no
		// wages (zeros) and no employment status (blank) (note).
		for _, code := range summaryOrder {
			v := e.Funds[code]
			if !fundCode(code) || v == 0 {
				continue
			}
			amt, err := num(v, 12)
			if err != nil {
				errs = append(errs, fmt.Sprintf("employee %s: fund %s: %v", e.AccountNumber, code, err))
				continue
			}
			shg[code] += v
			donors[code]++
			details = append(details, rec(RecordDetail, month+code+fmt.Sprintf("%-9s", e.AccountNumber)+amt+strings.Repeat("0", 20)+" "+
				fmt.Sprintf("%-66s", name)+strings.Repeat(" ", 14)))
		}
	}
	if in.SDL < 0 {
		errs = append(errs, "the SDL total is negative")
	}
	if len(errs) > 0 {
		return File{}, errors.New(strings.Join(errs, "; "))
	}
	sums := map[string]int64{CodeCPF: cpfTotal}
	if in.SDL > 0 {
		sums[CodeSDL] = in.SDL
	}
	for code, v := range shg {
		sums[code] = v
	}
	created := in.Created.In(singapore)
	records := []string{rec(RecordHeader, created.Format("20060102")+created.Format("150405")+fmt.Sprintf("%-13s", "FTP.DTL")+strings.Repeat(" ", 103))}
	var total int64
	for _, code := range summaryOrder {
		v, ok := sums[code]
		if !ok {
			continue
		}
		amt, err1 := num(v, 12)
		count, err2 := num(donors[code], 7) // donors: the self-help group funds only
		if err := errors.Join(err1, err2); err != nil {
			return File{}, fmt.Errorf("summary %s: %w", code, err)
		}
		total += v
		records = append(records, rec(RecordSummary, month+code+amt+count+strings.Repeat(" ", 103)))
	}
	records = append(records, details...)
	count, err1 := num(int64(len(records)+1), 7)
	amt, err2 := num(total, 15)
	if err := errors.Join(err1, err2); err != nil {
		return File{}, fmt.Errorf("trailer: %w", err)
	}
	records = append(records, rec(RecordTrailer, count+amt+strings.Repeat(" ", 108)))
	for i, r := range records {
		if len(r) != RecordLength {
			return File{}, fmt.Errorf("record %d is %d bytes, not %d", i+1, len(r), RecordLength)
		}
	}
	name := in.CSN.String() + strings.ToUpper(in.Month.Format("Jan2006")) + in.AdviceCode + ".DTL"
	return File{Name: name, Text: strings.Join(records, "\r\n") + "\r\n", Records: len(records), Summaries: sums, Total: total}, nil
}

// num is a zero-padded unsigned number of width digits (amounts in cents:
// the layout's 9(n)V99 has an implied decimal point).
func num(v int64, width int) (string, error) {
	if v < 0 {
		return "", fmt.Errorf("negative amount %d cents", v)
	}
	s := strconv.FormatInt(v, 10)
	if len(s) > width {
		return "", fmt.Errorf("amount %d is wider than its %d-digit field", v, width)
	}
	return strings.Repeat("0", width-len(s)) + s, nil
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
