package uk

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// UK-only kinds. Pay schedules refer to PAYE schemes (payeSchemeId) and
// BACS records; employees will refer to pension plans and benefit
// categories.
const (
	KindPayeScheme           = "paye_scheme"
	KindPensionScheme        = "pension_scheme"
	KindPensionPlan          = "pension_plan"
	KindBenefitCategory      = "benefit_category"
	KindBacs                 = "bacs_settings_record"
	KindSubcontractor        = "subcontractor"
	KindSubcontractorPayment = "subcontractor_payment_details"
	KindHolidayPay52Week     = "holiday_pay_52_week_data"
	KindHolidayPay52Import   = "holiday_pay_52_week_import"
)

// UKRegion is the region list of every UK-only collection and document.
var UKRegion = []string{"UK"}

// UKCollections holds the UK group's collections and settings: HMRC
// settings (stored as the business's main PAYE scheme), employment
// allowance, statutory pay figures, pension schemes and plans, benefit
// categories (P11D / payrolled benefits), BACS settings, CIS
// subcontractors and the 52-week holiday pay data import.
type UKCollections struct {
	PayeSchemes           record.Collection[UKHmrcSettings, *UKHmrcSettings]
	EmploymentAllowance   record.Settings[UKEmploymentAllowance]
	PensionSchemes        record.Collection[UKPensionScheme, *UKPensionScheme]
	PensionPlans          record.Collection[UKPensionPlan, *UKPensionPlan]
	PensionDates          record.Settings[UKPensionStaging]
	BenefitCategories     record.Collection[UKBenefitCategory, *UKBenefitCategory]
	BenefitProcessing     record.Settings[UKBenefitProcessingOptions]
	Bacs                  record.Collection[UKBacs, *UKBacs]
	Subcontractors        record.Collection[UKSubcontractor, *UKSubcontractor]
	SubcontractorPayments record.Collection[UKSubcontractorPaymentDetails, *UKSubcontractorPaymentDetails]
}

func NewUKCollections(s *record.Service) *UKCollections {
	uk := &UKCollections{
		PayeSchemes: record.Collection[UKHmrcSettings, *UKHmrcSettings]{S: s, Kind: KindPayeScheme, Label: "PAYE scheme", Region: UKRegion},
		EmploymentAllowance: record.Settings[UKEmploymentAllowance]{S: s, Kind: "uk_employment_allowance", Label: "employment allowance settings",
			Region: UKRegion},
		PensionSchemes: record.Collection[UKPensionScheme, *UKPensionScheme]{S: s, Kind: KindPensionScheme, Label: "pension scheme",
			Region: UKRegion, UniqueName: true},
		PensionPlans: record.Collection[UKPensionPlan, *UKPensionPlan]{S: s, Kind: KindPensionPlan, Label: "pension plan",
			Region: UKRegion, UniqueName: true, ParentKind: KindPensionScheme, Decorate: decoratePensionPlans},
		PensionDates: record.Settings[UKPensionStaging]{S: s, Kind: "uk_pension_dates", Label: "pension scheme dates", Region: UKRegion},
		BenefitProcessing: record.Settings[UKBenefitProcessingOptions]{S: s, Kind: "uk_benefit_processing", Label: "benefit processing options",
			Region: UKRegion, Default: func(_ business.Business) UKBenefitProcessingOptions {
				return UKBenefitProcessingOptions{IsP11dBenefitsEnabled: true}
			}},
		Bacs: record.Collection[UKBacs, *UKBacs]{S: s, Kind: KindBacs, Label: "BACS settings record", Region: UKRegion},
		Subcontractors: record.Collection[UKSubcontractor, *UKSubcontractor]{S: s, Kind: KindSubcontractor, Label: "subcontractor",
			Region: UKRegion, Check: checkSubcontractor},
		SubcontractorPayments: record.Collection[UKSubcontractorPaymentDetails, *UKSubcontractorPaymentDetails]{S: s,
			Kind: KindSubcontractorPayment, Label: "subcontractor payment details", Region: UKRegion, ParentKind: KindSubcontractor},
		// One record per employee; its parent_id column holds the employee
		// id (employees are not records, so no ParentKind).
	}
	uk.EmploymentAllowance.Validate = func(v *UKEmploymentAllowance, val *payroll.Validation) { v.validate(val) }
	uk.PensionDates.Validate = func(v *UKPensionStaging, val *payroll.Validation) { v.validate(val) }
	uk.BenefitProcessing.Validate = func(v *UKBenefitProcessingOptions, val *payroll.Validation) { v.validate(s.Clock.Now(), val) }
	uk.BenefitCategories = record.Collection[UKBenefitCategory, *UKBenefitCategory]{S: s, Kind: KindBenefitCategory, Label: "benefit category",
		Region: UKRegion, Check: uk.checkBenefitCategory}
	return uk
}

// --- Company directors --------------------------------------------------

// DirectorNIAlternative says whether a company director's NI is worked out
// by the alternative arrangements (nationalInsuranceCalculationMethod
// NonCumulative, or a name with "alternative") rather than on the annual
// earnings period: what the pay run calculates and the FPS reports.
func DirectorNIAlternative(method string) bool {
	m := strings.ToLower(method)
	return m == "noncumulative" || strings.Contains(m, "alternative")
}

// --- UK tax years -------------------------------------------------------

// UKTaxYearOf is the UK tax year (6 April to 5 April) containing t, named
// by the calendar year it starts in (2025 = 2025/26).
func UKTaxYearOf(t time.Time) int {
	if t.Month() < time.April || t.Month() == time.April && t.Day() < 6 {
		return t.Year() - 1
	}
	return t.Year()
}

