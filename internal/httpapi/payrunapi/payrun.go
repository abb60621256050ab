// Package payrunapi serves the pay run operations under
// /api/v2/business/{businessId}/payrun: create, list, read,
// totals, details, pay slips, the earnings line and deduction
// collections, recalculate, finalise, unlock, notations, include and
// remove an employee, delete.
package payrunapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	payrunviews "github.com/payrolld/payrolld/internal/payrun/views"
)

// EarningsLineModel is an earnings line on the wire: AuEarningsLineModel's
// stored members and the line's share of the employee's figures
// (payrun.LineShare).
type EarningsLineModel struct {
	payrun.LineOut
	PayCategoryID             string        `json:"payCategoryId"`
	PayCategoryName           string        `json:"payCategoryName"`
	Units                     payroll.Rate  `json:"units"`
	Rate                      payroll.Rate  `json:"rate"`
	Earnings                  payroll.Money `json:"earnings"`
	IsSystemGenerated         bool          `json:"isSystemGenerated"`
	Super                     payroll.Money `json:"super" doc:"AU: the line's share of the super guarantee when its pay category is ordinary time earnings (in proportion to earnings, to the cent, the remainder on the last line); 0 otherwise and outside AU"`
	Payg                      payroll.Money `json:"payg" doc:"AU: the line's share of PAYG withheld (tax adjustments included) when taxable, in proportion to earnings; 0 outside AU"`
	Help                      payroll.Money `json:"help" doc:"AU: the line's share of the study and training support loan component"`
	Sfss                      payroll.Money `json:"sfss" doc:"0: SFSS is part of the study and training support loan component (help) since 2019-20"`
	NetPayment                payroll.Money `json:"netPayment" doc:"earnings less the line's share of income tax withheld (AU: payg + help + sfss; UK, NZ: PAYE)"`
	LumpSumNumberOfPayPeriods payroll.Rate  `json:"lumpSumNumberOfPayPeriods" doc:"AU: the pay periods a back payment, bonus or commission is spread over (Schedule 5 Method A); 0 = the pay periods in a year"`
	LumpSumCalculationMethod  *string       `json:"lumpSumCalculationMethod" nullable:"true" enum:"A,B2,NotApplicable" doc:"AU: A (Schedule 5 Method A), NotApplicable (pay of this period); null = as the pay category's kind says"`
	LumpSumEFinancialYear     *int64        `json:"lumpSumEFinancialYear" nullable:"true" doc:"AU: the financial year a Lump Sum E back payment accrued in; null = none"`
	// Reporting dimensions are not kept on pay run lines by this service:
	// the members are empty.
	ReportingDimensionValueIDs   []int64             `json:"reportingDimensionValueIds" doc:"empty: pay run lines carry no reporting dimensions"`
	ReportingDimensionValueNames map[string][]string `json:"reportingDimensionValueNames" doc:"empty: pay run lines carry no reporting dimensions"`
}

const earningsLinesDescription = "Each line carries its share of the employee's figures, in proportion to the lines' earnings, to the cent half up " +
	"with the remainder on the employee's last such line so the shares add up: super (AU: the super guarantee, over the lines of ordinary time " +
	"earnings: every pay category but overtime, lump sums and ETPs), payg and help (AU: PAYG withheld and the STSL component, over the taxable " +
	"lines) and netPayment (earnings less the line's share of income tax withheld). UK, NZ and SG runs: super, payg, help and sfss are 0."

// DeductionModel is a pay run deduction on the wire.
type DeductionModel struct {
	payrun.LineOut
	DeductionCategoryID   string        `json:"deductionCategoryId"`
	DeductionCategoryName string        `json:"deductionCategoryName"`
	Amount                payroll.Money `json:"amount"`
	Note                  string        `json:"note"`
}

// EarningsLinesResponse is the earnings line collection of a run.
type EarningsLinesResponse struct {
	PayRunID      int64                          `json:"payRunId"`
	EarningsLines map[string][]EarningsLineModel `json:"earningsLines"`
}

// DeductionsResponse is the deduction collection of a run.
type DeductionsResponse struct {
	PayRunID   int64                       `json:"payRunId"`
	Deductions map[string][]DeductionModel `json:"deductions"`
}

