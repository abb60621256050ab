// Package paydayfiling writes New Zealand payday filing returns: the
// Employment Information (EI) file an employer uploads to Inland Revenue
// through myIR for each paydate, in the layout of IR's "Payday Filing File
// Upload Specification" (header record HEI2, employee lines DEI; facts
// and sources in docs/reference/nz-payday-filing.md). Amounts are in
// cents, hours in hundredths, dates CCYYMMDD, fields comma-separated with
// no quoting, so a value must not hold a comma or a quotation mark.
package paydayfiling

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/employee"
)

// Header is the employer's part of an EI (HEI2).
type Header struct {
	EmployerIRD     string // 8 or 9 digits
	Paydate         time.Time
	Final           bool // the employer has ceased employing
	IntermediaryIRD string
	ContactName     string // at most 20 characters
	ContactPhone    string // at most 12
	ContactEmail    string // at most 60
	Package         string // payroll package and version, at most 80
}

// Line is one employee line (DEI): amounts in cents, hours in hundredths.
type Line struct {
	EmployeeIRD       string // "" when the employee has given none
	Name              string
	TaxCode           string
	Started, Finished time.Time // zero unless in the pay period
	PeriodStart       time.Time
	PeriodEnd         time.Time
	PayCycle          string // WK, FT, 4W, MT, DA, AH or HM
	HoursE2           int64
	Gross             int64
	NotACCLiable      int64
	LumpSum           bool
	PAYE              int64
	ChildSupport      int64
	ChildSupportCode  string
	StudentLoan       int64
	KiwiSaver         int64
	KiwiSaverEmployer int64 // net of ESCT
	ESCT              int64
}

// Totals are the header's sums of the lines.
type Totals struct {
	Lines                                                           int
	Gross, NotACCLiable, PAYE, ChildSupport, StudentLoan, KiwiSaver int64
	KiwiSaverEmployer, ESCT, Deducted                               int64
}

// Sum adds up lines as the header reports them; Deducted is every amount
// the employer pays IR for the paydate (PAYE, child support, student loan,
// KiwiSaver employee and net employer contributions, ESCT).
func Sum(lines []Line) Totals {
	t := Totals{Lines: len(lines)}
	for _, l := range lines {
		t.Gross += l.Gross
		t.NotACCLiable += l.NotACCLiable
		t.PAYE += l.PAYE
		t.ChildSupport += l.ChildSupport
		t.StudentLoan += l.StudentLoan
		t.KiwiSaver += l.KiwiSaver
		t.KiwiSaverEmployer += l.KiwiSaverEmployer
		t.ESCT += l.ESCT
	}
	t.Deducted = t.PAYE + t.ChildSupport + t.StudentLoan + t.KiwiSaver + t.KiwiSaverEmployer + t.ESCT
	return t
}

// PayCycles maps a pay schedule's frequency to the EI's pay cycle code.
var PayCycles = map[string]string{"Weekly": "WK", "Fortnightly": "FT", "FourWeekly": "4W", "Monthly": "MT", "HalfMonthly": "HM", "Daily": "DA"}

