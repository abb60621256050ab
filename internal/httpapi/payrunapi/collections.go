package payrunapi

// The pay run's other inclusion collections (employee expenses, employer
// liabilities, PAYG/tax/PAYE, super, SDL and HMRC adjustments, voluntary
// CPF, benefits, leave accrued) on the earnings-line machinery, and the
// run-level actions net to gross, terminate, UI unlock state and bulk
// leave application.

import (
	"context"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
)

// LineBase is what every submitted line may carry besides its own members.
type LineBase struct {
	ID         int64  `json:"id,omitempty"`
	ExternalID string `json:"externalId,omitempty" maxLength:"50"`
	LocationID string `json:"locationId,omitempty"`
	Notes      string `json:"notes,omitempty" maxLength:"500"`
}

func (b LineBase) in() payrun.LineIn {
	return payrun.LineIn{ID: b.ID, ExternalID: b.ExternalID, LocationID: b.LocationID, Notes: b.Notes}
}

// EmployeeExpenseIn is a submitted employee expense.
type EmployeeExpenseIn struct {
	LineBase
	EmployeeExpenseCategoryID string         `json:"employeeExpenseCategoryId,omitempty"`
	Amount                    *payroll.Money `json:"amount,omitempty"`
	TaxCode                   string         `json:"taxCode,omitempty" maxLength:"50"`
}

// EmployeeExpenseModel is an employee expense of a run (paid with net pay;
// not part of gross or taxable pay).
type EmployeeExpenseModel struct {
	payrun.LineOut
	EmployeeExpenseCategoryID   string        `json:"employeeExpenseCategoryId"`
	EmployeeExpenseCategoryName string        `json:"employeeExpenseCategoryName"`
	Amount                      payroll.Money `json:"amount"`
	TaxCode                     string        `json:"taxCode"`
	TaxCodeDisplayName          string        `json:"taxCodeDisplayName"`
	// Reporting dimensions are not taken on pay run expenses: always empty.
	ReportingDimensionValueIDs   []int64             `json:"reportingDimensionValueIds"`
	ReportingDimensionValueNames map[string][]string `json:"reportingDimensionValueNames"`
}

// SubmitEmployeeExpensesRequest is SubmitPayRunEmployeeExpenseRequest.
type SubmitEmployeeExpensesRequest struct {
	PayRunID                      int64                          `json:"payRunId,omitempty"`
	EmployeeIDType                string                         `json:"employeeIdType,omitempty" enum:"Standard,External"`
	LocationIDType                string                         `json:"locationIdType,omitempty" enum:"Standard,External"`
	EmployeeExpenseCategoryIDType string                         `json:"employeeExpenseCategoryIdType,omitempty" enum:"Standard,External"`
	ReplaceExisting               bool                           `json:"replaceExisting,omitempty"`
	SuppressCalculations          bool                           `json:"suppressCalculations,omitempty"`
	Expenses                      map[string][]EmployeeExpenseIn `json:"expenses,omitempty"`
}

// EmployeeExpensesResponse is PayRunEmployeeExpenseResponse.
type EmployeeExpensesResponse struct {
	PayRunID         int64                             `json:"payRunId"`
	EmployeeExpenses map[string][]EmployeeExpenseModel `json:"employeeExpenses"`
}

// EmployerLiabilityIn is a submitted employer liability.
type EmployerLiabilityIn struct {
	LineBase
	EmployerLiabilityCategoryID string         `json:"employerLiabilityCategoryId,omitempty"`
	Amount                      *payroll.Money `json:"amount,omitempty"`
}

// EmployerLiabilityModel is an employer liability of a run (an employer
// cost in the totals: neither gross nor net).
type EmployerLiabilityModel struct {
	payrun.LineOut
	EmployerLiabilityCategoryID   string        `json:"employerLiabilityCategoryId"`
	EmployerLiabilityCategoryName string        `json:"employerLiabilityCategoryName"`
	Amount                        payroll.Money `json:"amount"`
}

// SubmitEmployerLiabilitiesRequest is SubmitPayRunEmployerLiabilityRequest.
type SubmitEmployerLiabilitiesRequest struct {
	PayRunID                        int64                            `json:"payRunId,omitempty"`
	EmployeeIDType                  string                           `json:"employeeIdType,omitempty" enum:"Standard,External"`
	EmployerLiabilityCategoryIDType string                           `json:"employerLiabilityCategoryIdType,omitempty" enum:"Standard,External"`
	ReplaceExisting                 bool                             `json:"replaceExisting,omitempty"`
	SuppressCalculations            bool                             `json:"suppressCalculations,omitempty"`
	EmployerLiabilities             map[string][]EmployerLiabilityIn `json:"employerLiabilities,omitempty"`
}

