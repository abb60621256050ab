package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/p11d"
)

const cashEquivalents = "Cash equivalents in whole pounds: cars (section F) (list price + accessories - capital contribution up to £5,000) x the appropriate " +
	"percentage of the car's CO2 band for the tax year (+4 points for diesel not meeting RDE2, at most 37%) x days available / days in the year, " +
	"less payments for private use (a car without an approved CO2 figure is a 409; car fuel benefit is not computed); qualifying relocation (J) the year's " +
	"costs above £8,000; every other type cost - amountMadeGood. Payrolled categories are left off the P11D."

func registerBenefits(a *httpapi.API, s *p11d.Service) {
	tags := []string{"Benefits"}
	type body struct {
		httpapi.BusinessPath
		Body    p11d.UKBenefitInput
		RawBody []byte
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/benefit", Tags: tags,
		Summary: "List the employee's benefits in kind", Description: "By start date, each with its category's name, type and whether it is payrolled.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]p11d.UKBenefit], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]p11d.UKBenefit]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/benefit", Tags: tags,
		Summary: "Provide a benefit in kind to the employee",
		Description: "A benefit category of the business (B/benefitcategory: its type, NI treatment and, for a car, make, CO2 and fuel) provided from startDate to endDate. " +
			"A car needs carListPrice; car members on other types are a 400. " + cashEquivalents,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[p11d.UKBenefit], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, 0, in.Body)
			return &httpapi.BodyOf[p11d.UKBenefit]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/benefit/{id}", Tags: tags,
		Summary: "Replace a benefit in kind", Description: "As POST; P11D returns already built keep the old figures until rebuilt.",
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[p11d.UKBenefit], error) {
			eid, id, err := ids(ctx, "id", "benefit")
			if err != nil {
				return nil, err
			}
			out, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, in.Body)
			return &httpapi.BodyOf[p11d.UKBenefit]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/benefit/{id}", Tags: tags,
		Summary: "Delete a benefit in kind", Description: "P11D returns already built keep it until rebuilt.",
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := ids(ctx, "id", "benefit")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
		})
}

// p11dRequest names the tax year of a P11D operation.
type p11dRequest struct {
	httpapi.BusinessPath
	Body *struct {
		TaxYear string `json:"taxYear" doc:"2026 or 2026/27 (required)"`
	}
	RawBody []byte
}

func (r *p11dRequest) year() string {
	if r.Body == nil {
		return ""
	}
	return r.Body.TaxYear
}

func registerP11D(a *httpapi.API, s *p11d.Service) {
	tags := []string{"Reporting"}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/p11d", Tags: tags,
		Summary: "Build the P11D return of a tax year",
		Description: "Per employee the benefits in kind (E/benefit) provided on any day of the tax year, by P11D section A-N, with the P11D(b) Class 1A NIC at 15% of the " +
			"Class 1A benefits on the P11Ds plus the Class 1A benefits payrolled through finalised pay runs of the year (P/benefits). Stored, replacing the year's " +
			"previous return (which then needs publishing again). " + cashEquivalents},
		func(ctx context.Context, in *p11dRequest) (*httpapi.BodyOf[p11d.P11DReturn], error) {
			r, err := s.Build(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.year())
			return &httpapi.BodyOf[p11d.P11DReturn]{Body: r}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/p11d/xml", Tags: tags,
		Summary: "The P11D return as XML", Description: "The stored return of taxYear (404 until built): employer, P11D(b) Class 1A figures and each employee's P11D section totals."},
		func(ctx context.Context, in *p11dRequest) (*httpapi.FileOutput, error) {
			b, name, err := s.XML(ctx, httpapi.CurrentBusiness(ctx), in.year())
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(name, "application/xml", b), nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/p11d/publish", Tags: tags,
		Summary:     "Publish the employees' P11Ds",
		Description: "Marks the stored return of taxYear published, so each employee's P11D is theirs to download (hmrcforms/p11ddownload). 404 until built; 409 before the tax year has ended."},
		func(ctx context.Context, in *p11dRequest) (*httpapi.BodyOf[p11d.P11DReturn], error) {
			r, err := s.Publish(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.year())
			return &httpapi.BodyOf[p11d.P11DReturn]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/p11ddownload/{taxYear}", Tags: []string{"HMRC Forms"},
		Summary:     "Download the employee's P11D (PDF)",
		Description: "taxYear is 2026 or 2026-27. The employee's P11D in the stored return of the year, a section per benefit type; the same return always renders to the same bytes. 404 when no return is built or the employee is not on it.",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			TaxYear string `path:"taxYear"`
		}) (*httpapi.FileOutput, error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			b, name, err := s.EmployeePDF(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.TaxYear)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(name, "application/pdf", b), nil
		})
	httpapi.Register(a, httpapi.OnReport("P46Car"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p46car", Tags: tags,
		Summary: "P46(Car): company cars made available or withdrawn",
		Description: "Each car benefit (P11D, not payrolled) whose startDate (Available) or endDate (Withdrawn) falls in the tax quarter (quarters end 5 July, 5 October, " +
			"5 January, 5 April): employee, make and model, list price, CO2, fuel type, date and quarter; oldest first. Default the current quarter; taxYear alone: the whole year. " +
			"Rows marked ignored are left out unless includeIgnored."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			TaxYear        string `query:"taxYear" doc:"2026 or 2026/27"`
			Quarter        int    `query:"quarter" doc:"1 to 4; needs taxYear"`
			IncludeIgnored bool   `query:"includeIgnored"`
		}) (*httpapi.BodyOf[[]p11d.P46CarRow], error) {
			l, err := s.P46Car(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), p11d.P46CarQuery{TaxYear: in.TaxYear, Quarter: in.Quarter, IncludeIgnored: in.IncludeIgnored})
			return &httpapi.BodyOf[[]p11d.P46CarRow]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnReport("P46Car"), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/p46car/ignore", Tags: tags,
		Summary:     "Ignore P46(Car) rows",
		Description: "Marks rows (benefitId and event Available or Withdrawn) as not to be reported; stored, so they stop appearing in report/p46car. A benefit that is not a car of the business is a 404.",
	},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body struct {
				Rows []p11d.P46CarIgnore `json:"rows"`
			}
			RawBody []byte
		}) (*struct{}, error) {
			return nil, s.IgnoreP46Car(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body.Rows)
		})
}
