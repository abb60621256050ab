// Package awardapi serves awards and employment agreements: the shipped
// award library and its installation into a business (B/award), the
// employment agreements installing creates (B/employmentagreement) and
// costing shifts under one of them. Every registration is in this file.
package awardapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/agreement"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/httpapi/timesheetapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// MaxBulkCostings bounds POST .../shiftcosting/bulk (the published limit).
const MaxBulkCostings = 100

// Register returns the registration of the award operations.
func Register(s *agreement.Service, t *timesheet.Service) func(*httpapi.API) {
	return func(a *httpapi.API) { register(a, s, t) }
}

func register(a *httpapi.API, s *agreement.Service, t *timesheet.Service) {
	awards := []string{"Award"}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/award", Tags: awards,
		Summary: "List awards",
		Description: "The awards of the shipped library (General Retail MA000004, Hospitality MA000009, Clerks MA000002) with whether the business " +
			"has installed them, and the dated versions of each award's rates and rules with their sources. status (Installed or NotInstalled) " +
			"filters them. AU businesses only (400 naming region otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Status string `query:"status" doc:"Installed or NotInstalled"`
		}) (*httpapi.BodyOf[[]agreement.Award], error) {
			list, err := s.Awards(ctx, httpapi.CurrentBusiness(ctx), in.Status)
			return &httpapi.BodyOf[[]agreement.Award]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/award/installed", Tags: awards,
		Summary: "List installed awards", Description: "The awards the business has installed (GET B/award?status=Installed)."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]agreement.Award], error) {
			list, err := s.Awards(ctx, httpapi.CurrentBusiness(ctx), agreement.StatusInstalled)
			return &httpapi.BodyOf[[]agreement.Award]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/award/{awardId}/install", Tags: awards,
		Summary: "Install an award",
		Description: "Installs the library award into the business, all or nothing: a pay category for each of its rules' categories (a category " +
			"of the same name is reused; penalties derive from its ordinary hours category, overtime is classified Overtime), its pay condition rule " +
			"set with every dated version, a pay rate template per classification and age band at the rates in force today, and an employment " +
			"agreement per classification and employment type (full time, part time, casual). Installing again refreshes all of it from the library " +
			"(a rule set's disabled rules stay). An award not in the library is 404.",
		Parameters: httpapi.PathParams("awardId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[agreement.Award], error) {
			id, err := httpapi.PathID(ctx, "awardId", "award")
			if err != nil {
				return nil, err
			}
			aw, err := s.Install(ctx, httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[agreement.Award]{Body: aw}, err
		})

	tags := []string{"EmploymentAgreement"}
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employmentagreement", Tags: tags,
		Summary: "List employment agreements",
		Description: "The business's employment agreements (award, classification, employment type), by rank. This operation supports OData " +
			"queries ($filter, $orderby, $top, $skip) over the members of the answer."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
		}) (*httpapi.BodyOf[[]agreement.BasicAgreement], error) {
			list, err := s.Agreements(ctx, httpapi.CurrentBusiness(ctx))
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, list)
			return &httpapi.BodyOf[[]agreement.BasicAgreement]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employmentagreement/{id}", Tags: tags,
		Summary: "Get an employment agreement",
		Description: "The agreement with its pay condition rule set (rulesJson is the rule set as data: categories, classifications and its dated " +
			"versions of rates, junior bands and ordered rules) and the pay rate template of each age band.",
		Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[agreement.Agreement], error) {
			id, err := httpapi.PathID(ctx, "id", "employment agreement")
			if err != nil {
				return nil, err
			}
			ag, err := s.Agreement(ctx, httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[agreement.Agreement]{Body: ag}, err
		})
	costing := "Prices proposed shifts under the agreement without storing anything. The shifts are interpreted together by the agreement's pay " +
		"condition rule set (the week's and day's hours decide overtime; shifts are consolidated as the rule set says), for an employee the request's " +
		"employee member describes (dateOfBirth and anniversaryDate: junior rates; standardHoursPerWeek: a part-time employee's agreed hours). " +
		"Each shift's costBreakdown lists its lines (rule, pay category, hours, rate, cost; allowances have type Allowance), evaluationResults " +
		"(includeEvaluationResults) say which rules paid it, consolidatedShifts which shifts were costed with it. overrideRates replace the rate of a " +
		"pay category. A shift on a day whose award rates are not loaded is a 400 saying which are missing."
	httpapi.Register(a, costsShifts, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employmentagreement/{id}/shiftcosting",
		Tags: tags, Summary: "Evaluate shift costings", Description: costing, Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body timesheetapi.ShiftCostingsRequest
		}) (*httpapi.BodyOf[timesheet.CostingResult], error) {
			id, err := httpapi.PathID(ctx, "id", "employment agreement")
			if err != nil {
				return nil, err
			}
			res, err := t.CostAgreementShifts(ctx, httpapi.CurrentBusiness(ctx), id, in.Body.Domain())
			return &httpapi.BodyOf[timesheet.CostingResult]{Body: res}, err
		})
	httpapi.Register(a, costsShifts, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employmentagreement/{id}/shiftcosting/bulk",
		Tags: tags, Summary: "Bulk evaluate shift costings",
		Description: "Several shift costing requests under the agreement (at most 100), each as POST .../shiftcosting answers it, in order. " +
			"A bad request is a 400 naming it ([i].shifts[j].member).", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body []timesheetapi.ShiftCostingsRequest
		}) (*httpapi.BodyOf[[]timesheet.CostingResult], error) {
			id, err := httpapi.PathID(ctx, "id", "employment agreement")
			if err != nil {
				return nil, err
			}
			if len(in.Body) > MaxBulkCostings {
				return nil, payroll.Invalid("body", "at most %d costing requests per call", MaxBulkCostings)
			}
			out := make([]timesheet.CostingResult, 0, len(in.Body))
			for i := range in.Body {
				res, err := t.CostAgreementShifts(ctx, httpapi.CurrentBusiness(ctx), id, in.Body[i].Domain())
				if err != nil {
					return nil, prefixed(err, fmt.Sprintf("[%d].", i))
				}
				out = append(out, res)
			}
			return &httpapi.BodyOf[[]timesheet.CostingResult]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employmentagreement/{id}/shiftperiods",
		Tags: tags, Summary: "Get shift periods",
		Description: "The periods of the agreement's pay condition rule set (its period type and ending) from the one holding firstShiftStartTime " +
			"to the one holding lastShiftStartTime; fromDate and toDate are the first and last day. Both times are required, the last not before " +
			"the first, at most a year apart (400 naming the member).",
		Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body timesheetapi.GetShiftPeriods
		}) (*httpapi.BodyOf[[]timesheetapi.ShiftPeriod], error) {
			id, err := httpapi.PathID(ctx, "id", "employment agreement")
			if err != nil {
				return nil, err
			}
			ps, err := t.AgreementShiftPeriods(ctx, httpapi.CurrentBusiness(ctx), id, in.Body.FirstShiftStartTime.Time, in.Body.LastShiftStartTime.Time)
			if err != nil {
				return nil, err
			}
			out := make([]timesheetapi.ShiftPeriod, len(ps))
			for i, p := range ps {
				out[i] = timesheetapi.ShiftPeriod{FromDate: payroll.NewDateTime(p.From), ToDate: payroll.NewDateTime(p.To)}
			}
			return &httpapi.BodyOf[[]timesheetapi.ShiftPeriod]{Body: out}, nil
		})
}

// prefixed names the bulk item a validation error is about.
func prefixed(err error, prefix string) error {
	var e *payroll.Error
	if !errors.As(err, &e) || e.Kind != payroll.KindInvalid {
		return err
	}
	out := &payroll.Error{Kind: e.Kind, Field: prefix + e.Field, Message: e.Message, Err: e.Err}
	if e.Fields != nil {
		out.Fields = map[string][]string{}
		for f, m := range e.Fields {
			out.Fields[prefix+f] = m
		}
	}
	return out
}

// costsShifts is what pricing shifts under an agreement needs: the
// ViewShiftCosts permission (the shifts and the employee are described in
// the body; nothing stored is read but the agreement's rules).
var costsShifts = httpapi.Needs{Level: httpapi.LevelBusiness, Employee: httpapi.NoEmployee, Permission: httpapi.Can(business.ViewShiftCosts)}
