package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/employerreturns"
)

type p32Query struct {
	httpapi.BusinessPath
	TaxYear string `query:"taxYear" doc:"tax year, 2026 or 2026/27; default the current one"`
}

type p32UpdateInput struct {
	p32Query
	Body    employerreturns.P32Update
	RawBody []byte
}

type openingBalancesInput struct {
	p32Query
	Body    employerreturns.P32OpeningBalances
	RawBody []byte
}

type paymentFileQuery struct {
	p32Query
	TaxMonth int `query:"taxMonth" doc:"only this tax month (1-12); default every month with an amount outstanding"`
}

// registerEmployerReturns serves the UK employer returns: P32 and its
// summaries and files, and the EPS. They cover the
// whole payroll, so they need a business administrator.
func registerEmployerReturns(a *httpapi.API, s *employerreturns.Service) {
	registerP32(a, s)
	registerEPS(a, s)
}

const p32Desc = "The P32 Employer Payment Record of a UK tax year: per tax month (6th to 5th) the PAYE tax, student and postgraduate loan deductions, " +
	"employee and employer Class 1 NI and statutory payments (SMP, SPP, SAP, ShPP, SPBP, SNCP) of FINALISED pay runs paid in the month, plus the month's " +
	"opening balances (report/p32/openingbalancesadjustments) and adjustments (PUT report/p32); statutory payments recovered (92%, or 100% plus 8.5% NIC " +
	"compensation for a payment whose employer was small: Class 1 NICs of £45,000 or less in the tax year before the payment's qualifying week, from " +
	"that year's finalised pay runs and opening balances here, or hmrcsettings.claimSmallEmployersRelief when there are none; see smallEmployersRelief); employment allowance (when claimed for the year in " +
	"hmrcsettings/employmentallowance: the year's allowance less what was claimed in an earlier payroll, set against employer NI month by month until used, " +
	"from its effective date); apprenticeship levy (when hmrcsettings.requiredToPayApprenticeshipLevy: 0.5% of the pay bill to date less 1/12 of the " +
	"annual allowance per month to date, never below 0, the month owing the increase); CIS deductions suffered (only as stored: payrolld pays no " +
	"subcontractors); total due = tax + loans + NI + levy - recovery - compensation - allowance - CIS; the payment recorded and what is outstanding. " +
	"Rates come from the reference rules of the year; missingFigures names any the rules lack."

