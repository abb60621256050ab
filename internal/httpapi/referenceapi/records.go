// Package referenceapi serves the business's reference collections and
// settings documents (pay categories, locations, pay schedules, chart of
// accounts, UK/AU statutory settings...) on the httpapi CRUD toolkit.
package referenceapi

import (
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/httpapi"
)

// Register serves the reference collections. Each group of kinds
// lives in its own file (reference_*.go) with a register function called here.
func Register(a *httpapi.API) {
	registerPayCategories(a)
	registerCoreReference(a)     // reference_core.go
	registerUKReference(a)       // reference_uk.go
	registerScheduleReference(a) // reference_schedules.go
	registerBusinessAdmin(a)     // reference_admin.go
}

func registerPayCategories(a *httpapi.API) {
	r := a.Reference
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.PayCategory, *categories.PayCategory]{Coll: r.PayCategories,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/paycategory", Item: "/api/v2/business/{businessId}/paycategory/{id}", Tag: "Pay Categories", OData: true})
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.WorkType, *categories.WorkType]{Coll: r.WorkTypes,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/worktype", Item: "/api/v2/business/{businessId}/worktype/{id}", Tag: "Work Types", OData: true})
}
