// Package ukapi serves UK-only employee operations: statutory leave
// (SMP, SPP, SAP, ShPP, SPBP, SNCP and SSP periods, their calculations
// and attached documents) and the statutory pay a pay run pays. Every
// operation answers 400 for a business outside the UK, as the other
// UK-only operations do.
package ukapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	sl "github.com/payrolld/payrolld/internal/uk/statutoryleave"
)

// familyPaths are the literal paths of one family payment's operations.
type familyPaths struct {
	kind                                    sl.Kind
	coll, item, calc, document, attachments string
	label                                   string
}

var families = []familyPaths{
	{sl.SMP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/smp", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/smp/{id}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/smpcalc", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/smp/{id}/employeedocument/{documentId}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/smp/{id}/attachments", "maternity"},
	{sl.SPP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spp", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spp/{id}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sppcalc", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spp/{id}/employeedocument/{documentId}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spp/{id}/attachments", "paternity"},
	{sl.SAP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sap", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sap/{id}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sapcalc", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sap/{id}/employeedocument/{documentId}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sap/{id}/attachments", "adoption"},
	{sl.ShPP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/shpp", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/shpp/{id}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/shppcalc", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/shpp/{id}/employeedocument/{documentId}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/shpp/{id}/attachments", "shared parental"},
	{sl.SPBP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spbp", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spbp/{id}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spbpcalc", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spbp/{id}/employeedocument/{documentId}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spbp/{id}/attachments", "parental bereavement"},
	{sl.SNCP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sncp", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sncp/{id}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sncpcalc", "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sncp/{id}/employeedocument/{documentId}",
		"/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sncp/{id}/attachments", "neonatal care"},
}

// registerStatutoryLeave serves statutory leave and the pay
// run's statutory adoption pay.
func registerStatutoryLeave(a *httpapi.API, s *sl.Service) {
	for _, f := range families {
		registerFamily(a, s, f)
	}
	registerSMPDelete(a, s)
	registerSMPEarnings(a, s)
	registerSNCPPause(a, s)
	registerSSP(a, s)
	registerRunSAP(a, s)
}

var principal = payroll.PrincipalFrom

func employeeID(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "employeeId", "employee")
}

// ids reads {employeeId} and another integer path parameter.
func ids(ctx context.Context, name, what string) (int64, int64, error) {
	eid, err := employeeID(ctx)
	if err != nil {
		return 0, 0, err
	}
	id, err := httpapi.PathID(ctx, name, what)
	return eid, id, err
}

// date parses an optional date query parameter (400 naming it).
var date = httpapi.QueryDate

// periodQuery is the reference's ?periodStart=&periodEnd= filter.
type periodQuery struct {
	httpapi.BusinessPath
	PeriodStart string `query:"periodStart" doc:"only periods ending on or after this date"`
	PeriodEnd   string `query:"periodEnd" doc:"only periods starting on or before this date"`
}

func (q *periodQuery) dates() (time.Time, time.Time, error) {
	from, err := date("periodStart", q.PeriodStart)
	if err != nil {
		return from, from, err
	}
	to, err := date("periodEnd", q.PeriodEnd)
	return from, to, err
}

// payRunRule is how UK pay runs pay statutory leave and sickness.
const payRunRule = "Pay runs pay the statutory pay instead of salary: the employee's standard earnings lose amount × absent working days ÷ the period's working days " +
	"(working-days method: the employee's standard work days, Monday to Friday without an advanced work week; every day of the leave counts, paid or not; " +
	"when the pay rate changes within the period, each rate's part of the period loses its own amount × its absent working days ÷ its working days), " +
	"and an occupational absence scheme period tops the statutory pay up to its percentage of normal pay (SSP set against it per qualifying day paid). " +
	"A day is absent once: an approved leave request on days of statutory absence pays (and takes from the leave balance) only its other days."

func registerFamily(a *httpapi.API, s *sl.Service, f familyPaths) {
	k, label := f.kind, f.label
	up := strings.ToUpper(string(k))
	tags := []string{"Statutory Leave"}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: f.coll, Tags: tags,
		Summary: "Create a period of statutory " + label + " leave (" + up + ")",
		Description: "Records the leave and answers its eligibility (26 weeks' employment into the qualifying week, average weekly earnings at least the lower earnings limit) with the calculation's log. " +
			"Average weekly earnings are averageWeeklyEarningsOverride when given, else computed from the employee's finalised pay runs in the relevant period. Periods of one kind may not overlap (409). " +
			payRunRule,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    sl.LeaveInput
			RawBody []byte
		}) (*httpapi.BodyOf[sl.CreateResult], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			res, err := s.Create(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, k, in.Body)
			return &httpapi.BodyOf[sl.CreateResult]{Body: res}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: f.coll, Tags: tags,
		Summary: "List an employee's periods of " + up, Description: "Oldest first; periodStart/periodEnd keep the periods overlapping those dates.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *periodQuery) (*httpapi.BodyOf[[]sl.StatutoryLeave], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := in.dates()
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, k, from, to)
			return &httpapi.BodyOf[[]sl.StatutoryLeave]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: f.item, Tags: tags,
		Summary: "Get a period of " + up, Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[sl.StatutoryLeave], error) {
			eid, id, err := ids(ctx, "id", string(k)+" leave")
			if err != nil {
				return nil, err
			}
			l, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, k, id)
			return &httpapi.BodyOf[sl.StatutoryLeave]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: f.calc, Tags: tags,
		Summary: "Calculate a period of " + up,
		Description: "The eligibility, average weekly earnings, qualifying week and the week-by-week payments (rate, days, amount, and the pay run that paid each) of the period with id, " +
			"or of the employee's period containing periodStart.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			PeriodStart string `query:"periodStart" doc:"a day of the period of leave"`
			ID          int64  `query:"id" doc:"the period's id (instead of periodStart)"`
		}) (*httpapi.BodyOf[sl.LeaveCalc], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			at, err := date("periodStart", in.PeriodStart)
			if err != nil {
				return nil, err
			}
			c, err := s.Calculate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, k, in.ID, at)
			return &httpapi.BodyOf[sl.LeaveCalc]{Body: c}, err
		})
	for _, link := range []bool{true, false} {
		method, summary := http.MethodPut, "Attach an employee document to a period of "+up
		if !link {
			method, summary = http.MethodDelete, "Detach an employee document from a period of "+up
		}
		httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: method, Path: f.document, Tags: tags, Summary: summary,
			Description: "The document must be one of the employee's own documents. Answers the period's attachments.",
			Parameters:  httpapi.PathParams("employeeId", "id", "documentId")},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]sl.Attachment], error) {
				eid, id, err := ids(ctx, "id", string(k)+" leave")
				if err != nil {
					return nil, err
				}
				doc, err := httpapi.PathID(ctx, "documentId", "employee document")
				if err != nil {
					return nil, err
				}
				list, err := s.LinkDocument(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, k, id, doc, link)
				return &httpapi.BodyOf[[]sl.Attachment]{Body: list}, err
			})
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: f.attachments, Tags: tags,
		Summary: "List the documents attached to a period of " + up, Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]sl.Attachment], error) {
			eid, id, err := ids(ctx, "id", string(k)+" leave")
			if err != nil {
				return nil, err
			}
			list, err := s.Attachments(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, k, id)
			return &httpapi.BodyOf[[]sl.Attachment]{Body: list}, err
		})
}