// UKTaxYearName is how payroll people write a tax year: "2025/26".
func UKTaxYearName(start int) string { return fmt.Sprintf("%d/%02d", start, (start+1)%100) }

// UKTaxYearDates are the first and last days of a tax year.
func UKTaxYearDates(start int) (from, to time.Time) {
	return time.Date(start, time.April, 6, 0, 0, 0, 0, time.UTC), time.Date(start+1, time.April, 5, 0, 0, 0, 0, time.UTC)
}

// ParseUKTaxYear reads "2025", "2025/26" or "2025-26" as the tax year
// starting in 2025.
func ParseUKTaxYear(s string) (int, bool) {
	s = strings.TrimSpace(s)
	var start, end int
	if n, _ := fmt.Sscanf(s, "%4d/%2d", &start, &end); n == 2 && len(s) == 7 {
		return start, (start+1)%100 == end
	}
	if n, _ := fmt.Sscanf(s, "%4d-%2d", &start, &end); n == 2 && len(s) == 7 {
		return start, (start+1)%100 == end
	}
	if n, _ := fmt.Sscanf(s, "%d", &start); n == 1 && fmt.Sprint(start) == s {
		return start, start >= 1990 && start <= 2100
	}
	return 0, false
}

// --- shared UK formats ----------------------------------------------------

var (
	ukSortCodeRE        = regexp.MustCompile(`^(\d{2})-?(\d{2})-?(\d{2})$`)
	ukAccountNumberRE   = regexp.MustCompile(`^\d{8}$`)
	ukDigits10RE        = regexp.MustCompile(`^\d{10}$`)
	ukTaxOfficeNumberRE = regexp.MustCompile(`^\d{3}$`)
	ukTaxOfficeRefRE    = regexp.MustCompile(`^[A-Z0-9]{1,10}$`)
	ukPayeRefRE         = regexp.MustCompile(`^(\d{3})/([A-Z0-9]{1,10})$`)
	// Accounts office reference: 3 digits, P, a check letter, 8 characters
	// (7 digits and a digit or X), e.g. 123PX00123456. The check letter is
	// not verified (HMRC's algorithm is not in our reference material).
	ukAccountsOfficeRefRE = regexp.MustCompile(`^\d{3}P[A-Z]\d{7}[0-9X]$`)
	ukNINORE              = regexp.MustCompile(`^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$`)
	ukCompanyNumberRE     = regexp.MustCompile(`^([0-9]{8}|[A-Z]{2}[0-9]{6})$`)
	ukPostcodeRE          = regexp.MustCompile(`^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$`)
)

// ukUpper tidies an identifier: trimmed, upper case, inner spaces removed.
func ukUpper(s string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
}

// ukSortCode checks and canonicalises a sort code to NN-NN-NN ("" passes).
func ukSortCode(v *payroll.Validation, field string, s *string) {
	t := strings.TrimSpace(*s)
	if t == "" {
		*s = ""
		return
	}
	m := ukSortCodeRE.FindStringSubmatch(t)
	if m == nil {
		v.Add(field, "%s must be a sort code of six digits (NN-NN-NN)", field)
		return
	}
	*s = m[1] + "-" + m[2] + "-" + m[3]
}

// ukAccountNumber checks a UK bank account number ("" passes).
func ukAccountNumber(v *payroll.Validation, field string, s *string) {
	*s = strings.ReplaceAll(strings.TrimSpace(*s), " ", "")
	if *s != "" && !ukAccountNumberRE.MatchString(*s) {
		v.Add(field, "%s must be 8 digits", field)
	}
}

// ukMatch canonicalises *s with ukUpper and checks it against re ("" passes).
func ukMatch(v *payroll.Validation, field string, s *string, re *regexp.Regexp, want string) {
	*s = ukUpper(*s)
	if *s != "" && !re.MatchString(*s) {
		v.Add(field, "%s must be %s", field, want)
	}
}

// ukMaxLens checks several members against one length limit.
func ukMaxLens(v *payroll.Validation, n int, members map[string]string) {
	for f, s := range members {
		v.MaxLen(f, s, n)
	}
}

// ukPostcode checks a UK postcode and writes it the standard way, with
// one space before the inward code ("sw1a1aa" -> "SW1A 1AA").
func ukPostcode(v *payroll.Validation, field string, s *string) {
	ukMatch(v, field, s, ukPostcodeRE, "a UK postcode")
	if len(*s) > 4 && !strings.Contains(*s, " ") {
		*s = (*s)[:len(*s)-3] + " " + (*s)[len(*s)-3:]
	}
}

// ukEmails checks a comma or semicolon separated list of addresses.
func ukEmails(v *payroll.Validation, field, list string) {
	for _, e := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ';' }) {
		if !payroll.ValidEmail(strings.TrimSpace(e)) {
			v.Add(field, "%q is not an email address", strings.TrimSpace(e))
		}
	}
}

// UKMoney checks an amount is not negative and has at most two decimals.
func UKMoney(v *payroll.Validation, field string, x payroll.Money) {
	if x.IsNeg() {
		v.Add(field, "%s must not be negative", field)
	} else if !x.Equal(x.Trunc(2)) {
		v.Add(field, "%s must have at most two decimal places", field)
	}
}

// ukPercent checks a percentage between 0 and 100.
func ukPercent(v *payroll.Validation, field string, x payroll.Rate) {
	if !x.Within(0, 100) {
		v.Add(field, "%s must be a percentage between 0 and 100", field)
	}
}

// UKPounds turns integer pence (how the figures tables keep money) into
// an amount in pounds.
func UKPounds(pence int64) payroll.Money { return payroll.MoneyFromMinor(pence) }
