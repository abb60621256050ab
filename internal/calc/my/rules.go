package my

import (
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// The rules, one table per calendar year (the year of assessment and the
// year the PCB specification is issued for), selected by payment date.
// Contribution schedules that change inside a year (EPF Part F from
// October 2025, LINDUNG 24 Jam from June 2026) are dated periods inside
// the year's table. Calculation code reads only these fields and never
// branches on the year. Facts and sources: docs/reference/my-pay-rules.md.

// pcbBand is a row of the PCB specification's Table 1: chargeable income
// P above m is taxed at rate on the excess plus b (the tax on m less the
// individual and spouse rebates: b13 for categories 1 and 3, b2 for 2).
type pcbBand struct {
	m        payroll.Money
	rate     payroll.Rate
	b13, b2  payroll.Money
	fromText string
}

// pcbRules is a year's computerised MTD calculation.
type pcbRules struct {
	bands []pcbBand // ascending m
	// Compulsory deductions: individual, spouse (category 2), disabled
	// individual, disabled spouse, per qualifying child.
	d, s, du, su, q payroll.Money
	// Child weights: a child of the kind counts as this many children.
	under18, studying, higherEd, disabled, disabledHigherEd payroll.Rate

	epfCap      payroll.Money // EPF qualifying amount per year (K + K1 + K2 + Kt)
	minimum     payroll.Money // MTD below this (before zakat) is not deducted
	nonResident payroll.Rate  // flat rate on a non-resident's remuneration
	rule        *calc.Rule
	nonResRule  *calc.Rule
}

// epfPart is a part of the EPF Act 1991 Third Schedule. A table part
// charges each share on the upper limit of the wage band (nil up to
// RM10, RM20 bands to RM5,000, RM100 bands to RM20,000) and on the exact
// wages above RM20,000; a formula part on the exact wages. Each share is
// rounded up to the next ringgit.
type epfPart struct {
	name     string
	employee payroll.Rate
	// employerLow applies while the month's wages (without a bonus) are
	// RM5,000 or less, employerHigh above.
	employerLow, employerHigh payroll.Rate
	table                     bool
	rule                      *calc.Rule
}

// epfPeriod is the Third Schedule in force from a date (wages paid on or
// after from).
type epfPeriod struct {
	from  time.Time
	parts map[string]*epfPart
}

// contributionRow is a wage band of PERKESO's contribution schedules:
// wages above the previous row's upper limit up to upper (sen; the last
// row has none). SOCSO first category (employer, employee), second
// category (employer only), LINDUNG 24 Jam (employee only) and EIS (each
// share) in sen.
type contributionRow struct {
	upper                     int64
	socsoER1, socsoEE1        int64
	socsoER2, lindung24, eisE int64
}

// lindungPeriod is a phase of the LINDUNG 24 Jam contribution rate.
type lindungPeriod struct {
	from, to time.Time
	rule     *calc.Rule
}

// year is every MY rule of one calendar year.
type year struct {
	name       string
	start, end time.Time
	pcb        pcbRules
	epf        []epfPeriod // by date, ascending
	// Ages (in completed years, from the month after the birthday month):
	// the EPF 60-and-above parts, EPF liability's end, SOCSO second
	// category, EIS coverage.
	epfOlderAge, epfEndAge, socsoSecondAge, eisMinAge, eisEndAge int
	socsoRule1, socsoRule2, eisRule                              *calc.Rule
	lindung                                                      []lindungPeriod
	hrdRule                                                      *calc.Rule
	zakatRule                                                    *calc.Rule
}

func m(s string) payroll.Money { return payroll.MustMoney(s) }
func r(s string) payroll.Rate  { return payroll.MustRate(s) }

func date(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC) }

const (
	srcPCB = "LHDN Specification for MTD Calculations Using Computerised Calculation (2019 edition for the formula, Table 1 as amended from YA 2023, reliefs as amended for YA 2025, unchanged for 2026); worked example of the 2026 specification; docs/reference/my-pay-rules.md §2"
	srcEPF = "EPF Act 1991 Third Schedule (KWSP, in force from October 2025 wages; Part F for non-citizen workers); docs/reference/my-pay-rules.md §3"
	srcAct = "PERKESO contribution schedule under Act 4 from 1 October 2024 (wage ceiling RM6,000), with the LINDUNG 24 Jam column from 1 June 2026; docs/reference/my-pay-rules.md §4"
	srcEIS = "Employment Insurance System Act 2017 (Act 800) Second Schedule, PERKESO table from 1 October 2024 (wage ceiling RM6,000); docs/reference/my-pay-rules.md §5"
	srcHRD = "Pembangunan Sumber Manusia Berhad Act 2001 s14-15 (HRD Corp levy on Malaysian employees' basic wages and fixed allowances); rounding to the sen half up is this engine's choice; docs/reference/my-pay-rules.md §6"
)

