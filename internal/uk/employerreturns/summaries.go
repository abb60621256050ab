package employerreturns

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"sort"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	calcuk "github.com/payrolld/payrolld/internal/calc/uk"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

// P32LevyMonth is a tax month of the apprenticeship levy calculation.
type P32LevyMonth struct {
	TaxMonth         int              `json:"taxMonth"`
	PeriodStart      payroll.DateTime `json:"periodStart"`
	PeriodEnd        payroll.DateTime `json:"periodEnd"`
	PayBill          payroll.Money    `json:"payBill" doc:"earnings subject to Class 1 secondary NI paid in the month"`
	PayBillYTD       payroll.Money    `json:"payBillYTD"`
	LevyOnPayBillYTD payroll.Money    `json:"levyOnPayBillYTD" doc:"levy percent of the pay bill to date"`
	AllowanceYTD     payroll.Money    `json:"allowanceYTD" doc:"annual allowance x tax month / 12"`
	LevyDueYTD       payroll.Money    `json:"levyDueYTD"`
	LevyDueThisMonth payroll.Money    `json:"levyDueThisMonth"`
}

// P32LevyReport is GET report/p32/apprenticeshiplevy.
type P32LevyReport struct {
	TaxYear         int            `json:"taxYear"`
	TaxYearName     string         `json:"taxYearName"`
	Applies         bool           `json:"applies" doc:"hmrcsettings.requiredToPayApprenticeshipLevy; when false nothing is due"`
	LevyPercent     payroll.Rate   `json:"levyPercent"`
	AnnualAllowance payroll.Money  `json:"annualAllowance"`
	Months          []P32LevyMonth `json:"months"`
}

// Levy returns the year's apprenticeship levy per month.
func (s *Service) Levy(ctx context.Context, biz business.Business, taxYear string) (P32LevyReport, error) {
	p, d, err := s.p32Data(ctx, biz, taxYear)
	if err != nil {
		return P32LevyReport{}, err
	}
	out := P32LevyReport{TaxYear: p.TaxYear, TaxYearName: p.TaxYearName, Applies: p.ApprenticeshipLevyApplies, LevyPercent: d.figs.LevyPercent,
		AnnualAllowance: p.ApprenticeshipLevyAllowance}
	for _, m := range p.Months {
		out.Months = append(out.Months, P32LevyMonth{TaxMonth: m.TaxMonth, PeriodStart: m.PeriodStart, PeriodEnd: m.PeriodEnd, PayBill: m.PayBill,
			PayBillYTD: money(m.payBillYTD), LevyOnPayBillYTD: money(pct(m.payBillYTD, d.figs.LevyPercent)),
			AllowanceYTD: money(p.ApprenticeshipLevyAllowance.MinorUnits() * int64(m.TaxMonth) / 12),
			LevyDueYTD:   m.ApprenticeshipLevyYTD, LevyDueThisMonth: m.ApprenticeshipLevy})
	}
	return out, nil
}

func (s *Service) p32Data(ctx context.Context, biz business.Business, taxYear string) (P32, *yearData, error) {
	if err := gate(biz, "P32 reports"); err != nil {
		return P32{}, nil, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P32{}, nil, err
	}
	d, err := s.load(ctx, biz, y)
	if err != nil {
		return P32{}, nil, err
	}
	return d.compute(), d, nil
}

// P32CISMonth is a tax month's CIS deductions suffered.
type P32CISMonth struct {
	TaxMonth              int              `json:"taxMonth"`
	PeriodStart           payroll.DateTime `json:"periodStart"`
	PeriodEnd             payroll.DateTime `json:"periodEnd"`
	CISDeductionsSuffered payroll.Money    `json:"cisDeductionsSuffered"`
	FromOpeningBalances   payroll.Money    `json:"fromOpeningBalances"`
	FromAdjustments       payroll.Money    `json:"fromAdjustments"`
	YearToDate            payroll.Money    `json:"yearToDate"`
}

