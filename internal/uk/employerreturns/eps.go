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
)

// EPSNamespace is the namespace of the EPS message.
const EPSNamespace = "http://www.govtalk.gov.uk/taxation/PAYE/RTI/EmployerPaymentSummary/1"

// EPSRequest is the body of POST report/eps and report/eps/epsxml.
type EPSRequest struct {
	TaxYear         string `json:"taxYear" doc:"2026 or 2026/27; default the current tax year"`
	TaxMonth        int    `json:"taxMonth" doc:"1-12 (1 = 6 April to 5 May); required"`
	FinalSubmission bool   `json:"finalSubmission" doc:"the last EPS of the tax year"`
}

// EPSRecoverable are the year-to-date amounts the employer recovers.
type EPSRecoverable struct {
	TaxMonth              int           `xml:"TaxMonth" json:"taxMonth"`
	SMPRecovered          payroll.Money `xml:"SMPRecovered" json:"smpRecovered"`
	SPPRecovered          payroll.Money `xml:"SPPRecovered" json:"sppRecovered"`
	SAPRecovered          payroll.Money `xml:"SAPRecovered" json:"sapRecovered"`
	ShPPRecovered         payroll.Money `xml:"ShPPRecovered" json:"shppRecovered"`
	SPBPRecovered         payroll.Money `xml:"SPBPRecovered" json:"spbpRecovered"`
	SNCPRecovered         payroll.Money `xml:"SNCPRecovered" json:"sncpRecovered"`
	NICCompensationOnSMP  payroll.Money `xml:"NICCompensationOnSMP" json:"nicCompensationOnSMP"`
	NICCompensationOnSPP  payroll.Money `xml:"NICCompensationOnSPP" json:"nicCompensationOnSPP"`
	NICCompensationOnSAP  payroll.Money `xml:"NICCompensationOnSAP" json:"nicCompensationOnSAP"`
	NICCompensationOnShPP payroll.Money `xml:"NICCompensationOnShPP" json:"nicCompensationOnShPP"`
	NICCompensationOnSPBP payroll.Money `xml:"NICCompensationOnSPBP" json:"nicCompensationOnSPBP"`
	NICCompensationOnSNCP payroll.Money `xml:"NICCompensationOnSNCP" json:"nicCompensationOnSNCP"`
	CISDeductionsSuffered payroll.Money `xml:"CISDeductionsSuffered" json:"cisDeductionsSuffered"`
}

// EPSLevy is the apprenticeship levy to date.
type EPSLevy struct {
	TaxMonth    int           `xml:"TaxMonth" json:"taxMonth"`
	LevyDueYTD  payroll.Money `xml:"LevyDueYTD" json:"levyDueYTD"`
	AnnualAllce payroll.Money `xml:"AnnualAllce" json:"annualAllce" doc:"the employer's annual levy allowance"`
}

// EPSNoPayment are the dates of a period nothing was paid in.
type EPSNoPayment struct {
	From string `xml:"From" json:"from"`
	To   string `xml:"To" json:"to"`
}

// EPS is an Employer Payment Summary (IRenvelope / EmployerPaymentSummary).
type EPS struct {
	XMLName             xml.Name         `xml:"IRenvelope" json:"-"`
	Xmlns               string           `xml:"xmlns,attr" json:"-"`
	ID                  int64            `xml:"-" json:"id"`
	TaxYear             int              `xml:"-" json:"taxYear"`
	TaxMonth            int              `xml:"-" json:"taxMonth"`
	PeriodEnd           string           `xml:"IRheader>PeriodEnd" json:"periodEnd" doc:"5 April of the tax year"`
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
	e := EPS{Xmlns: EPSNamespace, TaxYear: y, TaxMonth: m, PeriodEnd: end.Format("2006-01-02"), OfficeNo: h.TaxOfficeNumber,
		PayeRef: h.TaxOfficeReference, AORef: h.AccountsOfficeReference, RelatedTaxYear: fmt.Sprintf("%02d-%02d", y%100, (y+1)%100),
		EmploymentAllowance: p.EmploymentAllowanceClaimed, FinalSubmission: final,
		Recoverable: EPSRecoverable{TaxMonth: m, SMPRecovered: money(rec[0]), SPPRecovered: money(rec[1]), SAPRecovered: money(rec[2]),
			ShPPRecovered: money(rec[3]), SPBPRecovered: money(rec[4]), SNCPRecovered: money(rec[5]),
			NICCompensationOnSMP: money(comp[0]), NICCompensationOnSPP: money(comp[1]), NICCompensationOnSAP: money(comp[2]),
			NICCompensationOnShPP: money(comp[3]), NICCompensationOnSPBP: money(comp[4]), NICCompensationOnSNCP: money(comp[5]),
			CISDeductionsSuffered: money(ytd.cis)},
		ApprenticeshipLevy: EPSLevy{TaxMonth: m, LevyDueYTD: month.ApprenticeshipLevyYTD, AnnualAllce: p.ApprenticeshipLevyAllowance},
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
	d, err := s.load(ctx, biz, y)
	if err != nil {
		return EPS{}, nil, err
	}
	e := buildEPS(d.compute(), d.hmrc, in.TaxMonth, in.FinalSubmission)
	e.CreatedBy, e.CreatedAt = by(p), payroll.NewDateTime(s.Clock.Now())
	// The stored document has no id: reads take it from the row.
	doc, err := json.Marshal(e)
	if err != nil {
		return EPS{}, nil, err
	}
	body, err := epsXML(e)
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

func epsXML(e EPS) ([]byte, error) {
	body, err := xml.MarshalIndent(e, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), body...), nil
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
