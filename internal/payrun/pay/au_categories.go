package pay

import (
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
)

// AUCategory is what an AU pay or deduction category tells the
// calculation beyond its kind of earnings.
type AUCategory struct {
	// Type and Class are the pay category's payCategoryType and STP
	// payment classification (paymentSummaryClassification); a deduction
	// category's Class is its paymentSummaryClassification.
	Type, Class string
	// SuperRate is the pay category's defaultSuperRate as a fraction.
	SuperRate payroll.Rate
	// NotPensionable: excludeFromQualifyingEarnings (no super).
	NotPensionable bool
	// ETPCode is the ETP code of an ETP category; TaxFree its tax-free
	// component (not withheld from).
	ETPCode string
	TaxFree bool
	// LumpSumA: unused leave taxed at 32% (genuine redundancy,
	// invalidity, early retirement; or accrued before 18 August 1993).
	LumpSumA bool
	// LumpSumB: long service leave accrued before 16 August 1978 paid on
	// termination (a category classified LumpSumB): 5% of it is withheld
	// on at marginal rates (Schedule 7).
	LumpSumB bool
	// RateUnit is the category's rate unit (its ParentID and Loading are
	// the Category's own, loadedRate).
	RateUnit string
	// SacrificeSuper: a deduction category classified
	// SalarySacrificeSuperannuation: what it deducts is paid to super.
	SacrificeSuper bool
	// SacrificeBenefits: a deduction category classified
	// SalarySacrificeOtherEmployeeBenefits: what it deducts was salary
	// given up for a benefit other than super, not OTE.
	SacrificeBenefits bool
	// Superable: an ETP category of a "superable" type (EtpSuperableType*,
	// the reference's type for a payment in lieu of notice): its payments
	// are ETPs for withholding (Schedule 11) and ordinary time earnings
	// for the super guarantee (SGR 2009/2: payments in lieu of notice are
	// OTE; au-pay-rules.md §4).
	Superable bool
}

// auTypeKinds maps the reference's AU pay category types to kinds of
// earnings (AuPayCategoryType).
var auTypeKinds = map[string]calc.EarningKind{
	"LeaveLoading": calc.LeaveLoading, "BackPayment": calc.BackPay,
	"GenuineRedundancyLeavePayment": calc.UnusedLeave, "GenuineRedundancyLeaveLoading": calc.UnusedLeave,
	"UnusedLeavePaymentNormalTermination": calc.UnusedLeave, "NormalTerminationLeaveLoading": calc.UnusedLeave,
	"EtpLumpSumD":                        calc.Lumpsum,
	"PaidFamilyAndDomesticViolenceLeave": calc.Leave, "PublicHolidayNotWorked": calc.Leave,
}

// expenseAllowance: the STP Phase 2 allowance classifications that are
// expense allowances expected to be fully spent, not OTE (auCategory).
var expenseAllowance = map[string]bool{"AllowanceCar": true, "AllowanceTransport": true, "AllowanceLaundry": true,
	"AllowanceMeals": true, "AllowanceTravel": true}

// auClassKinds maps STP Phase 2 payment classifications (the reference's
// PayCategoryPaymentSummaryClassification) to kinds of earnings.
var auClassKinds = map[string]calc.EarningKind{
	"Overtime": calc.Overtime, "Bonus": calc.Bonus, "GrossCommission": calc.Commission,
	"LeaveUnusedLeaveOnTermination": calc.UnusedLeave, "LumpSumATypeR": calc.UnusedLeave, "LumpSumATypeT": calc.UnusedLeave,
	"LumpSumB": calc.UnusedLeave, "LumpSumD": calc.Lumpsum, "LumpSumE": calc.BackPay,
	"LeaveCashOutOfLeaveInService": calc.Leave, "LeavePaidParentalLeave": calc.Leave, "LeaveWorkersCompensation": calc.Leave,
	"LeaveAncillaryAndDefenceLeave": calc.Leave, "LeaveOtherPaidLeave": calc.Leave,
}

