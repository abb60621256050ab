package reportapi

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

func registerPayRunSpreadsheets(a *httpapi.API, s *report.Service) {
	type auditIn struct {
		httpapi.BusinessPath
		SingleEmployeeWorksheet bool `query:"singleEmployeeWorksheet" doc:"one worksheet of lines per employee"`
		ShowAllSummaryDetails   bool `query:"showAllSummaryDetails" doc:"summary totals that are zero too"`
		ShowAllEmployeeDetails  bool `query:"showAllEmployeeDetails" doc:"lines with a zero amount too"`
	}
	audit := func(ctx context.Context, in *auditIn) (*httpapi.FileOutput, error) {
		id, err := httpapi.PathID(ctx, "payRunId", "pay run")
		if err != nil {
			return nil, err
		}
		sheets, err := s.PayRunAudit(ctx, biz(ctx), principal(ctx), report.PayRunAuditQuery{PayRunID: id, SingleEmployeeWorksheet: in.SingleEmployeeWorksheet,
			ShowAllSummaryDetails: in.ShowAllSummaryDetails, ShowAllEmployeeDetails: in.ShowAllEmployeeDetails})
		if err != nil {
			return nil, err
		}
		return xlsx(ctx, "pay-run-audit", sheets...)
	}
	auditDesc := "A workbook auditing one pay run (draft or finalised): a summary (period, dates, status, totals), the audit log (unlocks with who, when and why), " +
		"each employee's figures and each employee's lines (one worksheet, or one per employee with singleEmployeeWorksheet). A restricted user sees only their employees."
	op := get("/api/v2/business/{businessId}/report/payrunaudit/{payRunId}/xlsx", "Pay run audit report (xlsx)", auditDesc)
	op.Parameters = httpapi.PathParams("payRunId")
	httpapi.Register(a, httpapi.OnReport("PayRunAuditReport"), op, audit)
	// The published AU description spells the segment xlxs: clients
	// generated from it call that path.
	op = get("/api/v2/business/{businessId}/report/payrunaudit/{payRunId}/xlxs", "Pay run audit report (xlsx, published spelling)", auditDesc)
	op.Parameters = httpapi.PathParams("payRunId")
	httpapi.Register(a, httpapi.OnReport("PayRunAuditReport"), op, audit)

	type varianceIn struct {
		httpapi.BusinessPath
		ComparisonType              string `query:"comparisonType" doc:"PayRuns (default: payRunId1 against payRunId2) or PayPeriods (the finalised runs whose period ends in payPeriodFrom1..payPeriodTo1 against ...2)"`
		PayRunID1                   int64  `query:"payRunId1"`
		PayRunID2                   int64  `query:"payRunId2"`
		PayPeriodFrom1              string `query:"payPeriodFrom1"`
		PayPeriodTo1                string `query:"payPeriodTo1"`
		PayPeriodFrom2              string `query:"payPeriodFrom2"`
		PayPeriodTo2                string `query:"payPeriodTo2"`
		HighlightVariancePercentage string `query:"highlightVariancePercentage" doc:"mark rows where a figure moved by at least this percentage"`
		OnlyShowVariances           bool   `query:"onlyShowVariances" doc:"only employees with a difference"`
	}
	variance := func(ctx context.Context, in *varianceIn) (*httpapi.FileOutput, error) {
		q := report.PayRunVarianceQuery{ComparisonType: in.ComparisonType, PayRunID1: in.PayRunID1, PayRunID2: in.PayRunID2, OnlyShowVariances: in.OnlyShowVariances}
		if h := strings.TrimSpace(in.HighlightVariancePercentage); h != "" {
			r, err := payroll.ParseRate(h)
			if err != nil {
				return nil, payroll.Invalid("highlightVariancePercentage", "highlightVariancePercentage must be a number")
			}
			q.HighlightVariancePercentage = &r
		}
		for _, d := range []struct {
			name string
			raw  string
			dst  *time.Time
		}{{"payPeriodFrom1", in.PayPeriodFrom1, &q.From1}, {"payPeriodTo1", in.PayPeriodTo1, &q.To1}, {"payPeriodFrom2", in.PayPeriodFrom2, &q.From2}, {"payPeriodTo2", in.PayPeriodTo2, &q.To2}} {
			v, err := date(d.name, d.raw)
			if err != nil {
				return nil, err
			}
			*d.dst = v
		}
		sh, err := s.PayRunVariance(ctx, biz(ctx), principal(ctx), q)
		if err != nil {
			return nil, err
		}
		return xlsx(ctx, "pay-run-variance", sh)
	}
	varDesc := "A worksheet comparing each employee's figures (gross, deductions, taxable, PAYG, net, super, expenses, liabilities) in two finalised pay runs, or in the finalised runs of two ranges of pay periods: " +
		"both values, the difference and the difference as a percentage of the first; highlightVariancePercentage marks the rows that moved at least that much, onlyShowVariances leaves out employees without a difference. " +
		"A draft run answers 409. A restricted user sees only their employees."
	httpapi.Register(a, httpapi.OnReport("PayRunVarianceReport"), get("/api/v2/business/{businessId}/report/payrunvariance/xlsx", "Pay run variance report (xlsx)", varDesc), variance)
	httpapi.Register(a, httpapi.OnReport("PayRunVarianceReport"), get("/api/v2/business/{businessId}/report/payrunvariance/xlxs", "Pay run variance report (xlsx, published spelling)", varDesc), variance)
}
