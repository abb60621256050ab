package record

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

// KindBusinessAccess names access records when they refer to employee
// groups and locations.
const KindBusinessAccess = "business_access"
