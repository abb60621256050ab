package auapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// OtherAmounts is OtherAmounts.
type OtherAmounts struct {
	WorkPlaceGiving                          payroll.Money `json:"workPlaceGiving"`
	ExemptForeignExemptIncome                payroll.Money `json:"exemptForeignExemptIncome"`
	DeductibleAmountOfUndeductedAnnuityPrice payroll.Money `json:"deductibleAmountOfUndeductedAnnuityPrice"`
}

// PaymentSummary is PaygPaymentSummaryModel: an individual non-business
// payment summary, or an ETP's (etpSummaries). The whole-dollar members drop the cents, as payment
// summaries show amounts.
type PaymentSummary struct {
	EmployeeID                               int64            `json:"employeeId"`
	EmployingEntityID                        int64            `json:"employingEntityId" doc:"0: the business itself"`
	DateGenerated                            payroll.DateTime `json:"dateGenerated"`
	PaymentSummaryType                       string           `json:"paymentSummaryType" enum:"BusinessAndPersonalServicesIncome,EmployeeTerminationPayment,ForeignEmployment,IndividualNonBusiness,SuperannuationIncomeStream,SuperannuationLumpSum,PayEvent"`
	Status                                   string           `json:"status" enum:"Generated,Published,Unpublished"`
	EtpCode                                  string           `json:"etpCode"`
	IsAmended                                bool             `json:"isAmended" doc:"regenerated after it had been published"`
	PayeeName                                string           `json:"payeeName"`
	PayeeAddress                             string           `json:"payeeAddress"`
	PayeeAddressLine2                        string           `json:"payeeAddressLine2"`
	PayeeSuburb                              string           `json:"payeeSuburb"`
	PayeePostCode                            string           `json:"payeePostCode"`
	PayeeState                               string           `json:"payeeState"`
	PayeeCountry                             string           `json:"payeeCountry"`
	PaymentPeriodStart                       payroll.DateTime `json:"paymentPeriodStart" doc:"the financial year's start, or the employee's start date when later"`
	PaymentPeriodEnd                         payroll.DateTime `json:"paymentPeriodEnd" doc:"the financial year's end, or the employee's end date when earlier"`
	FinancialYearStart                       payroll.DateTime `json:"financialYearStart"`
	FinancialYearEnd                         payroll.DateTime `json:"financialYearEnd"`
	PayeeTaxFileNumber                       string           `json:"payeeTaxFileNumber"`
	TotalTaxWithheld                         int64            `json:"totalTaxWithheld" doc:"whole dollars, including study and training support loan amounts"`
	GrossPayments                            int64            `json:"grossPayments" doc:"whole dollars: taxable earnings (gross less pre-tax deductions other than workplace giving) less Lump Sum A and ETP taxable components"`
	CdepPayments                             int64            `json:"cdepPayments"`
	FringeBenefits                           int64            `json:"fringeBenefits"`
	IsExemptFromFringeBenefitsTax            bool             `json:"isExemptFromFringeBenefitsTax"`
	EmployerSuperContributions               int64            `json:"employerSuperContributions" doc:"reportable employer super contributions, whole dollars: salary sacrificed to super (the super guarantee is not reportable)"`
	TotalAllowances                          int64            `json:"totalAllowances"`
	LumpSumA                                 int64            `json:"lumpSumA"`
	LumpSumB                                 int64            `json:"lumpSumB"`
	LumpSumD                                 int64            `json:"lumpSumD"`
	LumpSumE                                 int64            `json:"lumpSumE"`
	LumpSumAType                             string           `json:"lumpSumAType" doc:"R: Lump Sum A paid for a genuine redundancy, invalidity or an early retirement scheme; T: for any other reason (e.g. leave accrued before 18 August 1993 paid on a resignation); empty without Lump Sum A"`
	NotReportedAmount                        int64            `json:"notReportedAmount"`
	Allowances                               map[string]int64 `json:"allowances"`
	UnionFeeDeductions                       map[string]int64 `json:"unionFeeDeductions"`
	WorkplaceGiving                          int64            `json:"workplaceGiving" doc:"whole dollars: deductions classified WorkplaceGiving, reported apart and not taken out of gross payments"`
	ExemptForeignEmploymentIncome            int64            `json:"exemptForeignEmploymentIncome"`
	DeductibleAmountOfUndeductedAnnuityPrice int64            `json:"deductibleAmountOfUndeductedAnnuityPrice"`
	OtherAmounts                             []OtherAmounts   `json:"otherAmounts"`
	PayerABN                                 string           `json:"payerABN"`
	PayerName                                string           `json:"payerName"`
	PayerBranch                              string           `json:"payerBranch"`
	PayerSignatory                           string           `json:"payerSignatory"`
	PaymentDate                              payroll.DateTime `json:"paymentDate" doc:"the financial year's end"`
	IsTransitionalTerminationPayment         bool             `json:"isTransitionalTerminationPayment"`
	IsPartOfEarlierPayment                   bool             `json:"isPartOfEarlierPayment"`
	TaxableComponent                         int64            `json:"taxableComponent"`
	TaxFreeComponent                         int64            `json:"taxFreeComponent"`
	PayeeABN                                 string           `json:"payeeABN"`
	PaymentType                              string           `json:"paymentType"`
	GrossPaymentType                         string           `json:"grossPaymentType"`
	ForeignTaxPaid                           int64            `json:"foreignTaxPaid"`
	TaxableComponentTaxedElement             int64            `json:"taxableComponentTaxedElement"`
	TaxableComponentUntaxedElement           int64            `json:"taxableComponentUntaxedElement"`
	TaxableComponentTaxFreeComponent         int64            `json:"taxableComponentTaxFreeComponent"`
	TaxableComponentTaxOffsetAmount          int64            `json:"taxableComponentTaxOffsetAmount"`
	LumpSumInArrearsTaxedElement             int64            `json:"lumpSumInArrearsTaxedElement"`
	LumpSumInArrearsUntaxedElement           int64            `json:"lumpSumInArrearsUntaxedElement"`
	LumpSumInArrearsTaxFreeComponent         int64            `json:"lumpSumInArrearsTaxFreeComponent"`
	IsDeathBenefit                           bool             `json:"isDeathBenefit"`
	DeathBenefitType                         string           `json:"deathBenefitType"`
	InputGrossEarnings                       payroll.Money    `json:"inputGrossEarnings" doc:"the gross payments to the cent"`
	InputPreTaxDeductionAmount               payroll.Money    `json:"inputPreTaxDeductionAmount"`
	TotalDeductions                          payroll.Money    `json:"totalDeductions"`
}

