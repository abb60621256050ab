package sg

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ageBand is one CPF age band's contribution rates for Singapore Citizens
// and SPRs from the 3rd year, monthly total wages above the graduated
// range. maxAge is the band's top age ("55 and below" = 55, "above 55 to
// 60" = 60); zero means no upper limit (the last band).
type ageBand struct {
	maxAge   int
	employer payroll.Rate
	employee payroll.Rate
	total    payroll.Rate // as published; a test checks employer + employee
	rule     *calc.Rule
	// phaseIn is the employee share's factor on total wages above the
	// year's phaseFrom, for total wages up to fullAbove (First Schedule:
	// "0.6 of the difference between the Total Wages and $500"); the
	// employer pays its rate on total wages from nilUpTo up.
	phaseIn  payroll.Rate
	gradRule *calc.Rule // the rule of contributions on graduated wages
}

// year is every SG rule of one calendar year, selected by payment date.
// Calculation code reads only these fields: a new year is a new table in
// years, never a branch in code.
type year struct {
	name       string    // "2026"
	start, end time.Time // payment dates [start, end)

	owCeiling     payroll.Money // ordinary wage ceiling per month
	annualCeiling payroll.Money // annual salary ceiling (OW + AW); AW ceiling = this − OW subject to CPF
	// nilUpTo: total wages of the month up to this attract no CPF.
	// fullAbove: the age-band rates apply to total wages above this. In
	// between, CPF has graduated rates (and 1st/2nd-year SPRs have their
	// own tables) that the rules files do not give (payroll-rules.md §4,
	// payroll-rules-2026-27.md §5): the engine refuses those inputs with
	// calc.ErrNoRules rather than guess. Adding them = adding a table here.
	nilUpTo   payroll.Money
	phaseFrom payroll.Money // employee share phased in above this ($500)
	fullAbove payroll.Money
	bands     []ageBand // in age order
	// spr holds the graduated employer / graduated employee (G/G, the
	// default scheme) bands of 1st-year ([0]) and 2nd-year ([1]) SPRs,
	// matched to bands by maxAge; an age band not listed has no known
	// rates (error).
	spr [2][]ageBand

	sdlRate payroll.Rate  // Skills Development Levy rate
	sdlCap  payroll.Money // remuneration levied at most (per month)
	sdlMin  payroll.Money // minimum levy per employee per month
	sdlRule *calc.Rule
}

func m(s string) payroll.Money { return payroll.MustMoney(s) }
func r(s string) payroll.Rate  { return payroll.MustRate(s) }

func date(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC) }

const (
	srcRound = "rounding: total to the nearest dollar (50c up), employee share cents dropped, employer = total − employee (CPF employer FAQ; ask.gov.sg; payroll-rules-2026-27.md §4.2)"
	srcSDL   = "Skills Development Levy Act s3(1),(1A) as amended by Act 20 of 2008; Mazars SG (payroll-rules-2026-27.md §4.3); rounding to the cent half up is this engine's choice (the file is silent)"
	// The nil band: the rules file records graduated rates for wages
	// $50–$750 as not collected, so up to $50 there is no CPF.
	nilBand = "50"
)

var sdl2008 = &calc.Rule{Code: "sg.sdl", Text: "SG Skills Development Levy: 0.25% of the first $4,500 of the month's wages, minimum $2 (max $11.25); wages are remuneration due or granted in respect of the employment, so compensation for the loss of employment (retrenchment benefit, payment in lieu of notice: pay categories of type ETP) is not levied",
	Source: srcSDL + "; \"wages\": Skills Development Levy Act 1979 s 2 as amended by the Skills Development Levy (Amendment) Act 2022 (Bill 39/2022 cl 2: \"the remuneration in money, including any bonus, due or granted to a person in respect of the person's employment\"; in force by 15 June 2023, S 375/2023 being made under it), the CPF Act's words, which the CPF Board reads as excluding compensation for the loss of employment and payment in lieu of notice; docs/reference/sg-termination-sdl-public-holiday-off-day.md"}

