package nz

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Vector rows (reference vectors-sample*.csv, NZ region). The period column
// is either
//
//	annual-income-tax(<year> year, ...)          annual tax on the brackets
//
// or "<frequency>;<kind>[;<income year>][;key=value...]" with frequency
// weekly, fortnightly, four-weekly, monthly, quarterly or annual and kind
//
//	ACC-earners-levy      code e.g. ACC-EL-1.75% (the rate must be the year's)
//	PAYE                  code = tax code (M, ME, S, "M SL", ...); figure paye
//	KiwiSaver-employee    code e.g. KS-3.5% (employee rate; none = default)
//	KiwiSaver-employer    code e.g. KS-3.5% (employer rate; none = minimum)
//	ESCT                  (also employer-ESCT, KiwiSaver-employer-ESCT, ...)
//	                      code e.g. ESCT-30% (ESCT band; none = threshold
//	                      amount estimated from the period), may also state
//	                      the employer rate (KS-4%; none = minimum); gross =
//	                      salary/wages, ESCT on the employer contribution
//	KiwiSaver-employer-net  the employer contribution less ESCT; code as ESCT
//	student-loan          code e.g. SL-12%, "M SL", "S SL" (secondary codes
//	                      repay on all pay)
//
// The income year is a "2025-26" style marker anywhere in period; rows
// without one are 2025-26. Known keys: ytd= (ACC liable earnings to date),
// threshold= (ESCT rate threshold amount), taxcode=. Anything else is an
// error: a row is never skipped.