// P32CISSummary is GET report/p32/cisdeductionssummary.
type P32CISSummary struct {
	TaxYear     int           `json:"taxYear"`
	TaxYearName string        `json:"taxYearName"`
	Total       payroll.Money `json:"total"`
	Months      []P32CISMonth `json:"months"`
}

// CIS returns the CIS deductions suffered per month. payrolld pays no
// subcontractors, so they are only what the employer stored (opening
// balances and P32 adjustments).
func (s *Service) CIS(ctx context.Context, biz business.Business, taxYear string) (P32CISSummary, error) {
	p, _, err := s.p32Data(ctx, biz, taxYear)
	if err != nil {
		return P32CISSummary{}, err
	}
	out := P32CISSummary{TaxYear: p.TaxYear, TaxYearName: p.TaxYearName, Total: p.Totals.CISDeductionsSuffered}
	var ytd payroll.Money
	for _, m := range p.Months {
		ytd = ytd.Add(m.CISDeductionsSuffered)
		out.Months = append(out.Months, P32CISMonth{TaxMonth: m.TaxMonth, PeriodStart: m.PeriodStart, PeriodEnd: m.PeriodEnd,
			CISDeductionsSuffered: m.CISDeductionsSuffered, FromOpeningBalances: m.OpeningBalances.CISDeductionsSuffered,
			FromAdjustments: m.Adjustments.CISDeductionsSuffered, YearToDate: ytd})
	}
	return out, nil
}

// P32NIRow is a tax month's Class 1 NI of one category letter.
type P32NIRow struct {
	TaxMonth               int           `json:"taxMonth"`
	Category               string        `json:"category" doc:"NI category letter (the employee's current one)"`
	EmployeeCount          int           `json:"employeeCount"`
	GrossEarnings          payroll.Money `json:"grossEarnings" doc:"earnings for NI"`
	EarningsAtLEL          payroll.Money `json:"earningsAtLEL"`
	EarningsAboveLELUpToPT payroll.Money `json:"earningsAboveLELUpToPT"`
	EarningsAbovePTUpToUEL payroll.Money `json:"earningsAbovePTUpToUEL"`
	EarningsAboveUEL       payroll.Money `json:"earningsAboveUEL"`
	EmployeeNI             payroll.Money `json:"employeeNI"`
	EmployerNI             payroll.Money `json:"employerNI"`
}

// P32NISummary is GET report/p32/nideductionssummary.
type P32NISummary struct {
	TaxYear     int        `json:"taxYear"`
	TaxYearName string     `json:"taxYearName"`
	Rows        []P32NIRow `json:"rows" doc:"per tax month and category letter, months in order"`
}

