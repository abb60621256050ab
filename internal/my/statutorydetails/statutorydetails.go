// Package statutorydetails is a Malaysian employee's statutory details
// (E/statutorydetails): the identity and registration numbers the returns
// need (CP39, EA, EPF, SOCSO), what PCB/MTD by LHDN's computerised method
// reads (tax residence, marital status, spouse, disability, children by
// the kind the specification weighs, claimed in full or shared with the
// other parent), the contribution settings (EPF Third Schedule part,
// SOCSO category, EIS exemption, LINDUNG 24 Jam participation), standing
// monthly amounts (zakat deducted from pay, Form TP1 deductions approved,
// benefits in kind) and a previous employer's Form TP3 amounts.
//
// A pay run calculates a Malaysian employee only once these are recorded:
// citizenship, residence and household decide every figure, and the
// service does not guess them (pay.MYDetails).
package statutorydetails

import (
	"context"
	"regexp"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Children counts children whose relief the employee claims, by kind.
type Children struct {
	Under18                 int `json:"under18" doc:"unmarried children below 18"`
	Studying                int `json:"studying" doc:"18 and over in full-time education below diploma level"`
	HigherEducation         int `json:"higherEducation" doc:"18 and over studying at diploma level onwards in Malaysia or degree level onwards abroad (counts as 4)"`
	Disabled                int `json:"disabled" doc:"disabled children (count as 4)"`
	DisabledHigherEducation int `json:"disabledHigherEducation" doc:"disabled children in higher education (count as 8)"`
}

// PreviousEmployment is Form TP3: what previous employers paid and
// deducted in the year (the PCB formula's Y, K, X, Z, ΣLP).
type PreviousEmployment struct {
	Year         int           `json:"year" doc:"the calendar year the amounts are of (0 = none)"`
	Remuneration payroll.Money `json:"remuneration" doc:"gross normal and additional remuneration, with taxable benefits"`
	Epf          payroll.Money `json:"epf" doc:"EPF contributions on it"`
	Pcb          payroll.Money `json:"pcb" doc:"monthly tax deductions (not CP38)"`
	Zakat        payroll.Money `json:"zakat"`
	TaxRelief    payroll.Money `json:"taxRelief" doc:"Form TP1 deductions allowed"`
}

// Details is the employee's Malaysian statutory details.
type Details struct {
	EmployeeID            int64              `json:"employeeId" readOnly:"true"`
	Recorded              bool               `json:"recorded" readOnly:"true" doc:"false until the details are first saved: a pay run does not calculate the employee before"`
	Citizenship           string             `json:"citizenship" enum:"Citizen,PermanentResident,Foreign" doc:"picks the EPF part, SOCSO category, EIS and the HRD levy"`
	IdentityType          string             `json:"identityType" enum:"NewIC,OldIC,Passport,Police,Military"`
	IdentityNumber        string             `json:"identityNumber" maxLength:"20" doc:"a new IC number is 12 digits (dashes are dropped)"`
	PassportCountry       string             `json:"passportCountry" maxLength:"2" doc:"the country that issued the passport (two letters, CP39's country code)"`
	TaxNumber             string             `json:"taxNumber" maxLength:"20" doc:"income tax reference number (e.g. IG12345678090)"`
	TaxWifeCode           int                `json:"taxWifeCode" doc:"CP39 wife code: 0 for a man or a single woman, 1 to 9 for a married woman"`
	EpfNumber             string             `json:"epfNumber" maxLength:"20"`
	SocsoNumber           string             `json:"socsoNumber" maxLength:"20"`
	NonResident           bool               `json:"nonResident" doc:"not resident for tax: PCB at the flat non-resident rate"`
	MaritalStatus         string             `json:"maritalStatus" enum:"Single,Married,Divorced,Widowed"`
	SpouseWorking         bool               `json:"spouseWorking" doc:"a married employee's spouse has income (PCB category 3 rather than 2)"`
	Disabled              bool               `json:"disabled"`
	SpouseDisabled        bool               `json:"spouseDisabled"`
	Children              Children           `json:"children" doc:"children whose relief the employee claims in full"`
	SharedChildren        Children           `json:"sharedChildren" doc:"children whose relief the employee shares with the other parent (50%)"`
	EpfPart               string             `json:"epfPart" enum:"Auto,A,C,E,F,None" doc:"EPF Third Schedule part; Auto picks it from citizenship and age"`
	SocsoCategory         string             `json:"socsoCategory" enum:"Auto,First,Second,None" doc:"Auto: first category below 60, second from 60 and for foreign workers"`
	EisExempt             bool               `json:"eisExempt" doc:"not insured under the EIS (e.g. first employed at 57 or more)"`
	Lindung24             string             `json:"lindung24" enum:"Participating,OptedOut,OtherEmployer" doc:"LINDUNG 24 Jam: local employees may opt out; foreign workers participate"`
	MonthlyZakat          payroll.Money      `json:"monthlyZakat" doc:"zakat deducted from each month's pay"`
	MonthlyTaxRelief      payroll.Money      `json:"monthlyTaxRelief" doc:"Form TP1 deductions the employer approved, each month"`
	MonthlyBenefitsInKind payroll.Money      `json:"monthlyBenefitsInKind" doc:"benefits in kind / living accommodation valued per month, taxed through PCB"`
	PreviousEmployment    PreviousEmployment `json:"previousEmployment"`
}

// Defaults is an unrecorded employee's details.
func Defaults(employeeID int64) Details {
	return Details{EmployeeID: employeeID, Citizenship: calc.MYCitizen, IdentityType: "NewIC", MaritalStatus: calc.MYSingle,
		EpfPart: "Auto", SocsoCategory: "Auto", Lindung24: "Participating"}
}

var (
	newIC    = regexp.MustCompile(`^\d{12}$`)
	country  = regexp.MustCompile(`^[A-Z]{2}$`)
	refShape = regexp.MustCompile(`^[A-Za-z0-9 /-]*$`)
)

func count(v *payroll.Validation, field string, n int) {
	if n < 0 || n > 50 {
		v.Add(field, "%s must be 0 to 50", field)
	}
}

func (c Children) validate(v *payroll.Validation, prefix string) {
	count(v, prefix+".under18", c.Under18)
	count(v, prefix+".studying", c.Studying)
	count(v, prefix+".higherEducation", c.HigherEducation)
	count(v, prefix+".disabled", c.Disabled)
	count(v, prefix+".disabledHigherEducation", c.DisabledHigherEducation)
}

// Validate normalises d and names every member in error.
func (d *Details) Validate(v *payroll.Validation) {
	d.Citizenship = emprec.Enum(v, "citizenship", d.Citizenship, []string{calc.MYCitizen, calc.MYPermanentResident, calc.MYForeign}, calc.MYCitizen)
	d.IdentityType = emprec.Enum(v, "identityType", d.IdentityType, []string{"NewIC", "OldIC", "Passport", "Police", "Military"}, "NewIC")
	d.MaritalStatus = emprec.Enum(v, "maritalStatus", d.MaritalStatus, []string{calc.MYSingle, calc.MYMarried, calc.MYDivorced, calc.MYWidowed}, calc.MYSingle)
	d.EpfPart = emprec.Enum(v, "epfPart", d.EpfPart, []string{"Auto", "A", "C", "E", "F", "None"}, "Auto")
	d.SocsoCategory = emprec.Enum(v, "socsoCategory", d.SocsoCategory, []string{"Auto", calc.MYSOCSOFirst, calc.MYSOCSOSecond, calc.MYSOCSONone}, "Auto")
	d.Lindung24 = emprec.Enum(v, "lindung24", d.Lindung24, []string{"Participating", calc.MYLindungOptedOut, calc.MYLindungOtherEmployer}, "Participating")
	d.IdentityNumber = strings.ToUpper(strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(d.IdentityNumber), "-", ""), " ", ""))
	switch {
	case len(d.IdentityNumber) > 20:
		v.Add("identityNumber", "identityNumber must be at most 20 characters")
	case d.IdentityType == "NewIC" && d.IdentityNumber != "" && !newIC.MatchString(d.IdentityNumber):
		v.Add("identityNumber", "a new IC number is 12 digits")
	case !refShape.MatchString(d.IdentityNumber):
		v.Add("identityNumber", "identityNumber must be letters and digits")
	}
	d.PassportCountry = strings.ToUpper(strings.TrimSpace(d.PassportCountry))
	if d.PassportCountry != "" && !country.MatchString(d.PassportCountry) {
		v.Add("passportCountry", "passportCountry must be two letters")
	}
	for field, p := range map[string]*string{"taxNumber": &d.TaxNumber, "epfNumber": &d.EpfNumber, "socsoNumber": &d.SocsoNumber} {
		*p = strings.ToUpper(strings.TrimSpace(*p))
		if len(*p) > 20 || !refShape.MatchString(*p) {
			v.Add(field, "%s must be at most 20 letters, digits, spaces, / or -", field)
		}
	}
	if d.TaxWifeCode < 0 || d.TaxWifeCode > 9 {
		v.Add("taxWifeCode", "taxWifeCode must be 0 to 9")
	}
	d.Children.validate(v, "children")
	d.SharedChildren.validate(v, "sharedChildren")
	if d.Citizenship == calc.MYForeign && d.Lindung24 == calc.MYLindungOptedOut {
		v.Add("lindung24", "LINDUNG 24 Jam is compulsory for foreign workers: they cannot opt out")
	}
	if d.MaritalStatus != calc.MYMarried && (d.SpouseWorking || d.SpouseDisabled) {
		v.Add("maritalStatus", "spouseWorking and spouseDisabled apply to a married employee")
	}
	emprec.Money(v, "monthlyZakat", d.MonthlyZakat, false)
	emprec.Money(v, "monthlyTaxRelief", d.MonthlyTaxRelief, false)
	emprec.Money(v, "monthlyBenefitsInKind", d.MonthlyBenefitsInKind, false)
	p := &d.PreviousEmployment
	if p.Year != 0 && (p.Year < 2000 || p.Year > 2100) {
		v.Add("previousEmployment.year", "previousEmployment.year must be a calendar year (or 0 for none)")
	}
	for field, m := range map[string]payroll.Money{"remuneration": p.Remuneration, "epf": p.Epf, "pcb": p.Pcb, "zakat": p.Zakat, "taxRelief": p.TaxRelief} {
		emprec.Money(v, "previousEmployment."+field, m, false)
	}
	if p.Year == 0 && (p.Remuneration.IsPos() || p.Epf.IsPos() || p.Pcb.IsPos() || p.Zakat.IsPos() || p.TaxRelief.IsPos()) {
		v.Add("previousEmployment.year", "previousEmployment.year is required with amounts")
	}
}

