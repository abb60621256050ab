package reportapi

import (
	"context"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
)

const scopeNote = " Only finalised pay runs count; a restricted user sees only their employees (the scope is part of the query)."

type grossToNetIn struct {
	httpapi.BusinessPath
	FilterQuery
	EmployeeID               int64   `query:"employeeId"`
	PayCategoryIDs           []int64 `query:"payCategoryIds" doc:"only these pay categories in grossEarnings"`
	IncludeExpenses          bool    `query:"includeExpenses"`
	IncludePostTaxDeductions bool    `query:"includePostTaxDeductions"`
}

func (in *grossToNetIn) query() (report.GrossToNetQuery, error) {
	f, err := in.filter(in.EmployeeID)
	return report.GrossToNetQuery{Filter: f, PayCategoryIDs: in.PayCategoryIDs, IncludeExpenses: in.IncludeExpenses, IncludePostTaxDeductions: in.IncludePostTaxDeductions}, err
}

type deductionsIn struct {
	httpapi.BusinessPath
	FilterQuery
	EmployeeID               int64 `query:"employeeId"`
	DeductionCategoryID      int64 `query:"deductionCategoryId"`
	IncludePostTaxDeductions bool  `query:"includePostTaxDeductions" doc:"accepted for compatibility: every deduction is listed"`
}

func (in *deductionsIn) query() (report.DeductionsQuery, error) {
	f, err := in.filter(in.EmployeeID)
	return report.DeductionsQuery{Filter: f, DeductionCategoryID: in.DeductionCategoryID}, err
}

type EmployeeFilterIn struct {
	httpapi.BusinessPath
	FilterQuery
	EmployeeID               int64 `query:"employeeId"`
	IncludePostTaxDeductions bool  `query:"includePostTaxDeductions"`
}

type superXLSXIn struct {
	EmployeeFilterIn
	GroupBy string `query:"groupBy" doc:"Employee (default) or SuperFund"`
}

// xlsx answers a spreadsheet download with money in the business's
// currency.
func xlsx(ctx context.Context, name string, sheets ...report.Sheet) (*httpapi.FileOutput, error) {
	symbol, _ := payroll.CurrencySymbol(biz(ctx).Region)
	data, err := report.XLSXIn(symbol, sheets...)
	if err != nil {
		return nil, err
	}
	return httpapi.NewFileOutput(xlsxName(name), report.XLSXContentType, data), nil
}

func list[T any](v []T, err error) (*httpapi.BodyOf[[]T], error) {
	if err != nil {
		return nil, err
	}
	return &httpapi.BodyOf[[]T]{Body: v}, nil
}

