package p11d

import (
	"context"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	ukcalc "github.com/payrolld/payrolld/internal/calc/uk"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

// Class1ARatePercent is the Class 1A NIC rate (payroll-rules-2026-27.md
// and payroll-rules.md: Class 1A/1B 15%, 2025/26 and 2026/27), defined
// once with the calculation, which charges it on termination awards too.
const Class1ARatePercent = ukcalc.Class1ARatePercent

// relocationExemption is the tax-free part of qualifying relocation
// expenses (ITEPA 2003 s.287: £8,000 per move).
var relocationExemption = payroll.MoneyFromInt(8000)

// capitalContributionCap is the most of an employee's capital
// contribution that reduces a car's price (ITEPA 2003 s.132).
var capitalContributionCap = payroll.MoneyFromInt(5000)

// sections are the P11D sections by benefit type.
var sections = map[string]struct{ code, title string }{
	"AssetsTransferred":                         {"A", "Assets transferred"},
	"PaymentsMadeOnBehalfOfTheEmployee":         {"B", "Payments made on behalf of employee"},
	"VouchersAndCreditCards":                    {"C", "Vouchers and credit cards"},
	"LivingAccommodation":                       {"D", "Living accommodation"},
	"MileageAllowancePaymentsNotTaxedAtSource":  {"E", "Mileage allowance and passenger payments"},
	"CarsAndCarFuel":                            {"F", "Cars and car fuel"},
	"VansAndVanFuel":                            {"G", "Vans and van fuel"},
	"InterestFreeLoans":                         {"H", "Interest-free and low interest loans"},
	"PrivateMedicalTreatmentOrInsurance":        {"I", "Private medical treatment or insurance"},
	"QualifyingRelocationExpenses":              {"J", "Qualifying relocation expenses payments and benefits"},
	"ServicesSupplied":                          {"K", "Services supplied"},
	"AssetsPlacedAtTheEmployeesDisposal":        {"L", "Assets placed at the employee's disposal"},
	"OtherItemsNoNic":                           {"M", "Other items"},
	"OtherItems1A":                              {"M", "Other items"},
	"ExpensesPaymentsMadeOnBehalfOfTheEmployee": {"N", "Expenses payments made to, or on behalf of, the employee"},
}

// P11DCarFigures show how a car's cash equivalent was reached.
type P11DCarFigures struct {
	MakeAndModel          string        `json:"makeAndModel"`
	RegistrationNumber    string        `json:"registrationNumber"`
	FuelType              string        `json:"fuelType"`
	ApprovedCO2Emissions  int           `json:"approvedCO2Emissions"`
	ListPrice             payroll.Money `json:"listPrice"`
	OptionalAccessories   payroll.Money `json:"optionalAccessories"`
	CapitalContribution   payroll.Money `json:"capitalContribution" doc:"as counted, at most £5,000"`
	Price                 payroll.Money `json:"price" doc:"list price + accessories - capital contribution"`
	AppropriatePercentage int           `json:"appropriatePercentage"`
	DaysAvailable         int           `json:"daysAvailable" doc:"in the tax year"`
	DaysInYear            int           `json:"daysInYear"`
}

// P11DItem is one benefit on an employee's P11D.
type P11DItem struct {
	BenefitID           int64             `json:"benefitId"`
	BenefitCategoryID   int64             `json:"benefitCategoryId"`
	BenefitCategoryName string            `json:"benefitCategoryName"`
	BenefitType         string            `json:"benefitType"`
	StartDate           payroll.DateTime  `json:"startDate"`
	EndDate             *payroll.DateTime `json:"endDate" nullable:"true"`
	Cost                payroll.Money     `json:"cost"`
	AmountMadeGood      payroll.Money     `json:"amountMadeGood"`
	CashEquivalent      payroll.Money     `json:"cashEquivalent" doc:"whole pounds"`
	Class1A             bool              `json:"class1A" doc:"the category's niTreatment is Class1A"`
	Car                 *P11DCarFigures   `json:"car" doc:"cars only"`
}

// P11DSection is one section (A-N) of an employee's P11D.
type P11DSection struct {
	Section        string        `json:"section"`
	Title          string        `json:"title"`
	CashEquivalent payroll.Money `json:"cashEquivalent"`
	Items          []P11DItem    `json:"items"`
}

// P11DEmployee is one employee's P11D.
type P11DEmployee struct {
	Employee            forms.Person  `json:"employee"`
	Sections            []P11DSection `json:"sections"`
	TotalCashEquivalent payroll.Money `json:"totalCashEquivalent"`
	Class1ABenefits     payroll.Money `json:"class1ABenefits"`
}

// P11DReturn is the business's P11D return of a tax year with its P11D(b).
type P11DReturn struct {
	ID                       int64             `json:"id"`
	TaxYear                  string            `json:"taxYear"`
	FinancialYearEnding      int               `json:"financialYearEnding"`
	Employer                 forms.Employer    `json:"employer"`
	Employees                []P11DEmployee    `json:"employees"`
	TotalBenefits            payroll.Money     `json:"totalBenefits" doc:"cash equivalents on all the P11Ds"`
	Class1ABenefitsOnP11D    payroll.Money     `json:"class1ABenefitsOnP11D"`
	PayrolledClass1ABenefits payroll.Money     `json:"payrolledClass1ABenefits" doc:"Class 1A benefits taxed through finalised pay runs of the year (P/benefits)"`
	TotalClass1ABenefits     payroll.Money     `json:"totalClass1ABenefits"`
	Class1ARatePercent       int               `json:"class1ARatePercent"`
	Class1ANic               payroll.Money     `json:"class1ANic" doc:"P11D(b): totalClass1ABenefits x 15%, to the penny"`
	CreatedAt                time.Time         `json:"createdAt"`
	IsPublished              bool              `json:"isPublished"`
	PublishedAt              *payroll.DateTime `json:"publishedAt" nullable:"true"`
}

// DaysIn counts the days of [from, to] (to nil: open) within [yFrom, yTo]
// (0 if none).
func DaysIn(from time.Time, to *time.Time, yFrom, yTo time.Time) int {
	if from.Before(yFrom) {
		from = yFrom
	}
	end := yTo
	if to != nil && to.Before(end) {
		end = *to
	}
	if end.Before(from) {
		return 0
	}
	return int(end.Sub(from).Hours()/24) + 1
}

// Applies is whether benefit category c covers tax year y (its year, any
// year when none, or carried forward from an earlier one).
func Applies(c uk.UKBenefitCategory, y int) bool {
	return c.Year == nil || *c.Year == y || c.CarryBenefitForward && *c.Year < y
}

// carItem fills the car figures and cash equivalent.
func carItem(it *P11DItem, r store.UkEmployeeBenefit, c uk.UKBenefitCategory, y, days, daysInYear int) error {
	car := c.Car
	if car == nil || car.NoApprovedCO2Figure || car.ApprovedCO2Emissions == nil {
		return payroll.Conflict("benefit category %q: the car has no approved CO2 figure, so its appropriate percentage is not computed; report its cash equivalent by hand", c.Name)
	}
	zem := 0
	if car.ZeroEmissionMileage != nil {
		zem = *car.ZeroEmissionMileage
	}
	pct, err := CarPercentage(y, *car.ApprovedCO2Emissions, zem, car.FuelType)
	if err != nil {
		return payroll.Invalid("taxYear", "%s", err.Error())
	}
	f := &P11DCarFigures{MakeAndModel: car.MakeAndModel, RegistrationNumber: car.RegistrationNumber, FuelType: car.FuelType,
		ApprovedCO2Emissions: *car.ApprovedCO2Emissions, ListPrice: payroll.MoneyFromMinor(r.CarListPrice),
		OptionalAccessories: payroll.MoneyFromMinor(r.CarAccessories), CapitalContribution: payroll.MoneyFromMinor(r.CarCapitalContribution).Min(capitalContributionCap),
		AppropriatePercentage: pct, DaysAvailable: days, DaysInYear: daysInYear}
	f.Price = f.ListPrice.Add(f.OptionalAccessories).Sub(f.CapitalContribution).Max(payroll.Money{})
	full := f.Price.MulInt(int64(pct)).DivInt(100)
	ce := full.MulInt(int64(days)).DivInt(int64(daysInYear)).Sub(it.AmountMadeGood)
	it.Car, it.CashEquivalent = f, ce.Max(payroll.Money{}).Floor(0)
	return nil
}

// CarCashEquivalent is a company car's cash equivalent for tax year y
// (days available of daysInYear, less the amount made good), as the P11D
// works it out (carItem): the pay run payrolls it (internal/payrun/pay).
func CarCashEquivalent(r store.UkEmployeeBenefit, c uk.UKBenefitCategory, y, days, daysInYear int) (payroll.Money, error) {
	it := P11DItem{AmountMadeGood: payroll.MoneyFromMinor(r.AmountMadeGood)}
	if err := carItem(&it, r, c, y, days, daysInYear); err != nil {
		return payroll.Money{}, err
	}
	return it.CashEquivalent, nil
}

// build computes the return of tax year y from the benefits recorded.
func (s *Service) build(ctx context.Context, biz business.Business, y int) (P11DReturn, error) {
	yFrom, yTo := uk.UKTaxYearDates(y)
	daysInYear := DaysIn(yFrom, nil, yFrom, yTo)
	q := s.DB.Queries()
	rows, err := q.ListUKEmployeeBenefitsInPeriod(ctx, store.ListUKEmployeeBenefitsInPeriodParams{BusinessID: biz.ID, PeriodFrom: nullTime(yFrom), PeriodTo: yTo})
	if err != nil {
		return P11DReturn{}, err
	}
	cats, err := s.categories(ctx, biz)
	if err != nil {
		return P11DReturn{}, err
	}
	employer, err := s.Forms.EmployerOf(ctx, biz)
	if err != nil {
		return P11DReturn{}, err
	}
	ret := P11DReturn{TaxYear: uk.UKTaxYearName(y), FinancialYearEnding: y + 1, Employer: employer, Employees: []P11DEmployee{}, Class1ARatePercent: Class1ARatePercent}
	byEmp := map[int64]map[string]*P11DSection{}
	var order []int64
	reloc := map[int64]*P11DItem{}
	for _, r := range rows {
		c, ok := cats[r.BenefitCategoryID]
		if !ok || c.PayrollingBenefit || !Applies(c, y) {
			continue
		}
		var end *time.Time
		if r.EndDate.Valid {
			end = &r.EndDate.Time
		}
		days := DaysIn(r.StartDate, end, yFrom, yTo)
		if days == 0 {
			continue
		}
		b := view(r, c)
		it := P11DItem{BenefitID: r.ID, BenefitCategoryID: c.ID, BenefitCategoryName: c.Name, BenefitType: c.BenefitType, StartDate: b.StartDate,
			EndDate: b.EndDate, Cost: b.Cost, AmountMadeGood: b.AmountMadeGood, Class1A: c.NiTreatment == "Class1A"}
		switch c.BenefitType {
		case "CarsAndCarFuel":
			if err := carItem(&it, r, c, y, days, daysInYear); err != nil {
				return P11DReturn{}, err
			}
		case "QualifyingRelocationExpenses":
			it.CashEquivalent = it.Cost.Sub(it.AmountMadeGood).Max(payroll.Money{})
		default:
			it.CashEquivalent = it.Cost.Sub(it.AmountMadeGood).Max(payroll.Money{}).Floor(0)
		}
		sec := sections[c.BenefitType]
		if byEmp[r.EmployeeID] == nil {
			byEmp[r.EmployeeID] = map[string]*P11DSection{}
			order = append(order, r.EmployeeID)
		}
		ss := byEmp[r.EmployeeID][sec.code]
		if ss == nil {
			ss = &P11DSection{Section: sec.code, Title: sec.title, Items: []P11DItem{}}
			byEmp[r.EmployeeID][sec.code] = ss
		}
		ss.Items = append(ss.Items, it)
		if c.BenefitType == "QualifyingRelocationExpenses" {
			reloc[r.EmployeeID] = nil // settled below, once per employee
		}
	}
	for eid := range reloc {
		// J: the year's relocation costs above the exemption, shown on the
		// section; each item keeps its own cost and the excess goes to the first.
		ss := byEmp[eid]["J"]
		total := payroll.Money{}
		for _, it := range ss.Items {
			total = total.Add(it.CashEquivalent)
		}
		excess := total.Sub(relocationExemption).Max(payroll.Money{}).Floor(0)
		for i := range ss.Items {
			ss.Items[i].CashEquivalent = payroll.Money{}
		}
		ss.Items[0].CashEquivalent = excess
	}
	sort.Slice(order, func(i, j int) bool { return order[i] < order[j] })
	for _, eid := range order {
		e, err := s.Employees.Load(ctx, biz, eid)
		if err != nil {
			return P11DReturn{}, err
		}
		ep := P11DEmployee{Employee: forms.PersonOf(e), Sections: []P11DSection{}}
		codes := make([]string, 0, len(byEmp[eid]))
		for code := range byEmp[eid] {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		for _, code := range codes {
			ss := byEmp[eid][code]
			for _, it := range ss.Items {
				ss.CashEquivalent = ss.CashEquivalent.Add(it.CashEquivalent)
				if it.Class1A {
					ep.Class1ABenefits = ep.Class1ABenefits.Add(it.CashEquivalent)
				}
			}
			ep.TotalCashEquivalent = ep.TotalCashEquivalent.Add(ss.CashEquivalent)
			ep.Sections = append(ep.Sections, *ss)
		}
		ret.TotalBenefits = ret.TotalBenefits.Add(ep.TotalCashEquivalent)
		ret.Class1ABenefitsOnP11D = ret.Class1ABenefitsOnP11D.Add(ep.Class1ABenefits)
		ret.Employees = append(ret.Employees, ep)
	}
	lines, err := q.UKPayrolledBenefits(ctx, store.UKPayrolledBenefitsParams{BusinessID: biz.ID, YearFrom: yFrom, YearTo: yTo.AddDate(0, 0, 1)})
	if err != nil {
		return P11DReturn{}, err
	}
	for _, l := range lines {
		if c, ok := cats[l.CategoryID]; ok && c.NiTreatment == "Class1A" {
			ret.PayrolledClass1ABenefits = ret.PayrolledClass1ABenefits.Add(payroll.MoneyFromMinor(l.Amount))
		}
	}
	ret.TotalClass1ABenefits = ret.Class1ABenefitsOnP11D.Add(ret.PayrolledClass1ABenefits)
	ret.Class1ANic = ret.TotalClass1ABenefits.MulInt(Class1ARatePercent).DivInt(100).Cents()
	return ret, nil
}

func (s *Service) taxYear(v string) (int, error) {
	if v == "" {
		return 0, payroll.Invalid("taxYear", "taxYear is required (e.g. 2026 or 2026/27)")
	}
	y, ok := uk.ParseUKTaxYear(strings.ReplaceAll(v, "-", "/"))
	if !ok {
		return 0, payroll.Invalid("taxYear", "taxYear must be a tax year such as 2026 or 2026/27")
	}
	return y, nil
}

// Build computes the P11D return of taxYear from the benefits recorded
// and stores it, replacing the year's previous return (a published one
// must be published again).
func (s *Service) Build(ctx context.Context, biz business.Business, p *payroll.Principal, taxYear string) (_ P11DReturn, err error) {
	defer payroll.Wrap(&err, "build P11D return")
	if err := gate(biz); err != nil {
		return P11DReturn{}, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P11DReturn{}, err
	}
	ret, err := s.build(ctx, biz, y)
	if err != nil {
		return P11DReturn{}, err
	}
	ret.CreatedAt = s.Clock.Now().UTC()
	doc, err := json.Marshal(ret)
	if err != nil {
		return P11DReturn{}, err
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		row, err := q.UpsertP11DReturn(ctx, store.UpsertP11DReturnParams{BusinessID: biz.ID, TaxYear: int64(y), Document: string(doc),
			Class1aNic: ret.Class1ANic.MinorUnits(), CreatedBy: by(p), CreatedAt: ret.CreatedAt})
		ret.ID = row.ID
		return err
	})
	return ret, err
}

// stored reads the stored return of year y (404 when not built).
func (s *Service) stored(ctx context.Context, biz business.Business, y int) (P11DReturn, error) {
	row, err := s.DB.Queries().GetP11DReturn(ctx, store.GetP11DReturnParams{BusinessID: biz.ID, TaxYear: int64(y)})
	if db.IsNoRows(err) {
		return P11DReturn{}, payroll.NotFound("P11D return of " + uk.UKTaxYearName(y))
	}
	if err != nil {
		return P11DReturn{}, err
	}
	return decode(row)
}

func decode(row store.UkP11dReturn) (P11DReturn, error) {
	var ret P11DReturn
	if err := json.Unmarshal([]byte(row.Document), &ret); err != nil {
		return P11DReturn{}, fmt.Errorf("decode P11D return %d: %w", row.ID, err)
	}
	ret.ID = row.ID
	if row.PublishedAt.Valid {
		d := payroll.NewDateTime(row.PublishedAt.Time)
		ret.IsPublished, ret.PublishedAt = true, &d
	}
	return ret, nil
}

// Publish makes the stored return's P11Ds available to the employees
// (p11ddownload) once the tax year has ended (409 before).
func (s *Service) Publish(ctx context.Context, biz business.Business, p *payroll.Principal, taxYear string) (_ P11DReturn, err error) {
	defer payroll.Wrap(&err, "publish P11D return")
	if err := gate(biz); err != nil {
		return P11DReturn{}, err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return P11DReturn{}, err
	}
	if _, err := s.stored(ctx, biz, y); err != nil {
		return P11DReturn{}, err
	}
	if _, end := uk.UKTaxYearDates(y); !s.Clock.Now().After(end.AddDate(0, 0, 1)) {
		return P11DReturn{}, payroll.Conflict("the P11Ds of %s can be published once the tax year has ended (after 5 April %d)", uk.UKTaxYearName(y), y+1)
	}
	var out P11DReturn
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		row, err := q.PublishP11DReturn(ctx, store.PublishP11DReturnParams{BusinessID: biz.ID, TaxYear: int64(y), PublishedBy: by(p),
			PublishedAt: nullTime(s.Clock.Now())})
		if err != nil {
			return err
		}
		out, err = decode(row)
		return err
	})
	return out, err
}

