package rti

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

// Service generates and keeps FPS submissions.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
	UK        *uk.UKCollections
}

// Namespace of the FPS message (the tax year's schema version goes in
// RelatedTaxYear).
const Namespace = "http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/1"

// FPS is the submission (IRenvelope / FullPaymentSubmission).
type FPS struct {
	XMLName        xml.Name      `xml:"IRenvelope" json:"-"`
	Xmlns          string        `xml:"xmlns,attr" json:"-"`
	TransactionID  string        `xml:"IRheader>TransactionId" json:"transactionId"`
	PeriodEnd      string        `xml:"IRheader>PeriodEnd" json:"periodEnd" doc:"5 April of the tax year"`
	PayRunID       int64         `xml:"-" json:"payRunId"`
	OfficeNo       string        `xml:"FullPaymentSubmission>EmpRefs>OfficeNo" json:"officeNo"`
	PayeRef        string        `xml:"FullPaymentSubmission>EmpRefs>PayeRef" json:"payeRef"`
	AORef          string        `xml:"FullPaymentSubmission>EmpRefs>AORef" json:"aoRef"`
	RelatedTaxYear string        `xml:"FullPaymentSubmission>RelatedTaxYear" json:"relatedTaxYear" doc:"e.g. 26-27"`
	Employees      []FPSEmployee `xml:"FullPaymentSubmission>Employee" json:"employees"`
}

// FPSEmployee is one employee's part of the FPS.
type FPSEmployee struct {
	NINO        string        `xml:"EmployeeDetails>NINO,omitempty" json:"nino"`
	Forename    string        `xml:"EmployeeDetails>Name>Fore" json:"forename"`
	Surname     string        `xml:"EmployeeDetails>Name>Sur" json:"surname"`
	AddressLine []string      `xml:"EmployeeDetails>Address>Line" json:"addressLines"`
	Postcode    string        `xml:"EmployeeDetails>Address>UKPostcode,omitempty" json:"postcode"`
	BirthDate   string        `xml:"EmployeeDetails>BirthDate,omitempty" json:"birthDate"`
	Gender      string        `xml:"EmployeeDetails>Gender,omitempty" json:"gender" doc:"M or F"`
	EmployeeID  int64         `xml:"-" json:"employeeId"`
	PayID       string        `xml:"Employment>PayId" json:"payId"`
	LeavingDate string        `xml:"Employment>LeavingDate,omitempty" json:"leavingDate" doc:"when the employee has left; empty otherwise"`
	ToDate      FPSToDate     `xml:"Employment>FiguresToDate" json:"figuresToDate"`
	Payment     FPSPayment    `xml:"Employment>Payment" json:"payment"`
	NI          []FPSNILetter `xml:"Employment>NIlettersAndValues" json:"niLettersAndValues"`
}

// FPSToDate are the year-to-date figures, this payment included.
type FPSToDate struct {
	TaxablePay      payroll.Money `xml:"TaxablePay" json:"taxablePay"`
	TotalTax        payroll.Money `xml:"TotalTax" json:"totalTax"`
	StudentLoansTD  payroll.Money `xml:"StudentLoansTD" json:"studentLoansTD" doc:"whole pounds"`
	PostGradLoansTD payroll.Money `xml:"PostGradLoansTD" json:"postGradLoansTD" doc:"whole pounds"`
	SMPYTD          payroll.Money `xml:"SMPYTD" json:"smpytd"`
	SPPYTD          payroll.Money `xml:"SPPYTD" json:"sppytd"`
	SAPYTD          payroll.Money `xml:"SAPYTD" json:"sapytd"`
	ShPPYTD         payroll.Money `xml:"ShPPYTD" json:"shppytd"`
	SPBPYTD         payroll.Money `xml:"SPBPYTD" json:"spbpytd"`
	SNCPYTD         payroll.Money `xml:"SNCPYTD" json:"sncpytd"`
}

