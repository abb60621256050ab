// Package reportapi serves the business reports (B/report/...): JSON
// arrays computed in SQL from finalised pay runs and employees, and their
// spreadsheet (xlsx) variants.
package reportapi

import (
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/report/employeereport"
	"github.com/payrolld/payrolld/internal/report/leavereport"
)

// Register returns the registration of the report operations; ls is the
// leave report service (with its prepared-report jobs) over the shared
// report service the other reports use.
func Register(ls *leavereport.Service) func(*httpapi.API) {
	s := ls.Service
	emps := &employeereport.Service{Service: s}
	return func(a *httpapi.API) {
		registerPayRunReports(a, s)
		registerEmployeeReports(a, emps)
		registerRunOutputReports(a, s)
		registerLeaveReports(a, ls)
		registerLeaveHistory(a, ls)
		registerLeaveLiability(a, ls)
		registerLeaveLiabilityPreparation(a, ls)
		registerTimeReports(a, s)
		registerEmployeeDetails(a, emps)
		registerPayRunSpreadsheets(a, s)
		registerDocumentAcknowledgements(a, emps)
		registerEmployeeAudit(a, emps)
	}
}

var (
	principal = payroll.PrincipalFrom
	biz       = httpapi.CurrentBusiness
	tags      = []string{"Reports"}
)

// FilterQuery is the query parameters the pay run reports share.
type FilterQuery struct {
	FromDate          string `query:"fromDate" doc:"runs paid on or after this day"`
	ToDate            string `query:"toDate" doc:"runs paid on or before this day"`
	FilterType        string `query:"filterType" doc:"DateRange (default) or PayRun (payRunId, dates ignored)"`
	PayRunID          int64  `query:"payRunId"`
	PayScheduleID     int64  `query:"payScheduleId"`
	LocationID        int64  `query:"locationId" doc:"employees with this location"`
	EmployingEntityID int64  `query:"employingEntityId"`
}

// date parses an optional date query parameter (400 naming it).
var date = httpapi.QueryDate

var filterTypes = []string{"DateRange", "PayRun", "SuperBatch"}

// filter reads the shared parameters.
func (q *FilterQuery) filter(employeeID int64) (report.Filter, error) {
	f := report.Filter{PayRunID: q.PayRunID, PayScheduleID: q.PayScheduleID, LocationID: q.LocationID, EmployingEntityID: q.EmployingEntityID, EmployeeID: employeeID}
	ft := "DateRange"
	if q.FilterType != "" {
		var ok bool
		if ft, ok = record.Canonical(filterTypes, q.FilterType); !ok {
			return f, payroll.Invalid("filterType", "filterType must be DateRange or PayRun")
		}
	}
	switch ft {
	case "SuperBatch":
		return f, payroll.Invalid("filterType", "filterType SuperBatch: super payment batches are not kept by this service; use DateRange or PayRun")
	case "PayRun":
		if q.PayRunID == 0 {
			return f, payroll.Invalid("payRunId", "payRunId is required with filterType PayRun")
		}
		return f, nil
	}
	var err error
	if f.From, err = date("fromDate", q.FromDate); err != nil {
		return f, err
	}
	if f.To, err = date("toDate", q.ToDate); err != nil {
		return f, err
	}
	return f, f.Validate()
}

func op(method, path, summary, description string) huma.Operation {
	return huma.Operation{Method: method, Path: path, Tags: tags, Summary: summary, Description: description}
}

func get(path, summary, description string) huma.Operation {
	return op(http.MethodGet, path, summary, description)
}

// xlsxName is a download's file name: the report and today's date.
func xlsxName(name string) string {
	return strings.ReplaceAll(name, " ", "-") + ".xlsx"
}
