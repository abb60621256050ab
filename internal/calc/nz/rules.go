package nz

import (
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// bracket is one band of a progressive scale: rate applies to the part of
// the amount above the previous band's upTo and up to this upTo. The last
// band has a zero upTo (no upper limit).
type bracket struct {
	upTo payroll.Money
	rate payroll.Rate

	from, base payroll.Money // derived by withBases: band start, tax below it
}

// flatCode is a tax code taxed at one flat rate on every dollar
// (secondary codes and ND).
type flatCode struct {
	code string
	rate payroll.Rate
	rule *calc.Rule
	// low is a secondary code's "low threshold amount" (IR, Payroll
	// Calculations & Business Rules Specification §5.12 step 3.2; s RD
	// 17(3)-(4)): the first dollar of the code's income range (SB $0, S
	// $15,601, SH $53,501, ST $78,101, SA $180,001 on the bands from 31 July
	// 2024), added to the annualised amount to find an extra pay's rate.
	// secondary is false for ND, whose 45% applies to every dollar.
	low       payroll.Money
	secondary bool
}

// ietc is the independent earner tax credit (ME code), on annual income.
type ietc struct {
	annual    payroll.Money // full credit per year
	from      payroll.Money // lowest annual income that gets the credit
	abateFrom payroll.Money // credit reduces for income above this
	abateRate payroll.Rate  // reduction per $1 above abateFrom
}

// studentLoan holds the repayment rate and the per-period repayment
// thresholds of main-income codes, indexed by frequency (see freqIndex);
// a zero threshold means the rules file gives none for that frequency.
type studentLoan struct {
	rate       payroll.Rate
	thresholds [numFreq]payroll.Money
	rule       *calc.Rule
	secRule    *calc.Rule // secondary SL codes: rate on all pay
}

// kiwiSaver holds the contribution rates of a year.
type kiwiSaver struct {
	defaultRate  payroll.Rate   // employee default (and compulsory employer minimum)
	allowed      []payroll.Rate // rates an employee may choose
	reducedRate  payroll.Rate   // IRD temporary rate reduction; zero = none that year
	employerMin  payroll.Rate   // compulsory employer contribution
	employeeRule *calc.Rule
	employerRule *calc.Rule
}

// year is every NZ rule of one income year (1 April – 31 March), selected
// by payment date. Calculation code reads only these fields: a new year
// is a new table in years, never a branch in code.
type year struct {
	name       string    // "2025-26"
	start, end time.Time // payment dates [start, end)

	brackets   []bracket  // individual income tax rates (annual)
	annualRule *calc.Rule // annual income tax on the brackets (vector rows)
	mainRule   *calc.Rule
	meRule     *calc.Rule
	ietc       ietc
	flat       []flatCode // SB, S, SH, ST, SA, ND

	accRate payroll.Rate  // ACC earners' levy rate incl. GST
	accMax  payroll.Money // maximum liable earnings per year
	accRule *calc.Rule

	extraRule *calc.Rule // tax on extra pays (main codes)
	// secondaryExtraRule is the rule for extra pays on a secondary code
	// (s RD 17(3)-(4), §5.12): the annualised amount plus the code's low
	// threshold amount plus the extra pay gives the extra pay's band.
	secondaryExtraRule *calc.Rule
	// terminationRule is the rule for extra pays in a termination pay or
	// a pay after it (from 1 April 2025: the last two fully paid periods);
	// nil in a year before it.
	terminationRule *calc.Rule
	// terminationFallbackRule: a termination pay's extra pays when the
	// employee has fewer than two periods before it (a new employee).
	terminationFallbackRule *calc.Rule

	sl studentLoan
	ks kiwiSaver

	esct     []bracket // rate by ESCT rate threshold amount
	esctRule *calc.Rule
}

// Frequencies the NZ engine handles and their periods per year.
const numFreq = 6

func freqIndex(f calc.Frequency) (idx int, periods int64, ok bool) {
	switch f {
	case calc.Weekly:
		return 0, 52, true
	case calc.Fortnightly:
		return 1, 26, true
	case calc.FourWeekly:
		return 2, 13, true
	case calc.Monthly:
		return 3, 12, true
	case calc.Quarterly:
		return 4, 4, true
	case calc.Annually:
		return 5, 1, true
	}
	return 0, 0, false
}

// extraPayRule is a year's rule for tax on extra pays (the brackets are
// the year's, unchanged since 31 July 2024).
func extraPayRule(name string) *calc.Rule {
	return &calc.Rule{Code: "nz.paye.extrapay." + name,
		Text:   "NZ PAYE on extra pays (bonuses, lump sums, back pay, holiday pay and redundancy; main codes): the regular earnings of the pays made in the four weeks to and including the pay date (this pay's included, other extra pays left out; a new employee: only what was paid) are annualised (× 13; one monthly pay × 12) and the extra pay added: the grossed-up amount, cents dropped; the whole extra pay is taxed at the individual rate of the band it falls in (10.5% to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above), the tax and the extra pay's ACC earners' levy added unrounded and truncated to whole cents (steps 3.11, 5.1-5.2); the regular pay is taxed as usual. ACC earners' levy on the extra pay: all of it when the grossed-up amount is within the maximum liable earnings, the maximum less the annualised income when only that is, none beyond",
		Source: "IR, Payroll Calculations & Business Rules Specification 2025 V1.3 §5.11 steps 3.1-3.11 and 4 (primary; IR's GitHub repository InlandRevenue/File_Upload_Services-Returns-and-Information); IRD IR340 / IR335 (docs/reference/nz-extra-pay-acc.md)"}
}

// secondaryExtraPayRule is a year's rule for extra pays on a secondary
// tax code.
func secondaryExtraPayRule(name string) *calc.Rule {
	return &calc.Rule{Code: "nz.paye.extrapay.secondary." + name,
		Text:   "NZ PAYE on extra pays (bonuses, lump sums, back pay, holiday pay and redundancy) on a secondary tax code (SB, S, SH, ST, SA, with or without SL): the annualised amount (the regular earnings of the pays made in the four weeks to and including the pay date × 13, one monthly pay × 12; in a termination pay from 1 April 2025 the last two fully paid periods × the periods in a year ÷ 2) plus the code's low threshold amount (SB $0, S $15,601, SH $53,501, ST $78,101, SA $180,001: the first dollar of the code's income range) plus the extra pay is the grossed amount, cents dropped; the whole extra pay is taxed at the individual rate of its band (10.5% to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above), the tax and the extra pay's levy added unrounded and truncated to whole cents (steps 3.12, 5); the regular pay at the code's flat rate, in whole dollars with its levy, truncated (§5.6). ACC earners' levy on the extra pay: all of it when the grossed amount is within the maximum liable earnings, the maximum less (annualised amount + low threshold amount) when only that is, none beyond",
		Source: "Income Tax Act 2007 s RD 17(3)-(4) (from 1 April 2010: IRD Tax Technical, 'Tax treatment of extra pays', Act 2009 No 63); IR, Payroll Calculations & Business Rules Specification 2025 V1.3 §5.12 'Extra pay (Lump Sum) - Secondary Income' steps 3.1-3.13 and 4, examples 1-2 (primary; IR's GitHub repository InlandRevenue/File_Upload_Services-Returns-and-Information); low threshold amounts on the code ranges of its §3 table and payroll-rules-2026-27.md §3.1 (docs/reference/nz-extra-pay-acc.md)"}
}

// terminationExtraPayRule is a year's rule for extra pays on termination
// (from 1 April 2025).
func terminationExtraPayRule(name string) *calc.Rule {
	return &calc.Rule{Code: "nz.paye.extrapay.termination." + name,
		Text:   "NZ PAYE on extra pays in a termination pay or a pay after the employment ended (holiday pay paid out, redundancy, other lump sums; main codes), from 1 April 2025: the regular earnings of the last two fully paid pay periods before the termination pay (periods paid $0 left out) are annualised (× 26 weekly, × 13 fortnightly, × 6.5 four-weekly, × 6 monthly; a pay frequency that changed before the employee left: each period × the pays a year of its own frequency, ÷ 2) and the extra pay added; the whole extra pay is taxed at the rate of the band of that amount, cents dropped (10.5% to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above), the tax and the extra pay's levy added unrounded and truncated to whole cents. A period before the termination pay that the employee was employed throughout but no pay recorded here covers (paid before this payroll) is taken as this pay's regular earnings. ACC earners' levy on the extra pay against the same annualised income",
		Source: "Income Tax Act 2007 s RD 17 as amended by the Taxation (Budget Measures) Act 2024 cl 36 (text not found; plainlanguagelaw.ackama.com rendering, secondary); agreeing industry sources, secondary: NZPPA PayTech Q&A 'Tax on extra pay', PayGlobal 'Extra Pay (NZ)', Access Group Definitiv citing IR's Business Rules Specification 2026, MYOB Acumatica 'Calculating Tax for Extra Termination Payments (NZ)' (docs/reference/nz-extra-pay-on-termination-2025.md)"}
}

// terminationFallbackExtraPayRule is a year's rule for the extra pays of
// a termination pay when the employee was not employed for two pay periods
// before it.
func terminationFallbackExtraPayRule(name string) *calc.Rule {
	return &calc.Rule{Code: "nz.paye.extrapay.termination.newemployee." + name,
		Text:   "NZ PAYE on extra pays in a termination pay of an employee who was not employed for two pay periods before it (main codes): the termination rule from 1 April 2025 (two fully paid periods × the periods in a year ÷ 2) has nothing to annualise and no source found gives the rate for this case (Access Group Definitiv: the amount cannot be determined, and the employee may notify a tax rate under s RD 10, which this service does not record); the four-week rule of every other extra pay is kept: the regular earnings paid in the four weeks to and including the pay date (only what was paid) × 13 (monthly × 12) plus the extra pay, cents dropped, the whole extra pay at the band's rate, the tax and the extra pay's levy added unrounded and truncated to whole cents",
		Source: "IR, Payroll Calculations & Business Rules Specification 2025 V1.3 §5.11 step 3.1 (primary); docs/reference/nz-extra-pay-on-termination-2025.md (the termination rule's sources, secondary, silent on this case)"}
}

// extraPayAnnualise is, per frequency (freqIndex order), the factor
// that annualises the regular earnings of the four weeks to the pay date
// (IR, Payroll Calculations & Business Rules Specification §5.11 step
// 3.1: four weekly, two fortnightly or one four-weekly pay × 13, one
// monthly pay × 12, any other payments of the four weeks × 13).
var extraPayAnnualise = [numFreq]int64{13, 13, 13, 12, 4, 1} // quarterly, annual: the spec names none; the pay × pays in the year

// extraPayPays is, per frequency, how many pays the four weeks to the pay
// date hold (a month for monthly pay): four weekly, two fortnightly, one
// of the others.
var extraPayPays = [numFreq]int64{4, 2, 1, 1, 1, 1}

func m(s string) payroll.Money { return payroll.MustMoney(s) }
func r(s string) payroll.Rate  { return payroll.MustRate(s) }

func date(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC) }

