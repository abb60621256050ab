package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// EssDocument is EssDocumentModel.
type EssDocument struct {
	ID                              string           `json:"id"`
	FriendlyName                    string           `json:"friendlyName"`
	DateCreated                     payroll.DateTime `json:"dateCreated"`
	RequiresEmployeeAcknowledgement bool             `json:"requiresEmployeeAcknowledgement"`
	DateAcknowledged                payroll.DateTime `json:"dateAcknowledged" nullable:"true" doc:"null until the employee acknowledges"`
}

func essDocument(d ess.Document) EssDocument {
	out := EssDocument{ID: ess.DocumentID(d.ID), FriendlyName: d.FriendlyName, DateCreated: payroll.NewDateTime(d.Created),
		RequiresEmployeeAcknowledgement: d.RequiresEmployeeAcknowledgement}
	if !d.Acknowledged.IsZero() {
		out.DateAcknowledged = payroll.NewDateTime(d.Acknowledged)
	}
	return out
}

// EssPayslip is EssPayslipModel.
type EssPayslip struct {
	ID                  int64                 `json:"id" doc:"the pay run's id (E/document/payslip/{payrunId} downloads it)"`
	EmployeeID          int64                 `json:"employeeId"`
	PaySchedule         string                `json:"paySchedule"`
	DatePaid            payroll.DateTimeOrMin `json:"datePaid"`
	PayPeriodStart      payroll.DateTimeOrMin `json:"payPeriodStart"`
	PayPeriodEnd        payroll.DateTimeOrMin `json:"payPeriodEnd"`
	NetPay              payroll.Money         `json:"netPay" doc:"net earnings plus reimbursements: what was paid, as the payslip PDF shows"`
	PayerName           string                `json:"payerName"`
	PayerAbn            string                `json:"payerAbn"`
	PayerBusinessNumber string                `json:"payerBusinessNumber"`
}

func essPayslip(p ess.Payslip) EssPayslip {
	return EssPayslip{ID: p.PayRunID, EmployeeID: p.EmployeeID, PaySchedule: p.PaySchedule, DatePaid: orMin(payroll.NewDateTime(p.DatePaid)),
		PayPeriodStart: orMin(payroll.NewDateTime(p.Start)), PayPeriodEnd: orMin(payroll.NewDateTime(p.End)), NetPay: p.NetPay, PayerName: p.PayerName,
		PayerAbn: p.PayerABN, PayerBusinessNumber: p.PayerABN}
}

// EssPaymentSummary is EssPaymentSummaryModel.
type EssPaymentSummary struct {
	ID      int64  `json:"id"`
	Period  string `json:"period"`
	IsEtp   bool   `json:"isEtp"`
	EtpCode string `json:"etpCode"`
}

type documentInput struct{ httpapi.ESSPath }

func documentID(ctx context.Context) (int64, error) {
	rc := chi.RouteContext(ctx)
	if rc == nil {
		return 0, payroll.NotFound("document")
	}
	return ess.ParseDocumentID(rc.URLParam("documentId"))
}