// deathBenefitTypes are the death-benefit ETP codes' recipients (ATO,
// STP Phase 2 employer reporting guidelines, ETP codes D, B, N, T).
var deathBenefitTypes = map[string]string{"D": "Dependant", "B": "NonDependant", "N": "NonDependant", "T": "TrusteeOfDeceasedEstate"}

// etpSummaries are s's employment termination payments, each its own
// EmployeeTerminationPayment summary (ATO NAT 70868): the payment date,
// code, components and the PAYG withheld from it, which the individual
// non-business summary's totalTaxWithheld leaves out.
func etpSummaries(inb PaymentSummary, s ess.StoredSummary) []PaymentSummary {
	out := make([]PaymentSummary, 0, len(s.ETPs))
	for _, e := range s.ETPs {
		x := inb
		x.PaymentSummaryType, x.GrossPaymentType, x.PaymentDate = "EmployeeTerminationPayment", "", payroll.NewDateTime(e.PaymentDate)
		x.TotalTaxWithheld, x.GrossPayments, x.InputGrossEarnings = dollars(e.TaxWithheld), 0, payroll.Money{}
		x.LumpSumA, x.LumpSumB, x.LumpSumD, x.LumpSumE, x.LumpSumAType, x.EmployerSuperContributions = 0, 0, 0, 0, "", 0
		x.Allowances, x.TotalAllowances, x.UnionFeeDeductions, x.WorkplaceGiving = map[string]int64{}, 0, map[string]int64{}, 0
		x.EtpCode, x.TaxableComponent, x.TaxFreeComponent = e.Code, dollars(e.Taxable), dollars(e.TaxFree)
		x.DeathBenefitType, x.IsDeathBenefit = deathBenefitTypes[e.Code], deathBenefitTypes[e.Code] != ""
		out = append(out, x)
	}
	return out
}

// dollars drops the cents of m.
func dollars(m payroll.Money) int64 { return m.MinorUnits() / 100 }