func registerSMPDelete(a *httpapi.API, s *sl.Service) {
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/smp/{id}",
		Tags: []string{"Statutory Leave"}, Summary: "Delete a period of SMP", Description: "A period a finalised pay run has paid is kept (409).",
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := ids(ctx, "id", "smp leave")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, sl.SMP, id)
		})
}

func registerSMPEarnings(a *httpapi.API, s *sl.Service) {
	registerEarnings(a, s, sl.SMP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/smp/{id}/earnings",
		"Raise the average weekly earnings of a period of SMP after a pay rise",
		"A pay rise learnt after the SMP was entered (SMP (General) Regulations 1986 reg 21(7); HMRC SPM172200): payRisePercent with payRiseEffectiveDate "+
			"(a period whose AWE is computed from pay runs; the relevant period's pay for periods before the date is raised by it) or the new averageWeeklyEarningsOverride "+
			"(a period whose AWE is an override). The weeks are recomputed at once (see the calculation); weeks already paid by finalised pay runs are topped up to the new "+
			"rates by an arrears line per week in the next pay run whose period overlaps the leave. Refused (400, nothing stored): both or neither form, a rise on an override, "+
			"a lower AWE (SMP paid is not recovered), a period that qualifies only through the rise (the Maternity Allowance offset is not built). Answers the period.")
	for k, path := range map[sl.Kind]string{sl.SPP: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spp/{id}/earnings",
		sl.SAP: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sap/{id}/earnings"} {
		registerEarnings(a, s, k, path, "Raise the average weekly earnings of a period of "+strings.ToUpper(string(k))+" after back pay of the relevant period",
			"Back pay for the relevant period awarded after the "+k.Name()+" was entered counts as paid in it (Statutory Paternity Pay and Statutory Adoption Pay "+
				"(General) Regulations 2002 reg 40(7)): send the new averageWeeklyEarningsOverride (payRisePercent is SMP's rule and is refused). The weeks are recomputed "+
				"at once; weeks already paid by finalised pay runs are topped up to the new rates by an arrears line per week in the next pay run whose period overlaps "+
				"the leave, as for SMP. Refused (400, nothing stored): no override, a lower AWE (pay already paid is not recovered), a period that qualifies only "+
				"through the new AWE (delete and re-create it). Answers the period.")
	}
	registerEarnings(a, s, sl.ShPP, "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/shpp/{id}/earnings",
		"Raise the average weekly earnings of a period of ShPP after back pay of the relevant period",
		"ShPP is the lower of the flat rate and 90% of the normal weekly earnings (Statutory Shared Parental Pay (General) Regulations 2014 reg 40(1)(b), "+
			"earnings under SSCBA 1992 s 171ZZ4(6) and reg 32): when back pay for the relevant period raises them, send the new averageWeeklyEarningsOverride "+
			"(payRisePercent is SMP's rule and is refused). As for SPP and SAP: the weeks are recomputed at once; weeks already paid by finalised pay runs are topped "+
			"up to the new rates by an arrears line per week in the next pay run whose period overlaps the leave. Refused (400, nothing stored): no override, a lower "+
			"AWE (pay already paid is not recovered), a period that qualifies only through the new AWE (delete and re-create it). Answers the period.")
}

