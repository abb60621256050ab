package httpapi

import (
	"bytes"
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/reference"
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
	uk := a.Reference
	RegisterCRUD(a, CRUD[reference.UKBacs, *reference.UKBacs]{Coll: uk.Bacs, Path: ukPath("bacs"), Tag: "BACS", OData: true})
	RegisterCRUD(a, CRUD[reference.UKSubcontractor, *reference.UKSubcontractor]{Coll: uk.Subcontractors, Path: ukPath("subcontractor"),
		Tag: "Subcontractors", Ops: "C"})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: ukPath("subcontractor/{subcontractorId}/paymentdetails"),
		Tags: []string{"Subcontractors"}, Summary: "Save subcontractor payment details",
		Description: "Creates or replaces the subcontractor's payment details (bank account, pay schedule and pay category of their pay runs).",
		Parameters:  pathParams("subcontractorId")},
		func(ctx context.Context, in *crudBody[reference.UKSubcontractorPaymentDetails]) (*bodyOf[reference.UKSubcontractorPaymentDetails], error) {
			id, err := pathID(ctx, "subcontractorId", "subcontractor")
			if err != nil {
				return nil, err
			}
			v, err := uk.SaveSubcontractorPayment(ctx, currentBusiness(ctx), id, in.Body)
			return &bodyOf[reference.UKSubcontractorPaymentDetails]{v}, err
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
	uk := a.Reference
	tags := []string{"HMRC Settings"}
	type hmrcOut = bodyOf[reference.UKHmrcSettings]
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: ukPath("hmrcsettings"), Tags: tags, Summary: "Get HMRC settings",
		Description: "The main PAYE scheme's HMRC settings (defaults from the business details until first saved). The gateway password is never returned: a stored one reads as ********."},
		func(ctx context.Context, _ *BusinessPath) (*hmrcOut, error) {
			v, err := uk.HmrcSettings(ctx, currentBusiness(ctx))
			return &hmrcOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: ukPath("hmrcsettings"), Tags: tags, Summary: "Update HMRC settings",
		Description: "Members the body omits keep their values; rtiPassword sent back as ******** keeps the stored password."},
		func(ctx context.Context, in *crudBody[reference.UKHmrcSettings]) (*hmrcOut, error) {
			v, err := uk.UpdateHmrcSettings(ctx, currentBusiness(ctx), func(h *reference.UKHmrcSettings) error { return mergeJSON(h, in.RawBody) })
			return &hmrcOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: ukPath("hmrcsettings/simple-update"), Tags: tags,
		Summary:     "Update the HMRC references",
		Description: "Sets the employer PAYE reference (paye, NNN/XXXXX), accounts office reference and UTR; other settings keep their values."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body reference.UKSimpleHmrcSettings
		}) (*hmrcOut, error) {
			v, err := uk.UpdateHmrcSettings(ctx, currentBusiness(ctx), in.Body.Apply)
			return &hmrcOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: ukPath("hmrcsettings/hmrcpaymentreminder"), Tags: tags,
		Summary: "Turn off the HMRC payment reminder", Description: "Answers the HMRC settings without the reminder."},
		func(ctx context.Context, _ *BusinessPath) (*hmrcOut, error) {
			v, err := uk.DeleteHmrcPaymentReminder(ctx, currentBusiness(ctx))
			return &hmrcOut{v}, err
		})

	type eaOut = bodyOf[reference.UKEmploymentAllowance]
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: ukPath("hmrcsettings/employmentallowance"), Tags: tags,
		Summary: "Get the employment allowance claim of a tax year"},
		func(ctx context.Context, in *UKEmploymentAllowanceQuery) (*eaOut, error) {
			v, err := uk.EmploymentAllowanceOf(ctx, currentBusiness(ctx), in.FinancialYearEnding)
			return &eaOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: ukPath("hmrcsettings/employmentallowance"), Tags: tags,
		Summary: "Save the employment allowance claim of a tax year", Description: "Members the body omits keep their values."},
		func(ctx context.Context, in *struct {
			UKEmploymentAllowanceQuery
			Body    reference.UKEmploymentAllowance
			RawBody []byte
		}) (*eaOut, error) {
			v, err := uk.UpdateEmploymentAllowance(ctx, currentBusiness(ctx), in.FinancialYearEnding,
				func(e *reference.UKEmploymentAllowance) error { return mergeJSON(e, in.RawBody) })
			return &eaOut{v}, err
		})

	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: ukPath("statutorypay"), Tags: []string{"Statutory Pay"},
		Summary:     "Get statutory pay rates and thresholds",
		Description: "SSP, SMP, SPP, SAP, ShPP, SPBP and SNCP rates and the lower earnings limit of a tax year (default the current one). Figures the reference rules lack are null and listed in missingFigures."},
		func(ctx context.Context, in *struct {
			BusinessPath
			TaxYear string `query:"taxYear" doc:"2025 or 2025/26 for the tax year starting 6 April 2025"`
		}) (*bodyOf[reference.UKStatutoryPay], error) {
			v, err := uk.StatutoryPay(currentBusiness(ctx), in.TaxYear)
			return &bodyOf[reference.UKStatutoryPay]{v}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: ukPath("payeschemes"), Tags: []string{"PAYE Schemes"},
		Summary: "List PAYE schemes", Description: "The business's PAYE schemes; the main one is what hmrcsettings edits. Pay schedules refer to them by payeSchemeId."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]reference.UKPayeScheme], error) {
			v, err := uk.ListPayeSchemes(ctx, currentBusiness(ctx))
			return &bodyOf[[]reference.UKPayeScheme]{v}, err
		})
}