// p11dXML is the return as XML (the P11D and P11D(b) figures by section).
type p11dXML struct {
	XMLName  xml.Name `xml:"P11DReturn"`
	TaxYear  string   `xml:"taxYear,attr"`
	Employer struct {
		Name          string `xml:"Name"`
		PayeReference string `xml:"PAYEReference"`
		AORef         string `xml:"AccountsOfficeReference"`
	} `xml:"Employer"`
	P11Db struct {
		Class1AOnP11D string `xml:"Class1ABenefitsOnP11D"`
		Payrolled     string `xml:"PayrolledClass1ABenefits"`
		Total         string `xml:"TotalClass1ABenefits"`
		Rate          string `xml:"Class1ARate"`
		NIC           string `xml:"Class1ANIC"`
	} `xml:"P11Db"`
	Employees []employeeXML `xml:"P11D"`
}

type employeeXML struct {
	NINO      string       `xml:"NINO,omitempty"`
	PayrollID string       `xml:"PayrollId,omitempty"`
	Forename  string       `xml:"Forename"`
	Surname   string       `xml:"Surname"`
	Sections  []sectionXML `xml:"Section"`
	Total     string       `xml:"TotalCashEquivalent"`
}

type sectionXML struct {
	Code           string `xml:"code,attr"`
	Title          string `xml:"title,attr"`
	CashEquivalent string `xml:",chardata"`
}

