package rti

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

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

// namespaces are the FPS schema's target namespace per tax year (the year
// it starts): each year's schema has its own (docs/reference/uk-rti.md).
var namespaces = map[int]string{
	2025: "http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/25-26/1",
	2026: "http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/26-27/1",
}

// FPS is a Full Payment Submission: what the API answers, and what the
// XML document (GovTalk envelope, IRenvelope) is written from.
type FPS struct {
	TransactionID  string        `json:"transactionId" doc:"the GovTalk message's TransactionID; the submission is kept under it"`
	Namespace      string        `json:"namespace" doc:"the tax year's FPS schema namespace"`
	IRmark         string        `json:"irmark" doc:"base64 SHA-1 of the canonical GovTalk Body (HMRC's IRmark)"`
	PeriodEnd      string        `json:"periodEnd" doc:"5 April of the tax year"`
	PayRunID       int64         `json:"payRunId"`
	OfficeNo       string        `json:"officeNo"`
	PayeRef        string        `json:"payeRef"`
	AORef          string        `json:"aoRef"`
	RelatedTaxYear string        `json:"relatedTaxYear" doc:"e.g. 26-27"`
	Employees      []FPSEmployee `json:"employees"`
}

// FPSEmployee is one employee's part of the FPS, its members in the
// schema's order (EmployeeDetails, then Employment).
type FPSEmployee struct {
	NINO        string        `xml:"EmployeeDetails>NINO,omitempty" json:"nino"`
	Forename    string        `xml:"EmployeeDetails>Name>Fore" json:"forename"`
	Surname     string        `xml:"EmployeeDetails>Name>Sur" json:"surname"`
	Address     *FPSAddress   `xml:"EmployeeDetails>Address,omitempty" json:"-"`
	AddressLine []string      `xml:"-" json:"addressLines"`
	Postcode    string        `xml:"-" json:"postcode"`
	BirthDate   string        `xml:"EmployeeDetails>BirthDate" json:"birthDate"`
	Gender      string        `xml:"EmployeeDetails>Gender" json:"gender" doc:"M or F"`
	EmployeeID  int64         `xml:"-" json:"employeeId"`
	DirectorsNI string        `xml:"Employment>DirectorsNIC,omitempty" json:"directorsNIC" doc:"a director's NI earnings period: AN annual, AL alternative; empty for an employee"`
	DirectorWk  int           `xml:"Employment>TaxWkOfApptOfDirector,omitempty" json:"taxWkOfApptOfDirector" doc:"tax week of a director's appointment in this tax year; 0 otherwise"`
	Starter     *FPSStarter   `xml:"Employment>Starter,omitempty" json:"starter,omitempty" doc:"on the first FPS of an employee who started in the tax year; absent otherwise"`
	PayID       string        `xml:"Employment>PayId" json:"payId"`
	IrrEmp      string        `xml:"Employment>IrrEmp,omitempty" json:"irrEmp" doc:"yes when the employee is paid irregularly"`
	LeavingDate string        `xml:"Employment>LeavingDate,omitempty" json:"leavingDate" doc:"when the employee has left; empty otherwise"`
	ToDate      FPSToDate     `xml:"Employment>FiguresToDate" json:"figuresToDate"`
	Payment     FPSPayment    `xml:"Employment>Payment" json:"payment"`
	NI          []FPSNILetter `xml:"Employment>NIlettersAndValues" json:"niLettersAndValues"`
}

// FPSAddress is an employee's address: up to four lines and a UK postcode.
type FPSAddress struct {
	Line       []string `xml:"Line"`
	UKPostcode string   `xml:"UKPostcode,omitempty"`
}

// FPSStarter is a new employee's start: the date and the starter
// declaration (A first job since 6 April, B now only job, C another job
// or pension).
type FPSStarter struct {
	StartDate string `xml:"StartDate" json:"startDate"`
	StartDec  string `xml:"StartDec,omitempty" json:"startDec" enum:"A,B,C," doc:"empty when the employee made none (a P45 was given)"`
}