func registerDocuments(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service: Documents"}
	biz := httpapi.CurrentBusiness
	visible := "The documents an employee sees: the business documents shown to everyone, to one of their locations (primary or other) or to an " +
		"employee group they are in, and their own employee documents marked visible (qualification documents are shown with the qualification)."
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDocuments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document", Tags: tags,
		Summary: "List documents", Description: visible + " Oldest first."},
		func(ctx context.Context, in *documentInput) (*httpapi.BodyOf[[]EssDocument], error) {
			ds, err := d.Documents.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			if err != nil {
				return nil, err
			}
			out := make([]EssDocument, 0, len(ds))
			for _, x := range ds {
				out = append(out, essDocument(x))
			}
			return &httpapi.BodyOf[[]EssDocument]{Body: out}, nil
		})
	one := huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/{documentId}", Tags: tags,
		Summary: "Get document details", Description: visible + " Any other document is 404.", Parameters: httpapi.PathParams("documentId")}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDocuments), one,
		func(ctx context.Context, in *documentInput) (*httpapi.BodyOf[EssDocument], error) {
			id, err := documentID(ctx)
			if err != nil {
				return nil, err
			}
			doc, err := d.Documents.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssDocument]{Body: essDocument(doc)}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDocuments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/download/{documentId}", Tags: tags,
		Summary: "Download document", Description: "The file exactly as uploaded, of a document the employee sees (404 otherwise).", Parameters: httpapi.PathParams("documentId")},
		func(ctx context.Context, in *documentInput) (*httpapi.FileOutput, error) {
			id, err := documentID(ctx)
			if err != nil {
				return nil, err
			}
			f, err := d.Documents.Content(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, f.ContentType, f.Data), nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeDocuments), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/document/acknowledge/{documentId}", Tags: tags,
		Summary: "Acknowledge document",
		Description: "Records that the employee has read a document they see that requires acknowledgement (409 when it does not); the documentAcknowledgements " +
			"report shows it. Acknowledging again keeps the first date. A business user acting through self-service acknowledges on the employee's behalf.",
		Parameters: httpapi.PathParams("documentId")},
		func(ctx context.Context, in *documentInput) (*httpapi.BodyOf[EssDocument], error) {
			id, err := documentID(ctx)
			if err != nil {
				return nil, err
			}
			doc, err := d.Documents.Acknowledge(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssDocument]{Body: essDocument(doc)}, nil
		})

	register2FA(a, httpapi.SelfService(business.ViewEmployeeDetails), "/api/v2/ess/{employeeId}/document/payslip/swagrequired2fa", huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/payslip", Tags: tags,
		Summary: "List payslips",
		Description: "The employee's published payslips: one per finalised pay run that pays them whose pay slips were published; latest paid first. " +
			"payerAbn and payerBusinessNumber are the business's ABN (its business number)."},
		func(ctx context.Context, in *documentInput) (*httpapi.BodyOf[[]EssPayslip], error) {
			ps, err := d.Payslips.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			if err != nil {
				return nil, err
			}
			out := make([]EssPayslip, 0, len(ps))
			for _, p := range ps {
				out = append(out, essPayslip(p))
			}
			return &httpapi.BodyOf[[]EssPayslip]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/payslip/{payrunId}", Tags: tags,
		Summary: "Get payslip by pay run", Description: "The employee's published payslip of the pay run as a PDF (the business's payslip PDF); 404 when the run " +
			"is not finalised, its pay slips are not published or it does not pay the employee.", Parameters: httpapi.PathParams("payrunId")},
		func(ctx context.Context, in *documentInput) (*httpapi.FileOutput, error) {
			run, err := httpapi.PathID(ctx, "payrunId", "published payslip")
			if err != nil {
				return nil, err
			}
			f, err := d.Payslips.PDF(ctx, biz(ctx), principal(ctx), in.EmployeeID, run)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, "application/pdf", f.Data), nil
		})

	// Year-end documents.
	register2FA(a, httpapi.SelfService(business.ViewEmployeeDetails), "/api/v2/ess/{employeeId}/document/paymentsummaries/swagrequired2fa", huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/paymentsummaries", Tags: tags,
		Summary: "List payment summaries",
		Description: "AU: one per financial year (1 July to 30 June) in which finalised pay runs paid the employee, latest first; id is the year it ends in, " +
			"and the year still running is marked year to date. The figures are sums of those runs (gross payments: taxable earnings; tax withheld " +
			"including study loan amounts, not from ETPs). After a year's entry, one per employment termination payment of the year (isEtp, etpCode; " +
			"ATO NAT 70868) with the year's id: that year's PDF has a section per ETP with the tax withheld from it. Other regions: an empty list."},
		func(ctx context.Context, in *documentInput) (*httpapi.BodyOf[[]EssPaymentSummary], error) {
			list, err := d.Payslips.PaymentSummaries(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			if err != nil {
				return nil, err
			}
			out := make([]EssPaymentSummary, 0, len(list))
			for _, s := range list {
				out = append(out, EssPaymentSummary{ID: s.ID, Period: s.Period()})
				for _, e := range s.ETPs {
					out = append(out, EssPaymentSummary{ID: s.ID, Period: s.Period(), IsEtp: true, EtpCode: e.Code})
				}
			}
			return &httpapi.BodyOf[[]EssPaymentSummary]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/paymentsummary/{documentId}", Tags: tags,
		Summary: "Get payment summary PDF", Description: "The payment summary of the financial year documentId (as listed) as a PDF: gross payments, tax withheld " +
			"and super guarantee contributions; 404 for a year without finalised pay.", Parameters: httpapi.PathParams("documentId")},
		func(ctx context.Context, in *documentInput) (*httpapi.FileOutput, error) {
			year, err := httpapi.PathID(ctx, "documentId", "payment summary")
			if err != nil {
				return nil, err
			}
			name, data, err := d.Payslips.PaymentSummaryPDF(ctx, biz(ctx), principal(ctx), in.EmployeeID, year)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(name, "application/pdf", data), nil
		})
	noYearEnd := func(ctx context.Context, in *documentInput) (*httpapi.BodyOf[[]EssPaymentSummary], error) {
		if _, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), in.EmployeeID); err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[[]EssPaymentSummary]{Body: []EssPaymentSummary{}}, nil
	}
	noYearEndFile := func(what string) func(ctx context.Context, in *documentInput) (*httpapi.FileOutput, error) {
		return func(ctx context.Context, in *documentInput) (*httpapi.FileOutput, error) {
			if _, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), in.EmployeeID); err != nil {
				return nil, err
			}
			return nil, payroll.NotFound(what)
		}
	}
	ecDoc := "Always an empty list: this service issues no earnings certificates (the year-end documents it keeps are the AU payment summaries " +
		"above and the statutory reports, e.g. P60 in the UK)."
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/earningscertificates", Tags: tags,
		Summary: "List earnings certificates", Description: ecDoc}, noYearEnd)
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/document/earningscertificate/{documentId}", Tags: tags,
		Summary: "Get earnings certificate", Description: "404: there are no earnings certificates (see the list).", Parameters: httpapi.PathParams("documentId")},
		noYearEndFile("earnings certificate"))
}
