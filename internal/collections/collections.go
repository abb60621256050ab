package collections

import (
	"context"

	"github.com/payrolld/payrolld/internal/accounts"
	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee/holidaypay"
	"github.com/payrolld/payrolld/internal/employeegroup"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/uk"

	"github.com/payrolld/payrolld/internal/store"
)

// Collections is every business-scoped collection and settings document,
// built over one record service: the areas and the HTTP layer share these
// values. Each domain package has its own group, embedded here so its
// members are promoted (c.PaySchedules, c.Locations, ...).
type Collections struct {
	S                                 *record.Service
	*categories.CoreCollections       // categories: pay, leave, deduction, expense, liability categories, work types, qualifications, employing entities, dimensions
	*employeegroup.GroupCollections   // employee: employee groups
	*holidaypay.HolidayPayCollections // employee: UK 52-week holiday pay data
	*uk.UKCollections                 // uk: benefit categories, pensions, PAYE schemes, HMRC, BACS, CIS
	*payschedule.ScheduleCollections  // payschedule: pay schedules, public holidays, leave templates
	*au.AUCollections                 // au: super funds, contractors, ATO/STP, ABA, payment files
	*settings.AdminCollections        // settings: business settings documents, billing, tags, notifications
	*locations.LocationCollections    // locations
	*accounts.AccountCollections      // accounts: journal accounts, chart of accounts
	Documents                         *documents.Documents
}

// NewCollections wires the collections to s.
func NewCollections(s *record.Service) *Collections {
	return &Collections{
		S:                     s,
		CoreCollections:       categories.NewCoreCollections(s),
		GroupCollections:      employeegroup.NewGroupCollections(s),
		HolidayPayCollections: holidaypay.NewHolidayPayCollections(s),
		UKCollections:         uk.NewUKCollections(s),
		ScheduleCollections:   payschedule.NewScheduleCollections(s),
		AUCollections:         au.NewAUCollections(s),
		AdminCollections:      settings.NewAdminCollections(s),
		LocationCollections:   locations.NewLocationCollections(s),
		AccountCollections:    accounts.NewAccountCollections(s),
		Documents:             &documents.Documents{S: s},
	}
}

// LinkAccess checks and records the employee groups and locations a
// business access record refers to (business.Service.LinkAccess).
func (c *Collections) LinkAccess(ctx context.Context, q *store.Queries, bizID, accessID int64, groupIDs, locationIDs []int64) error {
	var refs []record.Ref
	for _, id := range groupIDs {
		refs = append(refs, record.Ref{Field: "employeeGroups", Kind: record.KindEmployeeGroup, ID: id})
	}
	for _, id := range locationIDs {
		refs = append(refs, record.Ref{Field: "locationAccess", Kind: record.KindLocation, ID: id})
	}
	if err := record.CheckRefs(ctx, q, bizID, refs); err != nil {
		return err
	}
	return record.SaveRefs(ctx, q, bizID, record.KindBusinessAccess, accessID, refs)
}

// SetupDefaults gives a new business, in one transaction, the records its
// region needs before its first pay run (categories.SetupDefaultsInTx) and
// the journal accounts its first journal posts to
// (accounts.SetupDefaultChartInTx).
func (c *Collections) SetupDefaults(ctx context.Context, biz business.Business) error {
	return c.S.DB.InTx(ctx, func(q *store.Queries) error {
		if err := c.CoreCollections.SetupDefaultsInTx(ctx, q, biz); err != nil {
			return err
		}
		return c.AccountCollections.SetupDefaultChartInTx(ctx, q, biz)
	})
}