// FPSToDate are the year-to-date figures, this payment included. The
// statutory payments' year to date are members of the payment in the
// schema; they are kept here on the API.
type FPSToDate struct {
	TaxablePay      amount  `xml:"TaxablePay" json:"taxablePay"`
	TotalTax        amount  `xml:"TotalTax" json:"totalTax"`
	StudentLoansTD  *amount `xml:"StudentLoansTD,omitempty" json:"studentLoansTD" nullable:"true" doc:"whole pounds; null without a student loan"`
	PostGradLoansTD *amount `xml:"PostgradLoansTD,omitempty" json:"postGradLoansTD" nullable:"true" doc:"whole pounds; null without a postgraduate loan"`
	// BenefitsTaxedViaPayrollYTD: the payrolled benefits of the year's
	// runs to this one; sent when not zero.
	BenefitsTaxedViaPayrollYTD *amount `xml:"BenefitsTaxedViaPayrollYTD,omitempty" json:"benefitsTaxedViaPayrollYTD" nullable:"true" doc:"payrolled benefits in kind taxed this tax year to date; null when none"`
	// The employee's pension contributions to date, by relief
	// (docs/reference/uk-rti.md): after BenefitsTaxedViaPayrollYTD (not
	// written), sent when not zero.
	PenPaidYTD    *amount `xml:"EmpeePenContribnsPaidYTD,omitempty" json:"empeePenContribnsPaidYTD" nullable:"true" doc:"employee pension contributions paid under a net pay arrangement, year to date (less opt-out refunds); null when none"`
	PenNotPaidYTD *amount `xml:"EmpeePenContribnsNotPaidYTD,omitempty" json:"empeePenContribnsNotPaidYTD" nullable:"true" doc:"employee pension contributions not paid under a net pay arrangement (relief at source: the amount deducted from net pay), year to date (less opt-out refunds); null when none"`
	SMPYTD        amount  `xml:"-" json:"smpytd"`
	SPPYTD        amount  `xml:"-" json:"sppytd"`
	SAPYTD        amount  `xml:"-" json:"sapytd"`
	ShPPYTD       amount  `xml:"-" json:"shppytd"`
	SPBPYTD       amount  `xml:"-" json:"spbpytd"`
	SNCPYTD       amount  `xml:"-" json:"sncpytd"`
}

