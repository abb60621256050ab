package reference

import (
	"context"

	"github.com/payrolld/payrolld/internal/store"
)

// Stored kinds. Other areas refer to records by these names (SaveRefs,
// CheckRefs), so they never change once data exists.
const (
	KindPayCategory               = "pay_category"
	KindLeaveCategory             = "leave_category"
	KindWorkType                  = "work_type"
	KindEmployingEntity           = "employing_entity"
	KindEmployerLiabilityCategory = "employer_liability_category"
	KindLocation                  = "location"
	KindEmployeeGroup             = "employee_group"
	KindDeductionCategory         = "deduction_category"
	KindExpenseCategory           = "expense_category"
	KindQualification             = "qualification"
	KindDimension                 = "reporting_dimension"
	KindDimensionValue            = "reporting_dimension_value"
	KindPaySchedule               = "pay_schedule"
	KindPublicHoliday             = "public_holiday"
	KindAccount                   = "journal_account"
)

// Collections is every collection and settings document of the reference
// area, built over one service. Areas and the HTTP layer share these
// values. Groups of kinds live in their own files and are embedded here.
type Collections struct {
	S                    *Service
	PayCategories        Collection[PayCategory, *PayCategory]
	WorkTypes            Collection[WorkType, *WorkType]
	*CoreCollections     // core.go: categories, groups, dimensions, qualifications, employing entities
	*UKCollections       // uk.go: benefit categories, pensions, PAYE, HMRC, BACS, CIS, 52-week data
	*ScheduleCollections // schedules.go: pay schedules, holidays, leave templates, super, contractors, ATO, ABA, payment files
	*AdminCollections    // admin.go: business settings, documents, locations, chart of accounts
}

// NewCollections wires the collections to s.
func NewCollections(s *Service) *Collections {
	return &Collections{
		S:                   s,
		PayCategories:       Collection[PayCategory, *PayCategory]{S: s, Kind: KindPayCategory, Label: "pay category", UniqueName: true},
		WorkTypes:           Collection[WorkType, *WorkType]{S: s, Kind: KindWorkType, Label: "work type", UniqueName: true},
		CoreCollections:     newCoreCollections(s),
		UKCollections:       newUKCollections(s),
		ScheduleCollections: newScheduleCollections(s),
		AdminCollections:    newAdminCollections(s),
	}
}

// KindBusinessAccess names access records when they refer to employee
// groups and locations.
const KindBusinessAccess = "business_access"

// LinkAccess checks and records the employee groups and locations a
// business access record refers to (business.Service.LinkAccess).
func (c *Collections) LinkAccess(ctx context.Context, q *store.Queries, bizID, accessID int64, groupIDs, locationIDs []int64) error {
	var refs []Ref
	for _, id := range groupIDs {
		refs = append(refs, Ref{Field: "employeeGroups", Kind: KindEmployeeGroup, ID: id})
	}
	for _, id := range locationIDs {
		refs = append(refs, Ref{Field: "locationAccess", Kind: KindLocation, ID: id})
	}
	if err := CheckRefs(ctx, q, bizID, refs); err != nil {
		return err
	}
	return SaveRefs(ctx, q, bizID, KindBusinessAccess, accessID, refs)
}