// Service owns the details.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

var regions = []string{calc.MY}

func gate(biz business.Business) error {
	if biz.Region != calc.MY {
		return record.RegionError("Malaysian statutory details", regions, biz)
	}
	return nil
}

// Get returns the employee's details (the defaults, recorded false, when
// never saved).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (d Details, err error) {
	defer payroll.Wrap(&err, "statutory details of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return Details{}, err
	}
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Details{}, err
	}
	return read(ctx, q, biz.ID, employeeID)
}

func read(ctx context.Context, q *store.Queries, bizID, employeeID int64) (Details, error) {
	r, err := q.GetMYStatutoryDetails(ctx, store.GetMYStatutoryDetailsParams{EmployeeID: employeeID, BusinessID: bizID})
	switch {
	case db.IsNoRows(err):
		return Defaults(employeeID), nil
	case err != nil:
		return Details{}, err
	}
	return FromRow(r), nil
}

// FromRow is a stored record's wire model.
func FromRow(r store.MyEmployeeStatutory) Details {
	auto := func(s string) string {
		if s == "" {
			return "Auto"
		}
		return s
	}
	lindung := r.Lindung24
	if lindung == "" {
		lindung = "Participating"
	}
	m := payroll.MoneyFromMinor
	return Details{EmployeeID: r.EmployeeID, Recorded: true, Citizenship: r.Citizenship, IdentityType: r.IdentityType, IdentityNumber: r.IdentityNumber,
		PassportCountry: r.PassportCountry, TaxNumber: r.TaxNumber, TaxWifeCode: int(r.TaxWifeCode), EpfNumber: r.EpfNumber, SocsoNumber: r.SocsoNumber,
		NonResident: !r.TaxResident, MaritalStatus: r.MaritalStatus, SpouseWorking: r.SpouseWorking, Disabled: r.Disabled, SpouseDisabled: r.SpouseDisabled,
		Children: Children{int(r.ChildrenUnder18), int(r.ChildrenStudying), int(r.ChildrenHigherEducation), int(r.ChildrenDisabled), int(r.ChildrenDisabledHigherEducation)},
		SharedChildren: Children{int(r.SharedChildrenUnder18), int(r.SharedChildrenStudying), int(r.SharedChildrenHigherEducation), int(r.SharedChildrenDisabled),
			int(r.SharedChildrenDisabledHigherEducation)},
		EpfPart: auto(r.EpfPart), SocsoCategory: auto(r.SocsoCategory), EisExempt: r.EisExempt, Lindung24: lindung,
		MonthlyZakat: m(r.MonthlyZakat), MonthlyTaxRelief: m(r.MonthlyTaxRelief), MonthlyBenefitsInKind: m(r.MonthlyBenefitsInKind),
		PreviousEmployment: PreviousEmployment{Year: int(r.PreviousEmployerYear), Remuneration: m(r.PreviousRemuneration), Epf: m(r.PreviousEpf),
			Pcb: m(r.PreviousPcb), Zakat: m(r.PreviousZakat), TaxRelief: m(r.PreviousTaxRelief)}}
}