// FPSPayment is this run's payment, its members in the schema's order.
type FPSPayment struct {
	PayFreq           string     `xml:"PayFreq" json:"payFreq" enum:"W1,W2,W4,M1,M3" doc:"W1 weekly, W2 fortnightly, W4 four-weekly, M1 monthly, M3 quarterly"`
	PmtDate           string     `xml:"PmtDate" json:"pmtDate"`
	WeekNo            int        `xml:"WeekNo,omitempty" json:"weekNo"`
	MonthNo           int        `xml:"MonthNo,omitempty" json:"monthNo"`
	PeriodsCovered    int        `xml:"PeriodsCovered" json:"periodsCovered"`
	PmtAfterLeaving   string     `xml:"PmtAfterLeaving,omitempty" json:"pmtAfterLeaving" enum:"yes," doc:"yes when the payment is made after the employee left (after the leaving date was reported); empty otherwise"`
	HoursWorked       string     `xml:"HoursWorked" json:"hoursWorked" enum:"A,B,C,D,E" doc:"normal hours a week: A under 16, B 16 to under 24, C 24 to under 30, D 30 or more, E other (none recorded)"`
	TaxCode           FPSTaxCode `xml:"TaxCode" json:"taxCode"`
	TaxablePay        amount     `xml:"TaxablePay" json:"taxablePay"`
	PayAfterStatDedns amount     `xml:"PayAfterStatDedns" json:"payAfterStatDedns" doc:"pay after statutory deductions: taxable pay less tax, employee NI, student and postgraduate loan (not less voluntary deductions, relief-at-source pension or attachments of earnings; without tax- and NI-free payments)"`
	// BenefitsTaxedViaPayroll: the payrolled benefits' notional pay of
	// this payment (the run's benefit lines), inside TaxablePay; sent when
	// not zero (docs/reference/uk-rti.md, "Payrolled benefits on the FPS").
	BenefitsTaxedViaPayroll *amount `xml:"BenefitsTaxedViaPayroll,omitempty" json:"benefitsTaxedViaPayroll" nullable:"true" doc:"payrolled benefits in kind taxed in this payment; null when none"`
	// Class1ANICsYTD (HMRC NIM13203, "Box209A - Class 1A Year to Date"):
	// employer Class 1A NICs on termination awards this year, after
	// BenefitsTaxedViaPayroll and before Benefits (not written), so
	// before the pension contributions and StudentLoanRecovered
	// (docs/reference/uk-rti.md; until paydepth57 it was written last).
	Class1ANICsYTD *amount `xml:"Class1ANICsYTD,omitempty" json:"class1ANICsYTD" nullable:"true" doc:"employer Class 1A NICs on termination awards past £30,000, year to date; null when none"`
	// The employee's pension contributions of this payment, by relief
	// (docs/reference/uk-rti.md): EmpeePenContribnsPaid (net pay
	// arrangement, deducted before tax), then ItemsSubjectToClass1NIC (not
	// written), then EmpeePenContribnsNotPaid (relief at source: what was
	// deducted from net pay); sent when not zero.
	PenPaid           *amount  `xml:"EmpeePenContribnsPaid,omitempty" json:"empeePenContribnsPaid" nullable:"true" doc:"employee pension contributions paid under a net pay arrangement in this payment (less an opt-out refund in it); null when none"`
	PenNotPaid        *amount  `xml:"EmpeePenContribnsNotPaid,omitempty" json:"empeePenContribnsNotPaid" nullable:"true" doc:"employee pension contributions not paid under a net pay arrangement (relief at source) in this payment (less an opt-out refund in it); null when none"`
	StudentLoan       *FPSLoan `xml:"StudentLoanRecovered,omitempty" json:"-"`
	StudentLoanPlan   string   `xml:"-" json:"studentLoanPlan" doc:"RTI plan type 01, 02, 04 or 05; empty without a plan"`
	StudentLoanAmount amount   `xml:"-" json:"studentLoanRecovered" doc:"whole pounds"`
	PostGradLoan      *amount  `xml:"PostgradLoanRecovered,omitempty" json:"postGradLoanRecovered" nullable:"true" doc:"whole pounds; null without a postgraduate loan"`
	TaxDeducted       amount   `xml:"TaxDeductedOrRefunded" json:"taxDeductedOrRefunded"`
	SMPYTD            *amount  `xml:"SMPYTD,omitempty" json:"-"`
	SPPYTD            *amount  `xml:"SPPYTD,omitempty" json:"-"`
	SAPYTD            *amount  `xml:"SAPYTD,omitempty" json:"-"`
	ShPPYTD           *amount  `xml:"ShPPYTD,omitempty" json:"-"`
	SPBPYTD           *amount  `xml:"SPBPYTD,omitempty" json:"-"`
	SNCPYTD           *amount  `xml:"SNCPYTD,omitempty" json:"-"`
}

// FPSTaxCode is the code operated (without its S or C prefix or its
// W1/M1/X suffix), whether on the week 1/month 1 basis and the Scottish
// (S) or Welsh (C) rates.
type FPSTaxCode struct {
	NonCumulative string `xml:"BasisNonCumulative,attr,omitempty" json:"basisNonCumulative" doc:"yes when week 1/month 1"`
	TaxRegime     string `xml:"TaxRegime,attr,omitempty" json:"taxRegime" doc:"S Scottish, C Welsh; empty for the rest of the UK"`
	Code          string `xml:",chardata" json:"code"`
}

// FPSLoan is a student loan deduction with its plan.
type FPSLoan struct {
	PlanType string `xml:"PlanType,attr" json:"planType" doc:"01, 02, 04 or 05"`
	Amount   amount `xml:",chardata" json:"amount" doc:"whole pounds"`
}

