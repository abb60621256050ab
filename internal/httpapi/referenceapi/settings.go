package referenceapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/settings"
)

// registerBusinessAdmin serves the business administration group:
// settings documents, tax years, billing, notifications, tags and
// entitlements here; documents, locations and the chart of accounts in
// reference_admin_*.go.
func registerBusinessAdmin(a *httpapi.API) {
	ad := a.Reference
	const B = "/api/v2/business/{businessId}"
	const tag = "Business"
	httpapi.RegisterSettings(a, httpapi.SettingsOps[settings.EmployeePortalSettings]{Settings: ad.EmployeePortalSettings, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/employeeportalsettings",
		WriteMethod: http.MethodPost, Tag: tag, Summary: "employee portal settings"})
	httpapi.RegisterSettings(a, httpapi.SettingsOps[settings.TimesheetRoundingRules]{Settings: ad.RoundingRules, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/roundingrules",
		WriteMethod: http.MethodPost, Tag: tag, Summary: "timesheet rounding rules"})
	// The same document under the manager paths of the mobile apps (saving stays an administrator's).
	httpapi.RegisterSettings(a, httpapi.SettingsOps[settings.TimesheetRoundingRules]{Settings: ad.RoundingRules, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/manager/roundingrules",
		WriteMethod: http.MethodPost, Tag: "Manager", Summary: "timesheet rounding rules (manager)"})
	httpapi.RegisterSettings(a, httpapi.SettingsOps[settings.StatutorySettings]{Settings: ad.StatutorySettings, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/statutorysettings",
		WriteMethod: http.MethodPost, Tag: tag, Summary: "statutory settings (MY)"})
	httpapi.RegisterSettings(a, httpapi.SettingsOps[settings.TimesheetSettings]{Settings: ad.TimesheetSettings, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/timesheetsettings",
		WriteMethod: http.MethodPut, Tag: tag, Summary: "timesheet settings"})
	httpapi.RegisterSettings(a, httpapi.SettingsOps[settings.PayslipSettings]{Settings: ad.PayslipSettings, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/payslip",
		WriteMethod: http.MethodPost, Tag: tag, Summary: "payslip configuration"})
	registerLeaveSettings(a, "/api/v2/business/{businessId}/leavesettings", tag)
	registerTaxYears(a, B, tag)
	registerBilling(a, B, tag)
	registerNotificationsAndTags(a, B, tag)
	registerBusinessDocuments(a)                       // documents.go
	registerLocations(a)                               // locations.go
	registerChartOfAccounts(a, B, "Chart of Accounts") // reference_admin_accounts.go
}

// updateDetails applies change to the addressed business's details (the
// settings that live on the business record: initial financial year,
// journal service, leave accrual start).
//
// The details are read again in the write's transaction and written only
// if unchanged since (business.Service.Change), so two requests changing
// different details at once both land.
func updateDetails(a *httpapi.API, ctx context.Context, change func(d *business.Details) error) (business.Business, error) {
	return a.Businesses.Change(ctx, httpapi.CurrentBusiness(ctx).ID, func(biz business.Business) (business.Input, error) {
		d := biz.Details
		if err := change(&d); err != nil {
			return business.Input{}, err
		}
		return business.Input{Name: biz.Name, Region: biz.Region, ExternalID: biz.ExternalID, WhiteLabelID: biz.WhiteLabelID, Details: d}, nil
	})
}

// leaveSettingsOf shows s with the leave accrual start the business
// record holds (it wins when set: PUT B may change it too).
func leaveSettingsOf(biz business.Business, s settings.LeaveSettings) settings.LeaveSettings {
	if biz.Details.LeaveAccrualStartDateType != "" {
		s.LeaveAccrualStartDateType = biz.Details.LeaveAccrualStartDateType
		s.LeaveYearShouldStartOn = biz.Details.LeaveYearStart
	}
	return s
}

func registerLeaveSettings(a *httpapi.API, path, tag string) {
	ls := a.Reference.LeaveSettings
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: path, Tags: []string{tag}, Summary: "Get leave settings",
		Description: "AU and UK businesses."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[settings.LeaveSettings], error) {
			biz := httpapi.CurrentBusiness(ctx)
			s, err := ls.Get(ctx, biz, "")
			return &httpapi.BodyOf[settings.LeaveSettings]{Body: leaveSettingsOf(biz, s)}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: path, Tags: []string{tag}, Summary: "Update leave settings",
		Description: "AU and UK businesses. Members the body omits keep their values; leaveAccrualStartDateType and leaveYearShouldStartOn are also the business's leaveAccrualStartDateType and leaveYearStart."},
		func(ctx context.Context, in *httpapi.CRUDBody[settings.LeaveSettings]) (*httpapi.BodyOf[settings.LeaveSettings], error) {
			biz := httpapi.CurrentBusiness(ctx)
			s, err := ls.Update(ctx, biz, "", func(cur *settings.LeaveSettings) error {
				*cur = leaveSettingsOf(biz, *cur)
				return httpapi.MergeJSON(cur, in.RawBody)
			})
			if err != nil {
				return nil, err
			}
			_, err = updateDetails(a, ctx, func(d *business.Details) error {
				d.LeaveAccrualStartDateType, d.LeaveYearStart = s.LeaveAccrualStartDateType, s.LeaveYearShouldStartOn
				return nil
			})
			return &httpapi.BodyOf[settings.LeaveSettings]{Body: s}, err
		})
}