// Put replaces the employee's details.
func (s *Service) Put(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, d Details) (out Details, err error) {
	defer payroll.Wrap(&err, "save statutory details of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return Details{}, err
	}
	var v payroll.Validation
	d.Validate(&v)
	if err := v.Err(); err != nil {
		return Details{}, err
	}
	d.EmployeeID, d.Recorded = employeeID, true
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		before, err := read(ctx, q, biz.ID, employeeID)
		if err != nil {
			return err
		}
		noAuto := func(s string) string {
			if s == "Auto" {
				return ""
			}
			return s
		}
		lindung := d.Lindung24
		if lindung == "Participating" {
			lindung = calc.MYLindungParticipating
		}
		c, sc, pe := d.Children, d.SharedChildren, d.PreviousEmployment
		if err := q.UpsertMYStatutoryDetails(ctx, store.UpsertMYStatutoryDetailsParams{EmployeeID: employeeID, BusinessID: biz.ID,
			Citizenship: d.Citizenship, IdentityType: d.IdentityType, IdentityNumber: d.IdentityNumber, PassportCountry: d.PassportCountry,
			TaxNumber: d.TaxNumber, TaxWifeCode: int32(d.TaxWifeCode), EpfNumber: d.EpfNumber, SocsoNumber: d.SocsoNumber, TaxResident: !d.NonResident,
			MaritalStatus: d.MaritalStatus, SpouseWorking: d.SpouseWorking, Disabled: d.Disabled, SpouseDisabled: d.SpouseDisabled,
			ChildrenUnder18: int32(c.Under18), ChildrenStudying: int32(c.Studying), ChildrenHigherEducation: int32(c.HigherEducation),
			ChildrenDisabled: int32(c.Disabled), ChildrenDisabledHigherEducation: int32(c.DisabledHigherEducation),
			SharedChildrenUnder18: int32(sc.Under18), SharedChildrenStudying: int32(sc.Studying), SharedChildrenHigherEducation: int32(sc.HigherEducation),
			SharedChildrenDisabled: int32(sc.Disabled), SharedChildrenDisabledHigherEducation: int32(sc.DisabledHigherEducation),
			EpfPart: noAuto(d.EpfPart), SocsoCategory: noAuto(d.SocsoCategory), EisExempt: d.EisExempt, Lindung24: lindung,
			MonthlyZakat: d.MonthlyZakat.MinorUnits(), MonthlyTaxRelief: d.MonthlyTaxRelief.MinorUnits(), MonthlyBenefitsInKind: d.MonthlyBenefitsInKind.MinorUnits(),
			PreviousEmployerYear: int32(pe.Year), PreviousRemuneration: pe.Remuneration.MinorUnits(), PreviousEpf: pe.Epf.MinorUnits(),
			PreviousPcb: pe.Pcb.MinorUnits(), PreviousZakat: pe.Zakat.MinorUnits(), PreviousTaxRelief: pe.TaxRelief.MinorUnits(),
			UpdatedAt: s.Clock.Now()}); err != nil {
			return err
		}
		if out, err = read(ctx, q, biz.ID, employeeID); err != nil {
			return err
		}
		var prev any = before
		if !before.Recorded {
			prev = nil
		}
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionPayRunDefaults, "statutoryDetails", employeeID, prev, out)
	})
	return out, err
}

