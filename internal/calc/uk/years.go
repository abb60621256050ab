package uk

import (
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// niCategories builds the category table; the letters, meanings and rates
// are those of rules §2.4 (2025-26) and rules-2026-27 §2.4 (unchanged).
func niCategories(std, married, deferred, nilRate, employer payroll.Rate) []NICategory {
	two := r("0.02")
	c := func(l byte, meaning string, main, upper payroll.Rate, from Threshold) NICategory {
		return NICategory{Letter: l, Meaning: meaning, MainRate: main, UpperRate: upper, EmployerRate: employer, EmployerFrom: from}
	}
	return []NICategory{
		c('A', "standard", std, two, ST),
		c('B', "married woman or widow, reduced rate", married, two, ST),
		c('C', "over State Pension age", nilRate, nilRate, ST),
		c('D', "investment zone, deferment", deferred, two, FUST),
		c('E', "investment zone, married woman reduced rate", married, two, FUST),
		c('F', "freeport, standard", std, two, FUST),
		c('H', "apprentice under 25", std, two, UEL),
		c('I', "freeport, married woman reduced rate", married, two, FUST),
		c('J', "deferment", deferred, two, ST),
		c('K', "investment zone, over State Pension age", nilRate, nilRate, FUST),
		c('L', "freeport, deferment", deferred, two, FUST),
		c('M', "under 21", std, two, UEL),
		c('N', "investment zone, standard", std, two, FUST),
		c('S', "freeport, over State Pension age", nilRate, nilRate, FUST),
		c('V', "veteran, first 12 months of civilian employment", std, two, UEL),
		c('Z', "under 21, deferment", deferred, two, UEL),
		// X: no NI liability (e.g. under 16). Rules §2.4 marks the letter's
		// RTI usage unverified; it carries no contributions.
		{Letter: 'X', Meaning: "no liability"},
	}
}

// Auto-enrolment band 2025-26, frozen for 2026-27 (rules §2.6,
// rules-2026-27 §2.6). Half-year figures exist but no Frequency uses them.
var aePension = PensionTable{
	Lower:   map[calc.Frequency]payroll.Money{weekly: m("120"), fortn: m("240"), fourw: m("480"), mthly: m("520"), qtrly: m("1560"), annual: m("6240")},
	Trigger: map[calc.Frequency]payroll.Money{weekly: m("192"), fortn: m("384"), fourw: m("768"), mthly: m("833"), qtrly: m("2499"), annual: m("10000")},
	Upper:   map[calc.Frequency]payroll.Money{weekly: m("967"), fortn: m("1934"), fourw: m("3867"), mthly: m("4189"), qtrly: m("12568"), annual: m("50270")},
}

func rukBands(basic, higher string) []Band {
	return []Band{
		{Name: "basic", Upper: m(basic), Rate: r("0.20")},
		{Name: "higher", Upper: m(higher), Rate: r("0.40")},
		{Name: "additional", Rate: r("0.45")},
	}
}

func scottishBands(starter, basic, intermediate, higher, advanced string) []Band {
	return []Band{
		{Name: "starter", Upper: m(starter), Rate: r("0.19")},
		{Name: "basic", Upper: m(basic), Rate: r("0.20")},
		{Name: "intermediate", Upper: m(intermediate), Rate: r("0.21")},
		{Name: "higher", Upper: m(higher), Rate: r("0.42")},
		{Name: "advanced", Upper: m(advanced), Rate: r("0.45")},
		{Name: "top", Rate: r("0.48")},
	}
}

var year2025 = Year{
	Name:   "2025-26",
	Start:  time.Date(2025, time.April, 6, 0, 0, 0, 0, time.UTC),
	Source: "payroll-rules.md §2 (2025-26); gov.uk Rates and thresholds for employers 2025 to 2026",
	PAYE: PAYETable{
		Bands: [numJurisdictions][]Band{
			RUK:      rukBands("37700", "125140"),
			Scotland: scottishBands("2827", "14921", "31092", "62430", "125140"),
			Wales:    rukBands("37700", "125140"), // Welsh rates equal rUK in 2025-26 (rules §2.1)
		},
		BasicBand:          [numJurisdictions]int{RUK: 0, Scotland: 1, Wales: 0},
		BandedThresholdTax: [numJurisdictions]bool{Scotland: true},
		Source:             "payroll-rules.md §2.1-2.3; HMRC Specification for PAYE Tax Table Routines; gov.uk Rates and thresholds for employers 2025 to 2026",
	},
	NI: NITable{
		Thresholds: map[calc.Frequency][numThresholds]payroll.Money{
			//                       LEL     PT       ST      FUST     UEL
			weekly: thresholds("125", "242", "96", "481", "967"),
			fortn:  thresholds("250", "484", "193", "962", "1934"),
			fourw:  thresholds("500", "967", "385", "1924", "3867"),
			mthly:  thresholds("542", "1048", "417", "2083", "4189"),
			qtrly:  thresholds("1625", "3143", "1250", "6250", "12568"), // quarterlyNI: 125 x 4 1/3 x 3; the annual ones / 4, up to the pound
			annual: thresholds("6500", "12570", "5000", "25000", "50270"),
		},
		Categories: niCategories(r("0.08"), r("0.0185"), r("0.02"), r("0"), r("0.15")),
		Source:     "payroll-rules.md §2.4; HMRC CWG2 2025-26; gov.uk National Insurance rates and categories",
	},
	Loans: LoanTable{
		Plans: []LoanPlan{
			{Plan: calc.LoanPlan1, Annual: m("26065"), Monthly: m("2172.08"), Weekly: m("501.25"), Rate: r("0.09")},
			{Plan: calc.LoanPlan2, Annual: m("28470"), Monthly: m("2372.50"), Weekly: m("547.50"), Rate: r("0.09")},
			{Plan: calc.LoanPlan4, Annual: m("32745"), Monthly: m("2728.75"), Weekly: m("629.71"), Rate: r("0.09")},
			// No Plan 5 before 2026-27 (rules §2.5).
			{Plan: pglPlan, Annual: m("21000"), Monthly: m("1750.00"), Weekly: m("403.84"), Rate: r("0.06")},
		},
		Source: "payroll-rules.md §2.5; HMRC Collection of Student Loans manual CSLM10111, CSLM17065, CSLM18025",
	},
	Pension: withSource(aePension, "payroll-rules.md §2.6; The Pensions Regulator earnings thresholds 2025-26"),
	Statutory: StatutoryTable{
		SSPWeekly:       m("118.75"),
		SSPWaitingDays:  3,
		SSPLELTest:      true,
		SSPMaxWeeks:     28,
		FamilyWeekly:    m("187.18"),
		FamilyFraction:  r("0.9"),
		FamilyHighWeeks: 6,
		// SMP 6 + 33 weeks (rules §2.7); the other payments' durations are
		// not in the rules file and are not enforced.
		FamilyMaxWeeks: map[calc.UKStatutoryKind]int{calc.SMP: 39},
		Source:         "payroll-rules.md §2.7; gov.uk statutory pay rates 2025-26",
	},
}

var year2026 = Year{
	Name:   "2026-27",
	Start:  time.Date(2026, time.April, 6, 0, 0, 0, 0, time.UTC),
	Source: "payroll-rules-2026-27.md §2 (2026-27); gov.uk P9X 2026",
	PAYE: PAYETable{
		Bands: [numJurisdictions][]Band{
			RUK:      rukBands("37700", "125140"),
			Scotland: scottishBands("3967", "16956", "31092", "62430", "125140"), // Scottish Rate Resolution S6M-20844
			Wales:    rukBands("37700", "125140"),                                // Welsh Rate Resolution NDM9117: 10p each band
		},
		BasicBand:          [numJurisdictions]int{RUK: 0, Scotland: 1, Wales: 0},
		BandedThresholdTax: [numJurisdictions]bool{Scotland: true},
		Source:             "payroll-rules-2026-27.md §2.1-2.3; gov.uk P9X 2026; Scottish Rate Resolution S6M-20844; HMRC Specification for PAYE Tax Table Routines",
	},
	NI: NITable{
		Thresholds: map[calc.Frequency][numThresholds]payroll.Money{
			//                       LEL     PT       ST      FUST     UEL
			weekly: thresholds("129", "242", "96", "481", "967"),
			fortn:  thresholds("258", "484", "193", "962", "1934"),
			fourw:  thresholds("516", "967", "385", "1924", "3867"),
			mthly:  thresholds("559", "1048", "417", "2083", "4189"),
			qtrly:  thresholds("1677", "3143", "1250", "6250", "12568"), // quarterlyNI: 129 x 4 1/3 x 3; the annual ones / 4, up to the pound
			annual: thresholds("6708", "12570", "5000", "25000", "50270"),
		},
		Categories: niCategories(r("0.08"), r("0.0185"), r("0.02"), r("0"), r("0.15")),
		Source:     "payroll-rules-2026-27.md §2.4; HMRC CWG2 2026-27",
	},
	Loans: LoanTable{
		// Period thresholds derived (annual ÷ 52 / ÷ 12 truncated to 1p):
		// HMRC's own 2026-27 period table not seen (rules-2026-27 §2.5).
		Plans: []LoanPlan{
			{Plan: calc.LoanPlan1, Annual: m("26900"), Monthly: m("2241.66"), Weekly: m("517.30"), Rate: r("0.09")},
			{Plan: calc.LoanPlan2, Annual: m("29385"), Monthly: m("2448.75"), Weekly: m("565.09"), Rate: r("0.09")},
			{Plan: calc.LoanPlan4, Annual: m("33795"), Monthly: m("2816.25"), Weekly: m("649.90"), Rate: r("0.09")},
			{Plan: calc.LoanPlan5, Annual: m("25000"), Monthly: m("2083.33"), Weekly: m("480.76"), Rate: r("0.09")},
			{Plan: pglPlan, Annual: m("21000"), Monthly: m("1750.00"), Weekly: m("403.84"), Rate: r("0.06")},
		},
		Source: "payroll-rules-2026-27.md §2.5; HMRC CSLM; ATT Student loans update",
	},
	Pension: withSource(aePension, "payroll-rules-2026-27.md §2.6; DWP HCWS1206 (thresholds frozen)"),
	Statutory: StatutoryTable{
		// Employment Rights Act 2025: day-one SSP, no LEL test, lower of
		// the flat rate and 80% of AWE (rules-2026-27 §2.7).
		SSPWeekly:       m("123.25"),
		SSPWaitingDays:  0,
		SSPLELTest:      false,
		SSPAWEFraction:  r("0.8"),
		SSPMaxWeeks:     28,
		FamilyWeekly:    m("194.32"),
		FamilyFraction:  r("0.9"),
		FamilyHighWeeks: 6,
		FamilyMaxWeeks:  map[calc.UKStatutoryKind]int{calc.SMP: 39},
		Source:          "payroll-rules-2026-27.md §2.7; business.gov.uk Statutory Sick Pay changes; ICB statutory payment rates 2026/27",
	},
}

func withSource(t PensionTable, src string) PensionTable { t.Source = src; return t }
