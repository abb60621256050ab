package reference

import (
	"context"

	"github.com/payrolld/payrolld/internal/store"
)

// Collections is every business-scoped collection and settings document,
// built over one record service: the areas and the HTTP layer share these
// values. Each domain package has its own group, embedded here so its
// members are promoted (c.PaySchedules, c.Locations, ...).
type Collections struct {
	S                      *Service
	*CoreCollections       // categories: pay, leave, deduction, expense, liability categories, work types, qualifications, employing entities, dimensions
	*GroupCollections      // employee: employee groups
	*HolidayPayCollections // employee: UK 52-week holiday pay data
	*UKCollections         // uk: benefit categories, pensions, PAYE schemes, HMRC, BACS, CIS
	*ScheduleCollections   // payschedule: pay schedules, public holidays, leave templates
	*AUCollections         // au: super funds, contractors, ATO/STP, ABA, payment files
	*AdminCollections      // settings: business settings documents, billing, tags, notifications
	*LocationCollections   // locations
	*AccountCollections    // accounts: journal accounts, chart of accounts
	Documents              *Documents
}

// NewCollections wires the collections to s.
func NewCollections(s *Service) *Collections {
	return &Collections{
		S:                     s,
		CoreCollections:       newCoreCollections(s),
		GroupCollections:      newGroupCollections(s),
		HolidayPayCollections: newHolidayPayCollections(s),
		UKCollections:         newUKCollections(s),
		ScheduleCollections:   newScheduleCollections(s),
		AUCollections:         newAUCollections(s),
		AdminCollections:      newAdminCollections(s),
		LocationCollections:   newLocationCollections(s),
		AccountCollections:    newAccountCollections(s),
		Documents:             &Documents{S: s},
	}
}

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