// pcbTable is Table 1 from YA 2023 (Budget 2023), unchanged for 2025
// and 2026.
var pcbTable = []pcbBand{
	{m("5000"), r("0.01"), m("-400"), m("-800"), "5,001-20,000"},
	{m("20000"), r("0.03"), m("-250"), m("-650"), "20,001-35,000"},
	{m("35000"), r("0.06"), m("600"), m("600"), "35,001-50,000"},
	{m("50000"), r("0.11"), m("1500"), m("1500"), "50,001-70,000"},
	{m("70000"), r("0.19"), m("3700"), m("3700"), "70,001-100,000"},
	{m("100000"), r("0.25"), m("9400"), m("9400"), "100,001-400,000"},
	{m("400000"), r("0.26"), m("84400"), m("84400"), "400,001-600,000"},
	{m("600000"), r("0.28"), m("136400"), m("136400"), "600,001-2,000,000"},
	{m("2000000"), r("0.30"), m("528400"), m("528400"), "over 2,000,000"},
}

func pcbYear(yr string) pcbRules {
	return pcbRules{
		bands: pcbTable,
		d:     m("9000"), s: m("4000"), du: m("7000"), su: m("6000"), q: m("2000"),
		under18: r("1"), studying: r("1"), higherEd: r("4"), disabled: r("4"), disabledHigherEd: r("8"),
		epfCap: m("4000"), minimum: m("10"), nonResident: r("0.30"),
		rule: &calc.Rule{Code: "my.pcb." + yr,
			Text: "MY PCB/MTD " + yr + ", computerised calculation, resident: [(P − M) × R + B − (Z + X)] ÷ (n + 1) on normal remuneration; additional remuneration taxed as the year's tax with it less without it; " +
				"reliefs D 9,000, S 4,000 (category 2), DU 7,000, SU 6,000, Q 2,000 a child (higher education and disabled 4, disabled in higher education 8); EPF relief up to 4,000 a year; " +
				"each step truncated to the sen, MTD under RM10 not deducted, rounded up to 5 sen; zakat deducted from pay comes off",
			Source: srcPCB},
		nonResRule: &calc.Rule{Code: "my.pcb." + yr + ".nonresident",
			Text:   "MY PCB/MTD " + yr + ", non-resident: 30% of the month's taxable remuneration, truncated to the sen, not deducted under RM10, rounded up to 5 sen; zakat deducted from pay comes off",
			Source: srcPCB},
	}
}

func epfRule(yr, part, text string) *calc.Rule {
	return &calc.Rule{Code: "my.epf." + yr + "." + part, Text: "MY EPF " + yr + ", Third Schedule Part " + part + ": " + text, Source: srcEPF}
}

// epfParts are the Third Schedule's parts A, C and E (unchanged since
// January 2019 wages) and, from October 2025 wages, Part F.
func epfParts(yr string, withF bool) map[string]*epfPart {
	ps := map[string]*epfPart{
		calc.MYEPFPartA: {name: "A", employee: r("0.11"), employerLow: r("0.13"), employerHigh: r("0.12"), table: true,
			rule: epfRule(yr, "A", "employee 11%, employer 13% while the month's wages (without a bonus) are RM5,000 or less, 12% above; on the wage band's upper limit to RM20,000 (nil to RM10), on the wages above; each share rounded up to the ringgit")},
		calc.MYEPFPartC: {name: "C", employee: r("0.055"), employerLow: r("0.065"), employerHigh: r("0.06"), table: true,
			rule: epfRule(yr, "C", "60 and above, permanent residents: employee 5.5%, employer 6.5% to RM5,000, 6% above; banded like Part A, each share rounded up to the ringgit")},
		calc.MYEPFPartE: {name: "E", employee: r("0"), employerLow: r("0.04"), employerHigh: r("0.04"), table: true,
			rule: epfRule(yr, "E", "60 and above, citizens: employee nil, employer 4%; banded like Part A, rounded up to the ringgit")},
	}
	if withF {
		ps[calc.MYEPFPartF] = &epfPart{name: "F", employee: r("0.02"), employerLow: r("0.02"), employerHigh: r("0.02"), table: false,
			rule: epfRule(yr, "F", "non-citizen workers from October 2025 wages: employee 2%, employer 2% of the wages, each rounded up to the ringgit")}
	}
	return ps
}