var (
	yearRe = regexp.MustCompile(`\b(20\d\d-\d\d)\b`)
	pctRe  = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*%`)
)

// normKind lowercases and drops separators: "ACC-earners-levy" -> "accearnerslevy".
func normKind(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func parseFreq(s string) (calc.Frequency, bool) {
	switch normKind(s) {
	case "weekly", "week":
		return calc.Weekly, true
	case "fortnightly", "fortnight":
		return calc.Fortnightly, true
	case "fourweekly", "4weekly":
		return calc.FourWeekly, true
	case "monthly", "month":
		return calc.Monthly, true
	case "quarterly":
		return calc.Quarterly, true
	case "annual", "annually", "yearly":
		return calc.Annually, true
	}
	return "", false
}

// codePercent is the rate a code states ("KS-3.5%" -> 0.035), if any.
func codePercent(code string) (payroll.Rate, bool, error) {
	mm := pctRe.FindStringSubmatch(code)
	if mm == nil {
		return payroll.Rate{}, false, nil
	}
	p, err := payroll.ParseRate(mm[1])
	if err != nil {
		return payroll.Rate{}, false, err
	}
	return payroll.Percent(p), true, nil
}

// CheckVector computes one NZ vector row.
func (Engine) CheckVector(v calc.Vector) (payroll.Money, *calc.Rule, error) {
	if v.Region != calc.NZ {
		return payroll.Money{}, nil, fmt.Errorf("nz: row region %q", v.Region)
	}
	if v.Gross.Abs().Cmp(maxAmount) > 0 {
		return payroll.Money{}, nil, errRange
	}
	yname := "2025-26"
	if mm := yearRe.FindStringSubmatch(v.Period); mm != nil {
		yname = mm[1]
	}
	y, err := yearByName(yname)
	if err != nil {
		return payroll.Money{}, nil, err
	}
	period := strings.TrimSpace(v.Period)
	if strings.HasPrefix(strings.ToLower(period), "annual-income-tax") {
		if v.Gross.IsNeg() {
			return payroll.Money{}, nil, errNegative
		}
		return annualIncomeTax(y, v.Gross), y.annualRule, nil
	}

	segs := strings.Split(period, ";")
	if len(segs) < 2 {
		return payroll.Money{}, nil, fmt.Errorf("nz: row kind %q unknown", period)
	}
	freq, ok := parseFreq(segs[0])
	if !ok {
		return payroll.Money{}, nil, fmt.Errorf("nz: row frequency %q unknown", segs[0])
	}
	emp := calc.NZEmployee{TaxCode: "M"}
	for _, s := range segs[2:] {
		s = strings.TrimSpace(s)
		if s == yname {
			continue
		}
		k, val, ok := strings.Cut(s, "=")
		if !ok {
			return payroll.Money{}, nil, fmt.Errorf("nz: row period segment %q unknown", s)
		}
		switch normKind(k) {
		case "ytd":
			emp.ACCLiableEarningsYTD, err = payroll.ParseMoney(val)
		case "threshold":
			emp.ESCTRateThreshold, err = payroll.ParseMoney(val)
		case "taxcode":
			emp.TaxCode = val
		default:
			err = fmt.Errorf("nz: row period key %q unknown", k)
		}
		if err != nil {
			return payroll.Money{}, nil, err
		}
	}
	rate, hasRate, err := codePercent(v.Code)
	if err != nil {
		return payroll.Money{}, nil, err
	}

	var want string
	switch kind := esctKind(normKind(segs[1])); kind {
	case "accearnerslevy", "acclevy", "acc", "earnerslevy":
		if hasRate && rate.Cmp(y.accRate) != 0 {
			return payroll.Money{}, nil, fmt.Errorf("nz: row states ACC levy %s, the %s rate is %s", rate, y.name, y.accRate)
		}
		want = CodeACC
	case "paye", "tax", "incometax":
		emp.TaxCode = strings.TrimSpace(v.Code)
		want = CodePAYE
	case "kiwisaveremployee", "ksemployee", "kiwisaveremployeecontribution":
		emp.KiwiSaver = true
		if hasRate {
			emp.KiwiSaverRate = rate
			if y.ks.reducedRate.Cmp(rate) == 0 && y.ks.defaultRate.Cmp(rate) != 0 {
				emp.KiwiSaverRate, emp.KiwiSaverReducedRate = payroll.Rate{}, true
			}
		}
		want = CodeKSEmployee
	case "kiwisaveremployer", "ksemployer", "kiwisaveremployercontribution", "kiwisaveremployergross":
		emp.KiwiSaver = true
		if hasRate {
			emp.EmployerKiwiSaverRate = rate
		}
		want = CodeKSEmployer
	case "esct", "kiwisaveremployernet", "ksemployernet":
		// Each percent in the code is an ESCT band rate (10.5, 17.5, 30, 33,
		// 39: picks the band) or, when the code speaks of KiwiSaver / KS /
		// the employer, the employer's KiwiSaver rate (3.5, 4, ...).
		emp.KiwiSaver = true
		for _, mm := range pctRe.FindAllStringSubmatch(v.Code, -1) {
			p, err := payroll.ParseRate(mm[1])
			if err != nil {
				return payroll.Money{}, nil, err
			}
			p = payroll.Percent(p)
			if th, ok := thresholdFor(y.esct, p); ok {
				emp.ESCTRateThreshold = th
			} else if lc := strings.ToLower(v.Code); (strings.Contains(lc, "ks") || strings.Contains(lc, "employer") || strings.Contains(lc, "kiwisaver")) &&
				p.Cmp(y.ks.employerMin) >= 0 && p.Cmp(payroll.RateFromInt(1)) <= 0 {
				emp.EmployerKiwiSaverRate = p
			} else {
				return payroll.Money{}, nil, fmt.Errorf("nz: row states %s, neither a %s ESCT band nor an employer KiwiSaver rate", p, y.name)
			}
		}
		want = CodeESCT
		if kind != "esct" {
			want = codeKSEmployerNet
		}
	case "studentloan", "sl", "studentloanrepayment", "slrepayment", "studentloandeduction":
		emp.StudentLoan = true
		if hasRate && rate.Cmp(y.sl.rate) != 0 {
			return payroll.Money{}, nil, fmt.Errorf("nz: row states student loan rate %s, the %s rate is %s", rate, y.name, y.sl.rate)
		}
		if f := strings.Fields(v.Code); len(f) > 0 && len(f) <= 2 && (len(f) == 1 || f[1] == "SL") {
			if _, err := parseTaxCode(y, f[0]); err == nil {
				emp.TaxCode = f[0]
			}
		}
		want = CodeStudentLoan
	default:
		return payroll.Money{}, nil, fmt.Errorf("nz: row kind %q unknown", segs[1])
	}

	in := calc.Input{
		Region:    calc.NZ,
		TaxYear:   y.name,
		Frequency: freq,
		Earnings:  []calc.Earning{{Kind: calc.Ordinary, Amount: v.Gross}},
		NZ:        &emp,
	}
	res, err := calculate(y, &in)
	if err != nil {
		return payroll.Money{}, nil, err
	}
	if want == codeKSEmployerNet {
		er, _ := res.Get(CodeKSEmployer)
		esct, _ := res.Get(CodeESCT)
		return er.Amount.Sub(esct.Amount), y.esctRule, nil
	}
	f, ok := res.Get(want)
	if !ok {
		return payroll.Money{}, nil, fmt.Errorf("nz: no %s figure for the row", want)
	}
	return f.Amount, f.Rule, nil
}

// esctKind folds the names vector files give the employer ESCT row
// ("ESCT", "employer-ESCT", "KiwiSaver-employer-ESCT", "ESCT-employer",
// "employer superannuation contribution tax") onto "esct", and the
// employer contribution net of ESCT ("KiwiSaver-employer-net",
// "employer-net-of-ESCT") onto "kiwisaveremployernet"; other kinds pass
// unchanged.
func esctKind(k string) string {
	if !strings.Contains(k, "esct") && !strings.Contains(k, "superannuationcontributiontax") {
		return k
	}
	if strings.Contains(k, "net") {
		return "kiwisaveremployernet"
	}
	return "esct"
}

// codeKSEmployerNet marks a row asking for the employer contribution net
// of ESCT (kiwisaver.employer − esct); not a figure of its own.
const codeKSEmployerNet = "kiwisaver.employer-net"

// thresholdFor is the lowest ESCT rate threshold amount taxed at rate.
func thresholdFor(bs []bracket, rate payroll.Rate) (payroll.Money, bool) {
	var prev payroll.Money
	for _, b := range bs {
		if b.rate.Cmp(rate) == 0 {
			return prev.Add(payroll.MoneyFromInt(1)), true
		}
		prev = b.upTo
	}
	return payroll.Money{}, false
}
