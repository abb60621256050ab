package categories

import (
	"context"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/store"
)

// CoreCollections holds the core group: leave, deduction, expense and
// employer liability categories, employing entities, qualifications,
// employee groups and reporting dimensions (models in this package).
type CoreCollections struct {
	PayCategories               record.Collection[PayCategory, *PayCategory]
	WorkTypes                   record.Collection[WorkType, *WorkType]
	LeaveCategories             record.Collection[LeaveCategory, *LeaveCategory]
	EmployingEntities           record.Collection[EmployingEntity, *EmployingEntity]
	EmployerLiabilityCategories record.Collection[EmployerLiabilityCategory, *EmployerLiabilityCategory]
	DeductionCategories         record.Collection[DeductionCategory, *DeductionCategory]
	ExpenseCategories           record.Collection[ExpenseCategory, *ExpenseCategory]
	Qualifications              record.Collection[Qualification, *Qualification]
	Dimensions                  record.Collection[Dimension, *Dimension]
	DimensionValues             record.Collection[DimensionValue, *DimensionValue]
}

func NewCoreCollections(s *record.Service) *CoreCollections {
	return &CoreCollections{
		PayCategories: record.Collection[PayCategory, *PayCategory]{S: s, Kind: record.KindPayCategory, Label: "pay category", UniqueName: true,
			Check: checkPayCategory},
		WorkTypes: record.Collection[WorkType, *WorkType]{S: s, Kind: record.KindWorkType, Label: "work type", UniqueName: true},
		LeaveCategories: record.Collection[LeaveCategory, *LeaveCategory]{S: s, Kind: record.KindLeaveCategory, Label: "leave category", UniqueName: true,
			Check: checkLeaveCategory,
			Decorate: func(_ context.Context, _ *store.Queries, _ int64, items []LeaveCategory) error {
				decorateLeaveCategories(items)
				return nil
			}},
		EmployingEntities: record.Collection[EmployingEntity, *EmployingEntity]{S: s, Kind: record.KindEmployingEntity, Label: "employing entity",
			Region: []string{"AU", "NZ", "SG", "MY"}, UniqueName: true, Check: checkEmployingEntity},
		EmployerLiabilityCategories: record.Collection[EmployerLiabilityCategory, *EmployerLiabilityCategory]{S: s, Kind: record.KindEmployerLiabilityCategory,
			Label: "employer liability category", UniqueName: true,
			Decorate: func(ctx context.Context, q *store.Queries, _ int64, items []EmployerLiabilityCategory) error {
				for i := range items {
					used, err := recordInUse(ctx, q, record.KindEmployerLiabilityCategory, items[i].ID)
					if err != nil {
						return err
					}
					items[i].CanBeDeleted = !used
				}
				return nil
			}},
		DeductionCategories: record.Collection[DeductionCategory, *DeductionCategory]{S: s, Kind: record.KindDeductionCategory, Label: "deduction category",
			UniqueName: true,
			Decorate: func(ctx context.Context, q *store.Queries, _ int64, items []DeductionCategory) error {
				for i := range items {
					used, err := recordInUse(ctx, q, record.KindDeductionCategory, items[i].ID)
					if err != nil {
						return err
					}
					items[i].InUse = used
				}
				return nil
			}},
		ExpenseCategories: record.Collection[ExpenseCategory, *ExpenseCategory]{S: s, Kind: record.KindExpenseCategory, Label: "expense category",
			UniqueName: true, Check: checkExpenseCategory},
		Qualifications: record.Collection[Qualification, *Qualification]{S: s, Kind: record.KindQualification, Label: "qualification", UniqueName: true},
		Dimensions:     record.Collection[Dimension, *Dimension]{S: s, Kind: record.KindDimension, Label: "reporting dimension", UniqueName: true},
		DimensionValues: record.Collection[DimensionValue, *DimensionValue]{S: s, Kind: record.KindDimensionValue, Label: "reporting dimension value",
			UniqueName: true, ParentKind: record.KindDimension, Check: checkDimensionValue, Decorate: decorateDimensionValues},
	}
}

// SetupDefaultsInTx creates, in the caller's transaction, what a new
// business of its region needs before its first pay run: pay categories,
// leave categories paid through them, deduction categories and (where the
// region has them) an employing entity from the business details (tables
// in defaults.go). Records whose name the business already has are kept
// as they are, so running it twice is harmless. collections.SetupDefaults
// runs it with the default chart of accounts.
func (c *CoreCollections) SetupDefaultsInTx(ctx context.Context, q *store.Queries, biz business.Business) error {
	set := defaultsFor(biz)
	payIDs := map[string]int64{}
	for _, d := range set.payCategories {
		pc := d.model
		if d.parent != "" {
			parent := payIDs[d.parent]
			pc.ParentID = &parent
		}
		id, err := c.PayCategories.EnsureInTx(ctx, q, biz.ID, &pc)
		if err != nil {
			return err
		}
		payIDs[pc.Name] = id
	}
	for _, d := range set.leaveCategories {
		lc := d.leave
		if d.paidThrough != "" {
			id := payIDs[d.paidThrough]
			lc.TransferToPayCategoryID = &id
		}
		if d.paidOutOn != "" {
			id := payIDs[d.paidOutOn]
			lc.TransferOnTerminationToPayCategoryID = &id
		}
		if _, err := c.LeaveCategories.EnsureInTx(ctx, q, biz.ID, &lc); err != nil {
			return err
		}
	}
	for _, d := range set.deductionCategories {
		dc := d
		if _, err := c.DeductionCategories.EnsureInTx(ctx, q, biz.ID, &dc); err != nil {
			return err
		}
	}
	if c.EmployingEntities.RegionAllowed(biz.Region) {
		if _, err := c.EmployingEntities.EnsureInTx(ctx, q, biz.ID, set.employingEntity); err != nil {
			return err
		}
	}
	return nil
}