// FPSPayment is this run's payment.
type FPSPayment struct {
	PayFreq           string        `xml:"PayFreq" json:"payFreq" enum:"W1,W2,W4,M1,M3" doc:"W1 weekly, W2 fortnightly, W4 four-weekly, M1 monthly, M3 quarterly"`
	PmtDate           string        `xml:"PmtDate" json:"pmtDate"`
	WeekNo            int           `xml:"WeekNo,omitempty" json:"weekNo"`
	MonthNo           int           `xml:"MonthNo,omitempty" json:"monthNo"`
	PeriodsCovered    int           `xml:"PeriodsCovered" json:"periodsCovered"`
	TaxCode           FPSTaxCode    `xml:"TaxCode" json:"taxCode"`
	TaxablePay        payroll.Money `xml:"TaxablePay" json:"taxablePay"`
	PayAfterStatDedns payroll.Money `xml:"PayAfterStatDedns" json:"payAfterStatDedns" doc:"net pay"`
	StudentLoan       *FPSLoan      `xml:"StudentLoanRecovered,omitempty" json:"-"`
	StudentLoanPlan   string        `xml:"-" json:"studentLoanPlan" doc:"RTI plan type 01, 02, 04 or 05; empty without a plan"`
	StudentLoanAmount payroll.Money `xml:"-" json:"studentLoanRecovered" doc:"whole pounds"`
	PostGradLoan      payroll.Money `xml:"PostGradLoanRecovered" json:"postGradLoanRecovered"`
	TaxDeducted       payroll.Money `xml:"TaxDeductedOrRefunded" json:"taxDeductedOrRefunded"`
}

// TaxCode is the code operated and whether on the week 1/month 1 basis.
type FPSTaxCode struct {
	NonCumulative string `xml:"BasisNonCumulative,attr,omitempty" json:"basisNonCumulative" doc:"yes when week 1/month 1"`
	Code          string `xml:",chardata" json:"code"`
}

// Loan is a student loan deduction with its plan.
type FPSLoan struct {
	PlanType string        `xml:"PlanType,attr" json:"planType" doc:"01, 02, 04 or 05"`
	Amount   payroll.Money `xml:",chardata" json:"amount" doc:"whole pounds"`
}

// FPSNILetter is NI of one category letter in the period and to date.
type FPSNILetter struct {
	Letter          string        `xml:"NIletter" json:"niLetter"`
	GrossInPd       payroll.Money `xml:"GrossEarningsForNICsInPd" json:"grossEarningsForNICsInPd"`
	GrossYTD        payroll.Money `xml:"GrossEarningsForNICsYTD" json:"grossEarningsForNICsYTD"`
	AtLELYTD        payroll.Money `xml:"AtLELYTD" json:"atLELYTD"`
	LELtoPTYTD      payroll.Money `xml:"LELtoPTYTD" json:"lelToPTYTD"`
	PTtoUELYTD      payroll.Money `xml:"PTtoUELYTD" json:"ptToUELYTD"`
	TotalEmpNICInPd payroll.Money `xml:"TotalEmpNICInPd" json:"totalEmpNICInPd" doc:"employer and employee NI of the period"`
	TotalEmpNICYTD  payroll.Money `xml:"TotalEmpNICYTD" json:"totalEmpNICYTD"`
	EmpeeInPd       payroll.Money `xml:"EmpeeContribnsInPd" json:"empeeContribnsInPd"`
	EmpeeYTD        payroll.Money `xml:"EmpeeContribnsYTD" json:"empeeContribnsYTD"`
}

var payFreq = map[string]string{"Weekly": "W1", "Fortnightly": "W2", "FourWeekly": "W4", "Monthly": "M1", "Quarterly": "M3"}

func money(p int64) payroll.Money { return payroll.MoneyFromMinor(p) }

