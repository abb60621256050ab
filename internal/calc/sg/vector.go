package sg

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Vector rows (reference vectors-sample*.csv, SG region). The period column
// is "monthly;<kind>[;<calendar year>][;<age band>][;key=value...]" with
// kind CPF-employee, CPF-employer, CPF-total or SDL; rows without a year
// are 2025. The age band is in the period ("age<=55", "age>55<=60",
// "55<age<=60", "age>70") or in the code ("CPF-55-and-below",
// "CPF-above55-60", "CPF-above70"). The code may also carry the residency
// ("SC/SPR3+"; "SPR1"/"SPR2" for 1st/2nd-year SPRs at the G/G rates, age
// 55 and below only), the wage type ("OW",
// default, or "AW": gross is then an additional wage) and, for SDL, the
// rate ("SDL-0.25%", which must be the year's). Known keys: ow= (this
// month's OW beside an AW row), owytd=, awytd=, projected=. A row the
// engine cannot place is an error, never skipped.

var (
	calYearRe = regexp.MustCompile(`^\s*(20\d\d)\s*$`)
	numRe     = regexp.MustCompile(`\d+(?:\.\d+)?`)
	pctRe     = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*%`)
	sprRe     = regexp.MustCompile(`(?i)\bSPR\s*([123])`)
)

func normKind(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// parseBand finds an age band in s: ok=false when s names none.
func parseBand(y *year, s string) (idx int, ok bool, err error) {
	ls := strings.ToLower(s)
	var ages []int
	for _, n := range numRe.FindAllString(ls, -1) {
		a, err := strconv.Atoi(n)
		if err != nil {
			continue // decimals (rates) are not ages
		}
		for _, b := range y.bands {
			if b.maxAge == a {
				ages = append(ages, a)
				break
			}
		}
	}
	switch len(ages) {
	case 0:
		return 0, false, nil
	case 1:
		a := ages[0]
		below := strings.Contains(ls, "below") || strings.Contains(ls, "<=") || strings.Contains(ls, "≤") || strings.Contains(ls, "under")
		above := strings.Contains(ls, "above") || strings.Contains(ls, ">") || strings.Contains(ls, "over")
		switch {
		case below && !above && y.bands[0].maxAge == a:
			return 0, true, nil
		case above && !below && y.bands[len(y.bands)-2].maxAge == a:
			return len(y.bands) - 1, true, nil
		}
	case 2:
		lo, hi := ages[0], ages[1]
		for i := 1; i < len(y.bands); i++ {
			if y.bands[i-1].maxAge == lo && y.bands[i].maxAge == hi {
				return i, true, nil
			}
		}
	}
	return 0, false, fmt.Errorf("sg: age band %q unknown", s)
}

// CheckVector computes one SG vector row.
func (Engine) CheckVector(v calc.Vector) (payroll.Money, *calc.Rule, error) {
	fail := func(err error) (payroll.Money, *calc.Rule, error) { return payroll.Money{}, nil, err }
	if v.Region != calc.SG {
		return fail(fmt.Errorf("sg: row region %q", v.Region))
	}
	segs := strings.Split(v.Period, ";")
	if len(segs) < 2 {
		return fail(fmt.Errorf("sg: row kind %q unknown", v.Period))
	}
	if normKind(segs[0]) != "monthly" {
		return fail(fmt.Errorf("sg: row frequency %q: CPF is monthly", segs[0]))
	}
	kind := normKind(segs[1])
	switch kind {
	case "cpfemployeeshare", "cpfee":
		kind = "cpfemployee"
	case "cpfemployershare", "cpfer":
		kind = "cpfemployer"
	case "cpftotalcontribution", "cpf":
		kind = "cpftotal"
	case "skillsdevelopmentlevy":
		kind = "sdl"
	}
	switch kind {
	case "cpfemployee", "cpfemployer", "cpftotal", "sdl":
	default:
		return fail(fmt.Errorf("sg: row kind %q unknown", segs[1]))
	}
	yname := "2025"
	var rest []string
	for _, s := range segs[2:] {
		if mm := calYearRe.FindStringSubmatch(s); mm != nil {
			yname = mm[1]
		} else {
			rest = append(rest, s)
		}
	}
	y, err := yearByName(yname)
	if err != nil {
		return fail(err)
	}

	var ci cpfIn
	band, haveBand := 0, false
	setBand := func(s string) error {
		i, ok, err := parseBand(y, s)
		if err != nil || !ok {
			return err
		}
		if haveBand && i != band {
			return fmt.Errorf("sg: row names two age bands")
		}
		band, haveBand = i, true
		return nil
	}
	for _, s := range rest {
		if k, val, ok := strings.Cut(s, "="); ok && !strings.ContainsAny(k, "<>") {
			amt, err := payroll.ParseMoney(strings.TrimSpace(val))
			if err != nil {
				return fail(err)
			}
			switch normKind(k) {
			case "ow":
				ci.ow = amt
			case "owytd":
				ci.owYTD = amt
			case "awytd":
				ci.awYTD = amt
			case "projected", "projectedow":
				ci.projectedOW = amt
			default:
				return fail(fmt.Errorf("sg: row period key %q unknown", k))
			}
			continue
		}
		if err := setBand(s); err != nil {
			return fail(err)
		}
		if !haveBand {
			return fail(fmt.Errorf("sg: row period segment %q unknown", s))
		}
	}

	if kind == "sdl" {
		if p := pctRe.FindStringSubmatch(v.Code); p != nil {
			rate := payroll.Percent(payroll.MustRate(p[1]))
			if rate.Cmp(y.sdlRate) != 0 {
				return fail(fmt.Errorf("sg: row states SDL %s, the %s rate is %s", rate, y.name, y.sdlRate))
			}
		}
		if v.Gross.IsNeg() {
			return fail(errNegative)
		}
		if v.Gross.Cmp(maxAmount) > 0 {
			return fail(errRange)
		}
		_, levy := sdl(y, v.Gross)
		return levy, y.sdlRule, nil
	}

	spr := 0 // 1st/2nd-year SPR, or 0
	if mm := sprRe.FindStringSubmatch(v.Code); mm != nil && mm[1] != "3" {
		spr = int(mm[1][0] - '0')
	}
	if err := setBand(v.Code); err != nil {
		return fail(err)
	}
	if !haveBand {
		return fail(fmt.Errorf("sg: row names no CPF age band"))
	}
	isAW := false
	for _, tok := range strings.FieldsFunc(strings.ToUpper(v.Code), func(c rune) bool { return !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') }) {
		if tok == "AW" {
			isAW = true
		}
	}
	if isAW {
		ci.aw = v.Gross
	} else {
		if !ci.ow.IsZero() {
			return fail(fmt.Errorf("sg: ow= on an OW row"))
		}
		ci.ow = v.Gross
	}
	for _, a := range []payroll.Money{ci.ow, ci.aw, ci.owYTD, ci.awYTD, ci.projectedOW} {
		if a.IsNeg() {
			return fail(errNegative)
		}
		if a.Cmp(maxAmount) > 0 {
			return fail(errRange)
		}
	}
	b := &y.bands[band]
	if spr != 0 {
		var err error
		if b, err = sprBand(y, spr, band); err != nil {
			return fail(err)
		}
	}
	o, err := cpf(y, b, ci)
	if err != nil {
		return fail(err)
	}
	switch kind {
	case "cpfemployee":
		return o.employee, o.rule, nil
	case "cpfemployer":
		return o.employer, o.rule, nil
	case "cpftotal":
		return o.total, o.rule, nil
	}
	return fail(fmt.Errorf("sg: row kind %q unknown", segs[1]))
}