// FPSNILetter is NI of one category letter in the period and to date.
type FPSNILetter struct {
	Letter          string `xml:"NIletter" json:"niLetter"`
	GrossInPd       amount `xml:"GrossEarningsForNICsInPd" json:"grossEarningsForNICsInPd"`
	GrossYTD        amount `xml:"GrossEarningsForNICsYTD" json:"grossEarningsForNICsYTD"`
	AtLELYTD        amount `xml:"AtLELYTD" json:"atLELYTD"`
	LELtoPTYTD      amount `xml:"LELtoPTYTD" json:"lelToPTYTD"`
	PTtoUELYTD      amount `xml:"PTtoUELYTD" json:"ptToUELYTD"`
	TotalEmpNICInPd amount `xml:"TotalEmpNICInPd" json:"totalEmpNICInPd" doc:"employer NI of the period"`
	TotalEmpNICYTD  amount `xml:"TotalEmpNICYTD" json:"totalEmpNICYTD" doc:"employer NI to date"`
	EmpeeInPd       amount `xml:"EmpeeContribnsInPd" json:"empeeContribnsInPd"`
	EmpeeYTD        amount `xml:"EmpeeContribnsYTD" json:"empeeContribnsYTD"`
}

// amount is money on the API and, in the XML, with two decimals as the
// schema's monetary types are written.
type amount = payroll.FixedMoney

var payFreq = map[string]string{"Weekly": "W1", "Fortnightly": "W2", "FourWeekly": "W4", "Monthly": "M1", "Quarterly": "M3"}

func money(p int64) amount { return amount{Money: payroll.MoneyFromMinor(p)} }

// pounds is p in whole pounds (rounded down), as the loans are reported.
func pounds(p int64) amount { return amount{Money: payroll.MoneyFromMinor(p).Floor(0)} }

// optional is p, or nil when it is zero (an element the schema lets out).
func optional(p int64) *amount {
	if p == 0 {
		return nil
	}
	a := money(p)
	return &a
}

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
	pensions, err := yearPensions(ctx, q, biz.ID, from, run.DatePaid.AddDate(0, 0, 1), runID, upto)
	if err != nil {
		return FPS{}, nil, err
	}
	bik, err := yearPayrolledBenefits(ctx, q, biz.ID, from, run.DatePaid.AddDate(0, 0, 1), runID, upto)
	if err != nil {
		return FPS{}, nil, err
	}
	niable, err := forms.YearNIablePay(ctx, q, biz.ID, from, run.DatePaid.AddDate(0, 0, 1), 0, upto)
	if err != nil {
		return FPS{}, nil, err
	}
	totals, err := forms.SumYear(upto, keep, niable)
	if err != nil {
		return FPS{}, nil, err
	}
	h, err := s.UK.HmrcSettings(ctx, biz)
	if err != nil {
		return FPS{}, nil, err
	}
	ns, ok := namespaces[y]
	if !ok {
		return FPS{}, nil, payroll.Conflict("pay run %d is paid in tax year %d-%02d, whose FPS schema is not known here (known: 2025-26, 2026-27)", runID, y, (y+1)%100)
	}
	tx, err := transactionID()
	if err != nil {
		return FPS{}, nil, err
	}
	f := FPS{Namespace: ns, TransactionID: tx, PeriodEnd: end.Format("2006-01-02"), PayRunID: runID,
		OfficeNo: h.TaxOfficeNumber, PayeRef: h.TaxOfficeReference, AORef: h.AccountsOfficeReference,
		RelatedTaxYear: fmt.Sprintf("%02d-%02d", y%100, (y+1)%100), Employees: []FPSEmployee{}}
	paidBefore := map[int64]bool{} // employees with an earlier run in the year
	for _, r := range upto {
		if r.PayRunID != runID {
			paidBefore[r.EmployeeID] = true
		}
	}
	var sumPay, sumTax, sumEE, sumER int64
	for _, r := range upto {
		if r.PayRunID != runID {
			continue
		}
		e, err := s.Employees.Load(ctx, biz, r.EmployeeID)
		if err != nil {
			return FPS{}, nil, err
		}
		emp, err := employeeOf(e, r, niable.Of(r.EmployeeID, r.PayRunID), totals[r.EmployeeID], pensions[r.EmployeeID], freq, from, !paidBefore[r.EmployeeID])
		if err != nil {
			return FPS{}, nil, err
		}
		b := bik[r.EmployeeID]
		emp.Payment.BenefitsTaxedViaPayroll, emp.ToDate.BenefitsTaxedViaPayrollYTD = optional(b[0]), optional(b[1])
		f.Employees = append(f.Employees, emp)
		sumPay, sumTax, sumEE, sumER = sumPay+r.Taxable, sumTax+r.Tax, sumEE+r.NiEmployee, sumER+r.NiEmployer
	}
	body, mark, err := f.message(Sender{ID: h.RtiUserID, Test: h.RtiTestMode, Now: s.Clock.Now()})
	if err != nil {
		return FPS{}, nil, err
	}
	f.IRmark = mark
	if err := ValidateFPS(body); err != nil {
		return FPS{}, nil, payroll.Conflict("the FPS of pay run %d does not pass the FPS structure check, so it is not stored: %v", runID, err)
	}
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

