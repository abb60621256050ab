package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/reference"
)

const schedB = "/api/v2/business/{businessId}"

// registerScheduleReference serves pay schedules, public holidays, tiered
// leave templates, super funds, contractors, ATO/STP settings and bank file
// settings (reference_schedules_*.go hold the custom operations).
func registerScheduleReference(a *API) {
	r := a.Reference
	RegisterCRUD(a, CRUD[reference.PaySchedule, *reference.PaySchedule]{Coll: r.PaySchedules,
		Path: schedB + "/payschedule", Tag: "Pay Schedules", OData: true})
	registerPayScheduleExtras(a)
	RegisterImport(a, r.PaySchedules, schedB+"/import/pay-schedule", "Pay Schedules")

	RegisterCRUD(a, CRUD[reference.PublicHoliday, *reference.PublicHoliday]{Coll: r.PublicHolidays,
		Path: schedB + "/publicholiday", Tag: "Public Holidays", Ops: "CRUD"})
	registerPublicHolidayExtras(a)

	RegisterCRUD(a, CRUD[reference.TieredLeaveTemplate, *reference.TieredLeaveTemplate]{Coll: r.TieredLeaveTemplates,
		Path: schedB + "/tieredleaveallowancetemplate", Tag: "Tiered Leave Allowance Templates", OData: true})
	registerLongServiceLeaveTemplates(a)

	RegisterCRUD(a, CRUD[reference.SelfManagedSuperFund, *reference.SelfManagedSuperFund]{Coll: r.SelfManagedFunds,
		Path: schedB + "/selfmanagedsuperfund", Tag: "Self Managed Super Funds", OData: true})
	registerSuperFundLookups(a)

	registerContractors(a)
	registerTaxAuthorityAU(a)

	RegisterCRUD(a, CRUD[reference.BusinessAba, *reference.BusinessAba]{Coll: r.AbaDetails,
		Path: schedB + "/aba", Tag: "ABA Settings", OData: true})
	RegisterCRUD(a, CRUD[reference.PaymentFile, *reference.PaymentFile]{Coll: r.PaymentFiles,
		Path: schedB + "/paymentfiles", Tag: "Payment Files", OData: true})
}

// PayScheduleMetadata is PayScheduleMetaDataModel: the choices a pay
// schedule form offers.
type PayScheduleMetadata struct {
	PayRunWarnings                []reference.PayRunWarning `json:"payRunWarnings"`
	Frequencies                   []string                  `json:"frequencies"`
	EmploymentSelectionStrategies []string                  `json:"employmentSelectionStrategies"`
	TimesheetImportOptions        []string                  `json:"timesheetImportOptions"`
	PublishPaySlipsPreferences    []string                  `json:"publishPaySlipsPreferences"`
	ReportPacks                   []PayScheduleReportPack   `json:"reportPacks"`
	UsersToNotify                 []string                  `json:"usersToNotify"`
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

func registerPayScheduleExtras(a *API) {
	r := a.Reference
	tags := []string{"Pay Schedules"}
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/payschedule/metadata", Tags: tags,
		Summary: "Get pay schedule metadata", Description: "The frequencies, strategies and options a pay schedule accepts, the pay run warnings it can ignore and the users it can notify."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[PayScheduleMetadata], error) {
			biz := currentBusiness(ctx)
			users, err := reference.NotifiableUsers(ctx, r.S.DB.Queries(), biz.ID)
			if err != nil {
				return nil, err
			}
			return &bodyOf[PayScheduleMetadata]{PayScheduleMetadata{PayRunWarnings: reference.PayRunWarnings(),
				Frequencies: reference.ScheduleFrequencies, EmploymentSelectionStrategies: reference.EmployeeSelectionStrategies,
				TimesheetImportOptions: reference.TimesheetImportOptions, PublishPaySlipsPreferences: reference.PublishPaySlipsPreferences,
				ReportPacks: []PayScheduleReportPack{}, UsersToNotify: users}}, nil
		})
	forecast := func(ctx context.Context, p reference.PaySchedule) (PayScheduleDateForecast, error) {
		biz := currentBusiness(ctx)
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
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/payschedule/nextpaydates", Tags: tags,
		Summary: "Forecast the next pay dates of every pay schedule",
		Description: "For each schedule, the next pay period and pay day: from the last pay period ending (lastPayRun) and last date paid, " +
			"advanced by the frequency (calendar months keep the day of month, clamped to shorter months; HalfMonthly ends on the 15th and month end); " +
			"a schedule that never ran forecasts its auto-pay initial period, or the period containing today."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]PayScheduleDateForecast], error) {
			list, err := r.PaySchedules.List(ctx, currentBusiness(ctx), 0)
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
			return &bodyOf[[]PayScheduleDateForecast]{out}, nil
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/payschedule/{payScheduleId}/nextpaydate", Tags: tags,
		Summary: "Forecast the next pay date of a pay schedule", Parameters: pathParams("payScheduleId")},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[PayScheduleDateForecast], error) {
			id, err := pathID(ctx, "payScheduleId", "pay schedule")
			if err != nil {
				return nil, err
			}
			p, err := r.PaySchedules.Get(ctx, currentBusiness(ctx), 0, id)
			if err != nil {
				return nil, err
			}
			f, err := forecast(ctx, p)
			return &bodyOf[PayScheduleDateForecast]{f}, err
		})
}