// Individual income tax rates from 31 July 2024 (Budget 2024), unchanged in
// 2025-26 and 2026-27 (payroll-rules.md §3; payroll-rules-2026-27.md §3.1).
var brackets2024 = withBases([]bracket{
	{upTo: m("15600"), rate: r("0.105")},
	{upTo: m("53500"), rate: r("0.175")},
	{upTo: m("78100"), rate: r("0.30")},
	{upTo: m("180000"), rate: r("0.33")},
	{upTo: payroll.Money{}, rate: r("0.39")},
})

// ESCT rate thresholds from 1 April 2025, unchanged for 2026-27
// (payroll-rules.md §3; payroll-rules-2026-27.md §3.4). The file gives the
// bands in whole dollars (18,721 – 64,200 ...); an amount with cents above
// a band's top falls in the next band.
var esct2025 = withBases([]bracket{
	{upTo: m("18720"), rate: r("0.105")},
	{upTo: m("64200"), rate: r("0.175")},
	{upTo: m("93720"), rate: r("0.30")},
	{upTo: m("216000"), rate: r("0.33")},
	{upTo: payroll.Money{}, rate: r("0.39")},
})

// IETC: $520 a year for income $24,000–$66,000, reducing by 13c per $1
// above $66,000 (nil at $70,000) (IRD IETC page, payroll-rules-2026-27.md
// §3.1; payroll-rules.md §3 marks the $520 maximum unverified).
var ietc2024 = ietc{annual: m("520"), from: m("24000"), abateFrom: m("66000"), abateRate: r("0.13")}

