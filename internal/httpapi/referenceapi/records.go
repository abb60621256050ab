package httpapi

import (
	"github.com/payrolld/payrolld/internal/categories"
)

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
	RegisterCRUD(a, CRUD[categories.PayCategory, *categories.PayCategory]{Coll: r.PayCategories,
		Path: "/api/v2/business/{businessId}/paycategory", Item: "/api/v2/business/{businessId}/paycategory/{id}", Tag: "Pay Categories", OData: true})
	RegisterCRUD(a, CRUD[categories.WorkType, *categories.WorkType]{Coll: r.WorkTypes,
		Path: "/api/v2/business/{businessId}/worktype", Item: "/api/v2/business/{businessId}/worktype/{id}", Tag: "Work Types", OData: true})
}