// EmployerLiabilitiesResponse is PayRunEmployerLiabilityResponse.
type EmployerLiabilitiesResponse struct {
	PayRunID            int64                               `json:"payRunId"`
	EmployerLiabilities map[string][]EmployerLiabilityModel `json:"employerLiabilities"`
}

// AdjustmentIn is a submitted adjustment (PAYG, tax, PAYE, SDL, super,
// voluntary CPF): an amount, with a contribution type where the
// collection has one.
type AdjustmentIn struct {
	LineBase
	Amount           *payroll.Money `json:"amount,omitempty"`
	ContributionType string         `json:"contributionType,omitempty" doc:"super adjustments: SuperGuarantee (default), SalarySacrifice, MemberVoluntary, EmployerContribution, NonRescEmployerContribution; voluntary CPF: Employee (default) or Employer"`
}

// AdjustmentModel is an adjustment of a run (PaygAdjustmentModel and the
// other regions' adjustments).
type AdjustmentModel struct {
	payrun.LineOut
	Amount payroll.Money `json:"amount"`
}

// SuperAdjustmentModel is a super adjustment (or voluntary CPF line) of a run.
type SuperAdjustmentModel struct {
	payrun.LineOut
	Amount           payroll.Money `json:"amount"`
	ContributionType string        `json:"contributionType"`
}

// BenefitModel is a benefit in kind of a run.
type BenefitModel struct {
	payrun.LineOut
	BenefitCategoryID   string        `json:"benefitCategoryId"`
	BenefitCategoryName string        `json:"benefitCategoryName"`
	Amount              payroll.Money `json:"amount"`
}

// AdjustmentRequest is the envelope of the adjustment collections; each
// collection's dictionary member is named in its own type below.
type AdjustmentRequest struct {
	PayRunID             int64  `json:"payRunId,omitempty"`
	EmployeeIDType       string `json:"employeeIdType,omitempty" enum:"Standard,External"`
	ReplaceExisting      bool   `json:"replaceExisting,omitempty"`
	SuppressCalculations bool   `json:"suppressCalculations,omitempty"`
}

// SubmitPaygAdjustmentsRequest is SubmitPayRunPaygAdjustmentRequest.
type SubmitPaygAdjustmentsRequest struct {
	AdjustmentRequest
	PaygAdjustments map[string][]AdjustmentIn `json:"paygAdjustments,omitempty"`
}

// SubmitTaxAdjustmentsRequest is the tax adjustment submission (SG).
type SubmitTaxAdjustmentsRequest struct {
	AdjustmentRequest
	TaxAdjustments map[string][]AdjustmentIn `json:"taxAdjustments,omitempty"`
}

// SubmitSdlAdjustmentsRequest is the SDL adjustment submission (SG).
type SubmitSdlAdjustmentsRequest struct {
	AdjustmentRequest
	SdlAdjustments map[string][]AdjustmentIn `json:"sdlAdjustments,omitempty"`
}

// SubmitSuperAdjustmentsRequest is SubmitPayRunSuperAdjustmentRequest.
type SubmitSuperAdjustmentsRequest struct {
	AdjustmentRequest
	SuperAdjustments map[string][]AdjustmentIn `json:"superAdjustments,omitempty"`
}

// SubmitVoluntaryCpfRequest is the voluntary CPF submission (SG).
type SubmitVoluntaryCpfRequest struct {
	AdjustmentRequest
	VoluntaryCpf map[string][]AdjustmentIn `json:"voluntaryCpf,omitempty"`
}

// PaygAdjustmentsResponse is PayRunPaygAdjustmentResponse.
type PaygAdjustmentsResponse struct {
	PayRunID        int64                        `json:"payRunId"`
	PaygAdjustments map[string][]AdjustmentModel `json:"paygAdjustments"`
}

// TaxAdjustmentsResponse lists tax adjustments (SG).
type TaxAdjustmentsResponse struct {
	PayRunID       int64                        `json:"payRunId"`
	TaxAdjustments map[string][]AdjustmentModel `json:"taxAdjustments"`
}

