package payrun

import (
	"context"
	"math/big"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// LineShare is an earnings line's share of its employee's figures, for
// the calculated members of AuEarningsLineModel and the payslip's
// earnings lines. Each figure of the employee is split over the lines it
// arises from in proportion to their earnings, to the cent half up, the
// remainder on the last such line so the shares add up to the figure:
//
//   - Super: the super guarantee (the run's super contribution less its
//     super adjustments and salary sacrificed deductions, which no line
//     earns) over the lines of ordinary
//     time earnings (pay categories other than overtime, lump sums and
//     ETPs, as the calculation counts them);
//   - Payg and Help: PAYG withheld (tax adjustments included) and the
//     study and training support loan component over the taxable lines
//     (not tax exempt). SFSS is part of STSL since 2019-20: always 0;
//   - Tax: the income tax withheld of any region over the taxable lines
//     (AU: Payg + Help);
//   - NetPayment: the line's earnings less its Tax.
//
// UK, NZ and SG runs have no PAYG, STSL or super guarantee: those shares
// are 0 and Tax is the line's share of PAYE (UK, NZ; SG withholds none).
type LineShare struct {
	Super, Payg, Help, Sfss, Tax, NetPayment payroll.Money
}

// shareFigures are the figures of an employee the lines share.
type shareFigures struct {
	tax, stsl, superGuarantee int64
}

// EmployeeLineShares is each earnings line's share of the employee's
// figures (lineShares), the super adjustments taken from lines.
func EmployeeLineShares(region string, e store.PayRunEmployee, lines []store.PayRunLine, ote func(int64) bool) map[int64]LineShare {
	f := shareFigures{tax: e.Tax, stsl: e.Stsl, superGuarantee: e.SuperContribution - superAdjustmentsOf(lines)[e.EmployeeID]}
	return lineShares(region, f, lines, ote)
}

// lineShares splits one employee's figures over their earnings lines
// (other kinds are skipped), keyed by line id. ote says whether a pay
// category's earnings are ordinary time earnings.
func lineShares(region string, f shareFigures, lines []store.PayRunLine, ote func(categoryID int64) bool) map[int64]LineShare {
	var earn []store.PayRunLine
	for _, l := range lines {
		if l.Kind == pay.KindEarnings {
			earn = append(earn, l)
		}
	}
	taxW := make([]int64, len(earn))
	superW := make([]int64, len(earn))
	for i, l := range earn {
		if !l.TaxExempt {
			taxW[i] = l.Amount
		}
		if ote(l.CategoryID) {
			superW[i] = l.Amount
		}
	}
	tax := allocate(f.tax, taxW)
	var payg, help, super []int64
	if region == calc.AU {
		help = allocate(f.stsl, taxW)
		payg = allocate(f.tax-f.stsl, taxW)
		super = allocate(f.superGuarantee, superW)
	}
	out := make(map[int64]LineShare, len(earn))
	for i, l := range earn {
		s := LineShare{Tax: money(tax[i]), NetPayment: money(l.Amount - tax[i])}
		if region == calc.AU {
			s.Payg, s.Help, s.Super = money(payg[i]), money(help[i]), money(super[i])
		}
		out[l.ID] = s
	}
	return out
}

// allocate splits total over weights in proportion, each share rounded
// half up to the unit, the remainder on the last non-zero weight. Nothing
// is allocated when the weights add up to zero or less.
func allocate(total int64, weights []int64) []int64 {
	out := make([]int64, len(weights))
	var sum int64
	last := -1
	for i, w := range weights {
		sum += w
		if w != 0 {
			last = i
		}
	}
	if sum <= 0 || total == 0 || last < 0 {
		return out
	}
	den := big.NewInt(2 * sum)
	var given int64
	for i, w := range weights {
		if w == 0 || i == last {
			continue
		}
		// floor((2·total·w + sum) / (2·sum)) = total·w/sum rounded half up.
		n := new(big.Int).Mul(big.NewInt(2*total), big.NewInt(w))
		n.Add(n, big.NewInt(sum))
		n.Div(n, den)
		// Div is Euclidean: with a positive divisor, the floor.
		out[i] = n.Int64()
		given += out[i]
	}
	out[last] = total - given
	return out
}

// OTEOf says which pay categories of the business count as ordinary time
// earnings (unknown categories, as the calculation's default kind, do).
func (s *Service) OTEOf(ctx context.Context, biz business.Business) (func(int64) bool, error) {
	pays, err := s.Categories.PayCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	not := map[int64]bool{}
	for _, p := range pays {
		if !pay.OrdinaryTime(p.PayCategoryType, p.PaymentSummaryClassification) || p.ExcludeFromQualifyingEarnings {
			not[p.ID] = true
		}
	}
	return func(id int64) bool { return !not[id] }, nil
}

// superAdjustmentsOf sums each employee's super no earnings line earns:
// their super adjustment lines and salary sacrificed deductions.
func superAdjustmentsOf(lines []store.PayRunLine) map[int64]int64 {
	out := map[int64]int64{}
	for _, l := range lines {
		if l.Kind == pay.KindSuperAdjustment || (l.Kind == pay.KindDeduction && l.Subtype == pay.SubtypeSalarySacrifice) {
			out[l.EmployeeID] += l.Amount
		}
	}
	return out
}