// Generate builds the FPS of finalised pay run runID, stores it under a
// new transaction id and returns it with its XML.
func (s *Service) Generate(ctx context.Context, biz business.Business, p *payroll.Principal, runID int64) (_ FPS, _ []byte, err error) {
	defer payroll.Wrap(&err, "FPS of pay run %d", runID)
	if !record.RegionIn([]string{"UK"}, biz.Region) {
		return FPS{}, nil, record.RegionError("FPS", []string{"UK"}, biz)
	}
	if runID <= 0 {
		return FPS{}, nil, payroll.Invalid("payRunId", "payRunId is required")
	}
	q := s.DB.Queries()
	run, err := q.GetUKFormsPayRun(ctx, store.GetUKFormsPayRunParams{BusinessID: biz.ID, ID: runID})
	if db.IsNoRows(err) {
		return FPS{}, nil, payroll.NotFound("pay run")
	}
	if err != nil {
		return FPS{}, nil, err
	}
	if run.Status != "Finalised" {
		return FPS{}, nil, payroll.Conflict("pay run %d is not finalised: an FPS reports finalised pay", runID)
	}
	freq, ok := payFreq[run.Frequency]
	if !ok {
		return FPS{}, nil, payroll.Conflict("pay run %d has a frequency (%s) RTI has no code for", runID, run.Frequency)
	}
	y := uk.UKTaxYearOf(run.DatePaid)
	from, end := uk.UKTaxYearDates(y)
	rows, err := q.UKFormsYearRuns(ctx, store.UKFormsYearRunsParams{BusinessID: biz.ID, YearFrom: from, YearTo: run.DatePaid.AddDate(0, 0, 1)})
	if err != nil {
		return FPS{}, nil, err
	}
	stat, err := q.UKFormsStatutoryPay(ctx, store.UKFormsStatutoryPayParams{BusinessID: biz.ID, YearFrom: from, YearTo: run.DatePaid.AddDate(0, 0, 1)})
	if err != nil {
		return FPS{}, nil, err
	}
	// To date = runs paid before this one, and this one (a run paid the
	// same day counts when created earlier).
	inRun := map[int64]store.UKFormsYearRunsRow{}
	var upto []store.UKFormsYearRunsRow
	for _, r := range rows {
		if r.DatePaid.Equal(run.DatePaid) && r.PayRunID > runID {
			continue
		}
		upto = append(upto, r)
		if r.PayRunID == runID {
			inRun[r.EmployeeID] = r
		}
	}
	if len(inRun) == 0 {
		return FPS{}, nil, payroll.Conflict("pay run %d paid nobody", runID)
	}
	keep := stat[:0]
	for _, l := range stat {
		if _, ok := inRun[l.EmployeeID]; ok {
			keep = append(keep, l)
		}
	}
	totals, err := forms.SumYear(upto, keep)
	if err != nil {
		return FPS{}, nil, err
	}
	h, err := s.UK.HmrcSettings(ctx, biz)
	if err != nil {
		return FPS{}, nil, err
	}
	tx, err := transactionID()
	if err != nil {
		return FPS{}, nil, err
	}
	f := FPS{Xmlns: Namespace, TransactionID: tx, PeriodEnd: end.Format("2006-01-02"), PayRunID: runID,
		OfficeNo: h.TaxOfficeNumber, PayeRef: h.TaxOfficeReference, AORef: h.AccountsOfficeReference,
		RelatedTaxYear: fmt.Sprintf("%02d-%02d", y%100, (y+1)%100), Employees: []FPSEmployee{}}
	var sumPay, sumTax, sumEE, sumER int64
	for _, r := range upto {
		if r.PayRunID != runID {
			continue
		}
		e, err := s.Employees.Load(ctx, biz, r.EmployeeID)
		if err != nil {
			return FPS{}, nil, err
		}
		emp := employeeOf(e, r, totals[r.EmployeeID], freq)
		f.Employees = append(f.Employees, emp)
		sumPay, sumTax, sumEE, sumER = sumPay+r.Taxable, sumTax+r.Tax, sumEE+r.NiEmployee, sumER+r.NiEmployer
	}
	body, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return FPS{}, nil, err
	}
	body = append([]byte(xml.Header), body...)
	by := ""
	if p != nil {
		by = p.Username
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.CreateFPSSubmission(ctx, store.CreateFPSSubmissionParams{BusinessID: biz.ID, PayRunID: runID, TransactionID: tx,
			TaxYear: int64(y), EmployeeCount: int64(len(f.Employees)), TotalPay: sumPay, TotalTax: sumTax, TotalNiEmployee: sumEE,
			TotalNiEmployer: sumER, Xml: string(body), CreatedBy: by, CreatedAt: s.Clock.Now()})
		return err
	})
	return f, body, err
}

