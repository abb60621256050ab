package employerreturns

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/rti"
)

// epsNamespaces are the EPS schema's target namespace per tax year (the
// year it starts; docs/reference/uk-rti.md).
var epsNamespaces = map[int]string{
	2025: "http://www.govtalk.gov.uk/taxation/PAYE/RTI/EmployerPaymentSummary/25-26/1",
	2026: "http://www.govtalk.gov.uk/taxation/PAYE/RTI/EmployerPaymentSummary/26-27/1",
}

// EPSRequest is the body of POST report/eps and report/eps/epsxml.
type EPSRequest struct {
	TaxYear         string `json:"taxYear" doc:"2026 or 2026/27; default the current tax year"`
	TaxMonth        int    `json:"taxMonth" doc:"1-12 (1 = 6 April to 5 May); required"`
	FinalSubmission bool   `json:"finalSubmission" doc:"the last EPS of the tax year"`
}

// EPSRecoverable are the year-to-date amounts the employer recovers.
type EPSRecoverable struct {
	TaxMonth              int                `xml:"TaxMonth" json:"taxMonth"`
	SMPRecovered          payroll.FixedMoney `xml:"SMPRecovered" json:"smpRecovered"`
	SPPRecovered          payroll.FixedMoney `xml:"SPPRecovered" json:"sppRecovered"`
	SAPRecovered          payroll.FixedMoney `xml:"SAPRecovered" json:"sapRecovered"`
	ShPPRecovered         payroll.FixedMoney `xml:"ShPPRecovered" json:"shppRecovered"`
	SPBPRecovered         payroll.FixedMoney `xml:"SPBPRecovered" json:"spbpRecovered"`
	SNCPRecovered         payroll.FixedMoney `xml:"SNCPRecovered" json:"sncpRecovered"`
	NICCompensationOnSMP  payroll.FixedMoney `xml:"NICCompensationOnSMP" json:"nicCompensationOnSMP"`
	NICCompensationOnSPP  payroll.FixedMoney `xml:"NICCompensationOnSPP" json:"nicCompensationOnSPP"`
	NICCompensationOnSAP  payroll.FixedMoney `xml:"NICCompensationOnSAP" json:"nicCompensationOnSAP"`
	NICCompensationOnShPP payroll.FixedMoney `xml:"NICCompensationOnShPP" json:"nicCompensationOnShPP"`
	NICCompensationOnSPBP payroll.FixedMoney `xml:"NICCompensationOnSPBP" json:"nicCompensationOnSPBP"`
	NICCompensationOnSNCP payroll.FixedMoney `xml:"NICCompensationOnSNCP" json:"nicCompensationOnSNCP"`
	CISDeductionsSuffered payroll.FixedMoney `xml:"CISDeductionsSuffered" json:"cisDeductionsSuffered"`
}

// EPSLevy is the apprenticeship levy to date.
type EPSLevy struct {
	TaxMonth    int                `xml:"TaxMonth" json:"taxMonth"`
	LevyDueYTD  payroll.FixedMoney `xml:"LevyDueYTD" json:"levyDueYTD"`
	AnnualAllce payroll.FixedMoney `xml:"AnnualAllce" json:"annualAllce" doc:"the employer's annual levy allowance"`
}

// EPSNoPayment are the dates of a period nothing was paid in.
type EPSNoPayment struct {
	From string `xml:"From" json:"from"`
	To   string `xml:"To" json:"to"`
}