// PayeAdjustmentsResponse lists PAYE adjustments (UK, NZ).
type PayeAdjustmentsResponse struct {
	PayRunID        int64                        `json:"payRunId"`
	PayeAdjustments map[string][]AdjustmentModel `json:"payeAdjustments"`
}

// SdlAdjustmentsResponse lists SDL adjustments (SG).
type SdlAdjustmentsResponse struct {
	PayRunID       int64                        `json:"payRunId"`
	SdlAdjustments map[string][]AdjustmentModel `json:"sdlAdjustments"`
}

// HmrcAdjustmentsResponse lists HMRC adjustments (UK).
type HmrcAdjustmentsResponse struct {
	PayRunID        int64                        `json:"payRunId"`
	HmrcAdjustments map[string][]AdjustmentModel `json:"hmrcAdjustments"`
}

// SuperAdjustmentsResponse is PayRunSuperAdjustmentResponse.
type SuperAdjustmentsResponse struct {
	PayRunID         int64                             `json:"payRunId"`
	SuperAdjustments map[string][]SuperAdjustmentModel `json:"superAdjustments"`
}

// VoluntaryCpfResponse lists voluntary CPF contributions (SG).
type VoluntaryCpfResponse struct {
	PayRunID     int64                             `json:"payRunId"`
	VoluntaryCpf map[string][]SuperAdjustmentModel `json:"voluntaryCpf"`
}

// BenefitsResponse lists benefits in kind (UK).
type BenefitsResponse struct {
	PayRunID int64                     `json:"payRunId"`
	Benefits map[string][]BenefitModel `json:"benefits"`
}

// LeaveAccrualIn is SaveLeaveAccrualModel.
type LeaveAccrualIn struct {
	AccrualType         string        `json:"accrualType,omitempty" enum:"LeaveAccrued,LeaveTaken,LeaveAdjustment" doc:"default LeaveAccrued"`
	Notes               string        `json:"notes,omitempty" maxLength:"500"`
	Amount              *payroll.Rate `json:"amount,omitempty" doc:"in the leave category's unit (hours); negative only for LeaveAdjustment"`
	LeaveCategoryID     int64         `json:"leaveCategoryId,omitempty"`
	ApplyLeaveLoading   bool          `json:"applyLeaveLoading,omitempty" doc:"accepted; leave loading is not calculated"`
	AdjustEarnings      bool          `json:"adjustEarnings,omitempty" doc:"accepted; earnings are not adjusted from leave lines"`
	ExternalReferenceID string        `json:"externalReferenceId,omitempty" maxLength:"50"`
}

// SubmitLeaveAccrualsRequest is SubmitLeaveAccrualsModel.
type SubmitLeaveAccrualsRequest struct {
	ReplaceExisting      bool                        `json:"replaceExisting,omitempty"`
	EmployeeIDType       string                      `json:"employeeIdType,omitempty" enum:"Standard,External"`
	SuppressCalculations bool                        `json:"suppressCalculations,omitempty"`
	Leave                map[string][]LeaveAccrualIn `json:"leave,omitempty"`
}

// LeaveAccrualModel is a leave accrual line of a run.
type LeaveAccrualModel struct {
	ID                int64        `json:"id"`
	LeaveCategoryName string       `json:"leaveCategoryName"`
	LeaveCategoryID   string       `json:"leaveCategoryId"`
	Amount            payroll.Rate `json:"amount"`
	Notes             string       `json:"notes"`
	AccrualType       string       `json:"accrualType" enum:"LeaveAccrued,LeaveTaken,LeaveAdjustment"`
}

// LeaveAccrualResponse is LeaveAccrualResponse.
type LeaveAccrualResponse struct {
	PayRunID int64                          `json:"payRunId"`
	Leave    map[string][]LeaveAccrualModel `json:"leave"`
}

// convert maps each employee's lines to a collection's wire model.
func convert[M any](in map[string][]payrun.LineOut, f func(payrun.LineOut) M) map[string][]M {
	out := make(map[string][]M, len(in))
	for k, ls := range in {
		list := make([]M, len(ls))
		for i, l := range ls {
			list[i] = f(l)
		}
		out[k] = list
	}
	return out
}

func adjustments(in map[string][]AdjustmentIn, withType bool) map[string][]payrun.LineIn {
	out := make(map[string][]payrun.LineIn, len(in))
	for k, ls := range in {
		list := make([]payrun.LineIn, len(ls))
		for i, l := range ls {
			list[i] = l.in()
			list[i].Amount = l.Amount
			if withType {
				list[i].Subtype = l.ContributionType
			}
		}
		out[k] = list
	}
	return out
}

