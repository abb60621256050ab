package referenceapi

import (
	"bytes"
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/holidaypay"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/uk"
)

// registerUKReference serves the UK-only reference data: HMRC settings and
// PAYE schemes, statutory pay figures, pensions, benefit categories, BACS,
// CIS subcontractors and the 52-week holiday pay import. Businesses of
// other regions get a 400 naming the region.
func registerUKReference(a *httpapi.API) {
	registerUKHmrc(a)
	registerUKPensions(a)
	registerUKBenefits(a)
	ukc := a.Reference
	httpapi.RegisterCRUD(a, httpapi.CRUD[uk.UKBacs, *uk.UKBacs]{Coll: ukc.Bacs, Read: httpapi.BusinessAdmin, Path: "/api/v2/business/{businessId}/bacs", Item: "/api/v2/business/{businessId}/bacs/{id}", Tag: "BACS", OData: true})
	httpapi.RegisterCRUD(a, httpapi.CRUD[uk.UKSubcontractor, *uk.UKSubcontractor]{Coll: ukc.Subcontractors, Read: httpapi.BusinessAdmin, Path: "/api/v2/business/{businessId}/subcontractor",
		Tag: "Subcontractors", Ops: "C"})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/subcontractor/{subcontractorId}/paymentdetails",
		Tags: []string{"Subcontractors"}, Summary: "Save subcontractor payment details",
		Description: "Creates or replaces the subcontractor's payment details (bank account, pay schedule and pay category of their pay runs).",
		Parameters:  httpapi.PathParams("subcontractorId")},
		func(ctx context.Context, in *httpapi.CRUDBody[uk.UKSubcontractorPaymentDetails]) (*httpapi.BodyOf[uk.UKSubcontractorPaymentDetails], error) {
			id, err := httpapi.PathID(ctx, "subcontractorId", "subcontractor")
			if err != nil {
				return nil, err
			}
			v, err := ukc.SaveSubcontractorPayment(ctx, httpapi.CurrentBusiness(ctx), id, in.Body)
			return &httpapi.BodyOf[uk.UKSubcontractorPaymentDetails]{Body: v}, err
		})
	registerUK52WeekImport(a)
}

// UKEmploymentAllowanceQuery names the tax year of the employment
// allowance operations (exported: huma reads only exported embedded types).
type UKEmploymentAllowanceQuery struct {
	httpapi.BusinessPath
	FinancialYearEnding int `query:"financialYearEnding" doc:"the tax year ending on 5 April of this year; default the current tax year"`
}

func registerUKHmrc(a *httpapi.API) {
	ukc := a.Reference
	tags := []string{"HMRC Settings"}
	type hmrcOut = httpapi.BodyOf[uk.UKHmrcSettings]
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/hmrcsettings", Tags: tags, Summary: "Get HMRC settings",
		Description: "The main PAYE scheme's HMRC settings (defaults from the business details until first saved). The gateway password is never returned: a stored one reads as ********."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*hmrcOut, error) {
			v, err := ukc.HmrcSettings(ctx, httpapi.CurrentBusiness(ctx))
			return &hmrcOut{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/hmrcsettings", Tags: tags, Summary: "Update HMRC settings",
		Description: "Members the body omits keep their values; rtiPassword sent back as ******** keeps the stored password."},
		func(ctx context.Context, in *httpapi.CRUDBody[uk.UKHmrcSettings]) (*hmrcOut, error) {
			v, err := ukc.UpdateHmrcSettings(ctx, httpapi.CurrentBusiness(ctx), func(h *uk.UKHmrcSettings) error { return httpapi.MergeJSON(h, in.RawBody) })
			return &hmrcOut{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/hmrcsettings/simple-update", Tags: tags,
		Summary:     "Update the HMRC references",
		Description: "Sets the employer PAYE reference (paye, NNN/XXXXX), accounts office reference and UTR; other settings keep their values."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body uk.UKSimpleHmrcSettings
		}) (*hmrcOut, error) {
			v, err := ukc.UpdateHmrcSettings(ctx, httpapi.CurrentBusiness(ctx), in.Body.Apply)
			return &hmrcOut{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/hmrcsettings/hmrcpaymentreminder", Tags: tags,
		Summary: "Turn off the HMRC payment reminder", Description: "Answers the HMRC settings without the reminder."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*hmrcOut, error) {
			v, err := ukc.DeleteHmrcPaymentReminder(ctx, httpapi.CurrentBusiness(ctx))
			return &hmrcOut{Body: v}, err
		})

	type eaOut = httpapi.BodyOf[uk.UKEmploymentAllowance]
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/hmrcsettings/employmentallowance", Tags: tags,
		Summary: "Get the employment allowance claim of a tax year"},
		func(ctx context.Context, in *UKEmploymentAllowanceQuery) (*eaOut, error) {
			v, err := ukc.EmploymentAllowanceOf(ctx, httpapi.CurrentBusiness(ctx), in.FinancialYearEnding)
			return &eaOut{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/hmrcsettings/employmentallowance", Tags: tags,
		Summary: "Save the employment allowance claim of a tax year", Description: "Members the body omits keep their values."},
		func(ctx context.Context, in *struct {
			UKEmploymentAllowanceQuery
			Body    uk.UKEmploymentAllowance
			RawBody []byte
		}) (*eaOut, error) {
			v, err := ukc.UpdateEmploymentAllowance(ctx, httpapi.CurrentBusiness(ctx), in.FinancialYearEnding,
				func(e *uk.UKEmploymentAllowance) error { return httpapi.MergeJSON(e, in.RawBody) })
			return &eaOut{Body: v}, err
		})

	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/statutorypay", Tags: []string{"Statutory Pay"},
		Summary:     "Get statutory pay rates and thresholds",
		Description: "SSP, SMP, SPP, SAP, ShPP, SPBP and SNCP rates and the lower earnings limit of a tax year (default the current one). Figures the reference rules lack are null and listed in missingFigures."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			TaxYear string `query:"taxYear" doc:"2025 or 2025/26 for the tax year starting 6 April 2025"`
		}) (*httpapi.BodyOf[uk.UKStatutoryPay], error) {
			v, err := ukc.StatutoryPay(httpapi.CurrentBusiness(ctx), in.TaxYear)
			return &httpapi.BodyOf[uk.UKStatutoryPay]{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payeschemes", Tags: []string{"PAYE Schemes"},
		Summary: "List PAYE schemes", Description: "The business's PAYE schemes; the main one is what hmrcsettings edits. Pay schedules refer to them by payeSchemeId."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]uk.UKPayeScheme], error) {
			v, err := ukc.ListPayeSchemes(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[[]uk.UKPayeScheme]{Body: v}, err
		})
}

