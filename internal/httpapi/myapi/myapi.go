// Package myapi serves the Malaysian operations: an employee's statutory
// details (E/statutorydetails), which a pay run needs to calculate PCB,
// EPF, SOCSO, EIS and LINDUNG 24 Jam, the CP39 text file of a month's
// monthly tax deductions and PERKESO's text file of a month's SOCSO, EIS
// and LINDUNG 24 Jam contributions.
package myapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/my/statutorydetails"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

var principal = payroll.PrincipalFrom

// Register returns the registration of the MY operations.
func Register(details *statutorydetails.Service, reports *report.Service) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerDetails(a, details)
		registerCP39(a, reports)
		registerSocsoEis(a, reports)
	}
}

const myOnly = " Malaysian businesses only (400 otherwise)."

func registerDetails(a *httpapi.API, s *statutorydetails.Service) {
	tags := []string{"Employee Statutory Details"}
	path := "/api/v2/business/{businessId}/employee/{employeeId}/statutorydetails"
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: path, Tags: tags,
		Summary:     "Get an employee's Malaysian statutory details",
		Description: "Identity and registration numbers, tax residence, PCB category inputs (marital status, spouse, disability, children), EPF/SOCSO/EIS/LINDUNG 24 Jam settings, standing monthly zakat, Form TP1 deductions and benefits in kind, and a previous employer's Form TP3 amounts. recorded is false until saved: a pay run does not calculate an employee before." + myOnly,
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[statutorydetails.Details], error) {
			eid, err := httpapi.EmployeePathID(ctx)
			if err != nil {
				return nil, err
			}
			d, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[statutorydetails.Details]{Body: d}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: path, Tags: tags,
		Summary:     "Set an employee's Malaysian statutory details",
		Description: "Replaces the details (members left out take their defaults). Draft pay runs pick them up when recalculated." + myOnly,
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body statutorydetails.Details
		}) (*httpapi.BodyOf[statutorydetails.Details], error) {
			eid, err := httpapi.EmployeePathID(ctx)
			if err != nil {
				return nil, err
			}
			d, err := s.Put(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[statutorydetails.Details]{Body: d}, err
		})
}

func registerCP39(a *httpapi.API, s *report.Service) {
	httpapi.Register(a, httpapi.OnReport("Cp39Report"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/cp39", Tags: []string{"Reports"},
		Summary: "CP39 text file of a month's monthly tax deductions",
		Description: "The fixed-width text file of LHDN's MTD data specification for e-Data PCB: a header (employer number from B/statutorysettings eNumber, year, month, total PCB and count) " +
			"and one detail line per employee with PCB in the business's finalised runs paid in the month (tax reference number and wife code, name, IC or passport, PCB in sen; CP38 nil). " +
			"A restricted user's file holds the employees of their scope only." + myOnly},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Year  int `query:"year" required:"true" doc:"calendar year of the payments, e.g. 2026"`
			Month int `query:"month" required:"true" doc:"1 to 12"`
		}) (*httpapi.FileOutput, error) {
			f, err := s.CP39File(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Year, in.Month)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, "text/plain; charset=us-ascii", f.Data), nil
		})
}

func registerSocsoEis(a *httpapi.API, s *report.Service) {
	httpapi.Register(a, httpapi.OnReport("EisSocsoCombinedContributionsReport"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/socsoeis", Tags: []string{"Reports"},
		Summary: "PERKESO text file of a month's SOCSO, EIS and LINDUNG 24 Jam contributions",
		Description: "The fixed-width text file PERKESO takes for a month's contributions: one record of 278 characters per employee with a SOCSO, EIS or LINDUNG 24 Jam amount " +
			"in the business's finalised runs paid in the month (employer code from B/statutorysettings socsoNumber, new IC number, name, month MMYYYY, wages and the " +
			"SOCSO employer/employee, EIS employer/employee and SKBBK amounts in sen), each ended by CR LF; empty when the month has none. " +
			"409, naming the employees, when one has no 12-digit new IC number or a name that is not ASCII. " +
			"A restricted user's file holds the employees of their scope only." + myOnly,
		Responses: map[string]*huma.Response{"200": {Description: "The file (Content-Disposition names it PERKESO_<employer code>_<MMYYYY>.txt).",
			Content: map[string]*huma.MediaType{"text/plain": {Schema: &huma.Schema{Type: "string"}, Example: socsoEisExample}}}}},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Year  int `query:"year" required:"true" doc:"calendar year of the payments, e.g. 2026"`
			Month int `query:"month" required:"true" doc:"1 to 12"`
		}) (*httpapi.FileOutput, error) {
			f, err := s.SocsoEisFile(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Year, in.Month)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, "text/plain; charset=us-ascii", f.Data), nil
		})
}

// socsoEisExample is one record of the PERKESO file: employer code
// E12345678901, IC 910515145672, July 2026, wages RM3,000.00, SOCSO 51.65
// and 14.75, EIS 5.90 each, SKBBK 22.15 (the first category's RM2,900.01-
// 3,000 row).
var socsoEisExample = "E12345678901" + strings.Repeat(" ", 20) + "910515145672" + "CITRA BINTI MUSA" + strings.Repeat(" ", 134) + "072026" +
	"00000000300000" + "005165" + "001475" + "000590" + "000590" + "002215" + strings.Repeat(" ", 34) + "\r\n"