// auCategory fills an AU pay category's members: its kind from its type,
// then its STP classification (a Standard category of the Overtime
// classification is overtime), its ETP code and super treatment.
func auCategory(c *Category, p *categories.PayCategory) {
	a := AUCategory{Type: p.PayCategoryType, Class: p.PaymentSummaryClassification, SuperRate: payroll.Percent(p.DefaultSuperRate),
		NotPensionable: p.ExcludeFromQualifyingEarnings, RateUnit: p.RateUnit}
	// Workers' compensation paid for time the employee does not work
	// (STP paid leave type W) is not salary or wages, so not ordinary time
	// earnings (SGR 2009/2; docs/reference/au-pay-rules.md §4): no super
	// guarantee on it. Hours worked on suitable duties are paid through
	// the ordinary categories. A category with a super rate of its own
	// (an award's super on workers' compensation) keeps it.
	//
	// Government Parental Leave Pay paid through payroll (STP paid leave
	// type P, Paid Parental Leave Act 2010) is likewise not salary or
	// wages for the super guarantee: payments in respect of parental leave
	// are not salary (SGAA; SA Hansard 11 Feb 2016 on aligning "salary"
	// with it), and super on Parental Leave Pay for births from 1 July 2025
	// is paid by the Government through the ATO, not by the employer
	// (Bills Digest No. 12 2024-25; au-pay-rules.md §4e).
	//
	// An expense allowance expected to be fully spent (STP Phase 2 types CD
	// cents per kilometre, AD award transport, LD laundry, MD overtime
	// meals, RD domestic travel: each a "deductible expense allowance" in
	// the ATO's STP Phase 2 definitions) is not OTE: SGR 2009/2 (expense
	// allowances expected to be fully expended are not salary or wages
	// for ordinary hours) and ATO "Withholding for allowances" table 1a
	// ("Deductible expenses ... Part of OTE? No"). Tool (TD), task (KN),
	// qualification (QN) and other (OD) allowances stay OTE: working
	// conditions, qualifications and special duties are OTE (table 1a),
	// and where it depends on the allowance (TD, OD) the service keeps
	// them in (au-pay-rules.md §4).
	if (p.PaymentSummaryClassification == "LeaveWorkersCompensation" || p.PaymentSummaryClassification == "LeavePaidParentalLeave" ||
		expenseAllowance[p.PaymentSummaryClassification]) && a.SuperRate.IsZero() {
		a.NotPensionable = true
	}
	if k, ok := auTypeKinds[p.PayCategoryType]; ok {
		c.Kind = k
	} else if k, ok := auClassKinds[p.PaymentSummaryClassification]; ok && (c.Kind == calc.Ordinary || c.Kind == "") {
		c.Kind = k
	} else if strings.HasPrefix(p.PaymentSummaryClassification, "Allowance") && c.Kind == calc.Ordinary {
		c.Kind = calc.Allowance
	}
	switch {
	case strings.HasPrefix(p.PayCategoryType, "EtpType") || strings.HasPrefix(p.PayCategoryType, "EtpSuperableType"):
		// EtpTypeRTaxable, EtpSuperableTypeOTaxFree, EtpTypePUnusedLeavePayment, ...
		rest := strings.TrimPrefix(strings.TrimPrefix(p.PayCategoryType, "EtpSuperableType"), "EtpType")
		if rest != "" {
			c.Kind, a.ETPCode = calc.ETP, rest[:1]
			a.TaxFree = strings.HasSuffix(rest, "TaxFree")
			a.Superable = strings.HasPrefix(p.PayCategoryType, "EtpSuperableType") && !a.TaxFree
		}
	case strings.HasPrefix(p.PaymentSummaryClassification, "EtpLifeBenefitCode") || strings.HasPrefix(p.PaymentSummaryClassification, "EtpMultiplePaymentsCode") ||
		strings.HasPrefix(p.PaymentSummaryClassification, "EtpDeathBenefitCode"):
		cl := p.PaymentSummaryClassification
		c.Kind, a.ETPCode = calc.ETP, cl[len(cl)-1:]
	}
	switch {
	case p.PayCategoryType == "GenuineRedundancyLeavePayment" || p.PayCategoryType == "GenuineRedundancyLeaveLoading",
		p.PaymentSummaryClassification == "LumpSumATypeR", p.PaymentSummaryClassification == "LumpSumATypeT":
		a.LumpSumA = true
	case p.PaymentSummaryClassification == "LumpSumB":
		a.LumpSumB = true
	case p.PayCategoryType == "EtpLumpSumD" || p.PaymentSummaryClassification == "LumpSumD":
		// The tax-free part of a genuine redundancy payment.
		a.TaxFree = true
	}
	c.AU = a
}

// earning is the calculation's view of an earnings line of category c.
func (c *Category) earning(e calc.Earning) calc.Earning {
	if c.AU.Type == "" && c.AU.Class == "" && !c.AU.NotPensionable && c.AU.SuperRate.IsZero() {
		return e // not an AU category
	}
	e.ETPCode, e.LumpSumA, e.LumpSumB = c.AU.ETPCode, c.AU.LumpSumA, c.AU.LumpSumB
	e.NotTaxable = e.NotTaxable || c.AU.TaxFree
	e.LumpSumD = c.AU.TaxFree && c.Kind != calc.ETP
	e.NotPensionable = e.NotPensionable || c.AU.NotPensionable
	e.Superable = c.AU.Superable
	r := c.AU.SuperRate
	e.SuperRate = &r
	return e
}
