package httpapi

import "github.com/payrolld/payrolld/internal/reference"

// registerReference serves the reference collections. Each group of kinds
// lives in its own file (reference_*.go) with a register function called here.
func registerReference(a *API) {
	registerPayCategories(a)
	registerCoreReference(a)     // reference_core.go
	registerUKReference(a)       // reference_uk.go
	registerScheduleReference(a) // reference_schedules.go
	registerBusinessAdmin(a)     // reference_admin.go
}

func registerPayCategories(a *API) {
	r := a.Reference
	RegisterCRUD(a, CRUD[reference.PayCategory, *reference.PayCategory]{Coll: r.PayCategories,
		Path: "/api/v2/business/{businessId}/paycategory", Tag: "Pay Categories", OData: true})
	RegisterCRUD(a, CRUD[reference.WorkType, *reference.WorkType]{Coll: r.WorkTypes,
		Path: "/api/v2/business/{businessId}/worktype", Tag: "Work Types", OData: true})
}
