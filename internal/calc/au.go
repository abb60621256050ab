package calc

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// AUEmployee is what the AU engine needs to know about the employee
// (tax settings and year-to-date). Owned by calc/au; grows with it.
type AUEmployee struct {
	// Scale is the withholding scale the employee's TFN declaration puts
	// them on (ATO Schedule 1 scales 1-6; scale 4 split by residency;
	// working holiday makers use Schedule 15).
	Scale AUScale `json:"scale"`
	// STSL: the employee has a study and training support loan debt
	// (HELP, VSL, SFSS, SSL, TSL), so Schedule 8 adds a component.
	STSL bool `json:"stsl,omitempty"`
	// TaxOffset is the annual tax offset amount claimed on a withholding
	// declaration (scales 2, 5, 6).
	TaxOffset payroll.Money `json:"tax_offset,omitzero"`
	// TaxOffsetClaimed: the withholding declaration claims a tax offset
	// (the employee record's otherTaxOffset) and TaxOffset, the amount
	// claimed, is not known; the engine refuses rather than guess it.
	TaxOffsetClaimed bool `json:"tax_offset_claimed,omitempty"`
	// SeniorsOffset: the declaration claims the seniors and pensioners tax
	// offset (seniorsTaxOffset), withheld from with Schedule 9, which the
	// rules do not hold; the engine refuses.
	SeniorsOffset bool `json:"seniors_offset,omitempty"`
	// MLSTier is the Medicare levy surcharge tier (Tier1, Tier2, Tier3) a
	// Medicare levy variation declaration asks more withholding for; how
	// much more is not in the rules, so the engine refuses.
	MLSTier string `json:"mls_tier,omitempty"`
	// Variation: the employee has an ATO withholding variation (the
	// employee record's hasWithholdingVariation); VariationRate is the
	// rate it gives (taxVariation as a fraction; nil = not recorded, which
	// the engine refuses). The employer withholds at that rate instead of
	// the scale's amount (ATO, "PAYG withholding variations"; see
	// docs/reference/au-pay-rules.md).
	Variation     bool          `json:"variation,omitempty"`
	VariationRate *payroll.Rate `json:"variation_rate,omitempty"`
	// Medicare is the Medicare levy variation declaration for a
	// spouse and/or dependants (scales 2 and 6); nil = none lodged.
	Medicare *AUMedicareVariation `json:"medicare_variation,omitempty"`
	// Casual employees accrue no paid leave (NES); ShiftWorker accrues
	// five weeks of annual leave instead of four.
	Casual      bool `json:"casual,omitempty"`
	ShiftWorker bool `json:"shift_worker,omitempty"`
	// YTD holds the year-to-date figures the calculation needs.
	YTD AUToDate `json:"ytd,omitzero"`
	// DateOfBirth decides the ETP rates (preservation age, Schedule 11).
	DateOfBirth time.Time `json:"date_of_birth,omitzero"`
	// Termination is set in the employee's final pay (Schedules 7 and 11).
	Termination *AUTermination `json:"termination,omitempty"`
	// SacrificedToBenefits is this pay's salary sacrificed under an
	// effective arrangement to benefits other than super (a novated car
	// lease, say): the employee gave up that salary for a fringe benefit,
	// so it is not ordinary time earnings, and only amounts sacrificed to
	// super stay in the super guarantee's base (SGAA s 15A; ATO, "Salary
	// sacrificing super – information for employers";
	// docs/reference/au-pay-rules.md §4). It comes out of the OTE base.
	SacrificedToBenefits payroll.Money `json:"sacrificed_to_benefits,omitzero"`
}