func registerP32(a *httpapi.API, s *employerreturns.Service) {
	tags := []string{"Reporting"}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p32", Tags: tags,
		Summary: "P32 Employer Payment Record", Description: p32Desc},
		func(ctx context.Context, in *p32Query) (*httpapi.BodyOf[employerreturns.P32], error) {
			p, err := s.P32(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear)
			return &httpapi.BodyOf[employerreturns.P32]{Body: p}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/report/p32", Tags: tags,
		Summary: "Record P32 payments and adjustments",
		Description: "Body {adjustments: [{taxMonth, paymentMade, paymentDate, note, payeTax, studentLoan, postgraduateLoan, employeeNI, employerNI, smpPaid, " +
			"sppPaid, sapPaid, shppPaid, spbpPaid, sncpPaid, payBill, cisDeductionsSuffered}]} for the tax year of the query: paymentMade is what was paid to " +
			"HMRC for the month (it reduces what is outstanding); the other amounts are adjustments added to the month's computed figures (negative to " +
			"reduce them; statutory amounts are payments made to employees, recovery is recomputed). Each month given replaces what was stored for it; " +
			"months not given keep theirs. Answers the P32 as GET report/p32. " + "Pounds and pence; 400 naming the member otherwise."},
		func(ctx context.Context, in *p32UpdateInput) (*httpapi.BodyOf[employerreturns.P32], error) {
			p, err := s.UpdateP32(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.TaxYear, in.Body)
			return &httpapi.BodyOf[employerreturns.P32]{Body: p}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p32/download/pdf", Tags: tags,
		Summary: "P32 as PDF", Description: "The P32 of report/p32 as a PDF: the year's totals, then each tax month. The same figures give the same bytes."},
		func(ctx context.Context, in *p32Query) (*httpapi.FileOutput, error) {
			b, err := s.PDF(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput("P32.pdf", "application/pdf", b), nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p32/apprenticeshiplevy", Tags: tags,
		Summary: "P32 apprenticeship levy",
		Description: "The apprenticeship levy per tax month, cumulatively as the EPS reports it: pay bill (gross pay of finalised runs plus stored " +
			"payBill figures) to date, the levy percent of it, the allowance accrued to date (annual allowance - hmrcsettings.apprenticeshipLevyAllowance " +
			"or the year's - x month / 12), levy due to date (never below 0) and due this month. Nothing is due unless hmrcsettings.requiredToPayApprenticeshipLevy."},
		func(ctx context.Context, in *p32Query) (*httpapi.BodyOf[employerreturns.P32LevyReport], error) {
			r, err := s.Levy(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear)
			return &httpapi.BodyOf[employerreturns.P32LevyReport]{Body: r}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p32/cisdeductionssummary", Tags: tags,
		Summary: "P32 CIS deductions suffered",
		Description: "CIS deductions the employer suffered as a subcontractor, per tax month and to date, which the P32 sets against what it owes. " +
			"payrolld keeps no CIS payments, so they are what was stored in opening balances and P32 adjustments (0 otherwise)."},
		func(ctx context.Context, in *p32Query) (*httpapi.BodyOf[employerreturns.P32CISSummary], error) {
			r, err := s.CIS(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear)
			return &httpapi.BodyOf[employerreturns.P32CISSummary]{Body: r}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p32/nideductionssummary", Tags: tags,
		Summary: "P32 National Insurance by category",
		Description: "Class 1 NI of finalised pay runs per tax month and NI category letter: employees paid, gross earnings, the RTI earnings bands " +
			"(at the LEL, LEL to PT, PT to UEL, above the UEL, with the thresholds of each payment's frequency and year) and employee and employer NI. " +
			"Pay runs keep no per-period letter: an employee's pay counts under their current letter. Opening balances and adjustments are not split by letter."},
		func(ctx context.Context, in *p32Query) (*httpapi.BodyOf[employerreturns.P32NISummary], error) {
			r, err := s.NI(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear)
			return &httpapi.BodyOf[employerreturns.P32NISummary]{Body: r}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p32/hmrcpaymentfile", Tags: tags,
		Summary: "HMRC payment file",
		Description: "A CSV (text/csv) a bank upload can use: header PayeeName,SortCode,AccountNumber,Amount,PaymentReference,DueDate,TaxMonth,PeriodEnd, " +
			"then one row per tax month with an amount outstanding on the P32 (totalDue less the payment recorded), or only taxMonth. Payee HMRC Cumbernauld " +
			"083210 12001039; amount in pounds with 2 decimals; the reference is the accounts office reference followed by the last two digits of the year " +
			"the tax year ends and the 2-digit tax month (123PX00123456 2704 for month 4 of 2026/27); due date the 22nd after the month ends. " +
			"409 when the HMRC settings have no accounts office reference."},
		func(ctx context.Context, in *paymentFileQuery) (*httpapi.FileOutput, error) {
			b, name, err := s.PaymentFile(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear, in.TaxMonth)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(name, "text/csv", b), nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p32/openingbalancesadjustments", Tags: tags,
		Summary: "P32 opening balances",
		Description: "Figures of the tax year paid outside payrolld (e.g. by an earlier payroll), per tax month (all twelve, zeros when none); " +
			"report/p32 adds them to the months' figures."},
		func(ctx context.Context, in *p32Query) (*httpapi.BodyOf[employerreturns.P32OpeningBalances], error) {
			r, err := s.OpeningBalancesOf(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear)
			return &httpapi.BodyOf[employerreturns.P32OpeningBalances]{Body: r}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/report/p32/openingbalancesadjustments", Tags: tags,
		Summary: "Set P32 opening balances",
		Description: "Body {months: [{taxMonth, note, payeTax, studentLoan, postgraduateLoan, employeeNI, employerNI, smpPaid, sppPaid, sapPaid, shppPaid, " +
			"spbpPaid, sncpPaid, payBill, cisDeductionsSuffered}]} for the tax year of the query: each month given replaces its stored figures (not " +
			"negative; pounds and pence); months not given keep theirs. Answers all twelve months."},
		func(ctx context.Context, in *openingBalancesInput) (*httpapi.BodyOf[employerreturns.P32OpeningBalances], error) {
			r, err := s.SetOpeningBalances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.TaxYear, in.Body)
			return &httpapi.BodyOf[employerreturns.P32OpeningBalances]{Body: r}, err
		})
}
