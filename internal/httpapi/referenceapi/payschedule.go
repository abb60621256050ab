package referenceapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/record"
)

// registerScheduleReference serves pay schedules, public holidays, tiered
// leave templates, super funds, contractors, ATO/STP settings and bank file
// settings (reference_schedules_*.go hold the custom operations).
func registerScheduleReference(a *httpapi.API) {
	r := a.Reference
	httpapi.RegisterCRUD(a, httpapi.CRUD[payschedule.PaySchedule, *payschedule.PaySchedule]{Coll: r.PaySchedules,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/payschedule", Item: "/api/v2/business/{businessId}/payschedule/{id}", Tag: "Pay Schedules", OData: true})
	registerPayScheduleExtras(a)
	httpapi.RegisterImport(a, r.PaySchedules, "/api/v2/business/{businessId}/import/pay-schedule", "Pay Schedules")

	httpapi.RegisterCRUD(a, httpapi.CRUD[payschedule.PublicHoliday, *payschedule.PublicHoliday]{Coll: r.PublicHolidays,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/publicholiday", Item: "/api/v2/business/{businessId}/publicholiday/{id}", Tag: "Public Holidays", Ops: "CRUD"})
	registerPublicHolidayExtras(a)

	httpapi.RegisterCRUD(a, httpapi.CRUD[payschedule.TieredLeaveTemplate, *payschedule.TieredLeaveTemplate]{Coll: r.TieredLeaveTemplates,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/tieredleaveallowancetemplate", Item: "/api/v2/business/{businessId}/tieredleaveallowancetemplate/{id}", Tag: "Tiered Leave Allowance Templates", OData: true})
	registerLongServiceLeaveTemplates(a)

	httpapi.RegisterCRUD(a, httpapi.CRUD[au.SelfManagedSuperFund, *au.SelfManagedSuperFund]{Coll: r.SelfManagedFunds,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/selfmanagedsuperfund", Item: "/api/v2/business/{businessId}/selfmanagedsuperfund/{id}", Tag: "Self Managed Super Funds", OData: true})
	registerSuperFundLookups(a)

	registerContractors(a)
	registerTaxAuthorityAU(a)

	httpapi.RegisterCRUD(a, httpapi.CRUD[au.BusinessAba, *au.BusinessAba]{Coll: r.AbaDetails,
		Read: httpapi.BusinessAdmin, Path: "/api/v2/business/{businessId}/aba", Item: "/api/v2/business/{businessId}/aba/{id}", Tag: "ABA Settings", OData: true})
	httpapi.RegisterCRUD(a, httpapi.CRUD[au.PaymentFile, *au.PaymentFile]{Coll: r.PaymentFiles,
		Read: httpapi.BusinessAdmin, Path: "/api/v2/business/{businessId}/paymentfiles", Item: "/api/v2/business/{businessId}/paymentfiles/{id}", Tag: "Payment Files", OData: true})
}

// PayScheduleMetadata is PayScheduleMetaDataModel: the choices a pay
// schedule form offers.
type PayScheduleMetadata struct {
	PayRunWarnings                []payschedule.PayRunWarning `json:"payRunWarnings"`
	Frequencies                   []string                    `json:"frequencies"`
	EmploymentSelectionStrategies []string                    `json:"employmentSelectionStrategies"`
	TimesheetImportOptions        []string                    `json:"timesheetImportOptions"`
	PublishPaySlipsPreferences    []string                    `json:"publishPaySlipsPreferences"`
	ReportPacks                   []PayScheduleReportPack     `json:"reportPacks"`
	UsersToNotify                 []string                    `json:"usersToNotify"`
}

// PayScheduleReportPack is ReportPackModel. No operation creates report packs, so a
// business has none.
type PayScheduleReportPack struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// PayScheduleDateForecast is PayScheduleDateForecastResultApiModel.
type PayScheduleDateForecast struct {
	PayScheduleID         int64            `json:"payScheduleId"`
	NextScheduledFromDate payroll.DateTime `json:"nextScheduledFromDate"`
	NextScheduledToDate   payroll.DateTime `json:"nextScheduledToDate"`
	NextScheduledPaidDate payroll.DateTime `json:"nextScheduledPaidDate"`
}

func registerPayScheduleExtras(a *httpapi.API) {
	r := a.Reference
	tags := []string{"Pay Schedules"}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payschedule/metadata", Tags: tags,
		Summary: "Get pay schedule metadata", Description: "The frequencies, strategies and options a pay schedule accepts, the pay run warnings it can ignore and the users it can notify."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[PayScheduleMetadata], error) {
			biz := httpapi.CurrentBusiness(ctx)
			users, err := payschedule.NotifiableUsers(ctx, r.S.DB.Queries(), biz.ID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[PayScheduleMetadata]{Body: PayScheduleMetadata{PayRunWarnings: payschedule.PayRunWarnings(),
				Frequencies: payschedule.ScheduleFrequencies, EmploymentSelectionStrategies: payschedule.EmployeeSelectionStrategies,
				TimesheetImportOptions: payschedule.TimesheetImportOptions, PublishPaySlipsPreferences: payschedule.PublishPaySlipsPreferences,
				ReportPacks: []PayScheduleReportPack{}, UsersToNotify: users}}, nil
		})
	forecast := func(ctx context.Context, p payschedule.PaySchedule) (PayScheduleDateForecast, error) {
		biz := httpapi.CurrentBusiness(ctx)
		eow := time.Sunday
		for i, day := range []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"} {
			if day == biz.Details.EndOfWeek {
				eow = time.Weekday(i)
			}
		}
		f, err := p.NextPayDates(a.Clock.Now(), eow)
		if err != nil {
			return PayScheduleDateForecast{}, err
		}
		return PayScheduleDateForecast{PayScheduleID: p.ID, NextScheduledFromDate: payroll.NewDateTime(f.From),
			NextScheduledToDate: payroll.NewDateTime(f.To), NextScheduledPaidDate: payroll.NewDateTime(f.Paid)}, nil
	}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payschedule/nextpaydates", Tags: tags,
		Summary: "Forecast the next pay dates of every pay schedule",
		Description: "For each schedule, the next pay period and pay day: from the last pay period ending (lastPayRun) and last date paid, " +
			"advanced by the frequency (calendar months keep the day of month, clamped to shorter months; HalfMonthly ends on the 15th and month end); " +
			"a schedule that never ran forecasts its auto-pay initial period, or the period containing today."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]PayScheduleDateForecast], error) {
			list, err := r.PaySchedules.List(ctx, httpapi.CurrentBusiness(ctx), 0)
			if err != nil {
				return nil, err
			}
			out := make([]PayScheduleDateForecast, 0, len(list))
			for _, p := range list {
				f, err := forecast(ctx, p)
				if err != nil {
					return nil, err
				}
				out = append(out, f)
			}
			return &httpapi.BodyOf[[]PayScheduleDateForecast]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payschedule/{payScheduleId}/nextpaydate", Tags: tags,
		Summary: "Forecast the next pay date of a pay schedule", Parameters: httpapi.PathParams("payScheduleId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[PayScheduleDateForecast], error) {
			id, err := httpapi.PathID(ctx, "payScheduleId", "pay schedule")
			if err != nil {
				return nil, err
			}
			p, err := r.PaySchedules.Get(ctx, httpapi.CurrentBusiness(ctx), 0, id)
			if err != nil {
				return nil, err
			}
			f, err := forecast(ctx, p)
			return &httpapi.BodyOf[PayScheduleDateForecast]{Body: f}, err
		})
}

func registerPublicHolidayExtras(a *httpapi.API) {
	r := a.Reference
	tags := []string{"Public Holidays"}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/publicholiday", Tags: tags,
		Summary: "List the public holidays of a year",
		Description: "year defaults to the current year. The list holds the business's own holidays and its region's official ones " +
			"(isSystem true; AU, NZ, UK and SG), which every business has for the current year and the next two, with states set " +
			"where a holiday is limited to states, nations or regions (none = the whole country); a substitute day names its " +
			"weekend holiday in mondayisedAlternativeToId. Official holidays can be edited or deleted like any other; a deleted one does not return."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Year int `query:"year" minimum:"1900" maximum:"2200"`
		}) (*httpapi.BodyOf[[]payschedule.PublicHoliday], error) {
			year := in.Year
			if year == 0 {
				year = a.Clock.Now().Year()
			}
			list, err := r.PublicHolidaysOfYear(ctx, httpapi.CurrentBusiness(ctx), year)
			return &httpapi.BodyOf[[]payschedule.PublicHoliday]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/publicholiday", Tags: tags,
		Summary: "Delete the public holidays of a date", Description: "Deletes every public holiday on that date (all or none); 404 when there is none."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Date string `query:"date" required:"true"`
		}) (*struct{}, error) {
			day, err := payroll.ParseDateTime(in.Date)
			if err != nil {
				return nil, payroll.Invalid("date", "%s", err.Error())
			}
			_, err = r.DeletePublicHolidaysOn(ctx, httpapi.CurrentBusiness(ctx), day)
			return nil, err
		})
}

