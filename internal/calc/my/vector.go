package my

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Vector rows (internal/calc/vectors format, region MY). The period
// column is "monthly;<kind>[;<calendar year>][;key=value...]"; rows
// without a year are 2026. Kinds:
//
//   - EPF-employee, EPF-employer: code is the Third Schedule part (A, C,
//     E, F), gross the month's EPF wages; key bonus= (the part of gross
//     that is a bonus), date= (the payment date, for Part F in 2025).
//   - SOCSO-employee, SOCSO-employer: code First or Second; gross the
//     month's wages. EIS-employee, EIS-employer: gross the wages.
//     LINDUNG24: gross the wages; date= the payment date (from June 2026).
//   - HRD: code the levy rate ("1%", "0.5%"), gross the levy wages.
//   - PCB, PCB-normal, PCB-additional, PCB-P, PCB-tax: the month's PCB
//     (after zakat), the MTD on normal / additional remuneration, the
//     year's chargeable income and tax on normal remuneration. Code is
//     "resident-cat1|2|3" or "nonresident"; gross is Y1 (normal
//     remuneration). Keys: m= month (1-12, required), epf= K1, bonus= Yt,
//     bonusepf= Kt, ytd= Y, ytdepf= K, ytdpcb= X, ytdzakat= Z, ytdlp= ΣLP,
//     lp= LP1, zakat= this month's, bik= benefits in kind; children:
//     u18=, study=, higher=, dis=, dishigher= (claimed in full) and the
//     same with an h prefix (hu18= ...) for shared claims; self
//     disability disabled=1, spousedisabled=1.
//
// A row the engine cannot place is an error, never skipped.

var yearRe = regexp.MustCompile(`^\s*(20\d\d)\s*$`)