// AUTermination is how an employment ended, as the termination
// schedules need it.
type AUTermination struct {
	// GenuineRedundancy: genuine redundancy, invalidity or an approved
	// early retirement scheme (Schedule 7 withholds 32% from unused leave).
	GenuineRedundancy bool `json:"genuine_redundancy,omitempty"`
	// NormalEarnings are the employee's normal gross earnings for a full
	// pay period (the last full period of employment), which the Schedule 7
	// marginal method adds the leave to; zero = this pay's other earnings.
	NormalEarnings payroll.Money `json:"normal_earnings,omitzero"`
	// PaidAfterDeath: the employment ended by the employee's death and
	// this pay is made after it. Nothing is withheld from salary or wages
	// or unused annual and long service leave paid after death; a death
	// benefit ETP is still withheld on by Schedule 11 (ATO, "PAYG
	// withholding for deceased employees").
	PaidAfterDeath bool `json:"paid_after_death,omitempty"`
	// CompletedYears is the whole years of service from the employee's
	// start date to the termination date (the tax-free limit of a genuine
	// redundancy payment adds an amount for each); ServiceKnown: the
	// start date is known.
	CompletedYears int  `json:"completed_years,omitempty"`
	ServiceKnown   bool `json:"service_known,omitempty"`
	// LumpSumDEarlier is the Lump Sum D (tax-free part of a genuine
	// redundancy payment) already paid for the same termination in
	// earlier pays: the limit is one for the termination, counted once
	// however many pays it is spread over (ITAA 1997 s 83-170).
	LumpSumDEarlier payroll.Money `json:"lump_sum_d_earlier,omitzero"`
	// PaidAfterTwelveMonths: this pay is received more than 12 months
	// after the termination. A payment in consequence of the termination
	// received then is not an employment termination payment (ITAA 1997
	// s 82-130(1)(b)) but a delayed termination payment, withheld on by
	// Schedule 11's own rate and assessable as ordinary income (s 83-295),
	// unless it is a genuine redundancy or early retirement scheme
	// payment (s 82-130(4)(b): Redundancy).
	PaidAfterTwelveMonths bool `json:"paid_after_twelve_months,omitempty"`
	// Redundancy: the employment ended by genuine redundancy (termination
	// reason Redundancy; not invalidity, which GenuineRedundancy also
	// covers for Schedule 7): its code R payments stay ETPs however late.
	Redundancy bool `json:"redundancy,omitempty"`
}

// AUScale names a withholding scale.
type AUScale string

const (
	AUScale1         AUScale = "scale1"          // tax-free threshold not claimed
	AUScale2         AUScale = "scale2"          // tax-free threshold claimed
	AUScale3         AUScale = "scale3"          // foreign resident
	AUScale4Resident AUScale = "scale4-resident" // no TFN, resident
	AUScale4Foreign  AUScale = "scale4-foreign"  // no TFN, foreign resident
	AUScale5         AUScale = "scale5"          // full Medicare levy exemption
	AUScale6         AUScale = "scale6"          // half Medicare levy exemption
	AUScaleWHM       AUScale = "whm"             // working holiday maker (Schedule 15)
)

// AUMedicareVariation is a Medicare levy variation declaration claiming
// the family threshold.
type AUMedicareVariation struct {
	Spouse   bool `json:"spouse,omitempty"`
	Children int  `json:"children,omitempty"` // dependent children
}

// AUToDate are amounts paid before this pay.
type AUToDate struct {
	// Earnings: taxable earnings paid this income year before this pay
	// (working holiday makers' Schedule 15 rates apply to the year's total).
	Earnings payroll.Money `json:"earnings,omitzero"`
	// SuperBase: the super guarantee base (OTE, or qualifying earnings from
	// 1 July 2026) already counted towards the maximum contribution base in
	// the base's period: the quarter, or the income year when the year's
	// table caps per year (Payday Super).
	SuperBase payroll.Money `json:"super_base,omitzero"`
	// ETP: taxable components of employment termination payments paid
	// earlier this income year, all codes and the excluded ones (R, S, and
	// death benefits), and those paid for the same termination in earlier
	// income years: they reduce the ETP cap (ITAA 1997 s 82-10, 82-65).
	ETP                payroll.Money `json:"etp,omitzero"`
	ETPExcluded        payroll.Money `json:"etp_excluded,omitzero"`
	ETPSameTermination payroll.Money `json:"etp_same_termination,omitzero"`
	// CarKm: the business kilometres of cents-per-kilometre car expense
	// allowances paid earlier this income year (the 5,000 km the ATO's
	// no-withholding rule covers is a year's).
	CarKm payroll.Rate `json:"car_km,omitzero"`
}