func paymentSummary(s ess.StoredSummary, payer, abn string) PaymentSummary {
	m := &s.Employee.Members
	start, end := s.Start, s.End
	if !m.StartDate.IsZero() && m.StartDate.After(start) && !m.StartDate.After(end) {
		start = m.StartDate.Time
	}
	if !m.EndDate.IsZero() && m.EndDate.Before(end) && !m.EndDate.Before(start) {
		end = m.EndDate.Time
	}
	entity, _ := strconv.ParseInt(m.EmployingEntityID, 10, 64)
	out := PaymentSummary{EmployeeID: s.Employee.ID, EmployingEntityID: entity, DateGenerated: payroll.NewDateTime(s.DateGenerated),
		PaymentSummaryType: "IndividualNonBusiness", Status: s.Status, IsAmended: s.IsAmended,
		PayeeName: strings.TrimSpace(m.FirstName + " " + m.Surname), PayeeAddress: m.ResidentialStreetAddress, PayeeAddressLine2: m.ResidentialAddressLine2,
		PayeeSuburb: m.ResidentialSuburb, PayeePostCode: m.ResidentialPostCode, PayeeState: m.ResidentialState, PayeeCountry: m.ResidentialCountry,
		PaymentPeriodStart: payroll.NewDateTime(start), PaymentPeriodEnd: payroll.NewDateTime(end), FinancialYearStart: payroll.NewDateTime(s.Start),
		FinancialYearEnd: payroll.NewDateTime(s.End), PayeeTaxFileNumber: m.TaxFileNumber, TotalTaxWithheld: dollars(s.TaxWithheld),
		GrossPayments: dollars(s.Gross), Allowances: map[string]int64{}, UnionFeeDeductions: map[string]int64{}, OtherAmounts: []OtherAmounts{},
		PayerABN: abn, PayerName: payer, PaymentDate: payroll.NewDateTime(s.End), GrossPaymentType: "Salary", InputGrossEarnings: s.Gross,
		LumpSumA: dollars(s.LumpSumA), LumpSumD: dollars(s.LumpSumD), EmployerSuperContributions: dollars(s.RESC)}
	if len(s.ETPs) == 0 && (s.ETPTaxable.IsPos() || s.ETPTaxFree.IsPos()) {
		// Generated before ETPs had their own summaries: as it was then.
		out.EtpCode, out.TaxableComponent, out.TaxFreeComponent = s.ETPCode, dollars(s.ETPTaxable), dollars(s.ETPTaxFree)
	}
	out.LumpSumAType = s.LumpSumAType
	if s.LumpSumA.IsPos() && out.LumpSumAType == "" {
		out.LumpSumAType = "R" // generated before the type was kept: what it said then
	}
	out.LumpSumB, out.LumpSumE = dollars(s.LumpSumB), dollars(s.LumpSumE)
	for name, a := range s.Allowances {
		out.Allowances[name] = dollars(a)
		out.TotalAllowances += dollars(a)
	}
	for name, a := range s.UnionFees {
		out.UnionFeeDeductions[name] = dollars(a)
	}
	var giving payroll.Money
	for _, a := range s.WorkplaceGiving {
		giving = giving.Add(a)
	}
	out.WorkplaceGiving = dollars(giving) // whole dollars of the year's total
	return out
}

type summaryIn struct {
	httpapi.BusinessPath
	EmployeeID        int64 `query:"employeeId" doc:"only this employee"`
	EmployingEntityID int64 `query:"employingEntityId" doc:"only the employees of this employing entity"`
	LocationID        int64 `query:"locationId" doc:"only the employees with this location"`
}

type summaryListIn struct {
	summaryIn
	httpapi.ODataQuery
}

func (in *summaryIn) selection() (ess.SummarySelection, error) {
	for _, c := range []struct {
		n string
		v int64
	}{{"employeeId", in.EmployeeID}, {"employingEntityId", in.EmployingEntityID}, {"locationId", in.LocationID}} {
		if c.v < 0 {
			return ess.SummarySelection{}, payroll.Invalid(c.n, "%s must not be negative", c.n)
		}
	}
	return ess.SummarySelection{EmployeeID: in.EmployeeID, EmployingEntityID: in.EmployingEntityID, LocationID: in.LocationID}, nil
}