// registerEarnings serves PUT path, .../statutoryleave/{kind}/{id}/earnings
// (spelled out by the caller, so grep finds each path).
func registerEarnings(a *httpapi.API, s *sl.Service, k sl.Kind, path, summary, description string) {
	op := huma.Operation{Method: http.MethodPut, Path: path,
		Tags: []string{"Statutory Leave"}, Summary: summary, Description: description,
		Parameters: httpapi.PathParams("employeeId", "id")}
	if k != sl.SMP {
		httpapi.WithExample(&op, map[string]any{"averageWeeklyEarningsOverride": 650})
	}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), op,
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    sl.EarningsUpdate
			RawBody []byte
		}) (*httpapi.BodyOf[sl.StatutoryLeave], error) {
			eid, id, err := ids(ctx, "id", string(k)+" leave")
			if err != nil {
				return nil, err
			}
			l, err := s.UpdateEarnings(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, k, id, in.Body)
			return &httpapi.BodyOf[sl.StatutoryLeave]{Body: l}, err
		})
}

func registerSNCPPause(a *httpapi.API, s *sl.Service) {
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sncp/{id}/paused",
		Tags: []string{"Statutory Leave"}, Summary: "Pause or resume neonatal care pay",
		Description: "isPaused=true stops pay runs paying the period's weeks until it is resumed (isPaused=false). Answers the period.",
		Parameters:  httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			IsPaused string `query:"isPaused" doc:"true to pause, false to resume" required:"true"`
		}) (*httpapi.BodyOf[sl.StatutoryLeave], error) {
			eid, id, err := ids(ctx, "id", "sncp leave")
			if err != nil {
				return nil, err
			}
			var paused bool
			switch strings.ToLower(in.IsPaused) {
			case "true":
				paused = true
			case "false":
			default:
				return nil, payroll.Invalid("isPaused", "isPaused must be true or false")
			}
			l, err := s.SetPaused(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, paused)
			return &httpapi.BodyOf[sl.StatutoryLeave]{Body: l}, err
		})
}

func registerSSP(a *httpapi.API, s *sl.Service) {
	tags := []string{"Statutory Sick Pay"}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/ssp", Tags: tags,
		Summary: "Record a period of sickness (SSP)",
		Description: "Answers the period with its SSP: whether it is a period of incapacity for work (4+ days), the earlier periods it links to (gaps of 56 days or less), " +
			"waiting days (3 for series begun before 6 April 2026, none after), the days paid within the 28-week maximum and the weekly amounts. Periods may not overlap (409). " + payRunRule,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    sl.SSPInput
			RawBody []byte
		}) (*httpapi.BodyOf[sl.SickPay], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			x, err := s.CreateSSP(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[sl.SickPay]{Body: x}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/ssp", Tags: tags,
		Summary: "List an employee's periods of sickness", Description: "Oldest first; periodStart/periodEnd keep the periods overlapping those dates.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *periodQuery) (*httpapi.BodyOf[[]sl.SickPay], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := in.dates()
			if err != nil {
				return nil, err
			}
			list, err := s.ListSSP(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, from, to)
			return &httpapi.BodyOf[[]sl.SickPay]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/ssp/{periodOfLeaveId}", Tags: tags,
		Summary: "Get a period of sickness", Parameters: httpapi.PathParams("employeeId", "periodOfLeaveId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[sl.PeriodOfLeave], error) {
			eid, id, err := ids(ctx, "periodOfLeaveId", "ssp leave")
			if err != nil {
				return nil, err
			}
			x, err := s.GetSSP(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
			return &httpapi.BodyOf[sl.PeriodOfLeave]{Body: x}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/ssp/{periodOfLeaveId}", Tags: tags,
		Summary: "Delete a period of sickness", Description: "A period a finalised pay run has paid is kept (409).",
		Parameters: httpapi.PathParams("employeeId", "periodOfLeaveId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := ids(ctx, "periodOfLeaveId", "ssp leave")
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteSSP(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
		})
}

func registerRunSAP(a *httpapi.API, s *sl.Service) {
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/statutorypay/sap/employee/{employeeId}",
		Tags: []string{"Pay Run"}, Summary: "Get the statutory adoption pay a pay run pays an employee",
		Description: "The run's SAP lines (week, days, weekly rate, amount) with the eligibility, average weekly earnings and log of the adoption leave they pay.",
		Parameters:  httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[sl.RunPayments], error) {
			eid, run, err := ids(ctx, "payRunId", "pay run")
			if err != nil {
				return nil, err
			}
			x, err := s.RunSAP(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), run, eid)
			return &httpapi.BodyOf[sl.RunPayments]{Body: x}, err
		})
}