// employeeOf is e's part of the FPS of run row r (niable: the pay its NI
// was worked on, forms.YearNIablePay): yearFrom is 6 April of
// the tax year, first whether this is e's first payment in it. An element
// the schema requires that the record lacks is refused (409) naming it.
func employeeOf(e employee.Employee, r store.UKFormsYearRunsRow, niable int64, t *forms.Totals, pen fpsPension, freq string, yearFrom time.Time, first bool) (FPSEmployee, error) {
	who := fmt.Sprintf("employee %d (%s %s)", e.ID, e.FirstName, e.Surname)
	out := FPSEmployee{NINO: strings.ReplaceAll(e.NationalInsuranceNumber, " ", ""), Forename: e.FirstName, Surname: e.Surname,
		Postcode: e.ResidentialPostCode, EmployeeID: e.ID, PayID: e.PayrollID,
		AddressLine: nonEmpty(e.ResidentialStreetAddress, e.ResidentialAddressLine2, e.ResidentialCity, e.ResidentialCounty)}
	if len(out.AddressLine) > 0 {
		out.Address = &FPSAddress{Line: out.AddressLine, UKPostcode: e.ResidentialPostCode}
		if len(out.Address.Line) > 4 {
			out.Address.Line = out.Address.Line[:4]
		}
	}
	if out.PayID == "" {
		out.PayID = fmt.Sprint(e.ID)
	}
	if e.DateOfBirth.IsZero() {
		return out, payroll.Conflict("%s has no dateOfBirth: an FPS reports every employee's date of birth", who)
	}
	out.BirthDate = e.DateOfBirth.Time.Format("2006-01-02")
	switch strings.ToUpper(e.Gender) {
	case "M", "MALE":
		out.Gender = "M"
	case "F", "FEMALE":
		out.Gender = "F"
	default:
		return out, payroll.Conflict("%s has gender %q: an FPS reports each employee's gender as M or F", who, e.Gender)
	}
	if directorInYear(e, yearFrom, r.DatePaid) {
		out.DirectorsNI = "AN"
		if uk.DirectorNIAlternative(e.NationalInsuranceCalculationMethod) {
			out.DirectorsNI = "AL"
		}
		if a := e.AppointmentStartDate.Time; !e.AppointmentStartDate.IsZero() && !a.Before(yearFrom) && !a.After(r.DatePaid) {
			_, out.DirectorWk = forms.TaxPeriod("Weekly", a)
		}
	}
	if s := e.StartDate.Time; first && !e.StartDate.IsZero() && !s.Before(yearFrom) {
		out.Starter = &FPSStarter{StartDate: s.Format("2006-01-02")}
		if d := strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(e.EmployeeStatement)), "STATEMENT"); d == "A" || d == "B" || d == "C" {
			out.Starter.StartDec = d
		}
	}
	if strings.EqualFold(e.EmployeePaidIrregularly, "true") {
		out.IrrEmp = "yes"
	}
	if !e.EndDate.IsZero() {
		out.LeavingDate = e.EndDate.Time.Format("2006-01-02")
	}
	// A stop notice (SL2: hasStudentLoan false, the plan type kept on the
	// record) removes the borrower's plan type indicator: no
	// StudentLoanRecovered from then on, while the year to date deducted
	// before it is still reported (GOV.UK "Student loan and postgraduate
	// loan repayment guidance for employers"; docs/reference/uk-rti.md).
	plan := strings.TrimPrefix(e.StudentLoanType, "Plan")
	hasPlan := plan != "" && plan != "None" && (e.HasStudentLoan == nil || *e.HasStudentLoan)
	hasPG := e.HasPostGradLoan != nil && *e.HasPostGradLoan
	out.ToDate = FPSToDate{TaxablePay: money(t.Taxable), TotalTax: money(t.Tax),
		SMPYTD: money(t.Statutory["SMP"]), SPPYTD: money(t.Statutory["SPP"]), SAPYTD: money(t.Statutory["SAP"]),
		ShPPYTD: money(t.Statutory["ShPP"]), SPBPYTD: money(t.Statutory["SPBP"]), SNCPYTD: money(t.Statutory["SNCP"])}
	if hasPlan || t.Loan != 0 {
		v := pounds(t.Loan)
		out.ToDate.StudentLoansTD = &v
	}
	out.ToDate.PenPaidYTD, out.ToDate.PenNotPaidYTD = optional(pen.paidYTD), optional(pen.notPaidYTD)
	if hasPG || t.PGLoan != 0 {
		v := pounds(t.PGLoan)
		out.ToDate.PostGradLoansTD = &v
	}
	kind, n := forms.TaxPeriod(r.Frequency, r.DatePaid)
	code, regime, nonCumulative := splitTaxCode(e.TaxCode)
	pay := FPSPayment{PayFreq: freq, PmtDate: r.DatePaid.Format("2006-01-02"), PeriodsCovered: 1, HoursWorked: hoursBand(e.HoursPerWeek),
		TaxCode:    FPSTaxCode{Code: code, TaxRegime: regime},
		TaxablePay: money(r.Taxable), PayAfterStatDedns: money(payAfterStatDedns(r.Taxable, r.Tax, r.NiEmployee, r.StudentLoan, r.PostgradLoan)), TaxDeducted: money(r.Tax),
		SMPYTD: optional(t.Statutory["SMP"]), SPPYTD: optional(t.Statutory["SPP"]), SAPYTD: optional(t.Statutory["SAP"]),
		ShPPYTD: optional(t.Statutory["ShPP"]), SPBPYTD: optional(t.Statutory["SPBP"]), SNCPYTD: optional(t.Statutory["SNCP"]),
		Class1ANICsYTD: optional(t.Class1A), PenPaid: optional(pen.paid), PenNotPaid: optional(pen.notPaid)}
	// A payment after leaving (the leaving date before the period this pay
	// is for): the indicator, and the code the pay run operated, 0T on the
	// week 1/month 1 basis (GOV.UK "Employee leaving"; uk_employee.go
	// ukAfterLeaving). HMRC refuses the indicator without a leaving date
	// (business rule 7847); docs/reference/uk-rti.md.
	if !e.EndDate.IsZero() && payroll.DateOnly(e.EndDate.Time).Before(payroll.DateOnly(r.PeriodStarting)) {
		pay.PmtAfterLeaving = "yes"
		pay.TaxCode.Code, nonCumulative = "0T", true
	}
	if kind == "Month" {
		pay.MonthNo = n
	} else {
		pay.WeekNo = fpsWeekNo(r.Frequency, n)
	}
	if nonCumulative || strings.EqualFold(e.TaxCalculationMethod, "NonCumulative") {
		pay.TaxCode.NonCumulative = "yes"
	}
	if hasPlan {
		pay.StudentLoan = &FPSLoan{PlanType: "0" + plan, Amount: pounds(r.StudentLoan)}
		pay.StudentLoanPlan, pay.StudentLoanAmount = pay.StudentLoan.PlanType, pay.StudentLoan.Amount
	}
	if hasPG || r.PostgradLoan != 0 {
		v := pounds(r.PostgradLoan)
		pay.PostGradLoan = &v
	}
	out.Payment = pay
	// One entry per letter the year's runs were calculated with (runs from
	// before runs kept their letter count under the current one); the
	// period's figures go to the letter this run used. TotalEmpNIC is the
	// employer's NI (HMRC's sample FPS: 13.8% of 815.00 - 641.00 = 24.01).
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
			PTtoUELYTD: money(l.PTToUEL), TotalEmpNICYTD: money(l.NIER), EmpeeYTD: money(l.NIEE)}
		if l.Letter == inPd {
			n.GrossInPd, n.TotalEmpNICInPd, n.EmpeeInPd = money(niable), money(r.NiEmployer), money(r.NiEmployee)
		}
		out.NI = append(out.NI, n)
	}
	if len(out.NI) == 0 {
		out.NI = append(out.NI, FPSNILetter{Letter: inPd, GrossInPd: money(niable), TotalEmpNICInPd: money(r.NiEmployer), EmpeeInPd: money(r.NiEmployee)})
	}
	return out, nil
}