func employeeOf(e employee.Employee, r store.UKFormsYearRunsRow, t *forms.Totals, freq string) FPSEmployee {
	out := FPSEmployee{NINO: strings.ReplaceAll(e.NationalInsuranceNumber, " ", ""), Forename: e.FirstName, Surname: e.Surname,
		Postcode: e.ResidentialPostCode, EmployeeID: e.ID, PayID: e.PayrollID,
		AddressLine: nonEmpty(e.ResidentialStreetAddress, e.ResidentialAddressLine2, e.ResidentialCity, e.ResidentialCounty)}
	if out.PayID == "" {
		out.PayID = fmt.Sprint(e.ID)
	}
	if !e.DateOfBirth.IsZero() {
		out.BirthDate = e.DateOfBirth.Time.Format("2006-01-02")
	}
	switch strings.ToUpper(e.Gender) {
	case "M", "MALE":
		out.Gender = "M"
	case "F", "FEMALE":
		out.Gender = "F"
	}
	if !e.EndDate.IsZero() {
		out.LeavingDate = e.EndDate.Time.Format("2006-01-02")
	}
	out.ToDate = FPSToDate{TaxablePay: money(t.Taxable), TotalTax: money(t.Tax),
		StudentLoansTD: money(t.Loan).Floor(0), PostGradLoansTD: money(t.PGLoan).Floor(0),
		SMPYTD: money(t.Statutory["SMP"]), SPPYTD: money(t.Statutory["SPP"]), SAPYTD: money(t.Statutory["SAP"]),
		ShPPYTD: money(t.Statutory["ShPP"]), SPBPYTD: money(t.Statutory["SPBP"]), SNCPYTD: money(t.Statutory["SNCP"])}
	kind, n := forms.TaxPeriod(r.Frequency, r.DatePaid)
	pay := FPSPayment{PayFreq: freq, PmtDate: r.DatePaid.Format("2006-01-02"), PeriodsCovered: 1,
		TaxCode:    FPSTaxCode{Code: e.TaxCode},
		TaxablePay: money(r.Taxable), PayAfterStatDedns: money(r.Net), PostGradLoan: money(r.PostgradLoan).Floor(0), TaxDeducted: money(r.Tax)}
	if kind == "Month" {
		pay.MonthNo = n
	} else {
		pay.WeekNo = n
	}
	if strings.EqualFold(e.TaxCalculationMethod, "NonCumulative") {
		pay.TaxCode.NonCumulative = "yes"
	}
	if plan := strings.TrimPrefix(e.StudentLoanType, "Plan"); plan != "" && plan != "None" {
		pay.StudentLoan = &FPSLoan{PlanType: "0" + plan, Amount: money(r.StudentLoan).Floor(0)}
		pay.StudentLoanPlan, pay.StudentLoanAmount = pay.StudentLoan.PlanType, pay.StudentLoan.Amount
	}
	out.Payment = pay
	// One entry per letter the year's runs were calculated with (runs from
	// before runs kept their letter count under the current one); the
	// period's figures go to the letter this run used.
	current := e.NationalInsuranceCategory
	if current == "" {
		current = "A"
	}
	inPd := r.NiCategory.String
	if inPd == "" {
		inPd = current
	}
	out.NI = []FPSNILetter{}
	for _, l := range t.ByLetter(current) {
		n := FPSNILetter{Letter: l.Letter, GrossYTD: money(l.Gross), AtLELYTD: money(l.AtLEL), LELtoPTYTD: money(l.LELToPT),
			PTtoUELYTD: money(l.PTToUEL), TotalEmpNICYTD: money(l.NIEE + l.NIER), EmpeeYTD: money(l.NIEE)}
		if l.Letter == inPd {
			n.GrossInPd, n.TotalEmpNICInPd, n.EmpeeInPd = money(r.Gross), money(r.NiEmployee+r.NiEmployer), money(r.NiEmployee)
		}
		out.NI = append(out.NI, n)
	}
	if len(out.NI) == 0 {
		out.NI = append(out.NI, FPSNILetter{Letter: inPd, GrossInPd: money(r.Gross), TotalEmpNICInPd: money(r.NiEmployee + r.NiEmployer), EmpeeInPd: money(r.NiEmployee)})
	}
	return out
}

func nonEmpty(s ...string) []string {
	out := []string{}
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}

// transactionID is a new random id (32 hex digits).
func transactionID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return strings.ToUpper(hex.EncodeToString(b[:])), nil
}

// XML returns a stored submission's XML by transaction id.
func (s *Service) XML(ctx context.Context, biz business.Business, tx string) (_ []byte, err error) {
	defer payroll.Wrap(&err, "FPS %s", tx)
	if !record.RegionIn([]string{"UK"}, biz.Region) {
		return nil, record.RegionError("FPS", []string{"UK"}, biz)
	}
	sub, err := s.DB.Queries().GetFPSSubmission(ctx, store.GetFPSSubmissionParams{BusinessID: biz.ID, TransactionID: strings.ToUpper(strings.TrimSpace(tx))})
	if db.IsNoRows(err) {
		return nil, payroll.NotFound("FPS submission")
	}
	if err != nil {
		return nil, err
	}
	return []byte(sub.Xml), nil
}