func registerPayRunReports(a *httpapi.API, s *report.Service) {
	ctxP := func(ctx context.Context) *payroll.Principal { return principal(ctx) }
	g2nDesc := "Per employee over the finalised pay runs paid in fromDate..toDate (or one run: filterType PayRun, payRunId): hours, earnings by pay category, pre-tax deductions, taxable earnings, PAYG, HELP/STSL, post-tax deductions (by category with includePostTaxDeductions), net, expenses (by category with includeExpenses), bank payments (net + expenses), super guarantee and employer contributions." + scopeNote
	grossToNet := func(ctx context.Context, in *grossToNetIn) ([]report.GrossToNet, error) {
		q, err := in.query()
		if err != nil {
			return nil, err
		}
		return s.GrossToNet(ctx, biz(ctx), ctxP(ctx), q)
	}
	httpapi.Register(a, httpapi.OnReport("GrossToNetReport"), get("/api/v2/business/{businessId}/report/grosstonet", "Gross to net report", g2nDesc),
		func(ctx context.Context, in *grossToNetIn) (*httpapi.BodyOf[[]report.GrossToNet], error) {
			return list(grossToNet(ctx, in))
		})
	httpapi.Register(a, httpapi.OnReport("GrossToNetReport"), get("/api/v2/business/{businessId}/report/grosstonet/xlsx", "Gross to net report (xlsx)", "The gross to net report as a spreadsheet: one row per employee, one column per member and per category."),
		func(ctx context.Context, in *grossToNetIn) (*httpapi.FileOutput, error) {
			rows, err := grossToNet(ctx, in)
			if err != nil {
				return nil, err
			}
			return xlsx(ctx, "gross-to-net", report.GrossToNetSheet(rows))
		})

	httpapi.Register(a, httpapi.OnReport("PayCategoriesReport"), get("/api/v2/business/{businessId}/report/paycategories", "Pay categories report",
		"Earnings of the finalised pay runs paid in fromDate..toDate per run, employee and pay category: units, amount, the rate (amount / units) and the super those earnings attract (the employee's contribution in the run shared over its categories by amount, to the cent). groupByEarningsLocation reports the location each line was earned at."+scopeNote),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FilterQuery
			EmployeeID              int64 `query:"employeeId"`
			GroupByEarningsLocation bool  `query:"groupByEarningsLocation"`
		}) (*httpapi.BodyOf[[]report.PayCategoryRow], error) {
			f, err := in.filter(in.EmployeeID)
			if err != nil {
				return nil, err
			}
			return list(s.PayCategories(ctx, biz(ctx), ctxP(ctx), report.PayCategoriesQuery{Filter: f, GroupByEarningsLocation: in.GroupByEarningsLocation}))
		})

	deductions := func(ctx context.Context, in *deductionsIn) ([]report.DeductionsRow, error) {
		q, err := in.query()
		if err != nil {
			return nil, err
		}
		return s.Deductions(ctx, biz(ctx), ctxP(ctx), q)
	}
	dedDesc := "Deductions of the finalised pay runs paid in fromDate..toDate per run and employee, summed by deduction category (deductionCategoryId: one category), with the employee's notation in the run." + scopeNote
	httpapi.Register(a, httpapi.OnReport("DeductionsReport"), get("/api/v2/business/{businessId}/report/deductions", "Deductions report", dedDesc),
		func(ctx context.Context, in *deductionsIn) (*httpapi.BodyOf[[]report.DeductionsRow], error) {
			return list(deductions(ctx, in))
		})
	dedXLSX := func(ctx context.Context, in *deductionsIn) (*httpapi.FileOutput, error) {
		rows, err := deductions(ctx, in)
		if err != nil {
			return nil, err
		}
		return xlsx(ctx, "deductions", report.DeductionsSheet(rows))
	}
	httpapi.Register(a, httpapi.OnReport("DeductionsReport"), get("/api/v2/business/{businessId}/report/deductions/xlsx", "Deductions report (xlsx)", "The deductions report as a spreadsheet: one column per deduction category."), dedXLSX)
	httpapi.Register(a, httpapi.OnReport("DeductionsReport"), get("/api/payroll/internal/business/{businessId}/report/deductions/xlsx", "Deductions report (xlsx, internal path)", "The deductions report as a spreadsheet, at the path the payroll web application uses."), dedXLSX)

	payments := func(ctx context.Context, in *EmployeeFilterIn) ([]report.PaymentHistoryRow, error) {
		f, err := in.filter(in.EmployeeID)
		if err != nil {
			return nil, err
		}
		return s.PaymentHistory(ctx, biz(ctx), ctxP(ctx), f)
	}
	httpapi.Register(a, httpapi.OnReport("PaymentHistoryReport"), get("/api/v2/business/{businessId}/report/paymenthistory", "Payment history report",
		"Each payment of the finalised pay runs paid in fromDate..toDate: the employee's net pay plus expenses split over their bank accounts exactly as the run's payments and bank files split it."+scopeNote),
		func(ctx context.Context, in *EmployeeFilterIn) (*httpapi.BodyOf[[]report.PaymentHistoryRow], error) {
			return list(payments(ctx, in))
		})
	httpapi.Register(a, httpapi.OnReport("PaymentHistoryReport"), get("/api/v2/business/{businessId}/report/paymenthistory/xlsx", "Payment history report (xlsx)", "The payment history report as a spreadsheet."),
		func(ctx context.Context, in *EmployeeFilterIn) (*httpapi.FileOutput, error) {
			rows, err := payments(ctx, in)
			if err != nil {
				return nil, err
			}
			return xlsx(ctx, "payment-history", report.PaymentHistorySheet(rows))
		})

	activity := func(ctx context.Context, in *EmployeeFilterIn) ([]report.DetailedActivity, error) {
		f, err := in.filter(in.EmployeeID)
		if err != nil {
			return nil, err
		}
		return s.DetailedActivity(ctx, biz(ctx), ctxP(ctx), f, in.IncludePostTaxDeductions)
	}
	httpapi.Register(a, httpapi.OnReport("DetailedActivityReport"), get("/api/v2/business/{businessId}/report/detailedactivity", "Detailed activity report",
		"Per employee over the finalised pay runs paid in fromDate..toDate: hours, gross, deductions, taxable earnings, PAYG, HELP/STSL, super, net and employer liabilities."+scopeNote),
		func(ctx context.Context, in *EmployeeFilterIn) (*httpapi.BodyOf[[]report.DetailedActivity], error) {
			return list(activity(ctx, in))
		})
	httpapi.Register(a, httpapi.OnReport("DetailedActivityReport"), get("/api/v2/business/{businessId}/report/detailedactivity/xlsx", "Detailed activity report (xlsx)", "The detailed activity report as a spreadsheet."),
		func(ctx context.Context, in *EmployeeFilterIn) (*httpapi.FileOutput, error) {
			rows, err := activity(ctx, in)
			if err != nil {
				return nil, err
			}
			return xlsx(ctx, "detailed-activity", report.DetailedActivitySheet(rows))
		})

	httpapi.Register(a, httpapi.OnReport("CostingReport"), get("/api/v2/business/{businessId}/report/costing", "Costing report",
		"Earnings of the finalised pay runs paid in fromDate..toDate by the location they were earned at (a line's location, else the employee's primary location), by pay category, with the super those earnings attract. showZeroPayCategories lists every category of the selection at every location."+scopeNote),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FilterQuery
			ShowZeroPayCategories    bool `query:"showZeroPayCategories"`
			IncludePostTaxDeductions bool `query:"includePostTaxDeductions" doc:"accepted for compatibility (costing reports earnings)"`
		}) (*httpapi.BodyOf[[]report.Costing], error) {
			f, err := in.filter(0)
			if err != nil {
				return nil, err
			}
			return list(s.Costing(ctx, biz(ctx), ctxP(ctx), f, in.ShowZeroPayCategories))
		})

	superFilter := func(in *EmployeeFilterIn) (report.Filter, error) { return in.filter(in.EmployeeID) }
	httpapi.Register(a, httpapi.OnReport("SuperContributionsReport"), get("/api/v2/business/{businessId}/report/supercontributions/byemployee", "Super contributions by employee",
		"The super accrued by each finalised pay run paid in fromDate..toDate per employee: the super guarantee and each super adjustment by contribution type. Status is New: this service does not batch super payments."+scopeNote),
		func(ctx context.Context, in *EmployeeFilterIn) (*httpapi.BodyOf[[]report.SuperAccrual], error) {
			f, err := superFilter(in)
			if err != nil {
				return nil, err
			}
			return list(s.SuperByEmployee(ctx, biz(ctx), ctxP(ctx), f))
		})
	httpapi.Register(a, httpapi.OnReport("SuperContributionsReport"), get("/api/v2/business/{businessId}/report/supercontributions/bysuperfund", "Super contributions by super fund",
		"The super of the finalised pay runs paid in fromDate..toDate summed per employee's (first) super fund, employee and contribution type."+scopeNote),
		func(ctx context.Context, in *EmployeeFilterIn) (*httpapi.BodyOf[[]report.SuperByFund], error) {
			f, err := superFilter(in)
			if err != nil {
				return nil, err
			}
			return list(s.SuperByFund(ctx, biz(ctx), ctxP(ctx), f))
		})
	httpapi.Register(a, httpapi.OnReport("SuperContributionsReport"), get("/api/v2/business/{businessId}/report/supercontributions/xlsx", "Super contributions report (xlsx)", "The super contributions by employee (groupBy Employee, the default) or by super fund (groupBy SuperFund) as a spreadsheet."),
		func(ctx context.Context, in *superXLSXIn) (*httpapi.FileOutput, error) {
			f, err := superFilter(&in.EmployeeFilterIn)
			if err != nil {
				return nil, err
			}
			group := "Employee"
			if in.GroupBy != "" {
				var ok bool
				if group, ok = record.Canonical([]string{"Employee", "SuperFund"}, in.GroupBy); !ok {
					return nil, payroll.Invalid("groupBy", "groupBy must be Employee or SuperFund")
				}
			}
			if group == "SuperFund" {
				rows, err := s.SuperByFund(ctx, biz(ctx), ctxP(ctx), f)
				if err != nil {
					return nil, err
				}
				return xlsx(ctx, "super-contributions", report.SuperSheet(nil, rows))
			}
			rows, err := s.SuperByEmployee(ctx, biz(ctx), ctxP(ctx), f)
			if err != nil {
				return nil, err
			}
			return xlsx(ctx, "super-contributions", report.SuperSheet(rows, nil))
		})
	httpapi.Register(a, httpapi.OnReport("PayrollTaxReport"), get("/api/v2/business/{businessId}/report/payrolltax", "Payroll tax report",
		"Wages (by pay category) and super of the finalised pay runs paid in fromDate..toDate per employee and state, with the employee's and the pay category's payroll tax exemption. groupBy EarningsLocation (default; also EarningsRollUpLocation) takes the state of the location each line was earned at, DefaultLocation the employee's primary location's; without a location state, the employee's residential state."+scopeNote),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FilterQuery
			GroupBy string `query:"groupBy" doc:"EarningsLocation, DefaultLocation or EarningsRollUpLocation"`
		}) (*httpapi.BodyOf[[]report.PayrollTaxRow], error) {
			f, err := in.filter(0)
			if err != nil {
				return nil, err
			}
			return list(s.PayrollTax(ctx, biz(ctx), ctxP(ctx), f, in.GroupBy))
		})
}