// payAfterStatDedns is the FPS's "pay after statutory deductions" of one
// pay: the period's taxable pay less the tax deducted (plus a refund), the
// employee's Class 1 NI and the student and postgraduate loan deductions
// (HMRC Basic PAYE Tools export: 2,000.00 - 233.00 - 160.44 - 53.00 =
// 1,553.56; SAP's RTI net pay: taxable pay - tax - EE NIC - student loan).
// It includes payrolled benefits, which are inside taxable pay (Payetools:
// "includes the value of any payrolled benefits in kind").
// Voluntary deductions from net pay (union fees, relief-at-source pension,
// attachments of earnings) are not taken off, and payments free of tax and
// NI (the exempt part of a termination award, expenses) are not in it:
// docs/reference/uk-rti.md, "Pay after statutory deductions".
func payAfterStatDedns(taxable, tax, niEmployee, studentLoan, postgradLoan int64) int64 {
	return taxable - tax - niEmployee - studentLoan - postgradLoan
}

// fpsPension is an employee's pension contributions on the FPS: of this
// run and to date, paid under a net pay arrangement (paid) and not (relief
// at source: notPaid), each less opt-out refunds (store UKFormsYearPensions).
type fpsPension struct{ paid, notPaid, paidYTD, notPaidYTD int64 }