// NI sums finalised pay per tax month and NI category letter with the RTI
// earnings bands of each payment's frequency. Pay runs keep no per-period
// letter: each employee's pay counts under their current letter (as the
// FPS reports it).
func (s *Service) NI(ctx context.Context, biz business.Business, taxYear string) (_ P32NISummary, err error) {
	defer payroll.Wrap(&err, "NI deductions summary")
	if err := gate(biz, "P32 reports"); err != nil {
		return P32NISummary{}, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P32NISummary{}, err
	}
	d, err := s.load(ctx, biz, y)
	if err != nil {
		return P32NISummary{}, err
	}
	letters := map[int64]string{}
	type key struct {
		m int
		l string
	}
	rows := map[key]*P32NIRow{}
	people := map[key]map[int64]bool{}
	for _, r := range d.runs {
		l, ok := letters[r.EmployeeID]
		if !ok {
			e, err := s.Employees.Load(ctx, biz, r.EmployeeID)
			if err != nil {
				return P32NISummary{}, err
			}
			l = strings.ToUpper(e.NationalInsuranceCategory)
			if l == "" {
				l = "A"
			}
			letters[r.EmployeeID] = l
		}
		k := key{taxMonthOf(r.DatePaid), l}
		row := rows[k]
		if row == nil {
			row = &P32NIRow{TaxMonth: k.m, Category: l}
			rows[k], people[k] = row, map[int64]bool{}
		}
		people[k][r.EmployeeID] = true
		b, err := calcuk.NIPeriodBands(r.DatePaid, calc.Frequency(r.Frequency))
		if err != nil {
			return P32NISummary{}, err
		}
		var t forms.Totals
		t.Bands(r.Gross, b)
		row.GrossEarnings = row.GrossEarnings.Add(money(r.Gross))
		row.EarningsAtLEL = row.EarningsAtLEL.Add(money(t.AtLEL))
		row.EarningsAboveLELUpToPT = row.EarningsAboveLELUpToPT.Add(money(t.LELToPT))
		row.EarningsAbovePTUpToUEL = row.EarningsAbovePTUpToUEL.Add(money(t.PTToUEL))
		if uel := b.UEL.MinorUnits(); r.Gross > uel {
			row.EarningsAboveUEL = row.EarningsAboveUEL.Add(money(r.Gross - uel))
		}
		row.EmployeeNI = row.EmployeeNI.Add(money(r.NiEmployee))
		row.EmployerNI = row.EmployerNI.Add(money(r.NiEmployer))
	}
	out := P32NISummary{TaxYear: y, TaxYearName: "", Rows: []P32NIRow{}}
	out.TaxYearName = d.compute().TaxYearName
	for k, r := range rows {
		r.EmployeeCount = len(people[k])
		out.Rows = append(out.Rows, *r)
	}
	sort.Slice(out.Rows, func(i, j int) bool {
		a, b := out.Rows[i], out.Rows[j]
		if a.TaxMonth != b.TaxMonth {
			return a.TaxMonth < b.TaxMonth
		}
		return a.Category < b.Category
	})
	return out, nil
}

// HMRC's bank account for PAYE payments (HMRC Cumbernauld), as gov.uk
// "Pay employers' PAYE" publishes it.
const (
	hmrcPayeeName     = "HMRC Cumbernauld"
	hmrcSortCode      = "083210"
	hmrcAccountNumber = "12001039"
)

// PaymentReference is HMRC's reference for a tax month's payment: the
// 13-character accounts office reference, then the last two digits of the
// year the tax year ends and the tax month (2 digits).
func PaymentReference(aoRef string, year, month int) string {
	return fmt.Sprintf("%s%02d%02d", strings.ToUpper(aoRef), (year+1)%100, month)
}

// PaymentFile is the CSV of GET report/p32/hmrcpaymentfile: a header row,
// then one row per tax month with an amount outstanding (totalDue less the
// payment recorded), or only taxMonth when given:
//
//	PayeeName,SortCode,AccountNumber,Amount,PaymentReference,DueDate,TaxMonth,PeriodEnd
//
// Amount in pounds with two decimals; DueDate the 22nd after the month
// ends (electronic payment); dates yyyy-mm-dd.
func (s *Service) PaymentFile(ctx context.Context, biz business.Business, taxYear string, taxMonth int) (_ []byte, name string, err error) {
	defer payroll.Wrap(&err, "HMRC payment file")
	p, _, err := s.p32Data(ctx, biz, taxYear)
	if err != nil {
		return nil, "", err
	}
	if taxMonth < 0 || taxMonth > 12 {
		return nil, "", payroll.Invalid("taxMonth", "taxMonth must be between 1 and 12")
	}
	if p.AccountsOfficeReference == "" {
		return nil, "", payroll.Conflict("the HMRC settings have no accountsOfficeReference: HMRC's payment reference is built from it")
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"PayeeName", "SortCode", "AccountNumber", "Amount", "PaymentReference", "DueDate", "TaxMonth", "PeriodEnd"})
	for _, m := range p.Months {
		if (taxMonth != 0 && m.TaxMonth != taxMonth) || !m.Outstanding.IsPos() {
			continue
		}
		due := m.PaymentDueDate.Time
		_ = w.Write([]string{hmrcPayeeName, hmrcSortCode, hmrcAccountNumber, m.Outstanding.StringFixed(2),
			PaymentReference(p.AccountsOfficeReference, p.TaxYear, m.TaxMonth), due.Format("2006-01-02"), fmt.Sprint(m.TaxMonth),
			m.PeriodEnd.Time.Format("2006-01-02")})
	}
	w.Flush()
	name = fmt.Sprintf("HMRC-payment-%d.csv", p.TaxYear)
	if taxMonth != 0 {
		name = fmt.Sprintf("HMRC-payment-%d-M%02d.csv", p.TaxYear, taxMonth)
	}
	return b.Bytes(), name, w.Error()
}