func earnings(id int64, in map[string][]payrun.LineOut) EarningsLinesResponse {
	out := EarningsLinesResponse{PayRunID: id, EarningsLines: make(map[string][]EarningsLineModel, len(in))}
	for k, ls := range in {
		list := make([]EarningsLineModel, len(ls))
		for i, l := range ls {
			list[i] = EarningsLineModel{LineOut: l, PayCategoryID: l.CategoryID, PayCategoryName: l.CategoryName, Units: l.Units, Rate: l.Rate,
				Earnings: l.Amount, IsSystemGenerated: l.IsSystemGenerated, Super: l.Share.Super, Payg: l.Share.Payg, Help: l.Share.Help,
				Sfss: l.Share.Sfss, NetPayment: l.Share.NetPayment, ReportingDimensionValueIDs: []int64{}, ReportingDimensionValueNames: map[string][]string{},
				LumpSumNumberOfPayPeriods: l.LumpSumPeriods}
			if l.LumpSumMethod != "" {
				list[i].LumpSumCalculationMethod = &l.LumpSumMethod
			}
			if l.LumpSumEYear != 0 {
				list[i].LumpSumEFinancialYear = &l.LumpSumEYear
			}
		}
		out.EarningsLines[k] = list
	}
	return out
}

func deductions(id int64, in map[string][]payrun.LineOut) DeductionsResponse {
	out := DeductionsResponse{PayRunID: id, Deductions: make(map[string][]DeductionModel, len(in))}
	for k, ls := range in {
		list := make([]DeductionModel, len(ls))
		for i, l := range ls {
			list[i] = DeductionModel{LineOut: l, DeductionCategoryID: l.CategoryID, DeductionCategoryName: l.CategoryName, Amount: l.Amount, Note: l.Notes}
		}
		out.Deductions[k] = list
	}
	return out
}

type createInput struct {
	httpapi.BusinessPath
	Body    payrun.CreateRequest
	RawBody []byte
}

type earningsInput struct {
	httpapi.BusinessPath
	Body struct {
		PayRunID             int64                      `json:"payRunId,omitempty"`
		EmployeeIDType       string                     `json:"employeeIdType,omitempty" enum:"Standard,External"`
		PayCategoryIDType    string                     `json:"payCategoryIdType,omitempty" enum:"Standard,External"`
		LocationIDType       string                     `json:"locationIdType,omitempty" enum:"Standard,External"`
		ReplaceExisting      bool                       `json:"replaceExisting,omitempty"`
		SuppressCalculations bool                       `json:"suppressCalculations,omitempty"`
		EarningsLines        map[string][]payrun.LineIn `json:"earningsLines,omitempty"`
	}
	RawBody []byte
}

type deductionsInput struct {
	httpapi.BusinessPath
	Body struct {
		PayRunID                int64                      `json:"payRunId,omitempty"`
		EmployeeIDType          string                     `json:"employeeIdType,omitempty" enum:"Standard,External"`
		DeductionCategoryIDType string                     `json:"deductionCategoryIdType,omitempty" enum:"Standard,External"`
		ReplaceExisting         bool                       `json:"replaceExisting,omitempty"`
		SuppressCalculations    bool                       `json:"suppressCalculations,omitempty"`
		Deductions              map[string][]payrun.LineIn `json:"deductions,omitempty"`
	}
	RawBody []byte
}

type lineIDInput struct {
	httpapi.BusinessPath
	ID int64 `query:"id" required:"true" doc:"id of the line to delete"`
}

type finaliseInput struct {
	httpapi.BusinessPath
	Body *payrun.FinaliseOptions
}

type unlockInput struct {
	httpapi.BusinessPath
	Body *struct {
		Comments string `json:"comments,omitempty" maxLength:"1000"`
	}
}

type notationInput struct {
	httpapi.BusinessPath
	Body *struct {
		Notation string `json:"notation,omitempty" maxLength:"1000"`
	}
}

func (in *notationInput) notation() string {
	if in.Body == nil {
		return ""
	}
	return in.Body.Notation
}

// Register serves the pay run operations. Pass it in httpapi.Deps.Areas.
func Register(s *payrun.Service) func(*httpapi.API) {
	return func(a *httpapi.API) { register(a, s) }
}

func register(a *httpapi.API, s *payrun.Service) {
	registerOutputs(a, s)
	registerAsync(a, s)
	registerEmployeeTotals(a, s)
	v := payrunviews.New(s)
	registerRuns(a, s, v)
	registerRunFigures(a, s, v)
	registerRunActions(a, s)
	registerRunLines(a, s)
}