// runEmployee is one employee's pay in one run: the key of the rows the
// year-to-date figures are built from.
type runEmployee struct{ run, emp int64 }

// countedToDate is the set of (run, employee) of upto, the rows the
// year-to-date figures are built from.
func countedToDate(upto []store.UKFormsYearRunsRow) map[runEmployee]bool {
	counted := make(map[runEmployee]bool, len(upto))
	for _, r := range upto {
		counted[runEmployee{r.PayRunID, r.EmployeeID}] = true
	}
	return counted
}

// yearPensions are the FPS pension figures of run runID's employees: the
// contributions of the runs paid in [from, to) counted to date (upto, the
// rows the year-to-date figures are built from) and of runID itself.
func yearPensions(ctx context.Context, q *store.Queries, bizID int64, from, to time.Time, runID int64, upto []store.UKFormsYearRunsRow) (map[int64]fpsPension, error) {
	rows, err := q.UKFormsYearPensions(ctx, store.UKFormsYearPensionsParams{BusinessID: bizID, YearFrom: from, YearTo: to})
	if err != nil {
		return nil, err
	}
	counted := countedToDate(upto)
	out := map[int64]fpsPension{}
	for _, r := range rows {
		if !counted[runEmployee{r.PayRunID, r.EmployeeID}] {
			continue
		}
		p := out[r.EmployeeID]
		p.paidYTD, p.notPaidYTD = p.paidYTD+r.NetPay, p.notPaidYTD+r.NotNetPay
		if r.PayRunID == runID {
			p.paid, p.notPaid = p.paid+r.NetPay, p.notPaid+r.NotNetPay
		}
		out[r.EmployeeID] = p
	}
	return out, nil
}