// PDF renders the P32 as HMRC's Employer Payment Record is laid out: one
// landscape table with a row per tax month (what is due to HMRC, by when,
// what was paid) and the year's totals, under the employer's references.
// Dated the end of the tax year so the same figures give the same bytes.
func (s *Service) PDF(ctx context.Context, biz business.Business, taxYear string) ([]byte, error) {
	p, _, err := s.p32Data(ctx, biz, taxYear)
	if err != nil {
		return nil, err
	}
	gbp := forms.GBP
	doc := forms.NewDoc("P32 "+p.TaxYearName, p.EmployerName, p.Totals.PeriodEnd.Time)
	doc.LandscapePage()
	doc.Heading("P32 Employer Payment Record " + p.TaxYearName)
	doc.Row("Employer", p.EmployerName)
	doc.Row("PAYE reference / Accounts Office reference", p.PayeReference+" / "+p.AccountsOfficeReference)
	header := []string{"Tax month", "Period", "PAYE tax", "Student loans", "PG loans",
		"NICs (employee + employer + Class 1A)", "Statutory pay recovered", "NIC compensation", "Employment allowance",
		"Apprenticeship levy", "CIS deductions suffered", "Total due", "Due by (online; post)", "Paid", "Outstanding"}
	widths := []float64{10, 25, 17, 16, 15, 19, 18, 18, 18, 19, 17, 17, 21, 15, 18} // 263 of A4 landscape's 267 mm
	row := func(m P32Month, label, period, due string) []string {
		return []string{label, period, gbp(m.PayeTax), gbp(m.StudentLoan), gbp(m.PostgraduateLoan), gbp(m.EmployeeNI.Add(m.EmployerNI).Add(m.Class1ANICs)),
			gbp(m.StatutoryPaymentsRecovered), gbp(m.NICCompensation), gbp(m.EmploymentAllowance), gbp(m.ApprenticeshipLevy),
			gbp(m.CISDeductionsSuffered), gbp(m.TotalDue), due, gbp(m.PaymentMade), gbp(m.Outstanding)}
	}
	var rows [][]string
	for _, m := range p.Months {
		period := m.PeriodStart.Time.Format("02/01") + " to " + m.PeriodEnd.Time.Format("02/01/06")
		due := PaymentDue(m.PeriodEnd.Time, true).Format("02/01/06") + "; " + PaymentDue(m.PeriodEnd.Time, false).Format("02/01")
		rows = append(rows, row(m, fmt.Sprint(m.TaxMonth), period, due))
	}
	rows = append(rows, row(p.Totals, "Year", p.TaxYearName, ""))
	doc.Table(widths, header, rows, true)
	doc.Note("Payments must reach HMRC by the 22nd after the tax month ends when paid electronically, or the 19th when paid by post. " +
		"Total due = PAYE tax + student and postgraduate loan deductions + NICs (Class 1A on termination awards included) + apprenticeship levy - statutory pay recovered - NIC compensation - " +
		"employment allowance - CIS deductions suffered. Employment allowance used: " + gbp(p.EmploymentAllowanceUsed) + " of " +
		gbp(p.EmploymentAllowanceAvailable) + ".")
	return doc.Bytes()
}