var y2025 = year{
	name:          "2025",
	start:         date(2025, time.January, 1),
	end:           date(2026, time.January, 1),
	owCeiling:     m("7400"),
	annualCeiling: m("102000"),
	nilUpTo:       m(nilBand),
	phaseFrom:     m("500"),
	fullAbove:     m("750"),
	bands: []ageBand{
		{55, r("0.17"), r("0.20"), r("0.37"), &calc.Rule{Code: "sg.cpf.2025.55", Text: "SG CPF 2025, SC/SPR 3rd year+, age 55 and below, wages > $750: employer 17%, employee 20%, total 37% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}, r("0.6"), graduated("2025", "sg.cpf.2025.55", 55, "0.17", "0.6")},
		{60, r("0.155"), r("0.17"), r("0.325"), &calc.Rule{Code: "sg.cpf.2025.60", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 55 to 60, wages > $750: employer 15.5%, employee 17%, total 32.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}, r("0.51"), graduated("2025", "sg.cpf.2025.60", 60, "0.155", "0.51")},
		{65, r("0.12"), r("0.115"), r("0.235"), &calc.Rule{Code: "sg.cpf.2025.65", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 60 to 65, wages > $750: employer 12%, employee 11.5%, total 23.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}, r("0.345"), graduated("2025", "sg.cpf.2025.65", 65, "0.12", "0.345")},
		{70, r("0.09"), r("0.075"), r("0.165"), &calc.Rule{Code: "sg.cpf.2025.70", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 65 to 70, wages > $750: employer 9%, employee 7.5%, total 16.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}, r("0.225"), graduated("2025", "sg.cpf.2025.70", 70, "0.09", "0.225")},
		{0, r("0.075"), r("0.05"), r("0.125"), &calc.Rule{Code: "sg.cpf.2025.70+", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 70, wages > $750: employer 7.5%, employee 5%, total 12.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}, r("0.15"), graduated("2025", "sg.cpf.2025.70+", 0, "0.075", "0.15")},
	},
	spr:     sprBands("2025"),
	sdlRate: r("0.0025"), sdlCap: m("4500"), sdlMin: m("2"), sdlRule: sdl2008,
}

var y2026 = year{
	name:          "2026",
	start:         date(2026, time.January, 1),
	end:           date(2027, time.January, 1),
	owCeiling:     m("8000"),
	annualCeiling: m("102000"), // no 2026 change found (unverified for 2026, payroll-rules-2026-27.md §4.2)
	nilUpTo:       m(nilBand),
	phaseFrom:     m("500"),
	fullAbove:     m("750"),
	bands: []ageBand{
		{55, r("0.17"), r("0.20"), r("0.37"), &calc.Rule{Code: "sg.cpf.2026.55", Text: "SG CPF 2026, SC/SPR 3rd year+, age 55 and below, wages > $750: employer 17%, employee 20%, total 37% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}, r("0.6"), graduated("2026", "sg.cpf.2026.55", 55, "0.17", "0.6")},
		{60, r("0.16"), r("0.18"), r("0.34"), &calc.Rule{Code: "sg.cpf.2026.60", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 55 to 60, wages > $750: employer 16%, employee 18%, total 34% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}, r("0.54"), graduated("2026", "sg.cpf.2026.60", 60, "0.16", "0.54")},
		{65, r("0.125"), r("0.125"), r("0.25"), &calc.Rule{Code: "sg.cpf.2026.65", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 60 to 65, wages > $750: employer 12.5%, employee 12.5%, total 25% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}, r("0.375"), graduated("2026", "sg.cpf.2026.65", 65, "0.125", "0.375")},
		{70, r("0.09"), r("0.075"), r("0.165"), &calc.Rule{Code: "sg.cpf.2026.70", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 65 to 70, wages > $750: employer 9%, employee 7.5%, total 16.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}, r("0.225"), graduated("2026", "sg.cpf.2026.70", 70, "0.09", "0.225")},
		{0, r("0.075"), r("0.05"), r("0.125"), &calc.Rule{Code: "sg.cpf.2026.70+", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 70, wages > $750: employer 7.5%, employee 5%, total 12.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}, r("0.15"), graduated("2026", "sg.cpf.2026.70+", 0, "0.075", "0.15")},
	},
	spr:     sprBands("2026"),
	sdlRate: r("0.0025"), sdlCap: m("4500"), sdlMin: m("2"), sdlRule: sdl2008,
}

// 2027: rates announced in Budget 2026; the employer/employee split of the
// 55–65 bands is from one source (cpflah.sg) and unverified until CPF Board
// publishes the table. The file records $8,000 as the final step of the OW
// ceiling schedule and $102,000 with no change found: both carried into
// 2027 (unverified for 2027).
var y2027 = year{
	name:          "2027",
	start:         date(2027, time.January, 1),
	end:           date(2028, time.January, 1),
	owCeiling:     m("8000"),
	annualCeiling: m("102000"),
	nilUpTo:       m(nilBand),
	phaseFrom:     m("500"),
	fullAbove:     m("750"),
	bands: []ageBand{
		{55, r("0.17"), r("0.20"), r("0.37"), &calc.Rule{Code: "sg.cpf.2027.55", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age 55 and below, wages > $750: employer 17%, employee 20%, total 37% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; cpflah.sg) (payroll-rules-2026-27.md §4.1); " + srcRound}, r("0.6"), graduated("2027", "sg.cpf.2027.55", 55, "0.17", "0.6")},
		{60, r("0.165"), r("0.19"), r("0.355"), &calc.Rule{Code: "sg.cpf.2027.60", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 55 to 60, wages > $750: employer 16.5%, employee 19%, total 35.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; split from cpflah.sg, unverified) (payroll-rules-2026-27.md §4.1); " + srcRound}, r("0.57"), graduated("2027", "sg.cpf.2027.60", 60, "0.165", "0.57")},
		{65, r("0.13"), r("0.13"), r("0.26"), &calc.Rule{Code: "sg.cpf.2027.65", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 60 to 65, wages > $750: employer 13%, employee 13%, total 26% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; split from cpflah.sg, unverified) (payroll-rules-2026-27.md §4.1); " + srcRound}, r("0.39"), graduated("2027", "sg.cpf.2027.65", 65, "0.13", "0.39")},
		{70, r("0.09"), r("0.075"), r("0.165"), &calc.Rule{Code: "sg.cpf.2027.70", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 65 to 70, wages > $750: employer 9%, employee 7.5%, total 16.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; cpflah.sg) (payroll-rules-2026-27.md §4.1); " + srcRound}, r("0.225"), graduated("2027", "sg.cpf.2027.70", 70, "0.09", "0.225")},
		{0, r("0.075"), r("0.05"), r("0.125"), &calc.Rule{Code: "sg.cpf.2027.70+", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 70, wages > $750: employer 7.5%, employee 5%, total 12.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; cpflah.sg) (payroll-rules-2026-27.md §4.1); " + srcRound}, r("0.15"), graduated("2027", "sg.cpf.2027.70+", 0, "0.075", "0.15")},
	},
	spr:     sprBands("2027"),
	sdlRate: r("0.0025"), sdlCap: m("4500"), sdlMin: m("2"), sdlRule: sdl2008,
}

// years is every calendar year the engine knows, in date order. Adding a
// year = adding a table here.
var years = []*year{&y2025, &y2026, &y2027}

// graduated is the rule of a band's contributions on total wages of $50 to
// $750 (CPF Act First Schedule para 1: employer rate × total wages;
// employee factor × (total wages − $500) above $500, nil below). The
// Schedule's form is primary (S 752/2015, S 860/2014); the factor is 3 ×
// the band's employee rate in every band of those notifications, which
// gives the factors of the bands whose rates changed since (derived; the
// 2025-2027 notifications were not seen; the 55-and-below band, 17% and
// 0.6, is unchanged since 2016).
func graduated(yr, code string, maxAge int, employer, factor string) *calc.Rule {
	band := fmt.Sprintf("age above %d", prevAge[maxAge])
	switch {
	case maxAge == 55:
		band = "age 55 and below"
	case maxAge != 0:
		band += fmt.Sprintf(" to %d", maxAge)
	}
	src := "CPF Act First Schedule para 1 as substituted by S 752/2015 (from 1 Jan 2016: 55 and below 17% / 0.6, unchanged since)"
	if maxAge != 55 {
		src = "CPF Act First Schedule para 1 form (S 752/2015, S 860/2014); factor 3 × the band's employee rate, derived from that form (the " + yr + " notification not seen)"
	}
	return &calc.Rule{Code: code + ".graduated",
		Text:   fmt.Sprintf("SG CPF %s, SC/SPR 3rd year+, %s, total wages over $50 up to $750: employer %s of total wages; employee %s × (total wages − $500) above $500, nil below; total rounded to the dollar, employee share cents dropped", yr, band, pctText(employer), factor),
		Source: src + "; " + srcRound}
}

var prevAge = map[int]int{60: 55, 65: 60, 70: 65, 0: 70}

func pctText(rate string) string { return r(rate).Mul(payroll.RateFromInt(100)).String() + "%" }

// sprBands are the G/G bands of 1st- and 2nd-year SPRs (the default scheme;
// F/G needs a joint application to the CPF Board and is not modelled, F/F
// is the citizens' rates): 4% / 5% in the 1st year (3.5% / 5% above 60)
// and 9% / 15% in the 2nd (6% / 12.5% above 55 to 60, 3.5% / 7.5% above
// 60 to 65, 3.5% / 5% above 65), unchanged since 1 Oct 2003 for 55 and
// below (CPF Board news release 19 Sep 2003, primary for 2003; Talenox
// and acctten (reviewed 4 Jun 2026) for the current rates) and, for the
// older bands, the CPF Board's 2026 SPR graduated table as transcribed by
// the QuikForge-Limited/singapore-cpf-rates data set (csv/pr-graduated-
// rates.csv, "transcribed from a CPF Board primary source", retrieved 20
// Aug 2026; docs/reference/sg-sdl-and-spr-rates.md). "Above 65" is one
// band in the SPR tables: the citizens' 65-70 and above-70 bands both take
// it. The phase-in factor between $500 and $750 is 3 × the employee rate,
// as in the First Schedule's SC/SPR3 bands (derived).
func sprBands(yr string) [2][]ageBand {
	src := "CPF Board news release 19 Sep 2003 (1st year 4%/5%, 2nd year 9%/15%, age 55 and below); Talenox help centre; acctten.com (reviewed 4 Jun 2026); " + srcRound
	srcOld := "CPF Board SPR graduated (G/G) table " + yr + " as transcribed in QuikForge-Limited/singapore-cpf-rates csv/pr-graduated-rates.csv (retrieved 20 Aug 2026; docs/reference/sg-sdl-and-spr-rates.md); " + srcRound
	band := func(n, maxAge int, er, ee, tot, factor string) ageBand {
		ord := [...]string{"", "1st", "2nd"}[n]
		age, code, bsrc := "age 55 and below", "55", src
		switch maxAge {
		case 55:
		case 0:
			age, code, bsrc = "age above 70 (the SPR table's above 65)", "70+", srcOld
		default:
			age, code, bsrc = fmt.Sprintf("age above %d to %d", prevAge[maxAge], maxAge), fmt.Sprint(maxAge), srcOld
			if maxAge == 70 {
				age = "age above 65 to 70 (the SPR table's above 65)"
			}
		}
		return ageBand{maxAge: maxAge, employer: r(er), employee: r(ee), total: r(tot), phaseIn: r(factor),
			rule: &calc.Rule{Code: fmt.Sprintf("sg.cpf.%s.spr%d.%s", yr, n, code),
				Text:   fmt.Sprintf("SG CPF %s, SPR %s year (graduated employer and employee, G/G), %s, wages > $750: employer %s, employee %s, total %s of OW (ceiling as for citizens) + AW (annual ceiling)", yr, ord, age, pctText(er), pctText(ee), pctText(tot)),
				Source: bsrc},
			gradRule: &calc.Rule{Code: fmt.Sprintf("sg.cpf.%s.spr%d.%s.graduated", yr, n, code),
				Text:   fmt.Sprintf("SG CPF %s, SPR %s year (G/G), %s, total wages over $50 up to $750: employer %s of total wages; employee %s × (total wages − $500) above $500 (derived: 3 × the employee rate, the First Schedule's form), nil below", yr, ord, age, pctText(er), factor),
				Source: bsrc}}
	}
	return [2][]ageBand{
		{band(1, 55, "0.04", "0.05", "0.09", "0.15"), band(1, 60, "0.04", "0.05", "0.09", "0.15"), band(1, 65, "0.035", "0.05", "0.085", "0.15"),
			band(1, 70, "0.035", "0.05", "0.085", "0.15"), band(1, 0, "0.035", "0.05", "0.085", "0.15")},
		{band(2, 55, "0.09", "0.15", "0.24", "0.45"), band(2, 60, "0.06", "0.125", "0.185", "0.375"), band(2, 65, "0.035", "0.075", "0.11", "0.225"),
			band(2, 70, "0.035", "0.05", "0.085", "0.15"), band(2, 0, "0.035", "0.05", "0.085", "0.15")},
	}
}
