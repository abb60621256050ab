package httpapi

import (
	"bytes"
	"context"
	"net/http"

	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/uk"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
)

// ukPath is a path under B for the UK operations.
func ukPath(p string) string { return "/api/v2/business/{businessId}/" + p }

// registerUKReference serves the UK-only reference data: HMRC settings and
// PAYE schemes, statutory pay figures, pensions, benefit categories, BACS,
// CIS subcontractors and the 52-week holiday pay import. Businesses of
// other regions get a 400 naming the region.
func registerUKReference(a *API) {
	registerUKHmrc(a)
	registerUKPensions(a)
	registerUKBenefits(a)
	ukc := a.Reference
	RegisterCRUD(a, CRUD[uk.UKBacs, *uk.UKBacs]{Coll: ukc.Bacs, Path: "/api/v2/business/{businessId}/bacs", Item: "/api/v2/business/{businessId}/bacs/{id}", Tag: "BACS", OData: true})
	RegisterCRUD(a, CRUD[uk.UKSubcontractor, *uk.UKSubcontractor]{Coll: ukc.Subcontractors, Path: "/api/v2/business/{businessId}/subcontractor",
		Tag: "Subcontractors", Ops: "C"})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/subcontractor/{subcontractorId}/paymentdetails",
		Tags: []string{"Subcontractors"}, Summary: "Save subcontractor payment details",
		Description: "Creates or replaces the subcontractor's payment details (bank account, pay schedule and pay category of their pay runs).",
		Parameters:  PathParams("subcontractorId")},
		func(ctx context.Context, in *crudBody[uk.UKSubcontractorPaymentDetails]) (*BodyOf[uk.UKSubcontractorPaymentDetails], error) {
			id, err := PathID(ctx, "subcontractorId", "subcontractor")
			if err != nil {
				return nil, err
			}
			v, err := ukc.SaveSubcontractorPayment(ctx, CurrentBusiness(ctx), id, in.Body)
			return &BodyOf[uk.UKSubcontractorPaymentDetails]{v}, err
		})
	registerUK52WeekImport(a)
}

// UKEmploymentAllowanceQuery names the tax year of the employment
// allowance operations (exported: huma reads only exported embedded types).
type UKEmploymentAllowanceQuery struct {
	BusinessPath
	FinancialYearEnding int `query:"financialYearEnding" doc:"the tax year ending on 5 April of this year; default the current tax year"`
}

func registerUKHmrc(a *API) {
	ukc := a.Reference
	tags := []string{"HMRC Settings"}
	type hmrcOut = BodyOf[uk.UKHmrcSettings]
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/hmrcsettings", Tags: tags, Summary: "Get HMRC settings",
		Description: "The main PAYE scheme's HMRC settings (defaults from the business details until first saved). The gateway password is never returned: a stored one reads as ********."},
		func(ctx context.Context, _ *BusinessPath) (*hmrcOut, error) {
			v, err := ukc.HmrcSettings(ctx, CurrentBusiness(ctx))
			return &hmrcOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/hmrcsettings", Tags: tags, Summary: "Update HMRC settings",
		Description: "Members the body omits keep their values; rtiPassword sent back as ******** keeps the stored password."},
		func(ctx context.Context, in *crudBody[uk.UKHmrcSettings]) (*hmrcOut, error) {
			v, err := ukc.UpdateHmrcSettings(ctx, CurrentBusiness(ctx), func(h *uk.UKHmrcSettings) error { return mergeJSON(h, in.RawBody) })
			return &hmrcOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/hmrcsettings/simple-update", Tags: tags,
		Summary:     "Update the HMRC references",
		Description: "Sets the employer PAYE reference (paye, NNN/XXXXX), accounts office reference and UTR; other settings keep their values."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body uk.UKSimpleHmrcSettings
		}) (*hmrcOut, error) {
			v, err := ukc.UpdateHmrcSettings(ctx, CurrentBusiness(ctx), in.Body.Apply)
			return &hmrcOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/hmrcsettings/hmrcpaymentreminder", Tags: tags,
		Summary: "Turn off the HMRC payment reminder", Description: "Answers the HMRC settings without the reminder."},
		func(ctx context.Context, _ *BusinessPath) (*hmrcOut, error) {
			v, err := ukc.DeleteHmrcPaymentReminder(ctx, CurrentBusiness(ctx))
			return &hmrcOut{v}, err
		})

	type eaOut = BodyOf[uk.UKEmploymentAllowance]
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/hmrcsettings/employmentallowance", Tags: tags,
		Summary: "Get the employment allowance claim of a tax year"},
		func(ctx context.Context, in *UKEmploymentAllowanceQuery) (*eaOut, error) {
			v, err := ukc.EmploymentAllowanceOf(ctx, CurrentBusiness(ctx), in.FinancialYearEnding)
			return &eaOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/hmrcsettings/employmentallowance", Tags: tags,
		Summary: "Save the employment allowance claim of a tax year", Description: "Members the body omits keep their values."},
		func(ctx context.Context, in *struct {
			UKEmploymentAllowanceQuery
			Body    uk.UKEmploymentAllowance
			RawBody []byte
		}) (*eaOut, error) {
			v, err := ukc.UpdateEmploymentAllowance(ctx, CurrentBusiness(ctx), in.FinancialYearEnding,
				func(e *uk.UKEmploymentAllowance) error { return mergeJSON(e, in.RawBody) })
			return &eaOut{v}, err
		})

	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/statutorypay", Tags: []string{"Statutory Pay"},
		Summary:     "Get statutory pay rates and thresholds",
		Description: "SSP, SMP, SPP, SAP, ShPP, SPBP and SNCP rates and the lower earnings limit of a tax year (default the current one). Figures the reference rules lack are null and listed in missingFigures."},
		func(ctx context.Context, in *struct {
			BusinessPath
			TaxYear string `query:"taxYear" doc:"2025 or 2025/26 for the tax year starting 6 April 2025"`
		}) (*BodyOf[uk.UKStatutoryPay], error) {
			v, err := ukc.StatutoryPay(CurrentBusiness(ctx), in.TaxYear)
			return &BodyOf[uk.UKStatutoryPay]{v}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payeschemes", Tags: []string{"PAYE Schemes"},
		Summary: "List PAYE schemes", Description: "The business's PAYE schemes; the main one is what hmrcsettings edits. Pay schedules refer to them by payeSchemeId."},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[[]uk.UKPayeScheme], error) {
			v, err := ukc.ListPayeSchemes(ctx, CurrentBusiness(ctx))
			return &BodyOf[[]uk.UKPayeScheme]{v}, err
		})
}