var runTags = []string{"Pay Run"}

// payRunID is the path's {payRunId}.
func payRunID(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "payRunId", "pay run") }

// runEmployeeID is the path's {employeeId} of a pay run operation.
func runEmployeeID(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "employeeId", "employee in this pay run")
}

// runAndEmployee are the path's {payRunId} and {employeeId}.
func runAndEmployee(ctx context.Context) (int64, int64, error) {
	id, err := payRunID(ctx)
	if err != nil {
		return 0, 0, err
	}
	e, err := runEmployeeID(ctx)
	return id, e, err
}

// registerRuns serves creating, listing, reading and deleting runs.
func registerRuns(a *httpapi.API, s *payrun.Service, v *payrunviews.Views) {
	tags, runID, biz := runTags, payRunID, httpapi.CurrentBusiness
	httpapi.Register(a, httpapi.OnPayRuns(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun", Tags: tags,
		Summary: "Create a pay run", Description: "Creates a draft pay run of a pay schedule for the period ending payPeriodEnding with the schedule's active employees and those whose end date falls in or after the period's first day (their final pay; other terminated ones too with includeTerminatedEmployees), each paid their standard earnings (rate and rate unit prorated to the schedule's frequency; a joiner or leaver inside the period for the calendar days employed) and every statutory figure of the business's region with their year-to-date. The same externalId again returns the existing run."},
		func(ctx context.Context, in *createInput) (*httpapi.BodyOf[payrun.PayRunModel], error) {
			r, err := s.Create(ctx, biz(ctx), in.Body)
			return &httpapi.BodyOf[payrun.PayRunModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRuns(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun", Tags: tags,
		Summary: "List pay runs", Description: "Supports OData $filter, $orderby, $top (at most 100), $skip over id, payScheduleId, payPeriodStarting, payPeriodEnding, datePaid, dateFinalised, isFinalised, paySlipsPublished, notation, externalId."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
		}) (*httpapi.BodyOf[[]payrun.PayRunModel], error) {
			q, err := httpapi.ParseOData(&in.ODataQuery)
			if err != nil {
				return nil, err
			}
			list, err := v.List(ctx, biz(ctx), q)
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			out := make([]payrun.PayRunModel, len(list))
			for i := range list {
				out[i] = list[i].PayRunModel
			}
			return &httpapi.BodyOf[[]payrun.PayRunModel]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnPayRuns(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/summary", Tags: tags,
		Summary: "List pay run summaries", Description: "Pay runs with total hours, gross and net wages; OData as GET B/payrun."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
		}) (*httpapi.BodyOf[[]payrun.PayRunSummaryModel], error) {
			q, err := httpapi.ParseOData(&in.ODataQuery)
			if err != nil {
				return nil, err
			}
			list, err := v.List(ctx, biz(ctx), q)
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			return &httpapi.BodyOf[[]payrun.PayRunSummaryModel]{Body: list}, nil
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}", Tags: tags,
		Summary: "Get a pay run", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrun.PayRunModel], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.Get(ctx, biz(ctx), id)
			return &httpapi.BodyOf[payrun.PayRunModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payrun/{payRunId}", Tags: tags,
		Summary: "Delete a draft pay run", Description: "A finalised run answers 409.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, biz(ctx), id)
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/summary", Tags: tags,
		Summary: "Get a pay run's summary", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrun.PayRunSummaryModel], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.Summary(ctx, biz(ctx), id)
			return &httpapi.BodyOf[payrun.PayRunSummaryModel]{Body: r}, err
		})
}