func adjustment(l payrun.LineOut) AdjustmentModel {
	return AdjustmentModel{LineOut: l, Amount: l.Amount}
}

func superAdjustment(l payrun.LineOut) SuperAdjustmentModel {
	return SuperAdjustmentModel{LineOut: l, Amount: l.Amount, ContributionType: l.Subtype}
}

func (r AdjustmentRequest) submission(kind, member string, lines map[string][]payrun.LineIn) payrun.Submission {
	return payrun.Submission{Kind: kind, Member: member, EmployeeIDType: r.EmployeeIDType, ReplaceExisting: r.ReplaceExisting,
		SuppressCalculations: r.SuppressCalculations, Lines: lines}
}

type submitInput[B any] struct {
	httpapi.BusinessPath
	Body    B
	RawBody []byte
}

// lineHandlers are the four operations of a collection: list, list one
// employee's, submit, delete one line by id.
type lineHandlers[B any, R any] struct {
	s    *payrun.Service
	kind string
	out  func(id int64, lines map[string][]payrun.LineOut) R
	sub  func(b *B) payrun.Submission
}

func (h lineHandlers[B, R]) list(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[R], error) {
	id, err := httpapi.PathID(ctx, "payRunId", "pay run")
	if err != nil {
		return nil, err
	}
	l, err := h.s.Lines(ctx, httpapi.CurrentBusiness(ctx), id, h.kind, 0)
	return &httpapi.BodyOf[R]{Body: h.out(id, l)}, err
}

func (h lineHandlers[B, R]) ofEmployee(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[R], error) {
	id, err := httpapi.PathID(ctx, "payRunId", "pay run")
	if err != nil {
		return nil, err
	}
	e, err := httpapi.PathID(ctx, "employeeId", "employee in this pay run")
	if err != nil {
		return nil, err
	}
	l, err := h.s.Lines(ctx, httpapi.CurrentBusiness(ctx), id, h.kind, e)
	return &httpapi.BodyOf[R]{Body: h.out(id, l)}, err
}

func (h lineHandlers[B, R]) submit(ctx context.Context, in *submitInput[B]) (*httpapi.BodyOf[R], error) {
	id, err := httpapi.PathID(ctx, "payRunId", "pay run")
	if err != nil {
		return nil, err
	}
	l, err := h.s.Submit(ctx, httpapi.CurrentBusiness(ctx), id, h.sub(&in.Body))
	return &httpapi.BodyOf[R]{Body: h.out(id, l)}, err
}

func (h lineHandlers[B, R]) remove(ctx context.Context, in *lineIDInput) (*struct{}, error) {
	id, err := httpapi.PathID(ctx, "payRunId", "pay run")
	if err != nil {
		return nil, err
	}
	return nil, h.s.DeleteLine(ctx, httpapi.CurrentBusiness(ctx), id, h.kind, in.ID)
}

// collectionOps are the paths and words of one collection's operations.
type collectionOps struct {
	list, ofEmployee string // full literal paths
	what             string // "employee expenses"
	post             string // description of the submission
}

func registerLines[B any, R any](a *httpapi.API, ops collectionOps, h lineHandlers[B, R], write bool) {
	tags := []string{"Pay Run"}
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: ops.list, Tags: tags,
		Summary: "List a pay run's " + ops.what, Description: "Keyed by employee id.", Parameters: httpapi.PathParams("payRunId")}, h.list)
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: ops.ofEmployee, Tags: tags,
		Summary: "List an employee's " + ops.what + " in a pay run", Parameters: httpapi.PathParams("payRunId", "employeeId")}, h.ofEmployee)
	if !write {
		return
	}
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: ops.list, Tags: tags,
		Summary:     "Add " + ops.what + " to a pay run",
		Description: ops.post + " Lines are keyed by employee id (employeeIdType External: external id); replaceExisting first removes the employees' lines of this collection; each employee is recalculated unless suppressCalculations. A finalised run answers 409.",
		Parameters:  httpapi.PathParams("payRunId")}, h.submit)
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: ops.list, Tags: tags,
		Summary: "Delete one of a pay run's " + ops.what, Description: "The line with the id in the query; its employee is recalculated. A finalised run answers 409.",
		Parameters: httpapi.PathParams("payRunId")}, h.remove)
}