func registerLongServiceLeaveTemplates(a *httpapi.API) {
	tags := []string{"Tiered Long Service Leave Templates"}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/tieredlongserviceleavetemplate", Tags: tags,
		Summary: "List the long service leave templates", Description: "AU: the system-defined long service leave rule of each state and territory, with its sources."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]payschedule.LongServiceLeaveTemplate], error) {
			list, err := payschedule.LongServiceLeaveTemplates(httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[[]payschedule.LongServiceLeaveTemplate]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/tieredlongserviceleavetemplate/{id}", Tags: tags,
		Summary: "Get a long service leave template", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payschedule.LongServiceLeaveTemplate], error) {
			id, err := httpapi.PathID(ctx, "id", "long service leave template")
			if err != nil {
				return nil, err
			}
			t, err := payschedule.LongServiceLeaveTemplateByID(httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[payschedule.LongServiceLeaveTemplate]{Body: t}, err
		})
}

func registerSuperFundLookups(a *httpapi.API) {
	r := a.Reference
	tags := []string{"Super Funds"}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/superfund/productsearch", Tags: tags,
		Summary:     "Search super fund products",
		Description: "AU: searches the super fund registry by USI, ABN or fund/product name (searchBy All, Usi, Abn, Name; default All)."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			SearchBy string `query:"searchBy" doc:"All, Usi, Abn or Name (any case)"`
			Term     string `query:"term" required:"true"`
		}) (*httpapi.BodyOf[[]au.SuperProduct], error) {
			if err := schedAU(ctx, "super fund product search"); err != nil {
				return nil, err
			}
			list, err := r.SuperRegistry.Search(in.SearchBy, in.Term)
			return &httpapi.BodyOf[[]au.SuperProduct]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/superfund/electronicserviceaddress", Tags: tags,
		Summary: "List SMSF electronic service addresses", Description: "AU: the SMSF messaging providers' electronic service addresses a self-managed super fund can use."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]au.SmsfESA], error) {
			if err := schedAU(ctx, "SMSF electronic service addresses"); err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]au.SmsfESA]{Body: append([]au.SmsfESA{}, r.SuperRegistry.ESAs...)}, nil
		})
}

// schedAU is the region gate of AU-only operations that are not a
// collection.
func schedAU(ctx context.Context, what string) error {
	if biz := httpapi.CurrentBusiness(ctx); biz.Region != "AU" {
		return record.RegionError(what, []string{"AU"}, biz)
	}
	return nil
}