// XML is the stored return of taxYear as XML (404 when not built).
func (s *Service) XML(ctx context.Context, biz business.Business, taxYear string) (_ []byte, _ string, err error) {
	defer payroll.Wrap(&err, "P11D XML")
	if err := gate(biz); err != nil {
		return nil, "", err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return nil, "", err
	}
	ret, err := s.stored(ctx, biz, y)
	if err != nil {
		return nil, "", err
	}
	x := p11dXML{TaxYear: ret.TaxYear}
	x.Employer.Name, x.Employer.PayeReference, x.Employer.AORef = ret.Employer.Name, ret.Employer.PayeReference, ret.Employer.AccountsOfficeReference
	x.P11Db.Class1AOnP11D, x.P11Db.Payrolled, x.P11Db.Total = ret.Class1ABenefitsOnP11D.StringFixed(2), ret.PayrolledClass1ABenefits.StringFixed(2), ret.TotalClass1ABenefits.StringFixed(2)
	x.P11Db.Rate, x.P11Db.NIC = fmt.Sprintf("%d", ret.Class1ARatePercent), ret.Class1ANic.StringFixed(2)
	for _, e := range ret.Employees {
		ex := employeeXML{NINO: e.Employee.NationalInsuranceNumber, PayrollID: e.Employee.PayrollID, Forename: e.Employee.FirstName,
			Surname: e.Employee.Surname, Total: e.TotalCashEquivalent.StringFixed(0)}
		for _, sec := range e.Sections {
			ex.Sections = append(ex.Sections, sectionXML{Code: sec.Section, Title: sec.Title, CashEquivalent: sec.CashEquivalent.StringFixed(0)})
		}
		x.Employees = append(x.Employees, ex)
	}
	b, err := xml.MarshalIndent(x, "", "  ")
	if err != nil {
		return nil, "", err
	}
	return append([]byte(xml.Header), b...), fmt.Sprintf("P11D-%d.xml", y+1), nil
}