type netToGrossInput struct {
	httpapi.BusinessPath
	Body    payrun.NetToGrossRequest
	RawBody []byte
}

type terminateInput struct {
	httpapi.BusinessPath
	Body    payrun.TerminateRequest
	RawBody []byte
}

type bulkApplyInput struct {
	httpapi.BusinessPath
	Body    payrun.BulkApplyLeaveRequest
	RawBody []byte
}

type uiUnlockInput struct {
	httpapi.BusinessPath
	Body struct {
		EnableUIUnlock bool `json:"enableUIUnlock,omitempty"`
	}
	RawBody []byte
}

func registerCollections(a *httpapi.API, s *payrun.Service) {
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/EmployeeExpenses",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/EmployeeExpenses/{employeeId}", what: "employee expenses",
		post: "expenses: each line an employeeExpenseCategoryId (employeeExpenseCategoryIdType External: external id), a non-negative amount, an optional taxCode. Expenses are paid with net pay (bank payments = net + expenses) and are neither gross nor taxable pay."},
		lineHandlers[SubmitEmployeeExpensesRequest, EmployeeExpensesResponse]{s: s, kind: pay.KindExpense,
			out: func(id int64, l map[string][]payrun.LineOut) EmployeeExpensesResponse {
				return EmployeeExpensesResponse{PayRunID: id, EmployeeExpenses: convert(l, func(l payrun.LineOut) EmployeeExpenseModel {
					return EmployeeExpenseModel{LineOut: l, EmployeeExpenseCategoryID: l.CategoryID, EmployeeExpenseCategoryName: l.CategoryName,
						Amount: l.Amount, TaxCode: l.Subtype, TaxCodeDisplayName: l.Subtype, ReportingDimensionValueIDs: []int64{},
						ReportingDimensionValueNames: map[string][]string{}}
				})}
			},
			sub: func(b *SubmitEmployeeExpensesRequest) payrun.Submission {
				lines := make(map[string][]payrun.LineIn, len(b.Expenses))
				for k, ls := range b.Expenses {
					lines[k] = make([]payrun.LineIn, 0, len(ls))
					for _, l := range ls {
						in := l.in()
						in.CategoryID, in.Amount, in.Subtype = l.EmployeeExpenseCategoryID, l.Amount, l.TaxCode
						lines[k] = append(lines[k], in)
					}
				}
				return payrun.Submission{Kind: pay.KindExpense, Member: "expenses", EmployeeIDType: b.EmployeeIDType,
					CategoryIDType: b.EmployeeExpenseCategoryIDType, ReplaceExisting: b.ReplaceExisting, SuppressCalculations: b.SuppressCalculations, Lines: lines}
			}}, true)

	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/employerliabilities",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/employerliabilities/{employeeId}", what: "employer liabilities",
		post: "employerLiabilities: each line an employerLiabilityCategoryId (employerLiabilityCategoryIdType External: external id) and a non-negative amount. Liabilities are employer costs: in the totals, neither gross nor net."},
		lineHandlers[SubmitEmployerLiabilitiesRequest, EmployerLiabilitiesResponse]{s: s, kind: pay.KindLiability,
			out: func(id int64, l map[string][]payrun.LineOut) EmployerLiabilitiesResponse {
				return EmployerLiabilitiesResponse{PayRunID: id, EmployerLiabilities: convert(l, func(l payrun.LineOut) EmployerLiabilityModel {
					return EmployerLiabilityModel{LineOut: l, EmployerLiabilityCategoryID: l.CategoryID, EmployerLiabilityCategoryName: l.CategoryName, Amount: l.Amount}
				})}
			},
			sub: func(b *SubmitEmployerLiabilitiesRequest) payrun.Submission {
				lines := make(map[string][]payrun.LineIn, len(b.EmployerLiabilities))
				for k, ls := range b.EmployerLiabilities {
					lines[k] = make([]payrun.LineIn, 0, len(ls))
					for _, l := range ls {
						in := l.in()
						in.CategoryID, in.Amount = l.EmployerLiabilityCategoryID, l.Amount
						lines[k] = append(lines[k], in)
					}
				}
				return payrun.Submission{Kind: pay.KindLiability, Member: "employerLiabilities", EmployeeIDType: b.EmployeeIDType,
					CategoryIDType: b.EmployerLiabilityCategoryIDType, ReplaceExisting: b.ReplaceExisting, SuppressCalculations: b.SuppressCalculations, Lines: lines}
			}}, true)

	taxNote := " Tax adjustments are added to the income tax withheld (negative amounts reduce it), so they change net pay; P/paygadjustments (AU), P/taxadjustments and P/payeadjustments are one collection."
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/paygadjustments",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/paygadjustments/{employeeId}", what: "PAYG adjustments",
		post: "paygAdjustments: each line an amount." + taxNote},
		lineHandlers[SubmitPaygAdjustmentsRequest, PaygAdjustmentsResponse]{s: s, kind: pay.KindTaxAdjustment,
			out: func(id int64, l map[string][]payrun.LineOut) PaygAdjustmentsResponse {
				return PaygAdjustmentsResponse{PayRunID: id, PaygAdjustments: convert(l, adjustment)}
			},
			sub: func(b *SubmitPaygAdjustmentsRequest) payrun.Submission {
				return b.submission(pay.KindTaxAdjustment, "paygAdjustments", adjustments(b.PaygAdjustments, false))
			}}, true)
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/taxadjustments",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/taxadjustments/{employeeId}", what: "tax adjustments",
		post: "taxAdjustments: each line an amount." + taxNote},
		lineHandlers[SubmitTaxAdjustmentsRequest, TaxAdjustmentsResponse]{s: s, kind: pay.KindTaxAdjustment,
			out: func(id int64, l map[string][]payrun.LineOut) TaxAdjustmentsResponse {
				return TaxAdjustmentsResponse{PayRunID: id, TaxAdjustments: convert(l, adjustment)}
			},
			sub: func(b *SubmitTaxAdjustmentsRequest) payrun.Submission {
				return b.submission(pay.KindTaxAdjustment, "taxAdjustments", adjustments(b.TaxAdjustments, false))
			}}, true)
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/payeadjustments",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/payeadjustments/{employeeId}", what: "PAYE adjustments"},
		lineHandlers[struct{}, PayeAdjustmentsResponse]{s: s, kind: pay.KindTaxAdjustment,
			out: func(id int64, l map[string][]payrun.LineOut) PayeAdjustmentsResponse {
				return PayeAdjustmentsResponse{PayRunID: id, PayeAdjustments: convert(l, adjustment)}
			}}, false)
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/sdladjustments",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/sdladjustments/{employeeId}", what: "SDL adjustments",
		post: "sdlAdjustments: each line an amount (may be negative), added to the Skills Development Levy: an employer cost, neither gross nor net."},
		lineHandlers[SubmitSdlAdjustmentsRequest, SdlAdjustmentsResponse]{s: s, kind: pay.KindSDLAdjustment,
			out: func(id int64, l map[string][]payrun.LineOut) SdlAdjustmentsResponse {
				return SdlAdjustmentsResponse{PayRunID: id, SdlAdjustments: convert(l, adjustment)}
			},
			sub: func(b *SubmitSdlAdjustmentsRequest) payrun.Submission {
				return b.submission(pay.KindSDLAdjustment, "sdlAdjustments", adjustments(b.SdlAdjustments, false))
			}}, true)
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/superadjustments",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/superadjustments/{employeeId}", what: "super adjustments",
		post: "superAdjustments: each line an amount (may be negative) and a contributionType (SuperGuarantee by default, SalarySacrifice, MemberVoluntary, EmployerContribution, NonRescEmployerContribution), added to the super contribution; SalarySacrifice is also taken from pay before tax, MemberVoluntary after tax."},
		lineHandlers[SubmitSuperAdjustmentsRequest, SuperAdjustmentsResponse]{s: s, kind: pay.KindSuperAdjustment,
			out: func(id int64, l map[string][]payrun.LineOut) SuperAdjustmentsResponse {
				return SuperAdjustmentsResponse{PayRunID: id, SuperAdjustments: convert(l, superAdjustment)}
			},
			sub: func(b *SubmitSuperAdjustmentsRequest) payrun.Submission {
				return b.submission(pay.KindSuperAdjustment, "superAdjustments", adjustments(b.SuperAdjustments, true))
			}}, true)
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/voluntarycpf",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/voluntarycpf/{employeeId}", what: "voluntary CPF contributions",
		post: "voluntaryCpf: each line a non-negative amount and a contributionType: Employee (the default; withheld from pay like CPF) or Employer (an employer cost)."},
		lineHandlers[SubmitVoluntaryCpfRequest, VoluntaryCpfResponse]{s: s, kind: pay.KindVoluntaryCPF,
			out: func(id int64, l map[string][]payrun.LineOut) VoluntaryCpfResponse {
				return VoluntaryCpfResponse{PayRunID: id, VoluntaryCpf: convert(l, superAdjustment)}
			},
			sub: func(b *SubmitVoluntaryCpfRequest) payrun.Submission {
				return b.submission(pay.KindVoluntaryCPF, "voluntaryCpf", adjustments(b.VoluntaryCpf, true))
			}}, true)
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/hmrcadjustments",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/hmrcadjustments/{employeeId}", what: "HMRC adjustments"},
		lineHandlers[struct{}, HmrcAdjustmentsResponse]{s: s, kind: pay.KindHMRCAdjustment,
			out: func(id int64, l map[string][]payrun.LineOut) HmrcAdjustmentsResponse {
				return HmrcAdjustmentsResponse{PayRunID: id, HmrcAdjustments: convert(l, adjustment)}
			}}, false)
	registerLines(a, collectionOps{list: "/api/v2/business/{businessId}/payrun/{payRunId}/benefits",
		ofEmployee: "/api/v2/business/{businessId}/payrun/{payRunId}/benefits/{employeeId}", what: "benefits"},
		lineHandlers[struct{}, BenefitsResponse]{s: s, kind: pay.KindBenefit,
			out: func(id int64, l map[string][]payrun.LineOut) BenefitsResponse {
				return BenefitsResponse{PayRunID: id, Benefits: convert(l, func(l payrun.LineOut) BenefitModel {
					return BenefitModel{LineOut: l, BenefitCategoryID: l.CategoryID, BenefitCategoryName: l.CategoryName, Amount: l.Amount}
				})}
			}}, false)

	registerLeave(a, s)
	registerActions(a, s)
}