func registerUKPensions(a *API) {
	uk := a.Reference
	tags := []string{"Pension Settings"}
	RegisterCRUD(a, CRUD[reference.UKPensionScheme, *reference.UKPensionScheme]{Coll: uk.PensionSchemes, Path: ukPath("pensionscheme"),
		Tag: tags[0], Ops: "LCRU"})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: ukPath("pensionscheme/{id}"), Tags: tags,
		Summary: "Delete a pension scheme", Description: "Deletes the scheme and its contribution plans; a scheme or plan still in use answers 409.",
		Parameters: pathParams("id")},
		func(ctx context.Context, _ *BusinessPath) (*struct{}, error) {
			id, err := pathID(ctx, "id", "pension scheme")
			if err != nil {
				return nil, err
			}
			return nil, uk.DeletePensionScheme(ctx, currentBusiness(ctx), id)
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: ukPath("pensionscheme/dates"), Tags: tags,
		Summary: "Set auto-enrolment dates",
		Description: "Stores the staging (duties start) date, re-enrolment date and opted-out choice, and answers them with the re-enrolment window, " +
			"declaration of compliance due dates and, when postponementRuleOptionType and postponementPeriod are given, the postponement end date."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body reference.UKPensionSchemeDates
		}) (*bodyOf[reference.UKPensionSchemeDates], error) {
			v, err := uk.SetPensionSchemeDates(ctx, currentBusiness(ctx), in.Body)
			return &bodyOf[reference.UKPensionSchemeDates]{v}, err
		})
	RegisterCRUD(a, CRUD[reference.UKPensionPlan, *reference.UKPensionPlan]{Coll: uk.PensionPlans, Path: ukPath("pensionscheme/{schemeId}/plan"),
		IDParam: "planId", ParentParam: "schemeId", Tag: tags[0], Ops: "LCRU"})
}

// UKUpdateBenefitCategoryResult is the answer of PUT B/benefitcategory
// (UkUpdateBenefitCategoryResult): the category and the employees whose
// benefits follow it (none until employee benefits exist).
type UKUpdateBenefitCategoryResult struct {
	BenefitCategory     reference.UKBenefitCategory `json:"benefitCategory"`
	EmployeeIDsToUpdate []int64                     `json:"employeeIdsToUpdate"`
	EmployeeIDsUpdated  []int64                     `json:"employeeIdsUpdated"`
}

// UKCreateBenefitCategoriesResult is the answer of POST B/benefitcategory/multiple.
type UKCreateBenefitCategoriesResult struct {
	BenefitCategories []reference.UKBenefitCategory `json:"benefitCategories"`
}

