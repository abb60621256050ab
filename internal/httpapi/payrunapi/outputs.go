package payrunapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
)

// registerOutputs serves what a pay run produces: payments, bank files,
// payslip PDFs, the journal and its export, warnings, approval requests
// and the explanation of a payslip's statutory figures.
func registerOutputs(a *httpapi.API, s *payrun.Service) {
	o := payrunout.NewOutputs(s)
	tags := []string{"Pay Run"}
	biz := httpapi.CurrentBusiness
	runID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "payRunId", "pay run") }
	runAnd := func(ctx context.Context, name, what string) (int64, int64, error) {
		id, err := runID(ctx)
		if err != nil {
			return 0, 0, err
		}
		other, err := httpapi.PathID(ctx, name, what)
		return id, other, err
	}

	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/payments", Tags: tags,
		Summary: "Get a pay run's payments", Description: "Each employee's net pay plus reimbursements split over their bank accounts (E/bankaccount, else the employee's bankAccount1..3 members): fixed amounts, then percentages, then the balance account. Pay no account takes is a CashOrCheque payment; a negative net pay pays nothing.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]payrunout.BankPaymentModel], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := o.Payments(ctx, biz(ctx), id)
			return &httpapi.BodyOf[[]payrunout.BankPaymentModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/paymentfiles", Tags: tags,
		Summary: "List a pay run's bank files", Description: "Beyond the reference: the bank files the run can be downloaded as, one per bank file settings record of the business's region (B/aba, B/bacs, B/paymentfiles), with the download path. The ids are the settings records' ids, so they stay the same for every run.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]payrunout.PaymentFileModel], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := o.PaymentFiles(ctx, biz(ctx), id)
			return &httpapi.BodyOf[[]payrunout.PaymentFileModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/file/aba/{abaId}", Tags: tags,
		Summary: "Get a pay run's ABA file", Description: "The BECS direct entry (ABA) file of a finalised run's electronic payments, written with the business's ABA settings record abaId (B/aba). The same run and settings always give the same bytes. A draft run answers 409.", Parameters: httpapi.PathParams("payRunId", "abaId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			id, aba, err := runAnd(ctx, "abaId", "ABA setting")
			if err != nil {
				return nil, err
			}
			f, err := o.BankFile(ctx, biz(ctx), id, payrunout.FileABA, aba)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, f.ContentType, f.Data), nil
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/file/bankpayment/{paymentFileId}", Tags: tags,
		Summary: "Get a pay run's bank payment file", Description: "The bank file of a finalised run's electronic payments in the format of the business's region, written with its settings record paymentFileId: AU an ABA record (B/aba), UK a BACS record (B/bacs, Standard 18), SG a payment file record (B/paymentfiles, fileFormat DBS: DBS IDEAL GIRO). A draft run answers 409; a format this service does not write is a 400 naming fileFormat.", Parameters: httpapi.PathParams("payRunId", "paymentFileId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			id, pf, err := runAnd(ctx, "paymentFileId", "payment file")
			if err != nil {
				return nil, err
			}
			f, err := o.BankFile(ctx, biz(ctx), id, payrunout.FileBankPayment, pf)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, f.ContentType, f.Data), nil
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/file/paydayfiling", Tags: tags,
		Summary: "Get a pay run's NZ payday filing (EI) file", Description: "Beyond the reference: the Employment Information file an NZ employer uploads to Inland Revenue (myIR) for the run's paydate, in IR's payday filing layout (header HEI2: the employer's IRD number and payroll contact from the employing entity with an irdNumber, and the totals; one DEI line per employee: IRD number, tax code, pay period, hours, taxable gross, PAYE, student loan, KiwiSaver, net employer KiwiSaver, ESCT; amounts in cents). A draft run, or a record the file needs that is missing (the employer's IRD number, the payroll contact, an employee's tax code), answers 409 naming it.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			f, err := o.PaydayFiling(ctx, biz(ctx), id)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, f.ContentType, f.Data), nil
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/file/payslip/{employeeId}", Tags: tags,
		Summary: "Get an employee's payslip PDF", Description: "The payslip of P/payslips/{employeeId} as a PDF; the same payslip always renders to the same bytes.", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			id, e, err := runAnd(ctx, "employeeId", "employee in this pay run")
			if err != nil {
				return nil, err
			}
			f, err := o.PaySlipPDF(ctx, biz(ctx), id, e)
			if err != nil {
				return nil, err
			}
			out := httpapi.NewFileOutput(f.Name, "application/pdf", f.Data)
			return out, nil
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/payslips/{employeeId}/explain", Tags: tags,
		Summary: "Explain an employee's payslip", Description: "Every statutory figure of the payslip (tax, super, National Insurance, KiwiSaver, CPF...) recomputed with the rule, source and intermediate terms that produced it, and the calculation's inputs (earnings, pre-tax deductions, the employee's statutory settings, year-to-date). matchesPaySlip says whether the figures equal the payslip's.", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrun.ExplainModel], error) {
			id, e, err := runAnd(ctx, "employeeId", "employee in this pay run")
			if err != nil {
				return nil, err
			}
			r, err := o.Explain(ctx, biz(ctx), id, e)
			return &httpapi.BodyOf[payrun.ExplainModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/journal/{payRunId}", Tags: tags,
		Summary: "Get a pay run's journal", Description: "The run's journal lines posted to the business's chart of accounts (a category's own mapping, then the default accounts); amount is signed (debits positive, credits negative) and debits equal credits to the cent. An account the chart does not map is a 400 naming the chart's member.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]payrunout.JournalItem], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := o.Journal(ctx, biz(ctx), id)
			return &httpapi.BodyOf[[]payrunout.JournalItem]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/exportjournal", Tags: tags,
		Summary: "Export a pay run's journal", Description: "Records that the finalised run's journal was exported, with the business's journal service setting. Each finalisation exports once: again answers 409 (unlock and finalise to export again); a draft run answers 409. A chart of accounts that cannot post the journal answers status FailureAccountsNotConfigured.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrunout.JournalExport], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := o.ExportJournal(ctx, biz(ctx), id)
			return &httpapi.BodyOf[payrunout.JournalExport]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/warnings", Tags: tags,
		Summary: "List a pay run's warnings", Description: "Computed: pay that could not be calculated, negative net pay, pay without a bank account, missing TFN / tax code / NI number / IRD number, expired NRIC, hourly pay below the minimum wage, terminated employees, duplicate earnings lines, an overlapping draft run of the schedule, birthdays and work anniversaries in the period.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]payrun.WarningModel], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := o.Warnings(ctx, biz(ctx), id)
			return &httpapi.BodyOf[[]payrun.WarningModel]{Body: r}, err
		})
	start := func(kind string) func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrunout.ApprovalModel], error) {
		return func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrunout.ApprovalModel], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := o.StartApproval(ctx, biz(ctx), id, kind)
			return &httpapi.BodyOf[payrunout.ApprovalModel]{Body: r}, err
		}
	}
	approval := "Starts the approval process of a draft run: the request is stored as pending. A finalised run, or an approval already started, answers 409."
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/approval/start", Tags: tags,
		Summary: "Start a pay run's approval", Description: approval, Parameters: httpapi.PathParams("payRunId")}, start(payrunout.ApprovalRun))
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/payroll/internal/business/{businessId}/payrun/{payRunId}/approval/start", Tags: tags,
		Summary: "Start a pay run's approval (internal path)", Description: approval, Parameters: httpapi.PathParams("payRunId")}, start(payrunout.ApprovalRun))
	httpapi.Register(a, httpapi.OnPayRun(business.ApprovePayments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/paymentapproval/start", Tags: tags,
		Summary: "Start a pay run's payment approval", Description: "Starts the payment approval process of a draft run: the request is stored as pending. A finalised run, or a payment approval already started, answers 409.", Parameters: httpapi.PathParams("payRunId")},
		start(payrunout.ApprovalPayment))
}