func leaveResponse(id int64, l map[string][]payrun.LineOut, includeTaken bool) LeaveAccrualResponse {
	out := LeaveAccrualResponse{PayRunID: id, Leave: make(map[string][]LeaveAccrualModel, len(l))}
	for k, ls := range l {
		list := make([]LeaveAccrualModel, 0, len(ls))
		for _, x := range ls {
			if x.Subtype == "LeaveTaken" && !includeTaken {
				continue
			}
			list = append(list, LeaveAccrualModel{ID: x.ID, LeaveCategoryName: x.CategoryName, LeaveCategoryID: x.CategoryID, Amount: x.Units,
				Notes: x.Notes, AccrualType: x.Subtype})
		}
		out.Leave[k] = list
	}
	return out
}

type leaveListInput struct {
	httpapi.BusinessPath
	IncludeLeaveTaken bool `query:"includeLeaveTaken" doc:"also list LeaveTaken lines"`
}

func registerLeave(a *httpapi.API, s *payrun.Service) {
	tags := []string{"Pay Run"}
	list := func(ctx context.Context, in *leaveListInput, employeeID bool) (*httpapi.BodyOf[LeaveAccrualResponse], error) {
		id, err := httpapi.PathID(ctx, "payRunId", "pay run")
		if err != nil {
			return nil, err
		}
		var e int64
		if employeeID {
			if e, err = httpapi.PathID(ctx, "employeeId", "employee in this pay run"); err != nil {
				return nil, err
			}
		}
		l, err := s.Lines(ctx, httpapi.CurrentBusiness(ctx), id, pay.KindLeave, e)
		return &httpapi.BodyOf[LeaveAccrualResponse]{Body: leaveResponse(id, l, in.IncludeLeaveTaken)}, err
	}
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/leaveaccrued", Tags: tags,
		Summary: "List a pay run's leave accruals", Description: "Keyed by employee id; LeaveTaken lines only with includeLeaveTaken.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *leaveListInput) (*httpapi.BodyOf[LeaveAccrualResponse], error) {
			return list(ctx, in, false)
		})
	httpapi.Register(a, httpapi.OnPayRun(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/leaveaccrued/{employeeId}", Tags: tags,
		Summary: "List an employee's leave accruals in a pay run", Parameters: httpapi.PathParams("payRunId", "employeeId")},
		func(ctx context.Context, in *leaveListInput) (*httpapi.BodyOf[LeaveAccrualResponse], error) {
			return list(ctx, in, true)
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/leaveaccrued", Tags: tags,
		Summary:     "Add leave accruals to a pay run",
		Description: "leave keyed by employee id: each line a leaveCategoryId, an amount in the category's unit and an accrualType (LeaveAccrued by default, LeaveTaken, LeaveAdjustment). The lines carry no money; they are the run's leave movements. replaceExisting and suppressCalculations as for the other collections; a finalised run answers 409.",
		Parameters:  httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *submitInput[SubmitLeaveAccrualsRequest]) (*httpapi.BodyOf[LeaveAccrualResponse], error) {
			id, err := httpapi.PathID(ctx, "payRunId", "pay run")
			if err != nil {
				return nil, err
			}
			b := in.Body
			lines := make(map[string][]payrun.LineIn, len(b.Leave))
			for k, ls := range b.Leave {
				lines[k] = make([]payrun.LineIn, 0, len(ls))
				for _, l := range ls {
					li := payrun.LineIn{ExternalID: l.ExternalReferenceID, Notes: l.Notes, Units: l.Amount, Subtype: l.AccrualType}
					if l.LeaveCategoryID != 0 {
						li.CategoryID = strconv.FormatInt(l.LeaveCategoryID, 10)
					}
					lines[k] = append(lines[k], li)
				}
			}
			out, err := s.Submit(ctx, httpapi.CurrentBusiness(ctx), id, payrun.Submission{Kind: pay.KindLeave, Member: "leave", EmployeeIDType: b.EmployeeIDType,
				ReplaceExisting: b.ReplaceExisting, SuppressCalculations: b.SuppressCalculations, Lines: lines})
			return &httpapi.BodyOf[LeaveAccrualResponse]{Body: leaveResponse(id, out, true)}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/leaveaccrued", Tags: tags,
		Summary: "Delete one of a pay run's leave accruals", Description: "The line with the id in the query. A finalised run answers 409.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *lineIDInput) (*struct{}, error) {
			id, err := httpapi.PathID(ctx, "payRunId", "pay run")
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteLine(ctx, httpapi.CurrentBusiness(ctx), id, pay.KindLeave, in.ID)
		})
}

