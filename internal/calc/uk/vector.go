package uk

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// CheckVector computes one UK row of a vector file (payroll-rules.md §7,
// payroll-rules-2026-27.md §6). Row kinds, by the period column's
// ';'-separated tokens (first the frequency):
//
//	PAYE:         basis=cumulative|W1M1, p=N, pay_to_date=X, tax_to_date_before=Y
//	              (cumulative only), code = tax code, region UK-rUK/UK-SCT/UK-WLS
//	NI:           NI-employee or NI-employer, optional p=N, code = NI-cat-X
//	Student loan: student-loan, code = plan1|plan2|plan4|plan5|pgl|postgrad;
//	              or postgrad (postgraduate-loan), code naming the loan
//
// A token "YYYY-YY" names the tax year (default 2025-26). Any other token,
// region or code is an error: a row is never skipped silently.
func (Engine) CheckVector(v calc.Vector) (payroll.Money, *calc.Rule, error) {
	if err := checkAmount("gross", v.Gross); err != nil {
		return payroll.Money{}, nil, fmt.Errorf("uk vector line %d: %w", v.Line, err)
	}
	row, err := parseRow(v)
	if err != nil {
		return payroll.Money{}, nil, fmt.Errorf("uk vector line %d: %w", v.Line, err)
	}
	got, rule, err := row.compute(v)
	if err != nil {
		return payroll.Money{}, nil, fmt.Errorf("uk vector line %d: %w", v.Line, err)
	}
	return got, rule, nil
}

type rowKind uint8

const (
	rowUnknown rowKind = iota
	rowPAYE
	rowNIEmployee
	rowNIEmployer
	rowLoan
)

type vectorRow struct {
	kind       rowKind
	year       *Year
	freq       calc.Frequency
	period     int
	basis      string
	payToDate  payroll.Money
	taxBefore  payroll.Money
	havePTD    bool
	haveBefore bool
	postgrad   bool // the period names the postgraduate loan ("postgrad")
}

var frequencyNames = map[string]calc.Frequency{
	"weekly": calc.Weekly, "fortnightly": calc.Fortnightly, "fourweekly": calc.FourWeekly,
	"four-weekly": calc.FourWeekly, "monthly": calc.Monthly, "quarterly": calc.Quarterly,
	"annually": calc.Annually, "annual": calc.Annually,
}

func parseRow(v calc.Vector) (*vectorRow, error) {
	toks := strings.Split(v.Period, ";")
	row := &vectorRow{year: &year2025}
	f, ok := frequencyNames[strings.ToLower(strings.TrimSpace(toks[0]))]
	if !ok {
		return nil, fmt.Errorf("period %q: unknown frequency %q", v.Period, toks[0])
	}
	row.freq = f
	setKind := func(k rowKind) error {
		if row.kind != rowUnknown && row.kind != k {
			return fmt.Errorf("period %q: mixes row kinds", v.Period)
		}
		row.kind = k
		return nil
	}
	yearSet := false
	for _, t := range toks[1:] {
		t = strings.TrimSpace(t)
		key, val, hasEq := strings.Cut(t, "=")
		var err error
		switch {
		case hasEq && key == "p":
			// p=0 appears in HMRC's NIC data (period-independent rows);
			// PAYE rows need p ≥ 1 (checked below).
			row.period, err = strconv.Atoi(val)
			if err == nil && (row.period < 0 || row.period > maxPeriod) {
				err = fmt.Errorf("period number %d", row.period)
			}
		case hasEq && key == "basis":
			if val != "cumulative" && val != "W1M1" {
				return nil, fmt.Errorf("period %q: basis %q", v.Period, val)
			}
			row.basis = val
			err = setKind(rowPAYE)
		case hasEq && key == "pay_to_date":
			row.payToDate, err = payroll.ParseMoney(val)
			if err == nil {
				err = checkAmount("pay to date", row.payToDate)
			}
			row.havePTD = true
		case hasEq && key == "tax_to_date_before":
			row.taxBefore, err = payroll.ParseMoney(val)
			if err == nil {
				err = checkAmount("tax to date", row.taxBefore)
			}
			row.haveBefore = true
		case t == "NI-employee":
			err = setKind(rowNIEmployee)
		case t == "NI-employer":
			err = setKind(rowNIEmployer)
		case t == "student-loan":
			err = setKind(rowLoan)
		case strings.EqualFold(t, "postgrad") || strings.EqualFold(t, "postgraduate-loan"):
			row.postgrad = true
			err = setKind(rowLoan)
		case isYearName(t):
			if yearSet {
				return nil, fmt.Errorf("period %q: two tax years", v.Period)
			}
			yearSet = true
			row.year, err = yearNamed(t)
		default:
			return nil, fmt.Errorf("period %q: unknown token %q", v.Period, t)
		}
		if err != nil {
			return nil, fmt.Errorf("period %q: %w", v.Period, err)
		}
	}
	switch row.kind {
	case rowUnknown:
		return nil, fmt.Errorf("period %q: unknown row kind", v.Period)
	case rowPAYE:
		if row.period < 1 {
			return nil, fmt.Errorf("period %q: PAYE row without p=N (N ≥ 1)", v.Period)
		}
		if row.basis == "cumulative" && (!row.havePTD || !row.haveBefore) {
			return nil, fmt.Errorf("period %q: cumulative PAYE row without pay_to_date and tax_to_date_before", v.Period)
		}
		if row.basis == "W1M1" && (row.havePTD || row.haveBefore) {
			return nil, fmt.Errorf("period %q: week-1/month-1 row with year-to-date figures", v.Period)
		}
	default:
		if row.basis != "" || row.havePTD || row.haveBefore {
			return nil, fmt.Errorf("period %q: PAYE fields on a non-PAYE row", v.Period)
		}
	}
	return row, nil
}