func registerPaymentSummaries(a *httpapi.API, s *ess.Payslips) {
	tags := []string{"Payment Summary"}
	biz := httpapi.CurrentBusiness
	p := payroll.PrincipalFrom
	const path = "/api/v2/business/{businessId}/paymentsummary/{financialYearEnding}"
	const machine = " AU. One individual non-business payment summary per employee with finalised pay in the financial year ending 30 June of " +
		"financialYearEnding: the year totals of the finalised pay runs (the figures self-service shows), frozen when generated; after it, one " +
		"EmployeeTerminationPayment summary per employment termination payment (payment date and ETP code) with its components and the tax " +
		"withheld from it, which the individual non-business totalTaxWithheld leaves out (ATO NAT 70868). States: " +
		"PUT generates (Generated; a summary that had been published comes back isAmended), POST publishes (generating first where needed), " +
		"DELETE unpublishes (Unpublished); PUT never changes a Published summary. Self-service shows a year's summary only while it is Published " +
		"(a year never generated shows the live year totals). Of two racing requests on the same summary one wins, the other is a 409. " +
		"employeeId, employingEntityId and locationId narrow the employees; a restricted user with ViewEmployeeDetails lists their employees' summaries only; generating, publishing and unpublishing need unrestricted access."
	year := func(ctx context.Context) (int, error) {
		y, err := httpapi.PathID(ctx, "financialYearEnding", "financial year")
		if err != nil {
			return 0, payroll.Invalid("financialYearEnding", "financialYearEnding must be a year such as 2027")
		}
		return int(y), nil
	}
	wire := func(ctx context.Context, list []ess.StoredSummary) []PaymentSummary {
		b := biz(ctx)
		out := make([]PaymentSummary, 0, len(list))
		for _, x := range list {
			inb := paymentSummary(x, b.Name, b.Details.ABN)
			out = append(append(out, inb), etpSummaries(inb, x)...)
		}
		return out
	}
	op := func(method, summary, doc string) huma.Operation {
		return huma.Operation{Method: method, Path: path, Tags: tags, Summary: summary, Description: doc + machine, Parameters: httpapi.PathParams("financialYearEnding")}
	}
	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), op(http.MethodGet, "List payment summaries", "The year's generated summaries, by employee id; supports OData $filter, $orderby, $top, $skip."),
		func(ctx context.Context, in *summaryListIn) (*httpapi.BodyOf[[]PaymentSummary], error) {
			y, err := year(ctx)
			if err != nil {
				return nil, err
			}
			sel, err := in.selection()
			if err != nil {
				return nil, err
			}
			list, err := s.StoredSummaries(ctx, biz(ctx), p(ctx), y, sel)
			if err != nil {
				return nil, err
			}
			out, err := httpapi.ApplyOData(&in.ODataQuery, wire(ctx, list))
			return &httpapi.BodyOf[[]PaymentSummary]{Body: out}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, op(http.MethodPut, "Generate payment summaries",
		"Generates (or regenerates) the selected employees' summaries; answers the first one written (by employee id), or 404 when no selected employee "+
			"has finalised pay in the year or all their summaries are published."),
		func(ctx context.Context, in *summaryIn) (*httpapi.BodyOf[PaymentSummary], error) {
			y, err := year(ctx)
			if err != nil {
				return nil, err
			}
			sel, err := in.selection()
			if err != nil {
				return nil, err
			}
			list, err := s.GenerateSummaries(ctx, biz(ctx), p(ctx), y, sel, false)
			if err != nil {
				return nil, err
			}
			out := wire(ctx, list)
			for _, x := range out {
				if x.Status == ess.SummaryGenerated {
					return &httpapi.BodyOf[PaymentSummary]{Body: x}, nil
				}
			}
			return nil, payroll.NotFound("payment summary to generate")
		})
	httpapi.Register(a, httpapi.BusinessAdmin, op(http.MethodPost, "Publish payment summaries", "Publishes the selected employees' summaries and answers them."),
		func(ctx context.Context, in *summaryIn) (*httpapi.BodyOf[[]PaymentSummary], error) {
			y, err := year(ctx)
			if err != nil {
				return nil, err
			}
			sel, err := in.selection()
			if err != nil {
				return nil, err
			}
			list, err := s.GenerateSummaries(ctx, biz(ctx), p(ctx), y, sel, true)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]PaymentSummary]{Body: wire(ctx, list)}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, op(http.MethodDelete, "Unpublish payment summaries", "Unpublishes the selected employees' published summaries and answers them."),
		func(ctx context.Context, in *summaryIn) (*httpapi.BodyOf[[]PaymentSummary], error) {
			y, err := year(ctx)
			if err != nil {
				return nil, err
			}
			sel, err := in.selection()
			if err != nil {
				return nil, err
			}
			list, err := s.UnpublishSummaries(ctx, biz(ctx), p(ctx), y, sel)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]PaymentSummary]{Body: wire(ctx, list)}, nil
		})
}
