package payrun

import (
	"context"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
)

// category is what a line needs of a pay, deduction, expense or liability
// category.
type category struct {
	id         int64
	name       string
	externalID string
	taxExempt  bool
	hourly     bool // units of its lines are hours (pay category rate unit Hourly)
	kind       calc.EarningKind
}

// catIndex holds a business's categories by id, read once per operation.
type catIndex struct {
	byKind map[string]map[int64]category
}

// earningKinds maps a pay category type to the calculation's kind of
// earnings; anything else is ordinary pay.
var earningKinds = map[string]calc.EarningKind{
	"overtime": calc.Overtime, "allowance": calc.Allowance, "bonus": calc.Bonus, "leave": calc.Leave,
	"lumpsum": calc.Lumpsum, "commission": calc.Commission, "etp": calc.Lumpsum,
}

func (s *Service) loadCategories(ctx context.Context, biz business.Business) (*catIndex, error) {
	ix := &catIndex{byKind: map[string]map[int64]category{}}
	c := s.Categories
	pays, err := c.PayCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	m := map[int64]category{}
	for _, p := range pays {
		k := calc.Ordinary
		if ek, ok := earningKinds[strings.ToLower(p.PayCategoryType)]; ok {
			k = ek
		}
		m[p.ID] = category{id: p.ID, name: p.Name, externalID: p.ExternalID, taxExempt: p.IsTaxExempt, hourly: p.RateUnit == "" || p.RateUnit == "Hourly", kind: k}
	}
	ix.byKind[KindEarnings] = m
	deds, err := c.DeductionCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	m = map[int64]category{}
	for _, d := range deds {
		m[d.ID] = category{id: d.ID, name: d.Name, externalID: d.ExternalID, taxExempt: d.TaxExempt}
	}
	ix.byKind[KindDeduction] = m
	if c.ExpenseCategories.RegionAllowed(biz.Region) {
		exps, err := c.ExpenseCategories.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		m = map[int64]category{}
		for _, x := range exps {
			m[x.ID] = category{id: x.ID, name: x.Name, externalID: x.ExternalID}
		}
		ix.byKind[KindExpense] = m
	}
	if c.EmployerLiabilityCategories.RegionAllowed(biz.Region) {
		libs, err := c.EmployerLiabilityCategories.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		m = map[int64]category{}
		for _, x := range libs {
			m[x.ID] = category{id: x.ID, name: x.Name, externalID: x.ExternalReferenceID}
		}
		ix.byKind[KindLiability] = m
	}
	return ix, nil
}

// primary is the pay category of an employee's standard earnings: their
// primary pay category, else the business's primary one, else "Ordinary
// Hours", else the lowest id.
func (ix *catIndex) primary(id int64) category {
	pays := ix.byKind[KindEarnings]
	if c, ok := pays[id]; ok {
		return c
	}
	var best category
	for _, c := range pays {
		ord, bestOrd := strings.EqualFold(c.name, "Ordinary Hours"), strings.EqualFold(best.name, "Ordinary Hours")
		if best.id == 0 || (ord && !bestOrd) || (ord == bestOrd && c.id < best.id) {
			best = c
		}
	}
	if best.id == 0 {
		best = category{name: "Ordinary Hours", kind: calc.Ordinary}
	}
	return best
}

// find resolves a category reference given as an id or (idType External)
// an external id.
func (ix *catIndex) find(kind, ref string, external bool) (category, bool) {
	m := ix.byKind[kind]
	ref = strings.TrimSpace(ref)
	if external {
		for _, c := range m {
			if c.externalID != "" && strings.EqualFold(c.externalID, ref) {
				return c, true
			}
		}
		return category{}, false
	}
	id, err := strconv.ParseInt(ref, 10, 64)
	if err != nil {
		return category{}, false
	}
	c, ok := m[id]
	return c, ok
}

// OrdinaryTime says whether the earnings of a pay category type count as
// ordinary time earnings (AU super guarantee base), as pay runs count
// them: everything but overtime, lump sums and ETPs.
func OrdinaryTime(payCategoryType string) bool {
	k := earningKinds[strings.ToLower(payCategoryType)]
	return k != calc.Overtime && k != calc.Lumpsum
}