func registerUKPensions(a *httpapi.API) {
	ukc := a.Reference
	tags := []string{"Pension Settings"}
	httpapi.RegisterCRUD(a, httpapi.CRUD[uk.UKPensionScheme, *uk.UKPensionScheme]{Coll: ukc.PensionSchemes, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/pensionscheme", Item: "/api/v2/business/{businessId}/pensionscheme/{id}",
		Tag: tags[0], Ops: "LCRU"})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/pensionscheme/{id}", Tags: tags,
		Summary: "Delete a pension scheme", Description: "Deletes the scheme and its contribution plans; a scheme or plan still in use answers 409.",
		Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := httpapi.PathID(ctx, "id", "pension scheme")
			if err != nil {
				return nil, err
			}
			return nil, ukc.DeletePensionScheme(ctx, httpapi.CurrentBusiness(ctx), id)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/pensionscheme/dates", Tags: tags,
		Summary: "Set auto-enrolment dates",
		Description: "Stores the staging (duties start) date, re-enrolment date and opted-out choice, and answers them with the re-enrolment window, " +
			"declaration of compliance due dates and, when postponementRuleOptionType and postponementPeriod are given, the postponement end date."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body uk.UKPensionSchemeDates
		}) (*httpapi.BodyOf[uk.UKPensionSchemeDates], error) {
			v, err := ukc.SetPensionSchemeDates(ctx, httpapi.CurrentBusiness(ctx), in.Body)
			return &httpapi.BodyOf[uk.UKPensionSchemeDates]{Body: v}, err
		})
	httpapi.RegisterCRUD(a, httpapi.CRUD[uk.UKPensionPlan, *uk.UKPensionPlan]{Coll: ukc.PensionPlans, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/pensionscheme/{schemeId}/plan", Item: "/api/v2/business/{businessId}/pensionscheme/{schemeId}/plan/{planId}",
		IDParam: "planId", ParentParam: "schemeId", Tag: tags[0], Ops: "LCRU"})
}

// UKUpdateBenefitCategoryResult is the answer of PUT B/benefitcategory
// (UkUpdateBenefitCategoryResult): the category and the employees whose
// benefits follow it (none until employee benefits exist).
type UKUpdateBenefitCategoryResult struct {
	BenefitCategory     uk.UKBenefitCategory `json:"benefitCategory"`
	EmployeeIDsToUpdate []int64              `json:"employeeIdsToUpdate"`
	EmployeeIDsUpdated  []int64              `json:"employeeIdsUpdated"`
}

// UKCreateBenefitCategoriesResult is the answer of POST B/benefitcategory/multiple.
type UKCreateBenefitCategoriesResult struct {
	BenefitCategories []uk.UKBenefitCategory `json:"benefitCategories"`
}

