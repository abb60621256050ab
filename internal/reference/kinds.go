package reference

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

// Collections is every collection of the reference area, built over one
// service. Areas and the HTTP layer share these values.
type Collections struct {
	PayCategories Collection[PayCategory, *PayCategory]
	WorkTypes     Collection[WorkType, *WorkType]
}

// NewCollections wires the collections to s.
func NewCollections(s *Service) *Collections {
	return &Collections{
		PayCategories: Collection[PayCategory, *PayCategory]{S: s, Kind: KindPayCategory, Label: "pay category", UniqueName: true},
		WorkTypes:     Collection[WorkType, *WorkType]{S: s, Kind: KindWorkType, Label: "work type", UniqueName: true},
	}
}