// yearPayrolledBenefits is, by employee, the payrolled benefits' notional
// pay (the benefit lines the pay run makes, internal/payrun/pay/
// uk_payrolled_benefits.go) of run runID ([0]) and of the year's runs to
// it ([1]): the finalised runs paid in [from, to) counted to date (upto).
// The run's taxable pay already includes them.
func yearPayrolledBenefits(ctx context.Context, q *store.Queries, bizID int64, from, to time.Time, runID int64, upto []store.UKFormsYearRunsRow) (map[int64][2]int64, error) {
	lines, err := q.UKPayrolledBenefits(ctx, store.UKPayrolledBenefitsParams{BusinessID: bizID, YearFrom: from, YearTo: to})
	if err != nil {
		return nil, err
	}
	counted := countedToDate(upto)
	out := map[int64][2]int64{}
	for _, l := range lines {
		if !counted[runEmployee{l.PayRunID, l.EmployeeID}] {
			continue
		}
		b := out[l.EmployeeID]
		b[1] += l.Amount
		if l.PayRunID == runID {
			b[0] += l.Amount
		}
		out[l.EmployeeID] = b
	}
	return out, nil
}

// directorInYear is whether e's NI on a payment of paid is worked on a
// director's earnings period, so that the FPS carries DirectorsNIC: a
// director (isCompanyDirector) appointed on or before the payment, and a
// former director (appointmentEndDate in this tax year, yearFrom its 6
// April) for the rest of the tax year in which the directorship ended,
// flag cleared or not (SSCR 2001 reg 8(3); HMRC NIM12022, NIM12024; the
// pay run's ukDirector applies the same rule).
func directorInYear(e employee.Employee, yearFrom, paid time.Time) bool {
	ended := !e.AppointmentEndDate.IsZero()
	if ended && payroll.DateOnly(e.AppointmentEndDate.Time).Before(yearFrom) {
		return false
	}
	if !strings.EqualFold(e.IsCompanyDirector, "true") && !ended {
		return false
	}
	return e.AppointmentStartDate.IsZero() || !payroll.DateOnly(e.AppointmentStartDate.Time).After(payroll.DateOnly(paid))
}

// splitTaxCode parses a tax code as recorded ("S1257L", "C1257L M1",
// "1257L X") into the code the FPS reports, its regime (S Scottish, C
// Welsh) and whether it is operated on the week 1/month 1 basis.
func splitTaxCode(recorded string) (code, regime string, nonCumulative bool) {
	c, nonCumulative := forms.SplitBasis(recorded)
	if len(c) > 1 && (c[0] == 'S' || c[0] == 'C') {
		regime, c = c[:1], c[1:]
	}
	return c, regime, nonCumulative
}

// hoursBand is the FPS's HoursWorked code for normal hours a week (HMRC:
// A up to 15.99, B 16 to 23.99, C 24 to 29.99, D 30 or more, E other).
func hoursBand(perWeek *payroll.Rate) string {
	if perWeek == nil || !perWeek.IsPos() {
		return "E"
	}
	switch h := *perWeek; {
	case h.Cmp(payroll.RateFromInt(16)) < 0:
		return "A"
	case h.Cmp(payroll.RateFromInt(24)) < 0:
		return "B"
	case h.Cmp(payroll.RateFromInt(30)) < 0:
		return "C"
	default:
		return "D"
	}
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

// fpsWeekNo is the FPS "Tax week number" of a payment in tax week n: a
// payment in week 53 (5 April, or 4 or 5 April in a leap year) is the
// year's extra payday and is numbered by the pay frequency: 53 weekly, 54
// fortnightly, 56 four-weekly (GOV.UK "Send your final payroll report":
// "'Week 53' payments ... In the 'Tax week number' field of your FPS,
// put '53' if you pay your employees weekly, '54' if you pay them
// fortnightly, '56' if you pay them every 4 weeks"; docs/reference/uk-rti.md).
func fpsWeekNo(frequency string, n int) int {
	if n != 53 {
		return n
	}
	switch frequency {
	case "Fortnightly":
		return 54
	case "FourWeekly":
		return 56
	}
	return n
}