func registerActions(a *httpapi.API, s *payrun.Service) {
	tags := []string{"Pay Run"}
	runID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "payRunId", "pay run") }
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/nettogross", Tags: tags,
		Summary: "Gross up a net amount", Description: "The gross earnings of a new line in payCategoryId that adds exactly netAmount to the net pay of the employee whose row in the run is payRunTotalId, with their other lines, year-to-date and the region's calculation; nothing is stored. When tax rounding makes the exact net unreachable, the smallest gross that reaches it. A finalised run answers 409.",
		Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *netToGrossInput) (*httpapi.BodyOf[payrun.NetToGrossModel], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.NetToGross(ctx, httpapi.CurrentBusiness(ctx), id, in.Body)
			return &httpapi.BodyOf[payrun.NetToGrossModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/terminate", Tags: tags,
		Summary: "Terminate an employee in a pay run", Description: "The employee (in the run) is terminated on terminationDate for terminationReason (EmployeeTerminated), and the run's details show the termination. A finalised run, or an employee already terminated, answers 409.",
		Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *terminateInput) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Terminate(ctx, httpapi.CurrentBusiness(ctx), id, in.Body)
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/bulkapplyleaverequests", Tags: tags,
		Summary: "Apply leave requests to a pay run", Description: "Each approved leave request of an employee in the run becomes a LeaveTaken line of the run's leave accruals (P/leaveaccrued) for the hours earlier runs have not paid (alignToPayRunPeriod: the share of its calendar days inside the pay period); applying one again replaces its line. Requests that cannot be applied are listed in failedLeaveRequests with the reason; updatedPayRunTotals are the rows of the employees changed. A finalised run answers 409.",
		Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *bulkApplyInput) (*httpapi.BodyOf[payrun.ApplyLeaveRequestResult], error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.BulkApplyLeaveRequests(ctx, httpapi.CurrentBusiness(ctx), id, in.Body)
			return &httpapi.BodyOf[payrun.ApplyLeaveRequestResult]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/setuiunlockstate", Tags: tags,
		Summary: "Set whether a finalised pay run can be unlocked in the UI", Description: "Stored on the run and audited. Applies to finalised runs only: a draft run answers 409.",
		Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, in *uiUnlockInput) (*struct{}, error) {
			id, err := runID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.SetUIUnlockState(ctx, httpapi.CurrentBusiness(ctx), id, in.Body.EnableUIUnlock)
		})
}