func registerUKPensions(a *API) {
	ukc := a.Reference
	tags := []string{"Pension Settings"}
	RegisterCRUD(a, CRUD[uk.UKPensionScheme, *uk.UKPensionScheme]{Coll: ukc.PensionSchemes, Path: "/api/v2/business/{businessId}/pensionscheme", Item: "/api/v2/business/{businessId}/pensionscheme/{id}",
		Tag: tags[0], Ops: "LCRU"})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/pensionscheme/{id}", Tags: tags,
		Summary: "Delete a pension scheme", Description: "Deletes the scheme and its contribution plans; a scheme or plan still in use answers 409.",
		Parameters: PathParams("id")},
		func(ctx context.Context, _ *BusinessPath) (*struct{}, error) {
			id, err := PathID(ctx, "id", "pension scheme")
			if err != nil {
				return nil, err
			}
			return nil, ukc.DeletePensionScheme(ctx, CurrentBusiness(ctx), id)
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/pensionscheme/dates", Tags: tags,
		Summary: "Set auto-enrolment dates",
		Description: "Stores the staging (duties start) date, re-enrolment date and opted-out choice, and answers them with the re-enrolment window, " +
			"declaration of compliance due dates and, when postponementRuleOptionType and postponementPeriod are given, the postponement end date."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body uk.UKPensionSchemeDates
		}) (*BodyOf[uk.UKPensionSchemeDates], error) {
			v, err := ukc.SetPensionSchemeDates(ctx, CurrentBusiness(ctx), in.Body)
			return &BodyOf[uk.UKPensionSchemeDates]{v}, err
		})
	RegisterCRUD(a, CRUD[uk.UKPensionPlan, *uk.UKPensionPlan]{Coll: ukc.PensionPlans, Path: "/api/v2/business/{businessId}/pensionscheme/{schemeId}/plan", Item: "/api/v2/business/{businessId}/pensionscheme/{schemeId}/plan/{planId}",
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

func registerUKBenefits(a *API) {
	ukc := a.Reference
	tag := "Benefit Categories"
	tags := []string{tag}
	RegisterCRUD(a, CRUD[uk.UKBenefitCategory, *uk.UKBenefitCategory]{Coll: ukc.BenefitCategories, Path: "/api/v2/business/{businessId}/benefitcategory", Item: "/api/v2/business/{businessId}/benefitcategory/{id}",
		Tag: tag, Ops: "LCRD"})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/benefitcategory", Tags: tags,
		Summary: "Update a benefit category", Description: "The category is named by id in the body. Members the body omits keep their values."},
		func(ctx context.Context, in *crudBody[uk.UKBenefitCategory]) (*BodyOf[UKUpdateBenefitCategoryResult], error) {
			if in.Body.ID == 0 {
				return nil, payroll.Invalid("id", "id is required: it names the benefit category to update")
			}
			v, err := ukc.BenefitCategories.Update(ctx, CurrentBusiness(ctx), 0, in.Body.ID,
				func(cur *uk.UKBenefitCategory) error { return mergeJSON(cur, in.RawBody) })
			return &BodyOf[UKUpdateBenefitCategoryResult]{UKUpdateBenefitCategoryResult{BenefitCategory: v,
				EmployeeIDsToUpdate: []int64{}, EmployeeIDsUpdated: []int64{}}}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/benefitcategory/multiple", Tags: tags,
		Summary: "Create several benefit categories", Description: "All or none: a failure answers 400 with errors keyed \"[i].member\"."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body []uk.UKBenefitCategory
		}) (*BodyOf[UKCreateBenefitCategoriesResult], error) {
			v, err := record.CreateAll(ctx, ukc.BenefitCategories, CurrentBusiness(ctx), in.Body)
			return &BodyOf[UKCreateBenefitCategoriesResult]{UKCreateBenefitCategoriesResult{v}}, err
		})
	type optsOut = BodyOf[uk.UKBenefitProcessingOptions]
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/benefitcategory/processingoptions", Tags: tags,
		Summary: "Get benefit processing options", Description: "Whether benefits are reported on P11D, payrolled, or both."},
		func(ctx context.Context, _ *BusinessPath) (*optsOut, error) {
			v, err := ukc.BenefitProcessing.Get(ctx, CurrentBusiness(ctx), "")
			return &optsOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/benefitcategory/processingoptions", Tags: tags,
		Summary:     "Save benefit processing options",
		Description: "Members the body omits keep their values. Turning P11D or payrolling off while categories use it answers 409."},
		func(ctx context.Context, in *crudBody[uk.UKBenefitProcessingOptions]) (*optsOut, error) {
			v, err := ukc.UpdateBenefitProcessing(ctx, CurrentBusiness(ctx), func(o *uk.UKBenefitProcessingOptions) error {
				return mergeJSON(o, in.RawBody)
			})
			return &optsOut{v}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/benefitcategory/registeredfromtaxyearoptions", Tags: tags,
		Summary: "List the tax years payrolled benefits can be registered from", Description: "Newest first; value is the starting year of the tax year."},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[[]uk.UKTaxYearOption], error) {
			v, err := ukc.RegisteredFromTaxYearOptions(CurrentBusiness(ctx))
			return &BodyOf[[]uk.UKTaxYearOption]{v}, err
		})
	RegisterImport(a, ukc.BenefitCategories, "/api/v2/business/{businessId}/import/benefit-categories", tag)
}

