package au

import (
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Band is one row of an ATO coefficient table: for weekly earnings x below
// Below (whole dollars; 0 = "and over", the last row), y = A·x − B.
type Band struct {
	Below int64
	A, B  payroll.Rate
}

// Coefficients is a coefficient table, bands in ascending order.
type Coefficients []Band

// Year is every AU rule that changes with the law, for one income year.
type Year struct {
	Name     string    // "2025-26"
	From, To time.Time // payments on or after From and before To

	PAYG     Schedule1
	WHM      Schedule15
	Medicare *MedicareAdjustment // nil: parameters not known for the year
	STSL     []Schedule8         // in force from their From date, in date order
	Super    SuperGuarantee
	Leave    LeaveAccrual
	Car      CarAllowance
	Meal     MealAllowance // zero: no reasonable amount in the rules (withheld in full)
	// Redundancy is the tax-free limit of a genuine redundancy or early
	// retirement scheme payment (Lump Sum D); zero: not in the rules.
	Redundancy RedundancyLimit

	Schedule5 Schedule5
	Schedule7 Schedule7
	ETP       Schedule11

	// Total is the rule of the "payg" figure: what is withheld in all.
	Total calc.Rule
	// Taxable is the rule of the taxable earnings figure.
	Taxable calc.Rule
}

// CarAllowance is the ATO's rule for a car expense allowance paid on a
// cents-per-kilometre basis: nothing is withheld from the part paid at or
// below the cents per kilometre rate for up to KmLimit business kilometres
// in the income year; the excess over the rate, and the payment for the
// kilometres beyond KmLimit, are withheld on with the period's earnings.
type CarAllowance struct {
	Rule       calc.Rule
	CentsPerKm payroll.Money // the rate the Commissioner determines under ITAA 1997 s 28-25(4)
	KmLimit    payroll.Rate
}

// MealAllowance is the ATO's rule for an overtime meal allowance paid under
// an industrial instrument (STP type MD): nothing is withheld from it up to
// the reasonable amount per meal the Commissioner sets for the income year
// by Taxation Determination (Subdiv 900-B ITAA 1997); the excess is
// withheld on with the period's earnings.
type MealAllowance struct {
	Rule    calc.Rule
	PerMeal payroll.Money
}

// RedundancyLimit is the tax-free part of a genuine redundancy or early
// retirement scheme payment for an income year (ITAA 1997 s 83-170,
// indexed under s 960-285): Base plus PerYear for each completed year of
// service. Paid as Lump Sum D; the rest is an ETP (code R).
type RedundancyLimit struct {
	Rule          calc.Rule
	Base, PerYear payroll.Money
}

// Schedule1 is ATO Schedule 1 (NAT 1004) for a year.
type Schedule1 struct {
	Rule calc.Rule // the formula and its rounding
	// Scales holds the weekly coefficients of scales 1, 2, 3, 5 and 6,
	// indexed by scale number (0 and 4 unused).
	Scales [7]Coefficients
	// Scale 4 (no TFN): a flat rate on whole dollars, cents of the result
	// dropped.
	Scale4Resident, Scale4Foreign payroll.Rate
	Scale4Rule                    calc.Rule
	// OffsetRate is the share of the annual tax offset taken off each pay,
	// indexed by frequency (weekly, fortnightly, monthly, quarterly).
	OffsetRate [numFreq]payroll.Rate
	OffsetRule calc.Rule
}

// Schedule15 is the working holiday maker tax table: marginal rates on the
// income year's earnings to date.
type Schedule15 struct {
	Rule     calc.Rule
	Brackets []Bracket
}

// Bracket: Rate applies to each dollar above Over (up to the next bracket).
type Bracket struct {
	Over payroll.Money
	Rate payroll.Rate
}

// MedicareAdjustment is the Schedule 1 Medicare levy adjustment for
// employees who lodged a Medicare levy variation declaration (spouse
// and/or dependants), scales 2 and 6.
type MedicareAdjustment struct {
	Rule calc.Rule
	// FamilyThreshold + PerChild × children, ÷ 52 rounded to cents, is the
	// weekly family threshold (WFT).
	FamilyThreshold, PerChild payroll.Money
	Scale2, Scale6            MedicareScale
}

// MedicareScale is the adjustment's shape for one scale:
//
//	x < Entry:           nil
//	Entry ≤ x < Second:  (x − Lower) × ShadeIn
//	Second ≤ x < WFT:    x × Levy
//	WFT ≤ x < SOP:       WFT × Levy − (x − WFT) × ShadeOut
//	SOP ≤ x:             nil, where SOP = WFT × ShadeIn ÷ ShadeOut, cents ignored.
type MedicareScale struct {
	Entry, Second           int64 // whole dollars of weekly earnings
	Lower                   payroll.Money
	ShadeIn, Levy, ShadeOut payroll.Rate
}

// Schedule8 is a Schedule 8 (study and training support loans) table: the
// component added to the Schedule 1 amount. A nil table is one the rules do
// not give (a calculation that needs it fails).
type Schedule8 struct {
	From time.Time
	Rule calc.Rule
	// TFT: tax-free threshold claimed, or foreign resident (scales 2, 3, 5,
	// 6); NoTFT: tax-free threshold not claimed (scale 1).
	TFT, NoTFT Coefficients
}

// Schedule5 is the tax table for back payments, commissions, bonuses and
// similar payments (NAT 3348), Method A.
type Schedule5 struct {
	Rule calc.Rule
	// Limit is the most withheld from an additional payment, as a share
	// of it (the top marginal rate with the Medicare levy).
	Limit payroll.Rate
}

// Schedule7 is the tax table for unused leave payments on termination of
// employment (NAT 3351), for leave accrued after 17 August 1993.
type Schedule7 struct {
	MarginalRule, RedundancyRule calc.Rule
	// LumpSumA: genuine redundancy, invalidity, early retirement; and the
	// most withheld from a normal-termination payment under SmallPayment.
	LumpSumA, LumpSumAForeign payroll.Rate
	SmallPayment              payroll.Money
	// LumpSumBAssessable: the share of long service leave accrued before
	// 16 August 1978 withheld on at marginal rates (5%).
	LumpSumBAssessable payroll.Rate
}

// Schedule11 is the tax table for employment termination payments
// (NAT 70980) with the year's caps.
type Schedule11 struct {
	Rule, NoTFNRule, TrusteeRule calc.Rule
	// Cap is the ETP cap (ITAA 1997 s 82-160, indexed); nil when the
	// year's figure is not known, then CapAtLeast is a floor for it (the
	// previous year's cap: indexation never lowers it, s 960-285), enough
	// to withhold from any ETP that does not reach it.
	Cap        *payroll.Money
	CapAtLeast payroll.Money
	// WholeOfIncome is the whole-of-income cap (s 82-10(4), not indexed).
	WholeOfIncome payroll.Money
	// Rates up to the cap: life benefit under and from the preservation
	// age, death benefit to a dependant and to anyone else; above it;
	// and the Medicare levy a foreign resident's rates leave out.
	Under, Reached, DeathDependant, DeathOther, Above, Medicare payroll.Rate
	// Delayed is the rate withheld from a delayed termination payment (a
	// payment that would be an ETP but is received more than 12 months
	// after the termination) when the employee has given their TFN;
	// DelayedRule its rule (without a TFN, the no-TFN rates).
	Delayed     payroll.Rate
	DelayedRule calc.Rule
}

// SuperGuarantee is the super guarantee for a year.
type SuperGuarantee struct {
	Rule calc.Rule
	// AdditionalRule is the rule of the pay categories' own super rates
	// above the guarantee (super.additional).
	AdditionalRule calc.Rule
	Rate           payroll.Rate
	// MCB is the maximum contribution base: per quarter, or per income year
	// when PerYear (Payday Super).
	MCB     payroll.Money
	PerYear bool
}

// LeaveAccrual is the NES accrual per hour of ordinary time.
type LeaveAccrual struct {
	AnnualRule, PersonalRule calc.Rule
	Annual, AnnualShift      payroll.Rate // 4 weeks, 5 weeks (shift workers)
	Personal                 payroll.Rate // 10 days = 2 weeks
}

// Years is every income year the engine knows, in date order.
var Years = []*Year{&y2025, &y2026}

func band(below int64, a, b string) Band {
	return Band{Below: below, A: payroll.MustRate(a), B: payroll.MustRate(b)}
}

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func rate(s string) payroll.Rate   { return payroll.MustRate(s) }
func money(s string) payroll.Money { return payroll.MustMoney(s) }

func ptr[T any](v T) *T { return &v }

// Leave accrual is the NES (Fair Work Act 2009 ss 87, 96): unchanged
// across years, shared by the tables.
var nesLeave = LeaveAccrual{
	AnnualRule: calc.Rule{Code: "au.leave.annual",
		Text:   "Annual leave accrues progressively with ordinary hours: 4 weeks a year = 0.076923 h per hour (5 weeks for shift workers = 0.096154 h/h); none for casuals",
		Source: "Fair Work Act 2009 s 87 (National Employment Standards); payroll-rules.md 1.7"},
	PersonalRule: calc.Rule{Code: "au.leave.personal",
		Text:   "Personal/carer's leave accrues progressively: 10 days a year = 2 weeks of ordinary hours = 0.038462 h per hour; none for casuals",
		Source: "Fair Work Act 2009 s 96 (National Employment Standards); Mondelez v AMWU (2020) HCA 29; payroll-rules.md 1.7"},
	Annual:      rate("0.076923"),
	AnnualShift: rate("0.096154"),
	Personal:    rate("0.038462"),
}

// Schedule 5 Method A, Schedule 7 and the ETP rates are the same in
// 2025-26 and 2026-27 (the schedules of 16 June 2024 apply to both); the
// 47% limit and top rate are the 45% top marginal rate plus the 2%
// Medicare levy (Income Tax Rates Act 1986 Sch 7; Medicare Levy Act 1986).
var (
	schedule5MethodA = Schedule5{
		Rule: calc.Rule{Code: "au.payg.schedule5",
			Text:   "Back payments, commissions, bonuses and similar payments (Method A): normal earnings in whole dollars; the payment ÷ the pay periods it relates to (the pay periods in a year: 52, 26, 12, 4 unless the line says), cents ignored, added to them; (withholding on the sum − withholding on normal earnings) × those periods, nil when negative, at most 47% of the payment",
			Source: "ATO Schedule 5 (NAT 3348) Method A, published 16 June 2024; docs/reference/au-pay-rules.md"},
		Limit: rate("0.47"),
	}
	schedule7Leave = Schedule7{
		MarginalRule: calc.Rule{Code: "au.payg.schedule7",
			Text:   "Unused annual leave, leave loading and long service leave on a normal termination (accrued after 17 Aug 1993), marginal rate method: the payment ÷ the pay periods in 12 months (52, 26, 12), cents ignored, added to the normal gross earnings of a pay period; (withholding on the sum − withholding on normal earnings) × those periods; a payment under $300 has at most 32% withheld. Long service leave accrued before 16 Aug 1978 (Lump Sum B) on any termination: 5% of it goes through the same method (added to the post-17 Aug 1993 component when that is $300 or more)",
			Source: "ATO Schedule 7 (NAT 3351) and 'Withholding from unused leave payments on termination of employment' (step 3, tables 5 and 6 for Lump Sum B); docs/reference/au-pay-rules.md"},
		RedundancyRule: calc.Rule{Code: "au.payg.schedule7.lumpsuma",
			Text:   "Unused annual leave and leave loading paid on termination for genuine redundancy, invalidity or an early retirement scheme (Lump Sum A): 32% of the payment (30% for a foreign resident: no Medicare levy), cents disregarded",
			Source: "ATO Schedule 7 (NAT 3351), genuine redundancy, invalidity or early retirement scheme; ATO example: $2,680 × 32% = $857; docs/reference/au-pay-rules.md"},
		LumpSumA:        rate("0.32"),
		LumpSumAForeign: rate("0.30"),
		SmallPayment:    money("300"),
		// ATO 'Withholding from unused leave payments on termination of
		// employment', step 3, tables 5 and 6: "5% of total at marginal
		// rate".
		LumpSumBAssessable: rate("0.05"),
	}
	etpRules = struct{ rule, noTFN, trustee, delayed calc.Rule }{
		delayed: calc.Rule{Code: "au.payg.delayedtermination",
			Text:   "Delayed termination payment (a payment in consequence of the termination received more than 12 months after it, not a genuine redundancy or early retirement scheme payment: not an ETP, assessable as ordinary income): 32% of the payment, rounded to the dollar, 50c up; without a TFN 47% (45% for a foreign resident), cents ignored; reported in gross payments, not as an ETP",
			Source: "ITAA 1997 ss 82-130(1)(b), 82-130(4), 83-295; ATO Schedule 11 (NAT 70980), 'delayed termination payment' (scope from 13 October 2020; the rate: Schedule 32 for 2013-14, 31.5% = 30% + the 1.5% Medicare levy then, 32% with the 2% levy since 1 July 2014); ATO 'The 12-month rule'; docs/reference/au-pay-rules.md §3"},
		rule: calc.Rule{Code: "au.payg.etp",
			Text:   "Employment termination payment (taxable component): up to the cap 32% under the preservation age at the end of the income year, 17% from it (death benefit: nil to a dependant, 32% to a non-dependant), 47% above; foreign residents 2% less (no Medicare levy); cap: the ETP cap for excluded payments (R, S, death benefits), else the smaller of it and the whole-of-income cap $180,000 less the year's other taxable payments, each less the earlier ETPs that count against it; rounded to the dollar, 50c up",
			Source: "ATO Schedule 11 (NAT 70980); ITAA 1997 ss 82-10, 82-65, 82-160; ATO 'Applying the ETP caps'; SIS Regulations reg 6.01(2) (preservation age); docs/reference/au-pay-rules.md"},
		noTFN: calc.Rule{Code: "au.payg.etp.notfn",
			Text:   "Employment termination payment without a TFN: 47% of the taxable component (45% for a foreign resident), cents ignored",
			Source: "ATO Schedule 11 (NAT 70980), when a TFN is not provided; docs/reference/au-pay-rules.md"},
		trustee: calc.Rule{Code: "au.payg.etp.trustee",
			Text:   "Death benefit ETP paid to the trustee of the deceased estate (code T): nothing is withheld (the estate is assessed)",
			Source: "ATO Schedule 11 (NAT 70980), death benefit ETPs; STP Phase 2 employer reporting guidelines (ETP codes); docs/reference/au-pay-rules.md"},
	}
	superAdditional = calc.Rule{Code: "au.super.additional",
		Text:   "A pay category's own super rate: on earnings that are not ordinary time earnings (overtime) at that rate; on ordinary time earnings the part of it above the super guarantee rate; rounded to the cent",
		Source: "the pay category's defaultSuperRate (employer contributions above the guarantee); SGR 2009/2 (what is OTE)"}
)

// y2025 is 2025-26: Schedule 1 as published 16 June 2024 (not re-issued
// for 1 July 2025), Schedule 8 re-issued from 24 September 2025.
var y2025 = Year{
	Name: "2025-26",
	From: date(2025, time.July, 1),
	To:   date(2026, time.July, 1),
	Total: calc.Rule{Code: "au.payg",
		Text:   "Amount withheld: Schedule 1 amount less tax offsets and Medicare levy adjustment (not below nil), plus the Schedule 8 component",
		Source: "ATO Schedule 1 (NAT 1004) and Schedule 8 (NAT 3539); payroll-rules.md 1.2, 1.5"},
	Taxable: calc.Rule{Code: "au.taxable",
		Text:   "Earnings subject to withholding: taxable earnings lines less salary sacrificed (pre-tax) amounts",
		Source: "ATO Schedule 1 'Working out the weekly earnings'; payroll-rules.md 1.2"},
	Car: CarAllowance{
		Rule: calc.Rule{Code: "au.allowance.car",
			Text: "Car expense allowance paid per kilometre (STP type CD): not withheld from up to the ATO cents per kilometre rate × the business kilometres, for up to 5,000 km in the income year (rounded to the cent, half up); " +
				"the excess over the rate and the kilometres beyond 5,000 are withheld on with the period's earnings",
			Source: "ATO, Withholding for allowances, table 1a (car expense allowance, cents per kilometre basis); Income Tax Assessment (Cents per Kilometre Deduction Rate for Car Expenses) Determination 2024: 88c from 1 July 2024 until a new determination is made (softwaredevelopers.ato.gov.au/CentsperKilometreDeductionRateforCarExpenses); docs/reference/au-pay-rules.md §4g"},
		CentsPerKm: payroll.MustMoney("0.88"),
		KmLimit:    payroll.RateFromInt(5000),
	},
	Redundancy: RedundancyLimit{
		Rule: calc.Rule{Code: "au.lumpsumd.limit",
			Text:   "Lump Sum D (the tax-free part of a genuine redundancy or early retirement scheme payment) is at most $13,100 + $6,552 for each completed year of service (2025-26); a payment above it is refused: the excess is an ETP (code R)",
			Source: "ITAA 1997 s 83-170; ATO key superannuation rates and thresholds, employment termination payments (2025-26 $13,100 / $6,552; Lawlux, Oracle, public transcriptions, secondary); docs/reference/au-reasonable-amounts.md"},
		Base: money("13100"), PerYear: money("6552"),
	},
	Meal: MealAllowance{
		Rule: calc.Rule{Code: "au.allowance.meals",
			Text:   "Overtime meal allowance paid under an industrial instrument (STP type MD): not withheld from up to the reasonable amount of $38.65 a meal for 2025-26 × the line's meals (units), each line's part rounded to the cent, half up; the excess is withheld on with the period's earnings",
			Source: "ATO, Withholding for allowances, table 1a (overtime meal allowance); TD 2025/4 (reasonable amounts for 2025-26: overtime meal $38.65; gavinmaandco.com.au and public transcriptions of TD 2025/4, secondary); docs/reference/au-reasonable-amounts.md"},
		PerMeal: payroll.MustMoney("38.65"),
	},
	PAYG: Schedule1{
		Rule: calc.Rule{Code: "au.payg.schedule1",
			Text:   "Schedule 1 formula y = a·x − b, x = weekly earnings in whole dollars + 99c, y rounded to the dollar (50c up); fortnightly ×2, monthly ×3/13 then ×13/3 rounded, quarterly ÷13 then ×13",
			Source: "ATO Schedule 1 (NAT 1004), coefficients for weekly payments published 16 June 2024, unchanged for 2025-26; payroll-rules.md 1.2-1.3"},
		Scales: [7]Coefficients{
			1: {
				band(150, "0.1600", "0.1600"),
				band(371, "0.2117", "7.7550"),
				band(515, "0.1890", "-0.6702"),
				band(932, "0.3227", "68.2367"),
				band(2246, "0.3200", "65.7202"),
				band(3303, "0.3900", "222.9510"),
				band(0, "0.4700", "487.2587"),
			},
			2: {
				band(361, "0", "0"),
				band(500, "0.1600", "57.8462"),
				band(625, "0.2600", "107.8462"),
				band(721, "0.1800", "57.8462"),
				band(865, "0.1890", "64.3365"),
				band(1282, "0.3227", "180.0385"),
				band(2596, "0.3200", "176.5769"),
				band(3653, "0.3900", "358.3077"),
				band(0, "0.4700", "650.6154"),
			},
			3: {
				band(2596, "0.3000", "0.3000"),
				band(3653, "0.3700", "181.7308"),
				band(0, "0.4500", "474.0385"),
			},
			5: {
				band(361, "0", "0"),
				band(721, "0.1600", "57.8462"),
				band(865, "0.1690", "64.3365"),
				band(1282, "0.3027", "180.0385"),
				band(2596, "0.3000", "176.5769"),
				band(3653, "0.3700", "358.3077"),
				band(0, "0.4500", "650.6154"),
			},
			6: {
				band(361, "0", "0"),
				band(721, "0.1600", "57.8462"),
				band(843, "0.1690", "64.3365"),
				band(865, "0.2190", "106.4962"),
				band(1053, "0.3527", "222.1981"),
				band(1282, "0.3127", "180.0385"),
				band(2596, "0.3100", "176.5769"),
				band(3653, "0.3800", "358.3077"),
				band(0, "0.4600", "650.6154"),
			},
		},
		Scale4Resident: rate("0.47"),
		Scale4Foreign:  rate("0.45"),
		Scale4Rule: calc.Rule{Code: "au.payg.scale4",
			Text:   "Scale 4 (no TFN): 47% (resident) or 45% (foreign resident) of the earnings in whole dollars, cents of the result ignored",
			Source: "ATO Schedule 1 (NAT 1004) 2024, scale 4; payroll-rules.md 1.2-1.3"},
		// 1.9% weekly is in the ATO text; the other periods are (unverified).
		OffsetRate: [numFreq]payroll.Rate{rate("0.019"), rate("0.038"), rate("0.083"), rate("0.25")},
		OffsetRule: calc.Rule{Code: "au.payg.offset",
			Text:   "Tax offsets claimed on a withholding declaration: annual offset × 1.9% weekly, 3.8% fortnightly, 8.3% monthly, 25% quarterly, rounded to the dollar (periods other than weekly unverified)",
			Source: "ATO Schedule 1 (NAT 1004) 2024, tax offsets; payroll-rules.md 1.2"},
	},
	WHM: Schedule15{
		Rule: calc.Rule{Code: "au.payg.whm",
			Text:   "Working holiday maker: 15% to $45,000 of the year's earnings, 30% to $135,000, 37% to $190,000, 45% above; withheld = tax on whole dollars of year-to-date earnings including this pay less tax on those before it, rounded to the dollar (unverified)",
			Source: "ATO Schedule 15 (NAT 75331); payroll-rules.md 1.7 (rates from a public repo table, unverified)"},
		Brackets: []Bracket{
			{money("0"), rate("0.15")},
			{money("45000"), rate("0.30")},
			{money("135000"), rate("0.37")},
			{money("190000"), rate("0.45")},
		},
	},
	Medicare: &MedicareAdjustment{
		Rule: calc.Rule{Code: "au.payg.medicare",
			Text:   "Medicare levy adjustment (variation for spouse/dependants, scales 2 and 6): shade-in from $500/$843 a week, 2%/1% of x to the weekly family threshold (WFT = ($43,846 + $4,027 per child) ÷ 52), shading out at 8%/4%; rounded to the dollar; fortnightly ×2, monthly ×13/3 rounded, quarterly ×13",
			Source: "ATO Schedule 1 (NAT 1004) 2024, Medicare levy adjustment; payroll-rules.md 1.4 (family threshold and per-child amount unverified)"},
		FamilyThreshold: money("43846"),
		PerChild:        money("4027"),
		Scale2:          MedicareScale{Entry: 500, Second: 625, Lower: money("500"), ShadeIn: rate("0.1"), Levy: rate("0.02"), ShadeOut: rate("0.08")},
		Scale6:          MedicareScale{Entry: 843, Second: 1053, Lower: money("843"), ShadeIn: rate("0.05"), Levy: rate("0.01"), ShadeOut: rate("0.04")},
	},
	STSL: []Schedule8{
		{
			// The 1 July 2025 Schedule 8 (percentage of total earnings) was
			// not collected: payments before 24 Sep 2025 with a loan fail.
			From: date(2025, time.July, 1),
			Rule: calc.Rule{Code: "au.stsl",
				Text:   "Schedule 8 of 1 July 2025 (percentage of total earnings): its rates are not in the rules, so no component is computed for payments before 24 Sep 2025 (nil without a TFN or with a Medicare levy variation for spouse/dependants, as in every Schedule 8)",
				Source: "ATO Schedule 8 (NAT 3539) 1 July 2025; payroll-rules.md 1.5 (unverified/TODO)"},
		},
		{
			From: date(2025, time.September, 24),
			Rule: calc.Rule{Code: "au.stsl",
				Text:   "Schedule 8 component y = a·x − b on the Schedule 1 weekly x, rounded to the dollar, converted like Schedule 1 and added to it; not applied without a TFN or with a Medicare levy variation for spouse/dependants",
				Source: "ATO Schedule 8 (NAT 3539) from 24 Sep 2025 (Universities Accord (Cutting Student Debt by 20 Per Cent) Act 2025), TFT coefficients as transcribed in saebooks 0120 (unverified); no-TFT coefficients derived from them by the 2026-27 tables' $350 shift, matching the breakpoints 938/2,053/2,597 quoted in payroll-rules.md 1.5 (unverified)"},
			TFT: Coefficients{
				band(1288, "0", "0"),
				band(2403, "0.15", "193.2692"),
				band(3447, "0.17", "241.3462"),
				band(0, "0.10", "0"),
			},
			// No-TFT (scale 1): derived, not transcribed. The 2026-27 no-TFT
			// table (payroll-rules-2026-27.md 1.5) is the TFT table at
			// x + $350 (b less 0.15 × 350 = 52.5 and 0.17 × 350 = 59.5), the
			// 10% band unshifted from where 0.17x − b meets 0.10x. The same
			// derivation on this TFT table gives breakpoints 938 and 2,053
			// and the 10% start 181.8462 ÷ 0.07 = 2,597.8 → 2,597: the three
			// no-TFT breakpoints payroll-rules.md 1.5 quotes (unverified).
			NoTFT: Coefficients{
				band(938, "0", "0"),
				band(2053, "0.15", "140.7692"),
				band(2597, "0.17", "181.8462"),
				band(0, "0.10", "0"),
			},
		},
	},
	Super: SuperGuarantee{
		Rule: calc.Rule{Code: "au.super.guarantee",
			Text:   "Super guarantee 12% of ordinary time earnings (incl. salary sacrificed OTE), base capped at the maximum contribution base $62,500 a quarter, rounded to the cent; nil for an employee under 18 working no more than 30 hours a week",
			Source: "Superannuation Guarantee (Administration) Act 1992 ss 19, 27(2); ATO SGD 93/1 (hours actually worked); ATO key super rates; Industry Super; payroll-rules.md 1.6"},
		AdditionalRule: superAdditional,
		Rate:           rate("0.12"),
		MCB:            money("62500"),
	},
	Leave:     nesLeave,
	Schedule5: schedule5MethodA,
	Schedule7: schedule7Leave,
	ETP: Schedule11{
		Rule: etpRules.rule, NoTFNRule: etpRules.noTFN, TrusteeRule: etpRules.trustee,
		Delayed: rate("0.32"), DelayedRule: etpRules.delayed,
		Cap:           ptr(money("260000")), // 2025-26 (ITAA 1997 s 82-160, CCH note of indexed amounts; Lawlux FY26 key figures)
		CapAtLeast:    money("260000"),
		WholeOfIncome: money("180000"),
		Under:         rate("0.32"), Reached: rate("0.17"), DeathDependant: rate("0"), DeathOther: rate("0.32"),
		Above: rate("0.47"), Medicare: rate("0.02"),
	},
}

// y2026 is 2026-27: Schedule 1 re-issued 17 June 2026 for payments from
// 1 July 2026 (15% first rate), Schedule 8 indexed, Payday Super.
var y2026 = Year{
	Name: "2026-27",
	From: date(2026, time.July, 1),
	To:   date(2027, time.July, 1),
	Total: calc.Rule{Code: "au.payg",
		Text:   "Amount withheld: Schedule 1 amount less tax offsets and Medicare levy adjustment (not below nil), plus the Schedule 8 component",
		Source: "ATO Schedule 1 (NAT 1004) and Schedule 8 (NAT 3539) from 1 July 2026; payroll-rules-2026-27.md 1.1, 1.5"},
	Taxable: y2025.Taxable,
	// Income Tax Assessment (Cents per Kilometre Deduction Rate for Car
	// Expenses) Determination 2026 (F2026L00785), s 6: 91c for the income
	// year from 1 July 2026; it repeals the 2024 determination (88c).
	Car: CarAllowance{
		Rule: calc.Rule{Code: "au.allowance.car",
			Text: "Car expense allowance paid per kilometre (STP type CD): not withheld from up to the ATO cents per kilometre rate (91c for 2026-27) × the business kilometres, for up to 5,000 km in the income year (rounded to the cent, half up); " +
				"the excess over the rate and the kilometres beyond 5,000 are withheld on with the period's earnings",
			Source: "ATO, Withholding for allowances, table 1a (car expense allowance, cents per kilometre basis); Income Tax Assessment (Cents per Kilometre Deduction Rate for Car Expenses) Determination 2026 (F2026L00785, registered 23 June 2026), s 6: 91 cents per kilometre for the income year commencing on 1 July 2026 (quoted by public transcriptions, secondary); docs/reference/au-reasonable-amounts.md"},
		CentsPerKm: payroll.MustMoney("0.91"),
		KmLimit:    payroll.RateFromInt(5000),
	},
	Redundancy: RedundancyLimit{
		Rule: calc.Rule{Code: "au.lumpsumd.limit",
			Text:   "Lump Sum D (the tax-free part of a genuine redundancy or early retirement scheme payment) is at most $13,598 + $6,801 for each completed year of service (2026-27); a payment above it is refused: the excess is an ETP (code R)",
			Source: "ITAA 1997 s 83-170; ATO key superannuation rates and thresholds, employment termination payments, and Schedule 11 (2026-27 $13,598 / $6,801, as quoted by two public transcriptions, secondary); docs/reference/au-reasonable-amounts.md"},
		Base: money("13598"), PerYear: money("6801"),
	},
	Meal: MealAllowance{
		Rule: calc.Rule{Code: "au.allowance.meals",
			Text:   "Overtime meal allowance paid under an industrial instrument (STP type MD): not withheld from up to the reasonable amount of $40.00 a meal for 2026-27 × the line's meals (units), each line's part rounded to the cent, half up; the excess is withheld on with the period's earnings",
			Source: "ATO, Withholding for allowances, table 1a (overtime meal allowance); TD 2026/4 (reasonable travel and overtime meal allowance expense amounts for 2026-27: overtime meal $40.00; public transcriptions of TD 2026/4, secondary); docs/reference/au-reasonable-amounts.md"},
		PerMeal: payroll.MustMoney("40.00"),
	},
	PAYG: Schedule1{
		Rule: calc.Rule{Code: "au.payg.schedule1",
			Text:   "Schedule 1 formula y = a·x − b, x = weekly earnings in whole dollars + 99c, y rounded to the dollar (50c up); fortnightly ×2, monthly ×3/13 then ×13/3 rounded, quarterly ÷13 then ×13",
			Source: "ATO Schedule 1 (NAT 1004) published 17 June 2026, payments from 1 July 2026; coefficients from 3 concordant public transcriptions (unverified); payroll-rules-2026-27.md 1.1, 1.3"},
		Scales: [7]Coefficients{
			1: {
				band(188, "0.1500", "0.1500"),
				band(371, "0.2084", "11.0185"),
				band(515, "0.1790", "0.1066"),
				band(932, "0.3227", "74.1674"),
				band(2246, "0.3200", "71.6508"),
				band(3303, "0.3900", "228.8816"),
				band(0, "0.4700", "493.1893"),
			},
			2: {
				band(362, "0", "0"),
				band(538, "0.1500", "54.3462"),
				band(673, "0.2500", "108.2135"),
				band(721, "0.1700", "54.3473"),
				band(865, "0.1790", "60.8377"),
				band(1282, "0.3227", "185.1935"),
				band(2596, "0.3200", "181.7319"),
				band(3653, "0.3900", "363.4627"),
				band(0, "0.4700", "655.7704"),
			},
			3: {
				band(2596, "0.3000", "0.3000"),
				band(3653, "0.3700", "181.7308"),
				band(0, "0.4500", "474.0385"),
			},
			5: {
				band(362, "0", "0"),
				band(721, "0.1500", "54.3462"),
				band(865, "0.1590", "60.8365"),
				band(1282, "0.3027", "185.1923"),
				band(2596, "0.3000", "181.7308"),
				band(3653, "0.3700", "363.4615"),
				band(0, "0.4500", "655.7692"),
			},
			6: {
				band(362, "0", "0"),
				band(721, "0.1500", "54.3462"),
				band(865, "0.1590", "60.8365"),
				band(908, "0.3027", "185.1923"),
				band(1135, "0.3527", "230.6135"),
				band(1282, "0.3127", "185.1923"),
				band(2596, "0.3100", "181.7308"),
				band(3653, "0.3800", "363.4615"),
				band(0, "0.4600", "655.7692"),
			},
		},
		Scale4Resident: rate("0.47"),
		Scale4Foreign:  rate("0.45"),
		Scale4Rule: calc.Rule{Code: "au.payg.scale4",
			Text:   "Scale 4 (no TFN): 47% (resident) or 45% (foreign resident) of the earnings in whole dollars, cents of the result ignored",
			Source: "ATO Schedule 1 (NAT 1004) from 1 July 2026, scale 4 (unchanged); payroll-rules-2026-27.md 1.3"},
		OffsetRate: y2025.PAYG.OffsetRate,
		OffsetRule: calc.Rule{Code: "au.payg.offset",
			Text:   "Tax offsets claimed on a withholding declaration: annual offset × 1.9% weekly, 3.8% fortnightly, 8.3% monthly, 25% quarterly, rounded to the dollar (carried over from 2024, unverified)",
			Source: "ATO Schedule 1 (NAT 1004), tax offsets; payroll-rules.md 1.2 (method unchanged per payroll-rules-2026-27.md 1.1)"},
	},
	WHM: Schedule15{
		Rule: calc.Rule{Code: "au.payg.whm",
			Text:   "Working holiday maker: 15% to $45,000 of the year's earnings, 30% to $135,000, 37% to $190,000, 45% above; withheld = tax on whole dollars of year-to-date earnings including this pay less tax on those before it, rounded to the dollar (carried over from 2025-26, unverified)",
			Source: "ATO Schedule 15 (NAT 75331); payroll-rules.md 1.7; payroll-rules-2026-27.md 1.1 (Schedule 1 does not apply to WHMs)"},
		Brackets: y2025.WHM.Brackets,
	},
	// The 2026 family threshold, per-child amount and step-1 constant are
	// not in the rules (payroll-rules-2026-27.md 1.4): refuse, do not guess.
	Medicare: nil,
	STSL: []Schedule8{{
		From: date(2026, time.July, 1),
		Rule: calc.Rule{Code: "au.stsl",
			Text:   "Schedule 8 component y = a·x − b on the Schedule 1 weekly x, rounded to the dollar, converted like Schedule 1 and added to it; not applied without a TFN or with a Medicare levy variation for spouse/dependants",
			Source: "ATO Schedule 8 (NAT 3539) from 1 July 2026, indexed thresholds $69,528/$129,717/$186,051, coefficients from two public transcriptions (unverified); payroll-rules-2026-27.md 1.5"},
		TFT: Coefficients{
			band(1337, "0", "0"),
			band(2494, "0.15", "200.5615"),
			band(3577, "0.17", "250.4527"),
			band(0, "0.10", "0"),
		},
		NoTFT: Coefficients{
			band(987, "0", "0"),
			band(2144, "0.15", "148.0615"),
			band(2727, "0.17", "190.9527"),
			band(0, "0.10", "0"),
		},
	}},
	Super: SuperGuarantee{
		Rule: calc.Rule{Code: "au.super.guarantee",
			Text:   "Super guarantee 12% of qualifying earnings (OTE, commissions, salary sacrificed OTE) with each pay (Payday Super), base capped at the maximum contribution base $270,830 per income year, rounded to the cent; nil for an employee under 18 working no more than 30 hours a week",
			Source: "Treasury Laws Amendment (Payday Superannuation) Act; Superannuation Guarantee (Administration) Act 1992 s 27(2); ATO SGD 93/1 (hours actually worked); ATO Payday Super maximum contributions base ($32,500 cap × 100/12, rounded down to $10); payroll-rules-2026-27.md 1.6"},
		AdditionalRule: superAdditional,
		Rate:           rate("0.12"),
		MCB:            money("270830"),
		PerYear:        true,
	},
	Leave:     nesLeave,
	Schedule5: schedule5MethodA,
	Schedule7: schedule7Leave,
	ETP: Schedule11{
		Rule: etpRules.rule, NoTFNRule: etpRules.noTFN, TrusteeRule: etpRules.trustee,
		Delayed: rate("0.32"), DelayedRule: etpRules.delayed,
		// 2026-27 ETP cap $270,000: ATO "Key superannuation rates and
		// thresholds — Employment termination payments" (as quoted by public
		// transcriptions, secondary; au-reasonable-amounts.md).
		Cap:           ptr(money("270000")),
		CapAtLeast:    money("270000"),
		WholeOfIncome: money("180000"),
		Under:         rate("0.32"), Reached: rate("0.17"), DeathDependant: rate("0"), DeathOther: rate("0.32"),
		Above: rate("0.47"), Medicare: rate("0.02"),
	},
}

// bMoney is b as an amount (a·x − b subtracts it from one).
func (b *Band) bMoney() payroll.Money { return payroll.MoneyFromDecimal(b.B.Decimal()) }