func registerPublicHolidayExtras(a *API) {
	r := a.Reference
	tags := []string{"Public Holidays"}
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/publicholiday", Tags: tags,
		Summary: "List the public holidays of a year", Description: "year defaults to the current year."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Year int `query:"year" minimum:"1900" maximum:"2200"`
		}) (*bodyOf[[]reference.PublicHoliday], error) {
			year := in.Year
			if year == 0 {
				year = a.Clock.Now().Year()
			}
			list, err := r.PublicHolidaysOfYear(ctx, currentBusiness(ctx), year)
			return &bodyOf[[]reference.PublicHoliday]{list}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: schedB + "/publicholiday", Tags: tags,
		Summary: "Delete the public holidays of a date", Description: "Deletes every public holiday on that date (all or none); 404 when there is none."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Date string `query:"date" required:"true"`
		}) (*struct{}, error) {
			day, err := payroll.ParseDateTime(in.Date)
			if err != nil {
				return nil, payroll.Invalid("date", "%s", err.Error())
			}
			_, err = r.DeletePublicHolidaysOn(ctx, currentBusiness(ctx), day)
			return nil, err
		})
}

func registerLongServiceLeaveTemplates(a *API) {
	tags := []string{"Tiered Long Service Leave Templates"}
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/tieredlongserviceleavetemplate", Tags: tags,
		Summary: "List the long service leave templates", Description: "AU: the system-defined long service leave rule of each state and territory, with its sources."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]reference.LongServiceLeaveTemplate], error) {
			list, err := reference.LongServiceLeaveTemplates(currentBusiness(ctx))
			return &bodyOf[[]reference.LongServiceLeaveTemplate]{list}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/tieredlongserviceleavetemplate/{id}", Tags: tags,
		Summary: "Get a long service leave template", Parameters: pathParams("id")},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[reference.LongServiceLeaveTemplate], error) {
			id, err := pathID(ctx, "id", "long service leave template")
			if err != nil {
				return nil, err
			}
			t, err := reference.LongServiceLeaveTemplateByID(currentBusiness(ctx), id)
			return &bodyOf[reference.LongServiceLeaveTemplate]{t}, err
		})
}

func registerSuperFundLookups(a *API) {
	r := a.Reference
	tags := []string{"Super Funds"}
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/superfund/productsearch", Tags: tags,
		Summary:     "Search super fund products",
		Description: "AU: searches the super fund registry by USI, ABN or fund/product name (searchBy All, Usi, Abn, Name; default All)."},
		func(ctx context.Context, in *struct {
			BusinessPath
			SearchBy string `query:"searchBy" doc:"All, Usi, Abn or Name (any case)"`
			Term     string `query:"term" required:"true"`
		}) (*bodyOf[[]reference.SuperProduct], error) {
			if err := schedAU(ctx, "super fund product search"); err != nil {
				return nil, err
			}
			list, err := r.SuperRegistry.Search(in.SearchBy, in.Term)
			return &bodyOf[[]reference.SuperProduct]{list}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: schedB + "/superfund/electronicserviceaddress", Tags: tags,
		Summary: "List SMSF electronic service addresses", Description: "AU: the SMSF messaging providers' electronic service addresses a self-managed super fund can use."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]reference.SmsfESA], error) {
			if err := schedAU(ctx, "SMSF electronic service addresses"); err != nil {
				return nil, err
			}
			return &bodyOf[[]reference.SmsfESA]{append([]reference.SmsfESA{}, r.SuperRegistry.ESAs...)}, nil
		})
}

// schedAU is the region gate of AU-only operations that are not a
// collection.
func schedAU(ctx context.Context, what string) error {
	if biz := currentBusiness(ctx); biz.Region != "AU" {
		return reference.RegionError(what, []string{"AU"}, biz)
	}
	return nil
}