// EPS is an Employer Payment Summary (IRenvelope / EmployerPaymentSummary).
type EPS struct {
	XMLName             xml.Name         `xml:"IRenvelope" json:"-"`
	Xmlns               string           `xml:"xmlns,attr" json:"namespace" doc:"the tax year's EPS schema namespace"`
	Header              rti.IRHeader     `xml:"IRheader" json:"-"`
	IRmark              string           `xml:"-" json:"irmark" doc:"base64 SHA-1 of the canonical GovTalk Body (HMRC's IRmark)"`
	ID                  int64            `xml:"-" json:"id"`
	TaxYear             int              `xml:"-" json:"taxYear"`
	TaxMonth            int              `xml:"-" json:"taxMonth"`
	PeriodEnd           string           `xml:"-" json:"periodEnd" doc:"5 April of the tax year"`
	OfficeNo            string           `xml:"EmployerPaymentSummary>EmpRefs>OfficeNo" json:"officeNo"`
	PayeRef             string           `xml:"EmployerPaymentSummary>EmpRefs>PayeRef" json:"payeRef"`
	AORef               string           `xml:"EmployerPaymentSummary>EmpRefs>AORef" json:"aoRef"`
	NoPaymentDates      *EPSNoPayment    `xml:"EmployerPaymentSummary>NoPaymentDates,omitempty" json:"-"`
	NoPaymentForPeriod  bool             `xml:"-" json:"noPaymentForPeriod" doc:"no finalised pay (nor opening balance) in the tax month"`
	EmpAllceIndXML      string           `xml:"EmployerPaymentSummary>EmpAllceInd,omitempty" json:"-"`
	EmploymentAllowance bool             `xml:"-" json:"employmentAllowanceIndicator" doc:"the employment allowance is claimed for the year"`
	Recoverable         EPSRecoverable   `xml:"EmployerPaymentSummary>RecoverableAmountsYTD" json:"recoverableAmountsYTD"`
	LevyXML             *EPSLevy         `xml:"EmployerPaymentSummary>ApprenticeshipLevy,omitempty" json:"-"`
	ApprenticeshipLevy  EPSLevy          `xml:"-" json:"apprenticeshipLevy" doc:"reported when hmrcsettings.requiredToPayApprenticeshipLevy"`
	LevyReported        bool             `xml:"-" json:"apprenticeshipLevyReported"`
	RelatedTaxYear      string           `xml:"EmployerPaymentSummary>RelatedTaxYear" json:"relatedTaxYear" doc:"e.g. 26-27"`
	FinalXML            string           `xml:"EmployerPaymentSummary>FinalSubmission>ForYear,omitempty" json:"-"`
	FinalSubmission     bool             `xml:"-" json:"finalSubmission"`
	CreatedBy           string           `xml:"-" json:"createdBy"`
	CreatedAt           payroll.DateTime `xml:"-" json:"createdAt"`
}

// fixed is m written with two decimals in the XML.
func fixed(m payroll.Money) payroll.FixedMoney { return payroll.FixedMoney{Money: m} }

// buildEPS makes the EPS of tax month m from the computed P32.
func buildEPS(p P32, h uk.UKHmrcSettings, m int, final bool) EPS {
	var ytd amounts
	var rec, comp [nStat]int64
	for _, pm := range p.Months[:m] {
		ytd.add(pm.P32Figures.pence())
		for i := range statNames {
			rec[i] += pm.recovered[i]
			comp[i] += pm.compensation[i]
		}
	}
	month := p.Months[m-1]
	y := p.TaxYear
	_, end := uk.UKTaxYearDates(y)
	e := EPS{Xmlns: epsNamespaces[y], Header: rti.NewIRHeader(h.TaxOfficeNumber, h.TaxOfficeReference, end.Format("2006-01-02")), TaxYear: y, TaxMonth: m, PeriodEnd: end.Format("2006-01-02"), OfficeNo: h.TaxOfficeNumber,
		PayeRef: h.TaxOfficeReference, AORef: h.AccountsOfficeReference, RelatedTaxYear: fmt.Sprintf("%02d-%02d", y%100, (y+1)%100),
		EmploymentAllowance: p.EmploymentAllowanceClaimed, FinalSubmission: final,
		Recoverable: EPSRecoverable{TaxMonth: m, SMPRecovered: fixed(money(rec[0])), SPPRecovered: fixed(money(rec[1])), SAPRecovered: fixed(money(rec[2])),
			ShPPRecovered: fixed(money(rec[3])), SPBPRecovered: fixed(money(rec[4])), SNCPRecovered: fixed(money(rec[5])),
			NICCompensationOnSMP: fixed(money(comp[0])), NICCompensationOnSPP: fixed(money(comp[1])), NICCompensationOnSAP: fixed(money(comp[2])),
			NICCompensationOnShPP: fixed(money(comp[3])), NICCompensationOnSPBP: fixed(money(comp[4])), NICCompensationOnSNCP: fixed(money(comp[5])),
			CISDeductionsSuffered: fixed(money(ytd.cis))},
		ApprenticeshipLevy: EPSLevy{TaxMonth: m, LevyDueYTD: fixed(month.ApprenticeshipLevyYTD), AnnualAllce: fixed(p.ApprenticeshipLevyAllowance)},
		LevyReported:       p.ApprenticeshipLevyApplies}
	if month.PayRunCount == 0 && !month.hasOpening {
		e.NoPaymentForPeriod = true
		e.NoPaymentDates = &EPSNoPayment{From: month.PeriodStart.Time.Format("2006-01-02"), To: month.PeriodEnd.Time.Format("2006-01-02")}
	}
	if e.EmploymentAllowance {
		e.EmpAllceIndXML = "yes"
	}
	if e.LevyReported {
		l := e.ApprenticeshipLevy
		e.LevyXML = &l
	}
	if final {
		e.FinalXML = "yes"
	}
	return e
}