// EI writes the file: the header, then one line per employee, each record
// ending with a line feed (as IR's sample files). A value the layout
// cannot carry (a missing required item, a comma, an IRD number that fails
// its check digit) is an error naming the item.
func EI(h Header, lines []Line) ([]byte, error) {
	var errs []error
	field := func(what, v string, max int, required bool) string {
		v = strings.TrimSpace(v)
		switch {
		case required && v == "":
			errs = append(errs, fmt.Errorf("%s is required", what))
		case strings.ContainsAny(v, `,"[]\`):
			errs = append(errs, fmt.Errorf("%s %q holds a comma, quotation mark, bracket or backslash", what, v))
		case len(v) > max:
			errs = append(errs, fmt.Errorf("%s %q is longer than %d characters", what, v, max))
		}
		return v
	}
	employer, ok := IRD(h.EmployerIRD)
	if !ok {
		errs = append(errs, fmt.Errorf("the employer's IRD number %q is not a valid IRD number", h.EmployerIRD))
	}
	inter := ""
	if h.IntermediaryIRD != "" {
		if inter, ok = IRD(h.IntermediaryIRD); !ok {
			errs = append(errs, fmt.Errorf("the PAYE intermediary's IRD number %q is not a valid IRD number", h.IntermediaryIRD))
		}
	}
	email := field("the payroll contact's email", h.ContactEmail, 60, true)
	if email != "" && (!strings.Contains(email, "@") || strings.Contains(email, "..") || strings.Trim(email, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@-_.") != "") {
		errs = append(errs, fmt.Errorf("the payroll contact's email %q has characters IR does not accept (A-Z, a-z, 0-9, @ - _ .)", email))
	}
	t := Sum(lines)
	yn := map[bool]string{true: "Y", false: "N"}
	head := []string{"HEI2", employer, date(h.Paydate), yn[h.Final], yn[len(lines) == 0], inter,
		field("the payroll contact's name", h.ContactName, 20, true), field("the payroll contact's phone number", h.ContactPhone, 12, true), email,
		n(int64(t.Lines)), n(t.Gross), "0", n(t.NotACCLiable), n(t.PAYE), "0", n(t.ChildSupport), n(t.StudentLoan), "0", "0",
		n(t.KiwiSaver), n(t.KiwiSaverEmployer), n(t.ESCT), n(t.Deducted), "0", "0", "0",
		field("the payroll package", h.Package, 80, true), "0001"}
	var b strings.Builder
	b.WriteString(strings.Join(head, ",") + "\n")
	for i, l := range lines {
		who := fmt.Sprintf("line %d (%s)", i+1, l.Name)
		ird := "000000000"
		if l.EmployeeIRD != "" {
			if ird, ok = IRD(l.EmployeeIRD); !ok {
				errs = append(errs, fmt.Errorf("%s: IRD number %q is not a valid IRD number", who, l.EmployeeIRD))
			}
		}
		for _, v := range []int64{l.HoursE2, l.Gross, l.NotACCLiable, l.PAYE, l.ChildSupport, l.StudentLoan, l.KiwiSaver, l.KiwiSaverEmployer, l.ESCT} {
			if v < 0 {
				errs = append(errs, fmt.Errorf("%s: a negative amount (%d) cannot be reported on an EI line; report it as a prior period adjustment", who, v))
				break
			}
		}
		lump := "0"
		if l.LumpSum {
			lump = "1"
		}
		rec := []string{"DEI", ird, field(who+": the employee's name", l.Name, 255, true), field(who+": the tax code", l.TaxCode, 5, true),
			date(l.Started), date(l.Finished), date(l.PeriodStart), date(l.PeriodEnd), field(who+": the pay cycle", l.PayCycle, 2, true),
			n(l.HoursE2), n(l.Gross), "0", n(l.NotACCLiable), lump, n(l.PAYE), "0", n(l.ChildSupport), l.ChildSupportCode,
			n(l.StudentLoan), "0", "0", n(l.KiwiSaver), n(l.KiwiSaverEmployer), n(l.ESCT), "0", "0", "0"}
		b.WriteString(strings.Join(rec, ",") + "\n")
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return []byte(b.String()), nil
}

// HeaderFields and LineFields are how many fields each record has.
const (
	HeaderFields = 28
	LineFields   = 27
)

func n(v int64) string { return strconv.FormatInt(v, 10) }

func date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("20060102")
}

// IRD is an IRD number as the file writes it (nine digits, an eight-digit
// number with a leading zero) and whether it passes IR's check-digit
// validation (employee.ValidIRD).
func IRD(s string) (string, bool) {
	d := strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(s))
	if len(d) == 8 {
		d = "0" + d
	}
	return d, employee.ValidIRD(d)
}