func registerUKBenefits(a *API) {
	uk := a.Reference
	tag := "Benefit Categories"
	tags := []string{tag}
	RegisterCRUD(a, CRUD[reference.UKBenefitCategory, *reference.UKBenefitCategory]{Coll: uk.BenefitCategories, Path: ukPath("benefitcategory"),
		Tag: tag, Ops: "LCRD"})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: ukPath("benefitcategory"), Tags: tags,
		Summary: "Update a benefit category", Description: "The category is named by id in the body. Members the body omits keep their values."},
		func(ctx context.Context, in *crudBody[reference.UKBenefitCategory]) (*bodyOf[UKUpdateBenefitCategoryResult], error) {
			if in.Body.ID == 0 {
				return nil, payroll.Invalid("id", "id is required: it names the benefit category to update")
			}
			v, err := uk.BenefitCategories.Update(ctx, currentBusiness(ctx), 0, in.Body.ID,
				func(cur *reference.UKBenefitCategory) error { return mergeJSON(cur, in.RawBody) })
			return &bodyOf[UKUpdateBenefitCategoryResult]{UKUpdateBenefitCategoryResult{BenefitCategory: v,
				EmployeeIDsToUpdate: []int64{}, EmployeeIDsUpdated: []int64{}}}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: ukPath("benefitcategory/multiple"), Tags: tags,
		Summary: "Create several benefit categories", Description: "All or none: a failure answers 400 with errors keyed \"[i].member\"."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body []reference.UKBenefitCategory
		}) (*bodyOf[UKCreateBenefitCategoriesResult], error) {
			v, err := reference.CreateAll(ctx, uk.BenefitCategories, currentBusiness(ctx), in.Body)
			return &bodyOf[UKCreateBenefitCategoriesResult]{UKCreateBenefitCategoriesResult{v}}, err
		})
	type optsOut = bodyOf[reference.UKBenefitProcessingOptions]
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: ukPath("benefitcategory/processingoptions"), Tags: tags,
		Summary: "Get benefit processing options", Description: "Whether benefits are reported on P11D, payrolled, or both."},
		func(ctx context.Context, _ *BusinessPath) (*optsOut, error) {
			v, err := uk.BenefitProcessing.Get(ctx, currentBusiness(ctx), "")
			return &optsOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: ukPath("benefitcategory/processingoptions"), Tags: tags,
		Summary:     "Save benefit processing options",
		Description: "Members the body omits keep their values. Turning P11D or payrolling off while categories use it answers 409."},
		func(ctx context.Context, in *crudBody[reference.UKBenefitProcessingOptions]) (*optsOut, error) {
			v, err := uk.UpdateBenefitProcessing(ctx, currentBusiness(ctx), func(o *reference.UKBenefitProcessingOptions) error {
				return mergeJSON(o, in.RawBody)
			})
			return &optsOut{v}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: ukPath("benefitcategory/registeredfromtaxyearoptions"), Tags: tags,
		Summary: "List the tax years payrolled benefits can be registered from", Description: "Newest first; value is the starting year of the tax year."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]reference.UKTaxYearOption], error) {
			v, err := uk.RegisteredFromTaxYearOptions(currentBusiness(ctx))
			return &bodyOf[[]reference.UKTaxYearOption]{v}, err
		})
	RegisterImport(a, uk.BenefitCategories, ukPath("import/benefit-categories"), tag)
}

// 52-week data is employees' pay, so every operation needs unrestricted
// access to the business.
func registerUK52WeekImport(a *API) {
	uk := a.Reference
	tags := []string{"Data Import"}
	type jobOut = bodyOf[reference.UKHolidayPay52WeekJob]
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: ukPath("dataimport/import52weekdata"), Tags: tags,
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
			v, err := uk.ImportHolidayPay52Weeks(ctx, currentBusiness(ctx), bytes.NewReader(f.Data))
			return &jobOut{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: ukPath("dataimport/import52weekdataquery"), Tags: tags,
		Summary: "Query imported 52-week data",
		Description: "The report of the import named by longRunningJobId (the latest when omitted) and the stored data: of employeeId, of that " +
			"import's employees, or of everyone."},
		func(ctx context.Context, in *struct {
			BusinessPath
			LongRunningJobID string `query:"longRunningJobId" doc:"jobId of an import"`
			EmployeeID       int64  `query:"employeeId"`
		}) (*bodyOf[reference.UKHolidayPay52WeekQuery], error) {
			v, err := uk.QueryHolidayPay52Weeks(ctx, currentBusiness(ctx), in.LongRunningJobID, in.EmployeeID)
			return &bodyOf[reference.UKHolidayPay52WeekQuery]{v}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: ukPath("dataimport/52weekdatatemplate"), Tags: tags,
		Summary: "Download the 52-week data template", Description: "CSV: the header and a row per employee who is not terminated."},
		func(ctx context.Context, _ *BusinessPath) (*FileOutput, error) {
			data, err := uk.HolidayPay52WeekTemplate(ctx, currentBusiness(ctx))
			if err != nil {
				return nil, err
			}
			return fileOutput("52WeekDataTemplate.csv", "text/csv", data), nil
		})
}