func normKind(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// CheckVector computes one MY vector row.
func (Engine) CheckVector(v calc.Vector) (payroll.Money, *calc.Rule, error) {
	fail := func(err error) (payroll.Money, *calc.Rule, error) { return payroll.Money{}, nil, err }
	if v.Region != calc.MY {
		return fail(fmt.Errorf("my: row region %q", v.Region))
	}
	segs := strings.Split(v.Period, ";")
	if len(segs) < 2 || normKind(segs[0]) != "monthly" {
		return fail(fmt.Errorf("my: row period %q: want monthly;<kind>", v.Period))
	}
	kind := normKind(segs[1])
	yname := "2026"
	keys := map[string]string{}
	for _, s := range segs[2:] {
		if mm := yearRe.FindStringSubmatch(s); mm != nil {
			yname = mm[1]
			continue
		}
		k, val, ok := strings.Cut(s, "=")
		if !ok {
			return fail(fmt.Errorf("my: row period segment %q unknown", s))
		}
		keys[normKind(k)] = strings.TrimSpace(val)
	}
	y, err := yearByName(yname)
	if err != nil {
		return fail(err)
	}
	if v.Gross.IsNeg() || v.Gross.Cmp(maxAmount) > 0 {
		return fail(errRange)
	}
	money := func(k string) (payroll.Money, error) {
		s, ok := keys[k]
		if !ok {
			return payroll.Money{}, nil
		}
		delete(keys, k)
		a, err := payroll.ParseMoney(s)
		if err == nil && (a.IsNeg() || a.Cmp(maxAmount) > 0) {
			err = errRange
		}
		if err != nil {
			return payroll.Money{}, fmt.Errorf("my: row key %s: %w", k, err)
		}
		return a, nil
	}
	pay := y.start.AddDate(0, 11, 0) // December: every schedule of the year in force
	if s, ok := keys["date"]; ok {
		delete(keys, "date")
		if pay, err = time.Parse(time.DateOnly, s); err != nil || pay.Before(y.start) || !pay.Before(y.end) {
			return fail(fmt.Errorf("my: row date %q is not in %s", s, y.name))
		}
	}
	done := func(amt payroll.Money, rule *calc.Rule) (payroll.Money, *calc.Rule, error) {
		for k := range keys {
			return fail(fmt.Errorf("my: row key %q unknown for %s", k, segs[1]))
		}
		return amt, rule, nil
	}

	switch kind {
	case "epfemployee", "epfemployer":
		bonus, err := money("bonus")
		if err != nil {
			return fail(err)
		}
		part, ok := epfPeriodOf(y, pay).parts[strings.ToUpper(strings.TrimSpace(v.Code))]
		if !ok {
			return fail(fmt.Errorf("my: EPF part %q not in force on %s", v.Code, pay.Format(time.DateOnly)))
		}
		if bonus.Cmp(v.Gross) > 0 {
			return fail(fmt.Errorf("my: bonus above the wages"))
		}
		_, ee, er := epfShares(part, v.Gross, v.Gross.Sub(bonus))
		if kind == "epfemployee" {
			return done(ee, part.rule)
		}
		return done(er, part.rule)
	case "socsoemployee", "socsoemployer", "eisemployee", "eisemployer", "lindung24":
		var c contributionRow
		if v.Gross.IsPos() {
			_, row := contributionRowFor(v.Gross)
			c = *row
		}
		code := normKind(v.Code)
		switch kind {
		case "socsoemployee", "socsoemployer":
			switch code {
			case "first":
				if kind == "socsoemployee" {
					return done(payroll.MoneyFromMinor(c.socsoEE1), y.socsoRule1)
				}
				return done(payroll.MoneyFromMinor(c.socsoER1), y.socsoRule1)
			case "second":
				if kind == "socsoemployee" {
					return done(payroll.Money{}, y.socsoRule2)
				}
				return done(payroll.MoneyFromMinor(c.socsoER2), y.socsoRule2)
			}
			return fail(fmt.Errorf("my: SOCSO category %q (First, Second)", v.Code))
		case "lindung24":
			lp := lindungPeriodOf(y, pay)
			if lp == nil {
				return fail(fmt.Errorf("my: LINDUNG 24 Jam not in force on %s", pay.Format(time.DateOnly)))
			}
			return done(payroll.MoneyFromMinor(c.lindung24), lp.rule)
		}
		return done(payroll.MoneyFromMinor(c.eisE), y.eisRule)
	case "hrd":
		p := strings.TrimSuffix(strings.TrimSpace(v.Code), "%")
		rate, err := payroll.ParseRate(p)
		if err != nil {
			return fail(fmt.Errorf("my: HRD levy rate %q", v.Code))
		}
		return done(v.Gross.Mul(payroll.Percent(rate)).RoundHalfUp(2), y.hrdRule)
	case "pcb", "pcbnormal", "pcbadditional", "pcbp", "pcbtax":
		return checkPCB(y, kind, v, keys, money, done)
	}
	return fail(fmt.Errorf("my: row kind %q unknown", segs[1]))
}

func checkPCB(y *year, kind string, v calc.Vector, keys map[string]string, money func(string) (payroll.Money, error),
	done func(payroll.Money, *calc.Rule) (payroll.Money, *calc.Rule, error)) (payroll.Money, *calc.Rule, error) {
	fail := func(err error) (payroll.Money, *calc.Rule, error) { return payroll.Money{}, nil, err }
	ms, ok := keys["m"]
	month, err := strconv.Atoi(ms)
	if !ok || err != nil || month < 1 || month > 12 {
		return fail(fmt.Errorf("my: PCB row needs m= the month (1-12)"))
	}
	delete(keys, "m")
	emp := &calc.MYEmployee{}
	in := pcbIn{month: month, emp: emp, y1: v.Gross}
	for _, f := range []struct {
		key string
		to  *payroll.Money
	}{{"epf", &in.k1}, {"bonus", &in.yt}, {"bonusepf", &in.kt}, {"ytd", &emp.YTD.Remuneration}, {"ytdepf", &emp.YTD.EPF},
		{"ytdpcb", &emp.YTD.PCB}, {"ytdzakat", &emp.YTD.Zakat}, {"ytdlp", &emp.YTD.TaxRelief}, {"lp", &emp.TaxRelief},
		{"zakat", &emp.Zakat}, {"bik", &emp.BenefitsInKind}} {
		if *f.to, err = money(f.key); err != nil {
			return fail(err)
		}
	}
	in.y1 = in.y1.Add(emp.BenefitsInKind)
	count := func(k string) (int, error) {
		s, ok := keys[k]
		if !ok {
			return 0, nil
		}
		delete(keys, k)
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 100 {
			return 0, fmt.Errorf("my: row key %s=%q", k, s)
		}
		return n, nil
	}
	for _, f := range []struct {
		key string
		to  *int
	}{{"u18", &emp.Children.Under18}, {"study", &emp.Children.Studying}, {"higher", &emp.Children.HigherEducation},
		{"dis", &emp.Children.Disabled}, {"dishigher", &emp.Children.DisabledHigherEducation},
		{"hu18", &emp.ChildrenHalf.Under18}, {"hstudy", &emp.ChildrenHalf.Studying}, {"hhigher", &emp.ChildrenHalf.HigherEducation},
		{"hdis", &emp.ChildrenHalf.Disabled}, {"hdishigher", &emp.ChildrenHalf.DisabledHigherEducation}} {
		if *f.to, err = count(f.key); err != nil {
			return fail(err)
		}
	}
	for _, f := range []struct {
		key string
		to  *bool
	}{{"disabled", &emp.Disabled}, {"spousedisabled", &emp.SpouseDisabled}} {
		n, err := count(f.key)
		if err != nil || n > 1 {
			return fail(fmt.Errorf("my: row key %s: 0 or 1", f.key))
		}
		*f.to = n == 1
	}
	code := normKind(v.Code)
	if code == "nonresident" {
		emp.NonResident = true
		o := pcbNonResident(&y.pcb, in)
		if kind != "pcb" {
			return fail(fmt.Errorf("my: a non-resident row checks the PCB only"))
		}
		return done(o.pcb, y.pcb.nonResRule)
	}
	switch code {
	case "residentcat1":
		emp.MaritalStatus = calc.MYSingle
	case "residentcat2":
		emp.MaritalStatus = calc.MYMarried
	case "residentcat3":
		emp.MaritalStatus, emp.SpouseWorking = calc.MYMarried, true
	default:
		return fail(fmt.Errorf("my: PCB code %q (resident-cat1|2|3, nonresident)", v.Code))
	}
	if code == "residentcat1" && emp.Children.Total()+emp.ChildrenHalf.Total() > 0 {
		return fail(fmt.Errorf("my: category 1 has no children"))
	}
	o := pcbResident(&y.pcb, in)
	switch kind {
	case "pcbnormal":
		return done(o.normal, y.pcb.rule)
	case "pcbadditional":
		return done(o.addl, y.pcb.rule)
	case "pcbp":
		return done(o.p, y.pcb.rule)
	case "pcbtax":
		return done(o.tax, y.pcb.rule)
	}
	return done(o.pcb, y.pcb.rule)
}