// EmployeePDF is the employee's P11D of the stored return of taxYear as a
// PDF (404 when no return is built or the employee is not on it).
func (s *Service) EmployeePDF(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, taxYear string) (_ []byte, _ string, err error) {
	defer payroll.Wrap(&err, "P11D of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return nil, "", err
	}
	y, err := s.taxYear(taxYear)
	if err != nil {
		return nil, "", err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, "", err
	}
	ret, err := s.stored(ctx, biz, y)
	if err != nil {
		return nil, "", err
	}
	for _, e := range ret.Employees {
		if e.Employee.EmployeeID != employeeID {
			continue
		}
		d := forms.NewDoc("P11D "+ret.TaxYear+" "+e.Employee.FirstName+" "+e.Employee.Surname, ret.Employer.Name, ret.CreatedAt)
		d.Page()
		d.Heading("P11D Expenses and benefits, tax year " + ret.TaxYear)
		d.Employer(ret.Employer)
		d.Employee(e.Employee)
		for _, sec := range e.Sections {
			d.Section(sec.Section + " " + sec.Title)
			for _, it := range sec.Items {
				d.Row(it.BenefitCategoryName, forms.GBP(it.CashEquivalent))
				if c := it.Car; c != nil {
					d.Row("  "+c.MakeAndModel+" "+c.RegistrationNumber+", list price "+forms.GBP(c.ListPrice), fmt.Sprintf("%d g/km, %d%%, %d of %d days", c.ApprovedCO2Emissions, c.AppropriatePercentage, c.DaysAvailable, c.DaysInYear))
				}
			}
			d.Row("Section total", forms.GBP(sec.CashEquivalent))
		}
		d.Section("Totals")
		d.Row("Total cash equivalent", forms.GBP(e.TotalCashEquivalent))
		d.Row("Benefits liable to Class 1A NICs", forms.GBP(e.Class1ABenefits))
		b, err := d.Bytes()
		return b, fmt.Sprintf("P11D-%d-%d.pdf", employeeID, y+1), err
	}
	return nil, "", payroll.NotFound("P11D of the employee in the " + ret.TaxYear + " return")
}

func by(p *payroll.Principal) string {
	if p == nil {
		return ""
	}
	return p.Username
}

func nullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }
