package sg

import (
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
	fullAbove payroll.Money
	bands     []ageBand // in age order

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

var sdl2008 = &calc.Rule{Code: "sg.sdl", Text: "SG Skills Development Levy: 0.25% of the first $4,500 of the month's remuneration, minimum $2 (max $11.25)", Source: srcSDL}

var y2025 = year{
	name:          "2025",
	start:         date(2025, time.January, 1),
	end:           date(2026, time.January, 1),
	owCeiling:     m("7400"),
	annualCeiling: m("102000"),
	nilUpTo:       m(nilBand),
	fullAbove:     m("750"),
	bands: []ageBand{
		{55, r("0.17"), r("0.20"), r("0.37"), &calc.Rule{Code: "sg.cpf.2025.55", Text: "SG CPF 2025, SC/SPR 3rd year+, age 55 and below, wages > $750: employer 17%, employee 20%, total 37% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}},
		{60, r("0.155"), r("0.17"), r("0.325"), &calc.Rule{Code: "sg.cpf.2025.60", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 55 to 60, wages > $750: employer 15.5%, employee 17%, total 32.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}},
		{65, r("0.12"), r("0.115"), r("0.235"), &calc.Rule{Code: "sg.cpf.2025.65", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 60 to 65, wages > $750: employer 12%, employee 11.5%, total 23.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}},
		{70, r("0.09"), r("0.075"), r("0.165"), &calc.Rule{Code: "sg.cpf.2025.70", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 65 to 70, wages > $750: employer 9%, employee 7.5%, total 16.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}},
		{0, r("0.075"), r("0.05"), r("0.125"), &calc.Rule{Code: "sg.cpf.2025.70+", Text: "SG CPF 2025, SC/SPR 3rd year+, age above 70, wages > $750: employer 7.5%, employee 5%, total 12.5% of OW (ceiling $7,400/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Kaizen CPA; Acseta (payroll-rules.md §4); " + srcRound}},
	},
	sdlRate: r("0.0025"), sdlCap: m("4500"), sdlMin: m("2"), sdlRule: sdl2008,
}

var y2026 = year{
	name:          "2026",
	start:         date(2026, time.January, 1),
	end:           date(2027, time.January, 1),
	owCeiling:     m("8000"),
	annualCeiling: m("102000"), // no 2026 change found (unverified for 2026, payroll-rules-2026-27.md §4.2)
	nilUpTo:       m(nilBand),
	fullAbove:     m("750"),
	bands: []ageBand{
		{55, r("0.17"), r("0.20"), r("0.37"), &calc.Rule{Code: "sg.cpf.2026.55", Text: "SG CPF 2026, SC/SPR 3rd year+, age 55 and below, wages > $750: employer 17%, employee 20%, total 37% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}},
		{60, r("0.16"), r("0.18"), r("0.34"), &calc.Rule{Code: "sg.cpf.2026.60", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 55 to 60, wages > $750: employer 16%, employee 18%, total 34% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}},
		{65, r("0.125"), r("0.125"), r("0.25"), &calc.Rule{Code: "sg.cpf.2026.65", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 60 to 65, wages > $750: employer 12.5%, employee 12.5%, total 25% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}},
		{70, r("0.09"), r("0.075"), r("0.165"), &calc.Rule{Code: "sg.cpf.2026.70", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 65 to 70, wages > $750: employer 9%, employee 7.5%, total 16.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}},
		{0, r("0.075"), r("0.05"), r("0.125"), &calc.Rule{Code: "sg.cpf.2026.70+", Text: "SG CPF 2026, SC/SPR 3rd year+, age above 70, wages > $750: employer 7.5%, employee 5%, total 12.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "cpf.gov.sg employer page, updates on 1 Jan 2026 (payroll-rules-2026-27.md §4.1-4.2); " + srcRound}},
	},
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
	fullAbove:     m("750"),
	bands: []ageBand{
		{55, r("0.17"), r("0.20"), r("0.37"), &calc.Rule{Code: "sg.cpf.2027.55", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age 55 and below, wages > $750: employer 17%, employee 20%, total 37% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; cpflah.sg) (payroll-rules-2026-27.md §4.1); " + srcRound}},
		{60, r("0.165"), r("0.19"), r("0.355"), &calc.Rule{Code: "sg.cpf.2027.60", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 55 to 60, wages > $750: employer 16.5%, employee 19%, total 35.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; split from cpflah.sg, unverified) (payroll-rules-2026-27.md §4.1); " + srcRound}},
		{65, r("0.13"), r("0.13"), r("0.26"), &calc.Rule{Code: "sg.cpf.2027.65", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 60 to 65, wages > $750: employer 13%, employee 13%, total 26% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; split from cpflah.sg, unverified) (payroll-rules-2026-27.md §4.1); " + srcRound}},
		{70, r("0.09"), r("0.075"), r("0.165"), &calc.Rule{Code: "sg.cpf.2027.70", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 65 to 70, wages > $750: employer 9%, employee 7.5%, total 16.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; cpflah.sg) (payroll-rules-2026-27.md §4.1); " + srcRound}},
		{0, r("0.075"), r("0.05"), r("0.125"), &calc.Rule{Code: "sg.cpf.2027.70+", Text: "SG CPF 2027 (announced), SC/SPR 3rd year+, age above 70, wages > $750: employer 7.5%, employee 5%, total 12.5% of OW (ceiling $8,000/month) + AW (ceiling $102,000 − OW subject to CPF in the year)", Source: "Budget 2026 (Business Times; cpflah.sg) (payroll-rules-2026-27.md §4.1); " + srcRound}},
	},
	sdlRate: r("0.0025"), sdlCap: m("4500"), sdlMin: m("2"), sdlRule: sdl2008,
}

// years is every calendar year the engine knows, in date order. Adding a
// year = adding a table here.
var years = []*year{&y2025, &y2026, &y2027}