func socsoRules(yr string) (*calc.Rule, *calc.Rule) {
	return &calc.Rule{Code: "my.socso." + yr + ".first", Text: "MY SOCSO " + yr + ", first category (employment injury and invalidity): employer 1.75%, employee 0.5% of the wage band's representative wage, from PERKESO's schedule; wages over RM6,000 pay the ceiling row", Source: srcAct},
		&calc.Rule{Code: "my.socso." + yr + ".second", Text: "MY SOCSO " + yr + ", second category (employment injury only; 60 and above, foreign workers): employer 1.25% from PERKESO's schedule, employee nil; ceiling RM6,000", Source: srcAct}
}

var y2025 = func() year {
	er1, er2 := socsoRules("2025")
	return year{
		name: "2025", start: date(2025, time.January, 1), end: date(2026, time.January, 1),
		pcb: pcbYear("2025"),
		epf: []epfPeriod{
			{from: date(2025, time.January, 1), parts: epfParts("2025", false)},
			{from: date(2025, time.October, 1), parts: epfParts("2025", true)},
		},
		epfOlderAge: 60, epfEndAge: 75, socsoSecondAge: 60, eisMinAge: 18, eisEndAge: 60,
		socsoRule1: er1, socsoRule2: er2,
		eisRule:   &calc.Rule{Code: "my.eis.2025", Text: "MY EIS 2025: employer 0.2%, employee 0.2% of the wage band's representative wage from PERKESO's Act 800 table (ages 18 to 60, citizens and permanent residents); ceiling RM6,000", Source: srcEIS},
		hrdRule:   &calc.Rule{Code: "my.hrd.2025", Text: "MY HRD Corp levy 2025: the registered employer's rate (1% with 10 or more Malaysian employees, 0.5% with 5 to 9) of a Malaysian citizen's basic wages, fixed allowances and leave pay (not overtime, commission or bonus)", Source: srcHRD},
		zakatRule: zakatRule,
	}
}()

var y2026 = func() year {
	er1, er2 := socsoRules("2026")
	return year{
		name: "2026", start: date(2026, time.January, 1), end: date(2027, time.January, 1),
		pcb: pcbYear("2026"),
		epf: []epfPeriod{
			{from: date(2026, time.January, 1), parts: epfParts("2026", true)},
		},
		epfOlderAge: 60, epfEndAge: 75, socsoSecondAge: 60, eisMinAge: 18, eisEndAge: 60,
		socsoRule1: er1, socsoRule2: er2,
		eisRule: &calc.Rule{Code: "my.eis.2026", Text: "MY EIS 2026: employer 0.2%, employee 0.2% of the wage band's representative wage from PERKESO's Act 800 table (ages 18 to 60, citizens and permanent residents); ceiling RM6,000", Source: srcEIS},
		lindung: []lindungPeriod{{from: date(2026, time.June, 1), to: date(2028, time.June, 1),
			rule: &calc.Rule{Code: "my.lindung24.2026", Text: "MY LINDUNG 24 Jam (non-employment injury scheme) from 1 June 2026, phase 1: employee 0.75% of the wage band's representative wage from PERKESO's schedule, employer nil; foreign workers always, local employees unless opted out; ceiling RM6,000",
				Source: "Employees' Social Security (Amendment) Act 2025; PERKESO schedule 'Jadual Caruman Baharu Termasuk SKBBK', FAQ v2.1 and Employer Circular 3/2026; docs/reference/my-pay-rules.md §4.3"}}},
		hrdRule:   &calc.Rule{Code: "my.hrd.2026", Text: "MY HRD Corp levy 2026: the registered employer's rate (1% with 10 or more Malaysian employees, 0.5% with 5 to 9) of a Malaysian citizen's basic wages, fixed allowances and leave pay (not overtime, commission or bonus)", Source: srcHRD},
		zakatRule: zakatRule,
	}
}()

var zakatRule = &calc.Rule{Code: "my.zakat", Text: "MY zakat deducted from pay at the employee's instruction; it reduces the month's PCB (a rebate) and counts in Z for later months",
	Source: "LHDN MTD specification, terms 4-5 and 15 (zakat); docs/reference/my-pay-rules.md §2.6"}

// years is every calendar year the engine knows, in date order. Adding a
// year = adding a table here.
var years = []*year{&y2025, &y2026}

