package platformapi

import (
	"cmp"
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
)

// BusinessAccessModel is one user's access to a business.
type BusinessAccessModel struct {
	AccessType     string                         `json:"accessType" enum:"Unrestricted,Restricted"`
	EmployeeGroups []business.EmployeeGroupAccess `json:"employeeGroups"`
	LocationAccess []business.LocationAccess      `json:"locationAccess"`
	Reports        *business.ReportAccess         `json:"reports"`
	KioskAccess    *business.KioskAccess          `json:"kioskAccess"`
	PayrollAccess  *business.PayrollAccess        `json:"payrollAccess"`
	Name           string                         `json:"name"`
	Email          string                         `json:"email"`
}

// CreateBusinessAccessModel is the body of POST B/access.
type CreateBusinessAccessModel struct {
	SuppressNotificationEmails bool `json:"suppressNotificationEmails"`
	MergeExistingAccess        bool `json:"mergeExistingAccess"`
	BusinessAccessModel
}

func (m BusinessAccessModel) grant() business.Grant {
	return business.Grant{AccessType: m.AccessType, Name: m.Name, Email: m.Email, Restrictions: business.Restrictions{
		EmployeeGroups: m.EmployeeGroups, LocationAccess: m.LocationAccess, Reports: m.Reports, KioskAccess: m.KioskAccess, PayrollAccess: m.PayrollAccess}}
}

func accessModel(g business.GrantView) BusinessAccessModel {
	r := g.Restrictions
	eg, la := r.EmployeeGroups, r.LocationAccess
	if eg == nil {
		eg = []business.EmployeeGroupAccess{}
	}
	if la == nil {
		la = []business.LocationAccess{}
	}
	// Declared objects are never null and their enums never "": absent
	// ones are what a new grant has (unrestricted users are not limited).
	reports, kiosk, payroll := r.Reports, r.KioskAccess, r.PayrollAccess
	if reports == nil {
		reports = &business.ReportAccess{AccessType: "None"}
		if g.AccessType == business.AccessUnrestricted {
			reports = &business.ReportAccess{AccessType: "AllReports", NoReportingRestriction: true}
		}
	} else if reports.AccessType == "" {
		c := *reports
		c.AccessType = "None"
		reports = &c
	}
	if kiosk == nil {
		kiosk = &business.KioskAccess{}
	}
	if kiosk.AccessType == "" || kiosk.Kiosks == nil {
		c := *kiosk
		c.AccessType = cmp.Or(c.AccessType, "None")
		if c.Kiosks == nil {
			c.Kiosks = []int64{}
		}
		kiosk = &c
	}
	if payroll == nil {
		payroll = &business.PayrollAccess{}
	}
	if payroll.SelectedPaySchedulesForPayRunApproval == nil || payroll.SelectedPaySchedulesForPayRunCreation == nil {
		c := *payroll
		if c.SelectedPaySchedulesForPayRunApproval == nil {
			c.SelectedPaySchedulesForPayRunApproval = []int64{}
		}
		if c.SelectedPaySchedulesForPayRunCreation == nil {
			c.SelectedPaySchedulesForPayRunCreation = []int64{}
		}
		payroll = &c
	}
	return BusinessAccessModel{AccessType: g.AccessType, EmployeeGroups: eg, LocationAccess: la, Reports: reports,
		KioskAccess: kiosk, PayrollAccess: payroll, Name: g.Name, Email: g.Email}
}

type EmailQuery struct {
	httpapi.BusinessPath
	Email string `query:"email" required:"true"`
}

func registerAccess(a *httpapi.API) {
	tags := []string{"Business Access"}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/access", Tags: tags,
		Summary: "List users with access to the business", Description: "Supports OData $filter, $orderby, $top, $skip."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
		}) (*httpapi.BodyOf[[]BusinessAccessModel], error) {
			list, err := a.Businesses.ListAccess(ctx, in.BusinessID)
			if err != nil {
				return nil, err
			}
			out := make([]BusinessAccessModel, len(list))
			for i, g := range list {
				out[i] = accessModel(g)
			}
			out, err = httpapi.ApplyOData(&in.ODataQuery, out)
			return &httpapi.BodyOf[[]BusinessAccessModel]{Body: out}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/access/user", Tags: tags,
		Summary: "Get the access of one user"},
		func(ctx context.Context, in *EmailQuery) (*httpapi.BodyOf[BusinessAccessModel], error) {
			g, err := a.Businesses.GetAccess(ctx, in.BusinessID, in.Email)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[BusinessAccessModel]{Body: accessModel(g)}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/access", Tags: tags,
		Summary: "Grant a user access", Description: "Creates the user (and emails them) when no user has that email yet."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body CreateBusinessAccessModel
		}) (*struct{}, error) {
			return nil, a.Businesses.GrantAccess(ctx, in.BusinessID, in.Body.grant(), in.Body.MergeExistingAccess, in.Body.SuppressNotificationEmails)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/access", Tags: tags,
		Summary: "Update a user's access"},
		func(ctx context.Context, in *struct {
			EmailQuery
			Body BusinessAccessModel
		}) (*struct{}, error) {
			return nil, a.Businesses.UpdateAccess(ctx, in.BusinessID, in.Email, in.Body.grant())
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/access", Tags: tags,
		Summary: "Revoke a user's access", Description: "Refused with 409 when it would leave no user with unrestricted access."},
		func(ctx context.Context, in *EmailQuery) (*struct{}, error) {
			return nil, a.Businesses.RevokeAccess(ctx, in.BusinessID, in.Email)
		})
}
