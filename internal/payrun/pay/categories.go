package pay

import (
	"context"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Category is what a line needs of a pay, deduction, expense or liability
// category.
type Category struct {
	ID         int64
	Name       string
	ExternalID string
	TaxExempt  bool
	Hourly     bool // units of its lines are hours (pay category rate unit Hourly)
	Kind       calc.EarningKind
	// ParentID and Loading (rateLoadingPercent + penaltyLoadingPercent)
	// give an employee's hourly rate in the category (loadedRate) where
	// a region's pay categories carry a loading: AU, UK, NZ and SG.
	ParentID int64
	Loading  payroll.Rate
	// AU pay category members the calculation reads (au_categories.go).
	AU AUCategory
}

// Categories holds a business's categories by kind of line and id, read
// once per operation.
type Categories struct {
	ByKind map[string]map[int64]Category
	Region string // the business's region (AU pays joiners and leavers their share of a period)
}

// earningKinds maps a pay category type to the calculation's kind of
// earnings; anything else is ordinary pay.
var earningKinds = map[string]calc.EarningKind{
	"overtime": calc.Overtime, "allowance": calc.Allowance, "bonus": calc.Bonus, "leave": calc.Leave,
	"lumpsum": calc.Lumpsum, "commission": calc.Commission, "etp": calc.Lumpsum,
}

// terminationCompensation says whether a pay category of type ETP is,
// in region, compensation for loss of employment (redundancy,
// retrenchment) with its own statutory treatment: NZ (no ACC earners'
// levy, no KiwiSaver, not gross earnings for holiday pay: IRD, "Taxing
// employee redundancy", "Redundancy and KiwiSaver"; KiwiSaver Act 2006
// s 4), SG (not wages for CPF: CPF Board) and UK (a termination award:
// no tax or NI up to £30,000, ITEPA 2003 s 403). Elsewhere outside AU it
// stays a lump sum. docs/reference/termination-compensation.md.
func terminationCompensation(region string) bool {
	return region == calc.NZ || region == calc.SG || region == calc.UK
}

// loadedRegion says whether region's pay categories pay an hourly rate
// with their loading (rateLoadingPercent + penaltyLoadingPercent, and
// the loadings of the categories they derive from): AU, and UK, NZ and
// SG, whose default "Overtime 1.5x" is the primary category loaded by 50%
// (the categories' defaults, internal/categories). Units without a rate
// on such a category are paid at the employee's hourly rate times it. MY
// is left out: its overtime rate is the Employment Act 1955's hourly rate
// of a monthly wage, which nothing here works out yet.
func loadedRegion(region string) bool {
	return region == calc.AU || region == calc.UK || region == calc.NZ || region == calc.SG
}

// LoadCategories reads the business's pay, deduction, expense and
// employer liability categories (the last two where its region has them).
func (s *Calculator) LoadCategories(ctx context.Context, biz business.Business) (*Categories, error) {
	ix := &Categories{ByKind: map[string]map[int64]Category{}, Region: biz.Region}
	c := s.Categories
	pays, err := c.PayCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	m := map[int64]Category{}
	for _, p := range pays {
		k := calc.Ordinary
		if ek, ok := earningKinds[strings.ToLower(p.PayCategoryType)]; ok {
			k = ek
		} else if strings.EqualFold(p.PaymentSummaryClassification, "Overtime") {
			k = calc.Overtime // classified as overtime (award overtime categories): not ordinary time earnings
		}
		if sk, ok := sgEarningKind(p.PayCategoryType); ok && biz.Region == calc.SG {
			k = sk
		}
		if nk, ok := nzEarningKind(p.PayCategoryType); ok && biz.Region == calc.NZ {
			k = nk
		}
		if k == calc.Lumpsum && strings.EqualFold(p.PayCategoryType, "etp") && terminationCompensation(biz.Region) {
			k = calc.ETP
		}
		c := Category{ID: p.ID, Name: p.Name, ExternalID: p.ExternalID, TaxExempt: p.IsTaxExempt, Hourly: categories.PayCategoryHourly(p.RateUnit), Kind: k}
		if biz.Region == calc.AU {
			auCategory(&c, &p)
		}
		if biz.Region == calc.SG && p.PaymentSummaryClassification == sgDirectorsFees {
			c.AU.Class = sgDirectorsFees // sg_cpf.go: refused, the CPF rule not found
		}
		if loadedRegion(biz.Region) {
			c.Loading = p.RateLoadingPercent.Add(p.PenaltyLoadingPercent)
			if p.ParentID != nil {
				c.ParentID = *p.ParentID
			}
		}
		m[p.ID] = c
	}
	ix.ByKind[KindEarnings] = m
	deds, err := c.DeductionCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	m = map[int64]Category{}
	for _, d := range deds {
		m[d.ID] = Category{ID: d.ID, Name: d.Name, ExternalID: d.ExternalID, TaxExempt: d.TaxExempt,
			AU: AUCategory{Class: d.PaymentSummaryClassification, SacrificeSuper: biz.Region == calc.AU && d.PaymentSummaryClassification == "SalarySacrificeSuperannuation",
				SacrificeBenefits: biz.Region == calc.AU && d.PaymentSummaryClassification == "SalarySacrificeOtherEmployeeBenefits"}}
	}
	ix.ByKind[KindDeduction] = m
	if c.ExpenseCategories.RegionAllowed(biz.Region) {
		exps, err := c.ExpenseCategories.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		m = map[int64]Category{}
		for _, x := range exps {
			m[x.ID] = Category{ID: x.ID, Name: x.Name, ExternalID: x.ExternalID}
		}
		ix.ByKind[KindExpense] = m
	}
	if c.EmployerLiabilityCategories.RegionAllowed(biz.Region) {
		libs, err := c.EmployerLiabilityCategories.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		m = map[int64]Category{}
		for _, x := range libs {
			m[x.ID] = Category{ID: x.ID, Name: x.Name, ExternalID: x.ExternalReferenceID}
		}
		ix.ByKind[KindLiability] = m
	}
	return ix, nil
}

// primary is the pay category of an employee's standard earnings: their
// primary pay category, else the business's primary one, else "Ordinary
// Hours", else the lowest id.
func (ix *Categories) primary(id int64) Category {
	pays := ix.ByKind[KindEarnings]
	if c, ok := pays[id]; ok {
		return c
	}
	var best Category
	for _, c := range pays {
		ord, bestOrd := strings.EqualFold(c.Name, "Ordinary Hours"), strings.EqualFold(best.Name, "Ordinary Hours")
		if best.ID == 0 || (ord && !bestOrd) || (ord == bestOrd && c.ID < best.ID) {
			best = c
		}
	}
	if best.ID == 0 {
		best = Category{Name: "Ordinary Hours", Kind: calc.Ordinary}
	}
	return best
}

// Find resolves a category reference given as an id or (idType External)
// an external id.
func (ix *Categories) Find(kind, ref string, external bool) (Category, bool) {
	m := ix.ByKind[kind]
	ref = strings.TrimSpace(ref)
	if external {
		for _, c := range m {
			if c.ExternalID != "" && strings.EqualFold(c.ExternalID, ref) {
				return c, true
			}
		}
		return Category{}, false
	}
	id, err := strconv.ParseInt(ref, 10, 64)
	if err != nil {
		return Category{}, false
	}
	c, ok := m[id]
	return c, ok
}

// OTE says whether the earnings of pay category id count as ordinary time
// earnings (unknown categories, as the calculation's default kind, do).
func (ix *Categories) OTE(id int64) bool {
	c, ok := ix.ByKind[KindEarnings][id]
	return !ok || c.ordinaryTime()
}

// ordinaryTime: the category's earnings are ordinary time earnings, by its
// kind (ordinaryKind) or as a superable ETP (a payment in lieu of notice),
// unless the category is left out of the super guarantee's base.
func (c *Category) ordinaryTime() bool {
	return earnsOrdinaryTime(c.Kind, c)
}

// earnsOrdinaryTime: earnings of kind k in category c (nil: none known)
// are ordinary time earnings, as the super guarantee reads them (calc/au
// superGuarantee: an OTE kind or a superable ETP, not a category left out
// of the base; pay passes it Category.earning's Superable and
// NotPensionable). The one reading for a category (ordinaryTime) and for
// a run's line (earningsTotals, the base of a PercentageOTE inclusion).
func earnsOrdinaryTime(k calc.EarningKind, c *Category) bool {
	if c == nil {
		return ordinaryKind(k)
	}
	return (ordinaryKind(k) || c.AU.Superable) && !c.AU.NotPensionable
}

// ordinaryKind: the kinds of earnings that are ordinary time earnings
// (everything but overtime, lump sums, unused leave paid on termination
// and ETPs).
func ordinaryKind(k calc.EarningKind) bool {
	return k != calc.Overtime && k != calc.Lumpsum && k != calc.UnusedLeave && k != calc.ETP
}

// OrdinaryTime says whether the earnings of a pay category count as
// ordinary time earnings (AU super guarantee base), as pay runs count
// them: everything but overtime, lump sums, unused leave paid on
// termination and ETPs, by the category's type and STP classification.
func OrdinaryTime(payCategoryType string, classification ...string) bool {
	c := Category{Kind: calc.Ordinary}
	if ek, ok := earningKinds[strings.ToLower(payCategoryType)]; ok {
		c.Kind = ek
	}
	p := categories.PayCategory{PayCategoryType: payCategoryType}
	if len(classification) > 0 {
		p.PaymentSummaryClassification = classification[0]
	}
	auCategory(&c, &p)
	return c.ordinaryTime()
}
