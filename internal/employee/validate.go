package employee

import (
	"regexp"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	ukcalc "github.com/payrolld/payrolld/internal/calc/uk"
	"github.com/payrolld/payrolld/internal/employeegroup"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// RateUnits are the RateUnitEnum names.
var RateUnits = []string{"Hourly", "Annually", "Fixed", "Daily", "Monthly", "Weekly"}

// TerminationReasons are the TerminationReasonEnum names we know; other
// text is kept as written (the reference lists the enum as open).
var TerminationReasons = []string{"None", "VoluntaryCessation", "IllHealth", "Deceased", "Redundancy", "Dismissal", "ContractCessation", "Transfer", "Other"}

// UK enumerations.
var (
	NICategories          = []string{"A", "B", "C", "D", "E", "F", "H", "I", "J", "K", "L", "M", "N", "S", "V", "Z", "X"}
	StudentLoanTypes      = []string{"None", "Plan1", "Plan2", "Plan4", "Plan5"}
	TaxCalculationMethods = []string{"Cumulative", "NonCumulative"}
)

// NZTaxCodes are the IRD tax codes (an " SL" suffix adds a student loan).
var NZTaxCodes = []string{"M", "ME", "SB", "S", "SH", "ST", "SA", "ND", "CAE", "EDW", "NSW", "STC", "WT"}

// ValidNINumber checks a UK National Insurance number's format: two
// prefix letters (not D F I Q U V; the second not O; not the prefixes
// BG GB KN NK NT TN ZZ), six digits and a suffix A-D; spaces allowed.
func ValidNINumber(s string) bool {
	n := strings.ToUpper(strings.ReplaceAll(s, " ", ""))
	if !niPattern.MatchString(n) {
		return false
	}
	switch n[:2] {
	case "BG", "GB", "KN", "NK", "NT", "TN", "ZZ":
		return false
	}
	return true
}

var niPattern = regexp.MustCompile(`^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]$`)

// ValidIRD checks a New Zealand IRD number: 8 or 9 digits (dashes and
// spaces allowed) between 10-000-000 and 150-000-000 whose last digit is
// the mod-11 check digit of the first eight (padded to eight) with weights
// 3,2,7,6,5,4,3,2, or, when that gives 10, with 7,4,3,2,5,2,7,6 (10 again
// = invalid).
func ValidIRD(s string) bool {
	d := strings.NewReplacer("-", "", " ", "").Replace(s)
	if len(d) < 8 || len(d) > 9 {
		return false
	}
	n := 0
	for _, r := range d {
		if r < '0' || r > '9' {
			return false
		}
		n = n*10 + int(r-'0')
	}
	if n < 10000000 || n > 150000000 {
		return false
	}
	if len(d) == 8 {
		d = "0" + d
	}
	base, check := d[:8], int(d[8]-'0')
	for _, w := range [][8]int{{3, 2, 7, 6, 5, 4, 3, 2}, {7, 4, 3, 2, 5, 2, 7, 6}} {
		sum := 0
		for i := 0; i < 8; i++ {
			sum += int(base[i]-'0') * w[i]
		}
		c := 0
		if r := sum % 11; r != 0 {
			c = 11 - r
		}
		if c != 10 {
			return c == check
		}
	}
	return false
}

// ValidNRIC checks a Singapore NRIC or FIN: prefix S, T, F, G or M, seven
// digits and the check letter of the weighted sum (2,7,6,5,4,3,2; +4 for
// T and G, +3 for M) modulo 11.
func ValidNRIC(s string) bool {
	n := strings.ToUpper(strings.TrimSpace(s))
	if len(n) != 9 {
		return false
	}
	sum := 0
	for i, w := range []int{2, 7, 6, 5, 4, 3, 2} {
		c := n[i+1]
		if c < '0' || c > '9' {
			return false
		}
		sum += int(c-'0') * w
	}
	var table string
	switch n[0] {
	case 'S':
		table = "JZIHGFEDCBA"
	case 'T':
		sum += 4
		table = "JZIHGFEDCBA"
	case 'F':
		table = "XWUTRQPNMLK"
	case 'G':
		sum += 4
		table = "XWUTRQPNMLK"
	case 'M':
		sum += 3
		table = "XWUTRQPNJLK"
	default:
		return false
	}
	return n[8] == table[sum%11]
}

// ValidUKTaxCode checks a UK tax code's syntax (a trailing W1/M1/X basis
// marker is allowed, as HMRC writes it).
func ValidUKTaxCode(s string) bool {
	_, err := ukcalc.ParseTaxCode(s)
	return err == nil
}

// ValidNZTaxCode checks an IRD tax code ("M", "ME SL", "S", ...).
func ValidNZTaxCode(s string) bool {
	code := strings.ToUpper(strings.TrimSpace(s))
	code = strings.TrimSuffix(code, " SL")
	_, ok := record.Canonical(NZTaxCodes, code)
	return ok
}

// canon replaces *p by its canonical spelling in list, or reports the
// member as invalid.
func canon(v *payroll.Validation, field string, p *string, list []string) {
	if *p == "" {
		return
	}
	if c, ok := record.Canonical(list, *p); ok {
		*p = c
		return
	}
	v.Add(field, "%s must be one of %s", field, strings.Join(list, ", "))
}

// Validate checks e's members for the business's region and tidies
// spellings (enum case, identifier formats); rates that change by tax
// year (KiwiSaver) are checked against the year in force on day on.
// Region-foreign members are refused earlier, when the request is applied.
func (e *Employee) Validate(biz business.Business, on time.Time) error {
	var v payroll.Validation
	m := &e.Members
	v.MaxLen("externalId", e.ExternalID, 50)
	mv := memberValues(m)
	for _, f := range fields {
		if f.m.MaxLen > 0 && (f.m.Kind == "s" || f.m.Kind == "e") {
			s := mv.FieldByIndex(f.model)
			if f.m.Kind == "e" {
				if s.IsNil() {
					continue
				}
				s = s.Elem()
			}
			v.MaxLen(f.m.JSON, s.String(), f.m.MaxLen)
		}
	}
	if m.Email != "" && !payroll.ValidEmail(m.Email) {
		v.Add("emailAddress", "emailAddress is not a valid email address")
	}
	if m.EmploymentType != "" {
		canon(&v, "employmentType", &m.EmploymentType, employeegroup.EmploymentTypes)
	}
	canon(&v, "rateUnit", &m.RateUnit, RateUnits)
	for _, b := range []struct {
		name string
		p    *string
	}{{"overrideTemplateRate", &m.OverrideTemplateRate}, {"automaticallyPayEmployee", &m.AutomaticallyPayEmployee}, {"isEnabledForTimesheets", &m.IsEnabledForTimesheets},
		{"isCompanyDirector", &m.IsCompanyDirector}, {"employeePaidIrregularly", &m.EmployeePaidIrregularly}, {"isApprentice", &m.IsApprentice}, {"isExemptFromMinimumWage", &m.IsExemptFromMinimumWage}} {
		canon(&v, b.name, b.p, []string{"true", "false"})
	}
	for _, r := range []struct {
		name string
		p    *payroll.Rate
	}{{"rate", m.Rate}, {"hoursPerWeek", m.HoursPerWeek}, {"hoursPerDay", m.HoursPerDay}} {
		if r.p != nil && r.p.IsNeg() {
			v.Add(r.name, "%s must not be negative", r.name)
		}
	}
	if m.HoursPerDay != nil && m.HoursPerDay.Cmp(payroll.RateFromInt(24)) > 0 {
		v.Add("hoursPerDay", "hoursPerDay must be at most 24")
	}
	if m.HoursPerWeek != nil && m.HoursPerWeek.Cmp(payroll.RateFromInt(168)) > 0 {
		v.Add("hoursPerWeek", "hoursPerWeek must be at most 168")
	}
	if !m.EndDate.IsZero() && !m.StartDate.IsZero() && m.EndDate.Before(m.StartDate.Time) {
		v.Add("endDate", "endDate must not be before startDate")
	}
	if !m.DateOfBirth.IsZero() && !m.StartDate.IsZero() && m.DateOfBirth.After(m.StartDate.Time) {
		v.Add("dateOfBirth", "dateOfBirth must be before startDate")
	}
	switch biz.Region {
	case "AU":
		if m.TaxFileNumber != "" {
			m.TaxFileNumber = strings.ReplaceAll(m.TaxFileNumber, " ", "")
			if !payroll.ValidTFN(m.TaxFileNumber) {
				v.Add("taxFileNumber", "taxFileNumber is not a valid tax file number (9 digits with a valid check digit)")
			}
		}
		for _, abn := range []struct{ name, val string }{{"employingEntityABN", m.EmployingEntityAbn}, {"contractorABN", m.ContractorAbn}} {
			if abn.val != "" && !payroll.ValidABN(abn.val) {
				v.Add(abn.name, "%s is not a valid Australian Business Number", abn.name)
			}
		}
		for i, bsb := range []*string{&m.BankAccount1Bsb, &m.BankAccount2Bsb, &m.BankAccount3Bsb} {
			if *bsb != "" && !bsbPattern.MatchString(*bsb) {
				v.Add(bankMember(i, "BSB"), "%s must be 6 digits (nnn-nnn)", bankMember(i, "BSB"))
			}
		}
	case "UK":
		if m.NationalInsuranceNumber != "" {
			m.NationalInsuranceNumber = strings.ToUpper(strings.ReplaceAll(m.NationalInsuranceNumber, " ", ""))
			if !ValidNINumber(m.NationalInsuranceNumber) {
				v.Add("nationalInsuranceNumber", "nationalInsuranceNumber is not a valid National Insurance number (e.g. AB123456C)")
			}
		}
		if m.TaxCode != "" {
			m.TaxCode = strings.ToUpper(strings.TrimSpace(m.TaxCode))
			if !ValidUKTaxCode(m.TaxCode) {
				v.Add("taxCode", "taxCode %q is not a valid UK tax code", m.TaxCode)
			}
		}
		canon(&v, "nationalInsuranceCategory", &m.NationalInsuranceCategory, NICategories)
		if m.StudentLoanType != "" && len(m.StudentLoanType) == 1 {
			m.StudentLoanType = "Plan" + m.StudentLoanType
		}
		canon(&v, "studentLoanType", &m.StudentLoanType, StudentLoanTypes)
		if strings.EqualFold(m.TaxCalculationMethod, "Week1Month1") || strings.EqualFold(m.TaxCalculationMethod, "W1M1") {
			m.TaxCalculationMethod = "NonCumulative"
		}
		canon(&v, "taxCalculationMethod", &m.TaxCalculationMethod, TaxCalculationMethods)
	case "NZ":
		if m.TaxCodeDeclarationIrdNumber != "" {
			if !ValidIRD(m.TaxCodeDeclarationIrdNumber) {
				v.Add("taxCodeDeclaration_IrdNumber", "taxCodeDeclaration_IrdNumber is not a valid IRD number")
			}
		}
		if m.TaxCodeDeclarationTaxCode != "" {
			m.TaxCodeDeclarationTaxCode = strings.ToUpper(strings.TrimSpace(m.TaxCodeDeclarationTaxCode))
			if !ValidNZTaxCode(m.TaxCodeDeclarationTaxCode) {
				v.Add("taxCodeDeclaration_TaxCode", "taxCodeDeclaration_TaxCode %q is not an IRD tax code (%s, optionally with SL)", m.TaxCodeDeclarationTaxCode, strings.Join(NZTaxCodes, ", "))
			}
		}
		checkKiwiSaver(&v, m, on)
	case "SG":
		checkSelfHelpGroupFund(&v, m) // sg_self_help_group.go
		if m.NationalRegistrationIdentityNumber != "" {
			m.NationalRegistrationIdentityNumber = strings.ToUpper(strings.TrimSpace(m.NationalRegistrationIdentityNumber))
			if !ValidNRIC(m.NationalRegistrationIdentityNumber) {
				v.Add("nationalRegistrationIdentityNumber", "nationalRegistrationIdentityNumber is not a valid NRIC or FIN")
			}
		}
	}
	return v.Err()
}

var bsbPattern = regexp.MustCompile(`^[0-9]{3}-?[0-9]{3}$`)

func bankMember(i int, part string) string {
	return "bankAccount" + string(rune('1'+i)) + "_" + part
}

// Missing names the groups of data the reference's completeness rule
// still needs (empty = complete): basic details, tax details, pay run
// defaults, locations, bank account and, in AU, super fund.
func (e *Employee) Missing(region string) []string {
	m := &e.Members
	var out []string
	if m.FirstName == "" || m.Surname == "" || m.StartDate.IsZero() || m.DateOfBirth.IsZero() ||
		m.ResidentialStreetAddress == "" || m.ResidentialPostCode == "" {
		out = append(out, "Basic Details")
	}
	tax := m.EmploymentType != ""
	switch region {
	case "AU":
		tax = tax && m.TaxFileNumber != ""
	case "UK":
		tax = tax && m.TaxCode != "" && m.NationalInsuranceCategory != ""
	case "NZ":
		tax = tax && m.TaxCodeDeclarationIrdNumber != "" && m.TaxCodeDeclarationTaxCode != ""
	case "SG":
		tax = tax && m.NationalRegistrationIdentityNumber != ""
	}
	if !tax {
		out = append(out, "Tax Details")
	}
	if m.PrimaryPayCategory == "" || m.PaySchedule == "" || m.PrimaryLocation == "" {
		out = append(out, "Pay Run Defaults")
	}
	if m.PrimaryLocation == "" && strings.TrimSpace(m.Locations) == "" {
		out = append(out, "Locations")
	}
	if m.BankAccount1AccountNumber == "" && m.BankAccount2AccountNumber == "" && m.BankAccount3AccountNumber == "" {
		out = append(out, "Bank Account")
	}
	if region == "AU" && m.SuperFund1ProductCode == "" && m.SuperFund1FundName == "" && m.SuperFund2ProductCode == "" &&
		m.SuperFund2FundName == "" && m.SuperFund3ProductCode == "" && m.SuperFund3FundName == "" {
		out = append(out, "Super Fund")
	}
	return out
}

// settle sets the status from the data: an end date terminates,
// otherwise complete = Active, else Incomplete. It returns the detailed
// status.
func (e *Employee) settle(region string) string {
	if !e.EndDate.IsZero() {
		e.Status = StatusTerminated
		return "Terminated"
	}
	missing := e.Missing(region)
	if len(missing) == 0 {
		e.Status = StatusActive
		return "Active"
	}
	e.Status = StatusIncomplete
	return "Incomplete: missing " + strings.Join(missing, ", ")
}