func registerTaxYears(a *httpapi.API, B, tag string) {
	tags := []string{tag}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/initialfinancialyear", Tags: tags,
		Summary:     "Get the initial financial year",
		Description: "The first day of the first financial (tax) year the business runs payroll in: the one chosen, else the one the business was created in."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payroll.DateTime], error) {
			return &httpapi.BodyOf[payroll.DateTime]{Body: settings.InitialFinancialYear(httpapi.CurrentBusiness(ctx)).FromDate}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/initialfinancialyear", Tags: tags,
		Summary: "Set the initial financial year",
		Description: "year is the calendar year the financial year starts in (AU 1 July, UK 6 April, NZ 1 April, SG and MY 1 January), " +
			"or that first day itself; at most next year's. Answers the year's first day."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Year string `query:"year"`
		}) (*httpapi.BodyOf[payroll.DateTime], error) {
			biz := httpapi.CurrentBusiness(ctx)
			y, err := settings.ParseInitialFinancialYear(biz.Region, in.Year, a.Clock.Now())
			if err != nil {
				return nil, err
			}
			b, err := updateDetails(a, ctx, func(d *business.Details) error {
				d.InitialFinancialYearStart = &y
				return nil
			})
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[payroll.DateTime]{Body: settings.InitialFinancialYear(b).FromDate}, nil
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/taxyearlist", Tags: tags,
		Summary:     "List tax years",
		Description: "UK businesses: the tax years from the initial one to the current one, oldest first."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]settings.FinancialYear], error) {
			biz := httpapi.CurrentBusiness(ctx)
			if biz.Region != "UK" {
				return nil, record.RegionError("tax year lists", []string{"UK"}, biz)
			}
			return &httpapi.BodyOf[[]settings.FinancialYear]{Body: settings.TaxYears(biz, a.Clock.Now())}, nil
		})
}

// SetBillingPlanRequest chooses a plan (SetBillingPlanRequestModel).
type SetBillingPlanRequest struct {
	BillingPlanID int64 `json:"billingPlanId" required:"true"`
}

func registerBilling(a *httpapi.API, B, tag string) {
	ad := a.Reference
	tags := []string{tag}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/subscription/billingplans", Tags: tags,
		Summary: "List billing plans", Description: "The plans the business can choose (the trial it starts on is hidden)."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]settings.BillingPlan], error) {
			out := []settings.BillingPlan{}
			for _, p := range settings.BillingPlans {
				if !p.IsHidden {
					out = append(out, p)
				}
			}
			return &httpapi.BodyOf[[]settings.BillingPlan]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/subscription/currentbillingplan", Tags: tags,
		Summary: "Get the current billing plan"},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[settings.BillingPlan], error) {
			p, err := ad.CurrentBillingPlan(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[settings.BillingPlan]{Body: p}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/subscription/setbillingplan", Tags: tags,
		Summary: "Set the billing plan", Description: "billingPlanId must be a plan of subscription/billingplans. Answers the plan; the change is posted as a business notification."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body SetBillingPlanRequest
		}) (*httpapi.BodyOf[settings.BillingPlan], error) {
			p, err := ad.SetBillingPlan(ctx, httpapi.CurrentBusiness(ctx), in.Body.BillingPlanID)
			return &httpapi.BodyOf[settings.BillingPlan]{Body: p}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/entitlements", Tags: tags,
		Summary: "Get entitlements", Description: "The features of the business's billing plan."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[settings.Entitlements], error) {
			e, err := ad.Entitlements(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[settings.Entitlements]{Body: e}, err
		})
}

func registerNotificationsAndTags(a *httpapi.API, B, tag string) {
	ad := a.Reference
	tags := []string{tag}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/actionitems/businessnotifications", Tags: tags,
		Summary: "List business notifications", Description: "Notifications not yet dismissed, newest first."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]settings.BusinessNotification], error) {
			list, err := ad.ActiveNotifications(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[[]settings.BusinessNotification]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/actionitems/businessnotifications/{id}/dismiss", Tags: tags,
		Summary: "Dismiss a business notification", Description: "It is no longer listed; dismissing it again answers 404.",
		Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := httpapi.PathID(ctx, "id", "business notification")
			if err != nil {
				return nil, err
			}
			return nil, ad.DismissNotification(ctx, httpapi.CurrentBusiness(ctx), id)
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/tags", Tags: tags,
		Summary: "List tags", Description: "The business's tags (created as other areas use them); awardName keeps those of that award."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			AwardName string `query:"awardName"`
		}) (*httpapi.BodyOf[[]settings.Tag], error) {
			list, err := ad.ListTags(ctx, httpapi.CurrentBusiness(ctx), in.AwardName)
			return &httpapi.BodyOf[[]settings.Tag]{Body: list}, err
		})
}