// isYearName matches "2025-26".
func isYearName(s string) bool {
	if len(s) != 7 || s[4] != '-' {
		return false
	}
	for i, c := range []byte(s) {
		if i != 4 && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// jurisdictionOf maps a PAYE row's region (UK-rUK, UK-SCT, UK-WLS; any
// case, as the dispatcher matches regions) to its band set.
func jurisdictionOf(region string) (Jurisdiction, bool) {
	for j, name := range [...]string{RUK: "UK-rUK", Scotland: "UK-SCT", Wales: "UK-WLS"} {
		if strings.EqualFold(region, name) {
			return Jurisdiction(j), true
		}
	}
	return 0, false
}

func (row *vectorRow) compute(v calc.Vector) (payroll.Money, *calc.Rule, error) {
	y := row.year
	switch row.kind {
	case rowPAYE:
		jur, ok := jurisdictionOf(v.Region)
		if !ok {
			return payroll.Money{}, nil, fmt.Errorf("PAYE row in region %q (want UK-rUK, UK-SCT or UK-WLS)", v.Region)
		}
		code, err := ParseTaxCode(v.Code)
		if err != nil {
			return payroll.Money{}, nil, err
		}
		// NT carries no jurisdiction: HMRC's Scottish and Welsh data use
		// plain "NT".
		if code.Jurisdiction != jur && code.Kind != CodeNT {
			return payroll.Money{}, nil, fmt.Errorf("tax code %q in region %s", v.Code, v.Region)
		}
		shape, err := shapeOf(row.freq)
		if err != nil {
			return payroll.Money{}, nil, err
		}
		in := payeIn{code: code, shape: shape, period: row.period, pay: v.Gross, w1m1: row.basis == "W1M1"}
		if !in.w1m1 {
			in.payBefore = row.payToDate.Sub(v.Gross)
			in.taxBefore = row.taxBefore
		}
		var buf [12]calc.Term
		tax, rule, _, err := y.paye(&in, buf[:0])
		return tax, rule, err
	case rowNIEmployee, rowNIEmployer:
		if !strings.EqualFold(v.Region, calc.UK) {
			return payroll.Money{}, nil, fmt.Errorf("NI row in region %q", v.Region)
		}
		letter, ok := strings.CutPrefix(v.Code, "NI-cat-")
		if !ok {
			return payroll.Money{}, nil, fmt.Errorf("NI row code %q (want NI-cat-X)", v.Code)
		}
		l, err := parseCategory(letter)
		if err != nil {
			return payroll.Money{}, nil, err
		}
		cat, ok := y.category(l)
		if !ok {
			return payroll.Money{}, nil, fmt.Errorf("%s: NI category %q unknown", y.Name, letter)
		}
		th, err := y.niThresholds(row.freq)
		if err != nil {
			return payroll.Money{}, nil, err
		}
		ee, er := niParts(cat, &th, v.Gross)
		if row.kind == rowNIEmployee {
			return ee, y.rules.niEE[l], nil
		}
		return er, y.rules.niER[l], nil
	case rowLoan:
		if !strings.EqualFold(v.Region, calc.UK) {
			return payroll.Money{}, nil, fmt.Errorf("student loan row in region %q", v.Region)
		}
		plan, ok := loanCodes[strings.ToLower(v.Code)]
		if row.postgrad && (!ok || plan == pglPlan) {
			// A postgrad row's code may restate the loan in any form
			// ("PGL-6%"); only another plan's name contradicts it.
			plan, ok = pglPlan, true
		} else if row.postgrad {
			return payroll.Money{}, nil, fmt.Errorf("postgraduate loan row with code %q", v.Code)
		}
		if !ok {
			return payroll.Money{}, nil, fmt.Errorf("student loan code %q (want plan1, plan2, plan4, plan5, pgl or postgrad)", v.Code)
		}
		p, ok := y.loan(plan)
		if !ok {
			return payroll.Money{}, nil, fmt.Errorf("%s: no student loan %s", y.Name, v.Code)
		}
		shape, err := shapeOf(row.freq)
		if err != nil {
			return payroll.Money{}, nil, err
		}
		_, amount := loanDeduction(p, shape, v.Gross)
		return amount, y.rules.loan[plan], nil
	}
	return payroll.Money{}, nil, fmt.Errorf("unknown row kind")
}

var loanCodes = map[string]calc.UKLoanPlan{
	"plan1": calc.LoanPlan1, "plan2": calc.LoanPlan2, "plan4": calc.LoanPlan4, "plan5": calc.LoanPlan5,
	"pgl": pglPlan, "postgrad": pglPlan, "postgraduate": pglPlan, "postgraduate-loan": pglPlan,
}