// registerRunFigures serves a run's details, totals and pay slips.
func registerRunFigures(a *httpapi.API, s *payrun.Service, v *payrunviews.Views) {
	tags, runID, ids, biz := runTags, payRunID, runAndEmployee, httpapi.CurrentBusiness
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/details", Tags: tags,
		Summary: "Get a pay run's details", Description: "The run, each employee's totals and the grand total.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[httpapi.Streamed[payrun.DetailsModel]], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			write, err := v.Details(ctx, biz(ctx), id)
			return &httpapi.BodyOf[httpapi.Streamed[payrun.DetailsModel]]{Body: httpapi.Streamed[payrun.DetailsModel]{Write: write}}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/totals", Tags: tags,
		Summary: "Get a pay run's totals", Description: "Each employee's totals keyed by employee id.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[httpapi.Streamed[payrun.TotalsResponse]], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			write, err := v.AllTotals(ctx, biz(ctx), id)
			return &httpapi.BodyOf[httpapi.Streamed[payrun.TotalsResponse]]{Body: httpapi.Streamed[payrun.TotalsResponse]{Write: write}}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/totals/{employeeId}", Tags: tags,
		Summary: "Get an employee's totals in a pay run", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrun.TotalsResponse], error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			r, err := v.Totals(ctx, biz(ctx), id, e)
			return &httpapi.BodyOf[payrun.TotalsResponse]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/payslips", Tags: tags,
		Summary: "Get a pay run's pay slips", Description: "Pay slips keyed by employee id, with year-to-date including this run.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *struct {
			httpapi.BusinessPath
			ShowAllData bool `query:"showAllData"`
		}) (*httpapi.BodyOf[map[string]payrun.PaySlip], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := v.PaySlips(ctx, biz(ctx), id, 0)
			return &httpapi.BodyOf[map[string]payrun.PaySlip]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/payslips/{employeeId}", Tags: tags,
		Summary: "Get an employee's pay slip", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *struct {
			httpapi.BusinessPath
			ShowAllData bool `query:"showAllData"`
		}) (*httpapi.BodyOf[payrun.PaySlip], error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			r, err := v.PaySlips(ctx, biz(ctx), id, e)
			var p payrun.PaySlip
			for _, v := range r {
				p = v
			}
			return &httpapi.BodyOf[payrun.PaySlip]{Body: p}, err
		})
}

// registerRunActions serves recalculation, finalisation, unlocking,
// notations and adding or removing an employee.
func registerRunActions(a *httpapi.API, s *payrun.Service) {
	tags, runID, ids, biz := runTags, payRunID, runAndEmployee, httpapi.CurrentBusiness
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/recalculate", Tags: tags,
		Summary: "Recalculate a pay run", Description: "Recomputes every employee's standard earnings and statutory figures (user-entered lines kept). A finalised run answers 409.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Recalculate(ctx, biz(ctx), id)
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/finalise", Tags: tags,
		Summary: "Finalise a pay run", Description: "The run becomes immutable (every write answers 409 until unlocked). Refused (409) while an employee's pay could not be calculated. publishPaySlips Immediate publishes the pay slips. Of two concurrent finalises one succeeds, the other answers 409.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *finaliseInput) (*httpapi.BodyOf[payrun.FinaliseResult], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			var opt payrun.FinaliseOptions
			if in.Body != nil {
				opt = *in.Body
			}
			r, err := s.Finalise(ctx, biz(ctx), id, opt)
			return &httpapi.BodyOf[payrun.FinaliseResult]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/unlock", Tags: tags,
		Summary: "Unlock a finalised pay run", Description: "Returns the run to draft; the comments are kept in the run's audit trail. A draft run answers 409.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *unlockInput) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			var comments string
			if in.Body != nil {
				comments = in.Body.Comments
			}
			return nil, s.Unlock(ctx, biz(ctx), id, comments)
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/notation", Tags: tags,
		Summary: "Set a pay run's notation", Description: "Shown on every pay slip of the run.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *notationInput) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.SetNotation(ctx, biz(ctx), id, in.notation())
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/notation", Tags: tags,
		Summary: "Remove a pay run's notation", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.SetNotation(ctx, biz(ctx), id, "")
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/notation/{employeeId}", Tags: tags,
		Summary: "Set an employee's notation in a pay run", Description: "Shown on the employee's pay slip; answers the notation stored (PayRunTotalNotationModel).",
		Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, in *notationInput) (*httpapi.BodyOf[EmployeeNotation], error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			n := in.notation()
			if err := s.SetEmployeeNotation(ctx, biz(ctx), id, e, n); err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EmployeeNotation]{Body: EmployeeNotation{Notation: n}}, nil
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/notation/{employeeId}", Tags: tags,
		Summary: "Remove an employee's notation in a pay run", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.SetEmployeeNotation(ctx, biz(ctx), id, e, "")
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/employee/{employeeId}", Tags: tags,
		Summary: "Include an employee in a pay run", Description: "Adds the employee with their standard earnings, calculated; returns their totals. Already included answers 409.", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrun.PayRunTotalModel], error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.IncludeEmployee(ctx, biz(ctx), id, e)
			return &httpapi.BodyOf[payrun.PayRunTotalModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/employee/{employeeId}", Tags: tags,
		Summary: "Remove an employee from a pay run", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.RemoveEmployee(ctx, biz(ctx), id, e)
		})

}