// GenerateEPS builds the EPS of a tax month, stores it under a new id and
// returns it with its XML.
func (s *Service) GenerateEPS(ctx context.Context, biz business.Business, p *payroll.Principal, in EPSRequest) (_ EPS, _ []byte, err error) {
	defer payroll.Wrap(&err, "EPS")
	if err := gate(biz, "EPS submissions"); err != nil {
		return EPS{}, nil, err
	}
	y, err := s.taxYear(in.TaxYear)
	if err != nil {
		return EPS{}, nil, err
	}
	if in.TaxMonth < 1 || in.TaxMonth > 12 {
		return EPS{}, nil, payroll.Invalid("taxMonth", "taxMonth must be between 1 and 12")
	}
	if from, _ := monthDates(y, in.TaxMonth); from.After(s.Clock.Now()) {
		return EPS{}, nil, payroll.Invalid("taxMonth", "tax month %d of %s has not started", in.TaxMonth, uk.UKTaxYearName(y))
	}
	if _, ok := epsNamespaces[y]; !ok {
		return EPS{}, nil, payroll.Conflict("the EPS schema of tax year %s is not known here (known: 2025-26, 2026-27)", uk.UKTaxYearName(y))
	}
	d, err := s.load(ctx, biz, y)
	if err != nil {
		return EPS{}, nil, err
	}
	e := buildEPS(d.compute(), d.hmrc, in.TaxMonth, in.FinalSubmission)
	e.CreatedBy, e.CreatedAt = by(p), payroll.NewDateTime(s.Clock.Now())
	body, mark, err := rti.Message(rti.EPSClass, "", d.hmrc.TaxOfficeNumber, d.hmrc.TaxOfficeReference,
		rti.Sender{ID: d.hmrc.RtiUserID, Test: d.hmrc.RtiTestMode, Now: s.Clock.Now()}, e)
	if err != nil {
		return EPS{}, nil, err
	}
	e.IRmark = mark
	// The stored document has no id: reads take it from the row.
	doc, err := json.Marshal(e)
	if err != nil {
		return EPS{}, nil, err
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		row, err := q.CreateEPSSubmission(ctx, store.CreateEPSSubmissionParams{BusinessID: biz.ID, TaxYear: int64(y), TaxMonth: int64(in.TaxMonth),
			FinalSubmission: in.FinalSubmission, NoPayment: e.NoPaymentForPeriod, Document: string(doc), Xml: string(body), CreatedBy: e.CreatedBy, CreatedAt: s.Clock.Now()})
		e.ID = row.ID
		return err
	})
	if err != nil {
		return EPS{}, nil, err
	}
	return e, body, nil
}

// EPSByID returns a stored EPS.
func (s *Service) EPSByID(ctx context.Context, biz business.Business, id int64) (EPS, []byte, error) {
	if err := gate(biz, "EPS submissions"); err != nil {
		return EPS{}, nil, err
	}
	row, err := s.DB.Queries().GetEPSSubmission(ctx, store.GetEPSSubmissionParams{BusinessID: biz.ID, ID: id})
	if db.IsNoRows(err) {
		return EPS{}, nil, payroll.NotFound("EPS submission")
	}
	if err != nil {
		return EPS{}, nil, err
	}
	var e EPS
	if err := json.Unmarshal([]byte(row.Document), &e); err != nil {
		return EPS{}, nil, fmt.Errorf("EPS %d: %w", id, err)
	}
	e.ID = row.ID
	return e, []byte(row.Xml), nil
}

// ListEPS lists the stored EPS submissions, newest first (taxYear "" =
// every year).
func (s *Service) ListEPS(ctx context.Context, biz business.Business, taxYear string, top, skip int64) ([]EPS, error) {
	if err := gate(biz, "EPS submissions"); err != nil {
		return nil, err
	}
	y := 0
	if taxYear != "" {
		var err error
		if y, err = s.taxYear(taxYear); err != nil {
			return nil, err
		}
	}
	if skip > math.MaxInt32 || top > math.MaxInt32 {
		if skip > math.MaxInt32 { // more than could ever be stored
			return []EPS{}, nil
		}
		top = math.MaxInt32
	}
	rows, err := s.DB.Queries().ListEPSSubmissions(ctx, store.ListEPSSubmissionsParams{BusinessID: biz.ID, TaxYear: int64(y), Lim: int32(top), Off: int32(skip)})
	if err != nil {
		return nil, err
	}
	out := make([]EPS, 0, len(rows))
	for _, r := range rows {
		var e EPS
		if err := json.Unmarshal([]byte(r.Document), &e); err != nil {
			return nil, fmt.Errorf("EPS %d: %w", r.ID, err)
		}
		e.ID = r.ID
		out = append(out, e)
	}
	return out, nil
}