// Calc is the calculation's view of a stored record (the pay run adds
// date of birth, the levy rate and the year to date).
func Calc(r store.MyEmployeeStatutory) calc.MYEmployee {
	return calc.MYEmployee{Citizenship: r.Citizenship, NonResident: !r.TaxResident, MaritalStatus: r.MaritalStatus,
		SpouseWorking: r.SpouseWorking, Disabled: r.Disabled, SpouseDisabled: r.SpouseDisabled,
		Children: calc.MYChildren{Under18: int(r.ChildrenUnder18), Studying: int(r.ChildrenStudying), HigherEducation: int(r.ChildrenHigherEducation),
			Disabled: int(r.ChildrenDisabled), DisabledHigherEducation: int(r.ChildrenDisabledHigherEducation)},
		ChildrenHalf: calc.MYChildren{Under18: int(r.SharedChildrenUnder18), Studying: int(r.SharedChildrenStudying),
			HigherEducation: int(r.SharedChildrenHigherEducation), Disabled: int(r.SharedChildrenDisabled),
			DisabledHigherEducation: int(r.SharedChildrenDisabledHigherEducation)},
		EPFPart: r.EpfPart, SOCSOCategory: r.SocsoCategory, EISExempt: r.EisExempt, Lindung24: r.Lindung24,
		Zakat: payroll.MoneyFromMinor(r.MonthlyZakat), TaxRelief: payroll.MoneyFromMinor(r.MonthlyTaxRelief),
		BenefitsInKind: payroll.MoneyFromMinor(r.MonthlyBenefitsInKind)}
}