// registerRunLines serves the earnings line and deduction collections.
func registerRunLines(a *httpapi.API, s *payrun.Service) {
	tags, runID, ids, biz := runTags, payRunID, runAndEmployee, httpapi.CurrentBusiness
	// Earnings lines.
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/earningslines", Tags: tags,
		Summary: "List a pay run's earnings lines", Description: earningsLinesDescription, Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[EarningsLinesResponse], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.Lines(ctx, biz(ctx), id, pay.KindEarnings, 0)
			return &httpapi.BodyOf[EarningsLinesResponse]{Body: earnings(id, l)}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/earningslines/{employeeId}", Tags: tags,
		Summary: "List an employee's earnings lines in a pay run", Description: earningsLinesDescription, Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[EarningsLinesResponse], error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.Lines(ctx, biz(ctx), id, pay.KindEarnings, e)
			return &httpapi.BodyOf[EarningsLinesResponse]{Body: earnings(id, l)}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/earningslines", Tags: tags,
		Summary: "Add earnings lines to a pay run", Description: "earningsLines keyed by employee id (employeeIdType External: external id). Each line: payCategoryId (payCategoryIdType External: external id), and earnings or units and rate. replaceExisting first removes the employees' earnings lines, their standard earnings included; each employee is recalculated unless suppressCalculations.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *earningsInput) (*httpapi.BodyOf[EarningsLinesResponse], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			b := in.Body
			l, err := s.Submit(ctx, biz(ctx), id, payrun.Submission{Kind: pay.KindEarnings, Member: "earningsLines", EmployeeIDType: b.EmployeeIDType,
				CategoryIDType: b.PayCategoryIDType, ReplaceExisting: b.ReplaceExisting, SuppressCalculations: b.SuppressCalculations, Lines: b.EarningsLines})
			return &httpapi.BodyOf[EarningsLinesResponse]{Body: earnings(id, l)}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/earningslines", Tags: tags,
		Summary: "Delete an earnings line", Description: "Deleting the standard earnings line takes the employee off standard earnings.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *lineIDInput) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteLine(ctx, biz(ctx), id, pay.KindEarnings, in.ID)
		})

	// Deductions.
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/deductions", Tags: tags,
		Summary: "List a pay run's deductions", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[DeductionsResponse], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.Lines(ctx, biz(ctx), id, pay.KindDeduction, 0)
			return &httpapi.BodyOf[DeductionsResponse]{Body: deductions(id, l)}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/deductions/{employeeId}", Tags: tags,
		Summary: "List an employee's deductions in a pay run", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[DeductionsResponse], error) {
			id, e, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.Lines(ctx, biz(ctx), id, pay.KindDeduction, e)
			return &httpapi.BodyOf[DeductionsResponse]{Body: deductions(id, l)}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/deductions", Tags: tags,
		Summary: "Add deductions to a pay run", Description: "deductions keyed by employee id; each line: deductionCategoryId and amount. A tax-exempt deduction category is taken before tax. replaceExisting and suppressCalculations as for earnings lines.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *deductionsInput) (*httpapi.BodyOf[DeductionsResponse], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			b := in.Body
			l, err := s.Submit(ctx, biz(ctx), id, payrun.Submission{Kind: pay.KindDeduction, Member: "deductions", EmployeeIDType: b.EmployeeIDType,
				CategoryIDType: b.DeductionCategoryIDType, ReplaceExisting: b.ReplaceExisting, SuppressCalculations: b.SuppressCalculations, Lines: b.Deductions})
			return &httpapi.BodyOf[DeductionsResponse]{Body: deductions(id, l)}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/deductions", Tags: tags,
		Summary: "Delete a deduction", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *lineIDInput) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteLine(ctx, biz(ctx), id, pay.KindDeduction, in.ID)
		})
	registerCollections(a, s)
}

// EmployeeNotation is PayRunTotalNotationModel: an employee's notation in
// a pay run.
type EmployeeNotation struct {
	Notation string `json:"notation"`
}
