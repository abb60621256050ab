package ukapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/uk/hmrcadjustment"
	"github.com/payrolld/payrolld/internal/uk/ni"
)

// registerUKEmployeeRecords serves the UK employee records:
// standing HMRC adjustments (E/hmrcadjustment), the NI category history
// (E/nationalinsurancerecord) and NI back calculations
// (E/nationalinsurancebackcalculation).
func registerUKEmployeeRecords(a *httpapi.API, h *hmrcadjustment.Service, n *ni.Service) {
	registerHmrcAdjustments(a, h)
	registerNIRecords(a, n)
	registerNIBackCalculation(a, n)
}

func registerHmrcAdjustments(a *httpapi.API, s *hmrcadjustment.Service) {
	tags := []string{"HMRC Adjustments"}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcadjustment", Tags: tags,
		Summary: "Create a standing HMRC adjustment",
		Description: "Every pay run whose period overlaps fromDate..expiryDate carries it as an HMRC adjustment line (P/hmrcadjustments) until finalised runs have paid maximumAmountPaid. " +
			"An externalReferenceId already used by the employee is a 409.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    hmrcadjustment.HmrcAdjustmentInput
			RawBody []byte
		}) (*httpapi.BodyOf[hmrcadjustment.HmrcAdjustment], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := s.Create(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[hmrcadjustment.HmrcAdjustment]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcadjustment", Tags: tags,
		Summary: "List an employee's standing HMRC adjustments", Description: "Oldest first, each with what finalised pay runs have paid of it.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]hmrcadjustment.HmrcAdjustment], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, "")
			return &httpapi.BodyOf[[]hmrcadjustment.HmrcAdjustment]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcadjustment/{id}", Tags: tags,
		Summary: "Get a standing HMRC adjustment", Description: "{id} is the id, or (not a number) the externalReferenceId.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			ID string `path:"id"`
		}) (*httpapi.BodyOf[hmrcadjustment.HmrcAdjustment], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			var out hmrcadjustment.HmrcAdjustment
			if id, perr := strconv.ParseInt(in.ID, 10, 64); perr == nil {
				out, err = s.Get(ctx, biz, principal(ctx), eid, id)
			} else {
				out, err = s.GetByExternalReference(ctx, biz, principal(ctx), eid, in.ID)
			}
			return &httpapi.BodyOf[hmrcadjustment.HmrcAdjustment]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcadjustment/{id}", Tags: tags,
		Summary: "Delete a standing HMRC adjustment", Description: "Finalised pay runs keep what they paid; draft runs drop it when recalculated.",
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := ids(ctx, "id", "HMRC adjustment")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
		})
}

func registerNIRecords(a *httpapi.API, s *ni.Service) {
	tags := []string{"National Insurance"}
	type body struct {
		httpapi.BusinessPath
		Body    ni.NIRecordInput
		RawBody []byte
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/nationalinsurancerecord", Tags: tags,
		Summary: "List an employee's National Insurance categories by date",
		Description: "Oldest first; each is in force from effectiveFrom until the day before the next. A pay run uses the one in force on its payment date " +
			"(an employee without records: their nationalInsuranceCategory).",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]ni.NIRecord], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Records(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]ni.NIRecord]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/nationalinsurancerecord", Tags: tags,
		Summary: "Add a National Insurance category from a day", Description: "A second record from the same day is a 409.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[ni.NIRecord], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := s.CreateRecord(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[ni.NIRecord]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/nationalinsurancerecord", Tags: tags,
		Summary:     "Change a National Insurance record",
		Description: "The body names the record (id) and may carry the version read: a change by another request since is a 409, as is a day another record starts on.",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[ni.NIRecord], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := s.UpdateRecord(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[ni.NIRecord]{Body: out}, err
		})
}

// backCalcQuery is the calculation's input as query parameters.
type backCalcQuery struct {
	httpapi.BusinessPath
	Category string `query:"nationalInsuranceCategory" doc:"the corrected category letter"`
	FromDate string `query:"fromDate" doc:"first payment date; default the start of the tax year of toDate"`
	ToDate   string `query:"toDate" doc:"last payment date; default today"`
}

func (q *backCalcQuery) input() (ni.NIBackCalcInput, error) {
	in := ni.NIBackCalcInput{NationalInsuranceCategory: q.Category}
	from, to, err := httpapi.QueryDates(q.FromDate, q.ToDate)
	if err != nil {
		return in, err
	}
	if !from.IsZero() {
		in.FromDate = payroll.NewDateTime(from)
	}
	if !to.IsZero() {
		in.ToDate = payroll.NewDateTime(to)
	}
	return in, nil
}

func registerNIBackCalculation(a *httpapi.API, s *ni.Service) {
	tags := []string{"National Insurance"}
	const desc = "Employee and employer NI of each finalised pay run paid in fromDate..toDate (one tax year) recomputed under the corrected category with the year's rules, " +
		"against what was recorded; the differences (recalculated less recorded) are what the next pay run adds to employee and employer NI."
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/nationalinsurancebackcalculation/calculation", Tags: tags,
		Summary: "Calculate an NI back calculation without recording it", Description: desc,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, q *backCalcQuery) (*httpapi.BodyOf[ni.NIBackCalculation], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			in, err := q.input()
			if err != nil {
				return nil, err
			}
			out, err := s.Calculate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in)
			return &httpapi.BodyOf[ni.NIBackCalculation]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/nationalinsurancebackcalculation", Tags: tags,
		Summary:     "Record an NI back calculation for the next pay run",
		Description: desc + " While one is waiting for a pay run another is a 409; with no finalised pay run in the dates, a 400.",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    ni.NIBackCalcInput
			RawBody []byte
		}) (*httpapi.BodyOf[ni.NIBackCalculation], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := s.Record(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[ni.NIBackCalculation]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/nationalinsurancebackcalculation", Tags: tags,
		Summary: "Get the employee's latest NI back calculation", Description: "Pending until a finalised pay run applies it, then Applied with that run's id; 404 when none was recorded.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ni.NIBackCalculation], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := s.Latest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[ni.NIBackCalculation]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/nationalinsurancebackcalculation", Tags: tags,
		Summary: "Delete the pending NI back calculation", Description: "404 when none is pending (one a finalised pay run applied is pay history).",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
		})
}