// 52-week data is employees' pay, so every operation needs unrestricted
// access to the business.
func registerUK52WeekImport(a *API) {
	ukc := a.Reference
	tags := []string{"Data Import"}
	type jobOut = BodyOf[employee.UKHolidayPay52WeekJob]
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/dataimport/import52weekdata", Tags: tags,
		Summary: "Import 52-week holiday pay data",
		Description: "Upload a CSV file (multipart/form-data field file) in the template's layout: one row per paid week or pay period, the employee " +
			"named by EmployeeId or EmployeeExternalId. All rows are imported or none: a failure answers 400 with errors keyed \"row N.member\". " +
			"Each employee in the file gets exactly the file's periods."},
		func(ctx context.Context, in *struct {
			BusinessPath
			UploadInput
		}) (*jobOut, error) {
			f, err := a.uploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			v, err := ukc.ImportHolidayPay52Weeks(ctx, CurrentBusiness(ctx), bytes.NewReader(f.Data))
			return &jobOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/dataimport/import52weekdataquery", Tags: tags,
		Summary: "Query imported 52-week data",
		Description: "The report of the import named by longRunningJobId (the latest when omitted) and the stored data: of employeeId, of that " +
			"import's employees, or of everyone."},
		func(ctx context.Context, in *struct {
			BusinessPath
			LongRunningJobID string `query:"longRunningJobId" doc:"jobId of an import"`
			EmployeeID       int64  `query:"employeeId"`
		}) (*BodyOf[employee.UKHolidayPay52WeekQuery], error) {
			v, err := ukc.QueryHolidayPay52Weeks(ctx, CurrentBusiness(ctx), in.LongRunningJobID, in.EmployeeID)
			return &BodyOf[employee.UKHolidayPay52WeekQuery]{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/dataimport/52weekdatatemplate", Tags: tags,
		Summary: "Download the 52-week data template", Description: "CSV: the header and a row per employee who is not terminated."},
		func(ctx context.Context, _ *BusinessPath) (*FileOutput, error) {
			data, err := ukc.HolidayPay52WeekTemplate(ctx, CurrentBusiness(ctx))
			if err != nil {
				return nil, err
			}
			return fileOutput("52WeekDataTemplate.csv", "text/csv", data), nil
		})
}