const (
	srcBrackets = "budget.govt.nz Budget 2024 tax relief; IRD tax codes for individuals (payroll-rules.md §3, payroll-rules-2026-27.md §3.1)"
	srcPAYE     = "IR, Payroll Calculations & Business Rules Specification 2025 V1.3 §§5.2-5.3 (primary; IR's GitHub repository InlandRevenue/File_Upload_Services-Returns-and-Information; docs/reference/nz-paye-rounding.md)"
	srcSecond   = "IRD tax codes for individuals, secondary code rates before ACC levy (payroll-rules-2026-27.md §3.1); IR, Payroll Calculations & Business Rules Specification 2025 V1.3 §5.6 (primary: pay in whole dollars, tax and levy truncated to whole cents)"
	srcND       = "IRD no-notification rate 45% (devpayroll; payroll-rules-2026-27.md §3.1); IR, Payroll Calculations & Business Rules Specification 2025 V1.3 §5.8 (primary: 45% plus the ACC earners' levy on the pay in whole dollars, truncated to whole cents)"
	srcESCT     = "ESCT rate thresholds from 1 Apr 2025 (Police Super, NZPPA, PayHero; Deloitte, Five Star for 2026-27; payroll-rules.md §3, payroll-rules-2026-27.md §3.4)"
)

