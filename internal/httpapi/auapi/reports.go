package auapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
)

const scopeNote = " Only finalised pay runs count; a restricted user sees only their employees (the scope is part of the query)."

type oteIn struct {
	httpapi.BusinessPath
	FinancialYearEnding int64  `query:"financialYearEnding" doc:"the runs paid in the financial year ending 30 June of this year (default: the current one)"`
	FromDate            string `query:"fromDate" doc:"beyond the reference: runs paid on or after this day (with toDate, instead of the financial year)"`
	ToDate              string `query:"toDate" doc:"beyond the reference: runs paid on or before this day"`
	PayScheduleID       int64  `query:"payScheduleId"`
	EmployingEntityID   int64  `query:"employingEntityId"`
}

type paygIn struct {
	httpapi.BusinessPath
	State             string `query:"state" doc:"employees whose residential state is this (NSW, VIC...)"`
	FromDate          string `query:"fromDate" doc:"runs paid on or after this day"`
	ToDate            string `query:"toDate" doc:"runs paid on or before this day"`
	LocationID        int64  `query:"locationId" doc:"employees with this location"`
	EmployingEntityID int64  `query:"employingEntityId"`
}

type paymentFileIn struct {
	httpapi.BusinessPath
	PayRunID      int64 `query:"payRunId" doc:"a finalised pay run (required)"`
	PaymentFileID int64 `query:"paymentFileId" doc:"the bank file settings record (B/aba) the payments are written with (required)"`
}

type activityIn struct {
	httpapi.BusinessPath
	FromDate      string `query:"fromDate" doc:"runs paid on or after this day"`
	ToDate        string `query:"toDate" doc:"runs paid on or before this day"`
	PayScheduleID int64  `query:"payScheduleId"`
	LocationID    int64  `query:"locationId" doc:"employees with this location"`
}

func dates(f *report.Filter, from, to string) error {
	var err error
	if f.From, f.To, err = httpapi.QueryDates(from, to); err != nil {
		return err
	}
	return f.Validate()
}

func rows[T any](v []T, err error) (*httpapi.BodyOf[[]T], error) {
	if err != nil {
		return nil, err
	}
	return &httpapi.BodyOf[[]T]{Body: v}, nil
}

func registerReports(a *httpapi.API, s *report.Service) {
	tags := []string{"Reports"}
	biz := httpapi.CurrentBusiness
	p := payroll.PrincipalFrom
	get := func(path, summary, doc string) huma.Operation {
		return huma.Operation{Method: http.MethodGet, Path: path, Tags: tags, Summary: summary, Description: doc}
	}
	httpapi.Register(a, httpapi.OnReport("OrdinaryTimeEarningsReport"), get("/api/v2/business/{businessId}/report/ordinarytimeearnings", "Ordinary time earnings report",
		"AU. Per pay run, employee and pay category: the ordinary time earnings (earnings of every pay category type but overtime, lump sums and ETPs) "+
			"of the finalised runs paid in the financial year (or fromDate..toDate), and the super guarantee of the run (its contribution less its super "+
			"adjustments) shared over those categories in proportion to their earnings, with super as a percentage of the earnings."+scopeNote),
		func(ctx context.Context, in *oteIn) (*httpapi.BodyOf[[]report.OrdinaryTimeEarnings], error) {
			if b := biz(ctx); b.Region != "AU" {
				return nil, record.RegionError("ordinary time earnings", au.Regions, b)
			}
			f := report.Filter{PayScheduleID: in.PayScheduleID, EmployingEntityID: in.EmployingEntityID}
			if in.FromDate != "" || in.ToDate != "" {
				if err := dates(&f, in.FromDate, in.ToDate); err != nil {
					return nil, err
				}
			} else {
				y := int(in.FinancialYearEnding)
				if y == 0 {
					y = report.FinancialYearOf(s.Clock.Now().UTC())
				}
				if y < 1900 || y > 9999 {
					return nil, payroll.Invalid("financialYearEnding", "financialYearEnding must be a year such as 2027")
				}
				f.From, f.To = report.FinancialYear(y)
			}
			return rows(s.OrdinaryTimeEarnings(ctx, biz(ctx), p(ctx), f))
		})
	httpapi.Register(a, httpapi.OnReport("PaygReport"), get("/api/v2/business/{businessId}/report/payg", "PAYG report",
		"AU. PAYG withholding per month paid (as 2026-11) and the employees' primary location over the finalised runs paid in fromDate..toDate: gross, "+
			"tax-exempt earnings, pre-tax deductions, taxable earnings and the amount withheld (including study and training support loan amounts). "+
			"Ordered by month then location."+scopeNote),
		func(ctx context.Context, in *paygIn) (*httpapi.BodyOf[[]report.Payg], error) {
			if b := biz(ctx); b.Region != "AU" {
				return nil, record.RegionError("PAYG", au.Regions, b)
			}
			q := report.PaygQuery{Filter: report.Filter{LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID}, State: in.State}
			if err := dates(&q.Filter, in.FromDate, in.ToDate); err != nil {
				return nil, err
			}
			return rows(s.Payg(ctx, biz(ctx), p(ctx), q))
		})
	httpapi.Register(a, httpapi.OnReport("PaymentFileReport"), get("/api/v2/business/{businessId}/report/paymentfile", "Payment file report",
		"The electronic net pay payments of finalised pay run payRunId per employee bank account, as its bank file written with settings record "+
			"paymentFileId carries them (P/file/bankpayment/{paymentFileId} downloads that file): the payment history rows of the run without cash, "+
			"cheque, manual deposit or BPAY payments. A draft run is a 409; an unknown settings record a 404. A restricted user sees only their employees."),
		func(ctx context.Context, in *paymentFileIn) (*httpapi.BodyOf[[]report.PaymentHistoryRow], error) {
			return rows(s.PaymentFile(ctx, biz(ctx), p(ctx), in.PayRunID, in.PaymentFileID))
		})
	httpapi.Register(a, httpapi.OnReport("PayRunAuditReport"), get("/api/v2/business/{businessId}/report/payrunactivity", "Pay run activity report",
		"Per employee over the finalised runs paid in fromDate..toDate (of a pay schedule, at a location): hours, gross, taxable earnings, PAYG withheld "+
			"(including study and training support loan amounts), super guarantee, employer contributions (super adjustments) and net earnings."+scopeNote),
		func(ctx context.Context, in *activityIn) (*httpapi.BodyOf[[]report.PayRunActivity], error) {
			f := report.Filter{PayScheduleID: in.PayScheduleID, LocationID: in.LocationID}
			if err := dates(&f, in.FromDate, in.ToDate); err != nil {
				return nil, err
			}
			return rows(s.PayRunActivity(ctx, biz(ctx), p(ctx), f))
		})
}