// contributions is PERKESO's schedule from 1 October 2024 (Act 4 and
// Act 800 share the wage bands), with the LINDUNG 24 Jam employee column
// of the schedule from 1 June 2026 (read only inside a lindung period).
// Amounts in sen, exactly as published.
var contributions = []contributionRow{
	{3000, 40, 10, 30, 20, 5},
	{5000, 70, 20, 50, 30, 10},
	{7000, 110, 30, 80, 50, 15},
	{10000, 150, 40, 110, 65, 20},
	{14000, 210, 60, 150, 90, 25},
	{20000, 295, 85, 210, 125, 35},
	{30000, 435, 125, 310, 185, 50},
	{40000, 615, 175, 440, 265, 70},
	{50000, 785, 225, 560, 335, 90},
	{60000, 965, 275, 690, 415, 110},
	{70000, 1135, 325, 810, 485, 130},
	{80000, 1315, 375, 940, 565, 150},
	{90000, 1485, 425, 1060, 635, 170},
	{100000, 1665, 475, 1190, 715, 190},
	{110000, 1835, 525, 1310, 785, 210},
	{120000, 2015, 575, 1440, 865, 230},
	{130000, 2185, 625, 1560, 935, 250},
	{140000, 2365, 675, 1690, 1015, 270},
	{150000, 2535, 725, 1810, 1085, 290},
	{160000, 2715, 775, 1940, 1165, 310},
	{170000, 2885, 825, 2060, 1235, 330},
	{180000, 3065, 875, 2190, 1315, 350},
	{190000, 3235, 925, 2310, 1385, 370},
	{200000, 3415, 975, 2440, 1465, 390},
	{210000, 3585, 1025, 2560, 1535, 410},
	{220000, 3765, 1075, 2690, 1615, 430},
	{230000, 3935, 1125, 2810, 1685, 450},
	{240000, 4115, 1175, 2940, 1765, 470},
	{250000, 4285, 1225, 3060, 1835, 490},
	{260000, 4465, 1275, 3190, 1915, 510},
	{270000, 4635, 1325, 3310, 1985, 530},
	{280000, 4815, 1375, 3440, 2065, 550},
	{290000, 4985, 1425, 3560, 2135, 570},
	{300000, 5165, 1475, 3690, 2215, 590},
	{310000, 5335, 1525, 3810, 2285, 610},
	{320000, 5515, 1575, 3940, 2365, 630},
	{330000, 5685, 1625, 4060, 2435, 650},
	{340000, 5865, 1675, 4190, 2515, 670},
	{350000, 6035, 1725, 4310, 2585, 690},
	{360000, 6215, 1775, 4440, 2665, 710},
	{370000, 6385, 1825, 4560, 2735, 730},
	{380000, 6565, 1875, 4690, 2815, 750},
	{390000, 6735, 1925, 4810, 2885, 770},
	{400000, 6915, 1975, 4940, 2965, 790},
	{410000, 7085, 2025, 5060, 3035, 810},
	{420000, 7265, 2075, 5190, 3115, 830},
	{430000, 7435, 2125, 5310, 3185, 850},
	{440000, 7615, 2175, 5440, 3265, 870},
	{450000, 7785, 2225, 5560, 3335, 890},
	{460000, 7965, 2275, 5690, 3415, 910},
	{470000, 8135, 2325, 5810, 3485, 930},
	{480000, 8315, 2375, 5940, 3565, 950},
	{490000, 8485, 2425, 6060, 3635, 970},
	{500000, 8665, 2475, 6190, 3715, 990},
	{510000, 8835, 2525, 6310, 3785, 1010},
	{520000, 9015, 2575, 6440, 3865, 1030},
	{530000, 9185, 2625, 6560, 3935, 1050},
	{540000, 9365, 2675, 6690, 4015, 1070},
	{550000, 9535, 2725, 6810, 4085, 1090},
	{560000, 9715, 2775, 6940, 4165, 1110},
	{570000, 9885, 2825, 7060, 4235, 1130},
	{580000, 10065, 2875, 7190, 4315, 1150},
	{590000, 10235, 2925, 7310, 4385, 1170},
	{600000, 10415, 2975, 7440, 4465, 1190},
	{0, 10415, 2975, 7440, 4465, 1190}, // wages over RM6,000: the ceiling row
}

// contributionRowFor is the schedule row of a month's wages: the first
// row whose upper limit the wages do not exceed ("exceeding X but not
// more than Y"); over the last limit, the ceiling row.
func contributionRowFor(wages payroll.Money) (int, *contributionRow) {
	sen := wages.Ceil(2).MinorUnits()
	for i := range contributions {
		if c := &contributions[i]; c.upper == 0 || sen <= c.upper {
			return i, c
		}
	}
	return len(contributions) - 1, &contributions[len(contributions)-1]
}