var y2025 = year{
	name:       "2025-26",
	start:      date(2025, time.April, 1),
	end:        date(2026, time.April, 1),
	brackets:   brackets2024,
	annualRule: &calc.Rule{Code: "nz.incometax.annual.2025-26", Text: "NZ annual income tax on individual rates: 10.5% to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above (no IETC, no ACC levy)", Source: srcBrackets},
	mainRule:   &calc.Rule{Code: "nz.paye.m.2025-26", Text: "NZ PAYE code M: period earnings annualised, 10.5% to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above, cents of the annual figure dropped; the annual tax plus the annual ACC earners' levy (less the IETC on ME) ÷ 52 truncated to whole cents, × 52 ÷ the pays in the year (fortnightly, four-weekly, monthly) truncated again; the levy of the period (the ACC figure) is taken off: PAYE excludes it", Source: srcBrackets + "; " + srcPAYE},
	meRule:     &calc.Rule{Code: "nz.paye.me.2025-26", Text: "NZ PAYE code ME: as M less the independent earner tax credit ($520 a year for annual income $24,000–$66,000, less 13c per $1 above $66,000)", Source: srcBrackets + "; IRD IETC page (payroll-rules.md §3, $520 max unverified); " + srcPAYE},
	ietc:       ietc2024,
	flat: []flatCode{
		{code: "SB", rate: r("0.105"), rule: &calc.Rule{Code: "nz.paye.sb.2025-26", Text: "NZ PAYE secondary code SB: 10.5% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $0 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("0"), secondary: true},
		{code: "S", rate: r("0.175"), rule: &calc.Rule{Code: "nz.paye.s.2025-26", Text: "NZ PAYE secondary code S: 17.5% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $15,601 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("15601"), secondary: true},
		{code: "SH", rate: r("0.30"), rule: &calc.Rule{Code: "nz.paye.sh.2025-26", Text: "NZ PAYE secondary code SH: 30% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $53,501 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("53501"), secondary: true},
		{code: "ST", rate: r("0.33"), rule: &calc.Rule{Code: "nz.paye.st.2025-26", Text: "NZ PAYE secondary code ST: 33% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $78,101 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("78101"), secondary: true},
		{code: "SA", rate: r("0.39"), rule: &calc.Rule{Code: "nz.paye.sa.2025-26", Text: "NZ PAYE secondary code SA: 39% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $180,001 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("180001"), secondary: true},
		{code: "ND", rate: r("0.45"), rule: &calc.Rule{Code: "nz.paye.nd.2025-26", Text: "NZ PAYE no-notification code ND: 45% of all pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents; the levy of the period (the ACC figure) is taken off: PAYE excludes it", Source: srcND}},
	},
	accRate:            r("0.0167"),
	accMax:             m("152790"),
	accRule:            &calc.Rule{Code: "nz.acc.2025-26", Text: "NZ ACC earners' levy 2025-26: 1.67% (incl. GST) of liable earnings per pay, regular pay levied up to the maximum liable earnings of $152,790 ÷ pays in the year, extra pays (IR, Payroll Calculations & Business Rules Specification §5.11 step 4) in full when the annualised income plus the extra pay is within the year's maximum, the maximum less the annualised income when only that is, none beyond (redundancy payments are not liable: IRD, 'Taxing employee redundancy') (max $2,551.59 a year), rounded to the cent", Source: "paycalculator.co.nz; ACC levy results (payroll-rules.md §3, payroll-rules-2026-27.md §3.2); IRD payroll calculations and business rules specification (docs/reference/nz-extra-pay-acc.md)"},
	extraRule:          extraPayRule("2025-26"),
	secondaryExtraRule: secondaryExtraPayRule("2025-26"),
	// From 1 April 2025, the first day of 2025-26.
	terminationRule:         terminationExtraPayRule("2025-26"),
	terminationFallbackRule: terminationFallbackExtraPayRule("2025-26"),
	sl: studentLoan{
		rate: r("0.12"),
		// Per-period thresholds as the rules file gives them; 4-weekly is
		// from payroll-rules-2026-27.md §3.5 (same $464/week threshold).
		// Quarterly: the file gives none.
		// Monthly: IR's specification (§5.4 step 3.1) gives $2,010.66 for
		// the same $24,128 (464 × 52 ÷ 12 truncated); payroll-rules.md's
		// $2,010.67 rounds it. IR's figure, the primary source.
		thresholds: [numFreq]payroll.Money{m("464"), m("928"), m("1856"), m("2010.66"), payroll.Money{}, m("24128")},
		rule:       &calc.Rule{Code: "nz.studentloan.2025-26", Text: "NZ student loan (main code SL): 12% of pay above the repayment threshold ($24,128 a year: $464 a week, $928 a fortnight, $1,856 four-weekly, $2,010.66 a month) of the pay for the period (regular and extra pays) truncated to whole dollars; an extra pay paid without regular pay: 12% of all of it; the deduction truncated to whole cents", Source: "IRD via payroll-rules.md §3 (threshold frozen, Budget 2025 / NZ Herald); IR, Payroll Calculations & Business Rules Specification 2025 §5.4, §5.11 step 2 (docs/reference/nz-paye-rounding.md)"},
		secRule:    &calc.Rule{Code: "nz.studentloan.secondary.2025-26", Text: "NZ student loan (secondary code SL): 12% of all pay in whole dollars, truncated to whole cents (IR specification §5.6 step 3)", Source: "payroll-rules-2026-27.md §3.5 (secondary SL codes 12% of all pay)"},
	},
	ks: kiwiSaver{
		defaultRate:  r("0.03"),
		allowed:      []payroll.Rate{r("0.03"), r("0.04"), r("0.06"), r("0.08"), r("0.10")},
		employerMin:  r("0.03"),
		employeeRule: &calc.Rule{Code: "nz.kiwisaver.employee.2025-26", Text: "NZ KiwiSaver employee contribution: chosen rate (3%, 4%, 6%, 8% or 10%; default 3%) of gross salary/wages (redundancy payments are not salary or wages: KiwiSaver Act 2006 s 4), truncated to whole cents (IR specification §5.21.2)", Source: "IRD KiwiSaver (payroll-rules.md §3); IR, Payroll Calculations & Business Rules Specification 2025 §5.21.2 (docs/reference/nz-paye-rounding.md)"},
		employerRule: &calc.Rule{Code: "nz.kiwisaver.employer.2025-26", Text: "NZ KiwiSaver employer contribution: at least 3% of gross salary/wages (not redundancy payments; before ESCT), truncated to whole cents (IR specification §5.21.2)", Source: "IRD KiwiSaver (payroll-rules.md §3); IR, Payroll Calculations & Business Rules Specification 2025 §5.21.2 (docs/reference/nz-paye-rounding.md)"},
	},
	esct:     esct2025,
	esctRule: &calc.Rule{Code: "nz.esct.2025-26", Text: "NZ ESCT on employer KiwiSaver contributions: rate by the ESCT rate threshold amount (prior-year salary/wages + employer contributions): 10.5% to $18,720, 17.5% to $64,200, 30% to $93,720, 33% to $216,000, 39% above; on the whole dollars of the contribution, truncated to whole cents (IR specification §5.22.3-§5.22.4)", Source: srcESCT},
}

var y2026 = year{
	name:       "2026-27",
	start:      date(2026, time.April, 1),
	end:        date(2027, time.April, 1),
	brackets:   brackets2024,
	annualRule: &calc.Rule{Code: "nz.incometax.annual.2026-27", Text: "NZ annual income tax on individual rates: 10.5% to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above (no IETC, no ACC levy)", Source: srcBrackets},
	mainRule:   &calc.Rule{Code: "nz.paye.m.2026-27", Text: "NZ PAYE code M: period earnings annualised, 10.5% to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above, cents of the annual figure dropped; the annual tax plus the annual ACC earners' levy (less the IETC on ME) ÷ 52 truncated to whole cents, × 52 ÷ the pays in the year (fortnightly, four-weekly, monthly) truncated again; the levy of the period (the ACC figure) is taken off: PAYE excludes it", Source: srcBrackets + " (no 2026-27 change found, unverified); " + srcPAYE},
	meRule:     &calc.Rule{Code: "nz.paye.me.2026-27", Text: "NZ PAYE code ME: as M less the independent earner tax credit ($520 a year for annual income $24,000–$66,000, less 13c per $1 above $66,000)", Source: srcBrackets + "; IRD IETC page (payroll-rules-2026-27.md §3.1); " + srcPAYE},
	ietc:       ietc2024,
	flat: []flatCode{
		{code: "SB", rate: r("0.105"), rule: &calc.Rule{Code: "nz.paye.sb.2026-27", Text: "NZ PAYE secondary code SB: 10.5% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $0 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("0"), secondary: true},
		{code: "S", rate: r("0.175"), rule: &calc.Rule{Code: "nz.paye.s.2026-27", Text: "NZ PAYE secondary code S: 17.5% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $15,601 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("15601"), secondary: true},
		{code: "SH", rate: r("0.30"), rule: &calc.Rule{Code: "nz.paye.sh.2026-27", Text: "NZ PAYE secondary code SH: 30% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $53,501 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("53501"), secondary: true},
		{code: "ST", rate: r("0.33"), rule: &calc.Rule{Code: "nz.paye.st.2026-27", Text: "NZ PAYE secondary code ST: 33% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $78,101 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("78101"), secondary: true},
		{code: "SA", rate: r("0.39"), rule: &calc.Rule{Code: "nz.paye.sa.2026-27", Text: "NZ PAYE secondary code SA: 39% of all regular pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents (the period's levy, the ACC figure, taken off: PAYE excludes it); an extra pay at the band of the annualised amount + $180,001 (the code's low threshold amount) + the extra pay (s RD 17(3)-(4))", Source: srcSecond}, low: m("180001"), secondary: true},
		{code: "ND", rate: r("0.45"), rule: &calc.Rule{Code: "nz.paye.nd.2026-27", Text: "NZ PAYE no-notification code ND: 45% of all pay in whole dollars, with the ACC earners' levy on it, truncated to whole cents; the levy of the period (the ACC figure) is taken off: PAYE excludes it", Source: srcND}},
	},
	accRate:                 r("0.0175"),
	accMax:                  m("156641"),
	accRule:                 &calc.Rule{Code: "nz.acc.2026-27", Text: "NZ ACC earners' levy 2026-27: 1.75% (incl. GST; $1.52 per $100 excl. GST) of liable earnings per pay, regular pay levied up to the maximum liable earnings of $156,641 ÷ pays in the year, extra pays (IR, Payroll Calculations & Business Rules Specification §5.11 step 4) in full when the annualised income plus the extra pay is within the year's maximum, the maximum less the annualised income when only that is, none beyond (redundancy payments are not liable: IRD, 'Taxing employee redundancy') (max $2,741.22 a year); the regular pay's levy rounded to the cent, the extra pays' truncated to whole cents with the tax on them (§5.11 step 5.2)", Source: "acc.co.nz levy results; Oracle PeopleSoft NZ update; Five Star; iPayroll (payroll-rules-2026-27.md §3.2); IRD payroll calculations and business rules specification (docs/reference/nz-extra-pay-acc.md)"},
	extraRule:               extraPayRule("2026-27"),
	secondaryExtraRule:      secondaryExtraPayRule("2026-27"),
	terminationRule:         terminationExtraPayRule("2026-27"),
	terminationFallbackRule: terminationFallbackExtraPayRule("2026-27"),
	sl: studentLoan{
		rate: r("0.12"),
		// The vendor's monthly figure is $2,010.66 (464 × 52 / 12 truncated);
		// payroll-rules.md gives $2,010.67 for 2025-26. Each year keeps
		// its source's figure. Quarterly: the file gives none.
		thresholds: [numFreq]payroll.Money{m("464"), m("928"), m("1856"), m("2010.66"), payroll.Money{}, m("24128")},
		rule:       &calc.Rule{Code: "nz.studentloan.2026-27", Text: "NZ student loan (main code SL): 12% of pay above the repayment threshold ($24,128 a year: $464 a week, $928 a fortnight, $1,856 four-weekly, $2,010.66 a month) of the pay for the period (regular and extra pays) truncated to whole dollars; an extra pay paid without regular pay: 12% of all of it; the deduction truncated to whole cents", Source: "Five Star Payroll Pro 2026 changes (single vendor, unverified) (payroll-rules-2026-27.md §3.5); IR, Payroll Calculations & Business Rules Specification 2025 §5.4, §5.11 step 2 (docs/reference/nz-paye-rounding.md)"},
		secRule:    &calc.Rule{Code: "nz.studentloan.secondary.2026-27", Text: "NZ student loan (secondary code SL): 12% of all pay in whole dollars, truncated to whole cents (IR specification §5.6 step 3)", Source: "payroll-rules-2026-27.md §3.5 (unverified)"},
	},
	ks: kiwiSaver{
		defaultRate:  r("0.035"),
		allowed:      []payroll.Rate{r("0.035"), r("0.04"), r("0.06"), r("0.08"), r("0.10")},
		reducedRate:  r("0.03"),
		employerMin:  r("0.035"),
		employeeRule: &calc.Rule{Code: "nz.kiwisaver.employee.2026-27", Text: "NZ KiwiSaver employee contribution: chosen rate (3.5%, 4%, 6%, 8% or 10%; default 3.5%; 3% under an IRD temporary rate reduction) of gross salary/wages (redundancy payments are not salary or wages: KiwiSaver Act 2006 s 4), truncated to whole cents (IR specification §5.21.2)", Source: "IR specification §5.21.2; IRD news: changes to the KiwiSaver contribution rate (2026); Deloitte Feb 2026 (payroll-rules-2026-27.md §3.3)"},
		employerRule: &calc.Rule{Code: "nz.kiwisaver.employer.2026-27", Text: "NZ KiwiSaver employer contribution: at least 3.5% of gross salary/wages (not redundancy payments; 3% may match an employee's temporary rate reduction), before ESCT, truncated to whole cents (IR specification §5.21.2)", Source: "IR specification §5.21.2; IRD news: changes to the KiwiSaver contribution rate (2026) (payroll-rules-2026-27.md §3.3)"},
	},
	esct:     esct2025,
	esctRule: &calc.Rule{Code: "nz.esct.2026-27", Text: "NZ ESCT on employer KiwiSaver contributions: rate by the ESCT rate threshold amount (prior-year salary/wages + employer contributions): 10.5% to $18,720, 17.5% to $64,200, 30% to $93,720, 33% to $216,000, 39% above; on the whole dollars of the contribution, truncated to whole cents (IR specification §5.22.3-§5.22.4)", Source: srcESCT},
}

// years is every income year the engine knows, in date order. Adding a
// year = adding a table here.
var years = []*year{&y2025, &y2026}