func registerUKBenefits(a *httpapi.API) {
	ukc := a.Reference
	tag := "Benefit Categories"
	tags := []string{tag}
	httpapi.RegisterCRUD(a, httpapi.CRUD[uk.UKBenefitCategory, *uk.UKBenefitCategory]{Coll: ukc.BenefitCategories, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/benefitcategory", Item: "/api/v2/business/{businessId}/benefitcategory/{id}",
		Tag: tag, Ops: "LCRD"})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/benefitcategory", Tags: tags,
		Summary: "Update a benefit category", Description: "The category is named by id in the body. Members the body omits keep their values."},
		func(ctx context.Context, in *httpapi.CRUDBody[uk.UKBenefitCategory]) (*httpapi.BodyOf[UKUpdateBenefitCategoryResult], error) {
			if in.Body.ID == 0 {
				return nil, payroll.Invalid("id", "id is required: it names the benefit category to update")
			}
			v, err := ukc.BenefitCategories.Update(ctx, httpapi.CurrentBusiness(ctx), 0, in.Body.ID,
				func(cur *uk.UKBenefitCategory) error { return httpapi.MergeJSON(cur, in.RawBody) })
			return &httpapi.BodyOf[UKUpdateBenefitCategoryResult]{Body: UKUpdateBenefitCategoryResult{BenefitCategory: v,
				EmployeeIDsToUpdate: []int64{}, EmployeeIDsUpdated: []int64{}}}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/benefitcategory/multiple", Tags: tags,
		Summary: "Create several benefit categories", Description: "All or none: a failure answers 400 with errors keyed \"[i].member\"."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body []uk.UKBenefitCategory
		}) (*httpapi.BodyOf[UKCreateBenefitCategoriesResult], error) {
			v, err := record.CreateAll(ctx, ukc.BenefitCategories, httpapi.CurrentBusiness(ctx), in.Body)
			return &httpapi.BodyOf[UKCreateBenefitCategoriesResult]{Body: UKCreateBenefitCategoriesResult{v}}, err
		})
	type optsOut = httpapi.BodyOf[uk.UKBenefitProcessingOptions]
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/benefitcategory/processingoptions", Tags: tags,
		Summary: "Get benefit processing options", Description: "Whether benefits are reported on P11D, payrolled, or both."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*optsOut, error) {
			v, err := ukc.BenefitProcessing.Get(ctx, httpapi.CurrentBusiness(ctx), "")
			return &optsOut{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/benefitcategory/processingoptions", Tags: tags,
		Summary:     "Save benefit processing options",
		Description: "Members the body omits keep their values. Turning P11D or payrolling off while categories use it answers 409."},
		func(ctx context.Context, in *httpapi.CRUDBody[uk.UKBenefitProcessingOptions]) (*optsOut, error) {
			v, err := ukc.UpdateBenefitProcessing(ctx, httpapi.CurrentBusiness(ctx), func(o *uk.UKBenefitProcessingOptions) error {
				return httpapi.MergeJSON(o, in.RawBody)
			})
			return &optsOut{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/benefitcategory/registeredfromtaxyearoptions", Tags: tags,
		Summary: "List the tax years payrolled benefits can be registered from", Description: "Newest first; value is the starting year of the tax year."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]uk.UKTaxYearOption], error) {
			v, err := ukc.RegisteredFromTaxYearOptions(httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[[]uk.UKTaxYearOption]{Body: v}, err
		})
	httpapi.RegisterImport(a, ukc.BenefitCategories, "/api/v2/business/{businessId}/import/benefit-categories", tag)
}

// 52-week data is employees' pay, so every operation needs unrestricted
// access to the business.
func registerUK52WeekImport(a *httpapi.API) {
	ukc := a.Reference
	tags := []string{"Data Import"}
	type jobOut = httpapi.BodyOf[holidaypay.UKHolidayPay52WeekJob]
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/dataimport/import52weekdata", Tags: tags,
		Summary: "Import 52-week holiday pay data",
		Description: "Upload a CSV file (multipart/form-data field file) in the template's layout: one row per paid week or pay period, the employee " +
			"named by EmployeeId or EmployeeExternalId. All rows are imported or none: a failure answers 400 with errors keyed \"row N.member\". " +
			"Each employee in the file gets exactly the file's periods."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.UploadInput
		}) (*jobOut, error) {
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			v, err := ukc.ImportHolidayPay52Weeks(ctx, httpapi.CurrentBusiness(ctx), bytes.NewReader(f.Data))
			return &jobOut{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/dataimport/import52weekdataquery", Tags: tags,
		Summary: "Query imported 52-week data",
		Description: "The report of the import named by longRunningJobId (the latest when omitted) and the stored data: of employeeId, of that " +
			"import's employees, or of everyone."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			LongRunningJobID string `query:"longRunningJobId" doc:"jobId of an import"`
			EmployeeID       int64  `query:"employeeId"`
		}) (*httpapi.BodyOf[holidaypay.UKHolidayPay52WeekQuery], error) {
			v, err := ukc.QueryHolidayPay52Weeks(ctx, httpapi.CurrentBusiness(ctx), in.LongRunningJobID, in.EmployeeID)
			return &httpapi.BodyOf[holidaypay.UKHolidayPay52WeekQuery]{Body: v}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/dataimport/52weekdatatemplate", Tags: tags,
		Summary: "Download the 52-week data template", Description: "CSV: the header and a row per employee who is not terminated."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			data, err := ukc.HolidayPay52WeekTemplate(ctx, httpapi.CurrentBusiness(ctx))
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput("52WeekDataTemplate.csv", "text/csv", data), nil
		})
}
