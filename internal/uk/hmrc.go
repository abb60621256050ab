package uk

import (
	"context"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// UKSecretMask is what reads show instead of a stored secret. A write that
// sends the mask back (read, edit, write) keeps the stored secret.
const UKSecretMask = "********"

// UKHmrcPaymentReminder emails a reminder of the PAYE amount due to HMRC.
type UKHmrcPaymentReminder struct {
	Enabled              bool   `json:"enabled"`
	Recipients           string `json:"recipients" maxLength:"500" doc:"comma-separated email addresses"`
	Period               string `json:"period" enum:"Monthly,Quarterly"`
	ReminderDay          int    `json:"reminderDay" doc:"day of the month (1-28) the reminder is sent"`
	MonthlyBreakdown     bool   `json:"monthlyBreakdown"`
	PayRunPensionAmounts bool   `json:"payRunPensionAmounts"`
}

// UKHmrcSettings are the employer's HMRC registration and RTI settings
// (HmrcSettingsRequestModel / HmrcSettingsResponseModel). Each is stored as
// a PAYE scheme record, so its id is the payeSchemeId pay schedules refer
// to; B/hmrcsettings addresses the business's main (first) scheme.
type UKHmrcSettings struct {
	record.Base
	TaxOfficeNumber                               string                `json:"taxOfficeNumber" maxLength:"3" doc:"first part of the employer PAYE reference (3 digits)"`
	TaxOfficeReference                            string                `json:"taxOfficeReference" maxLength:"10" doc:"second part of the employer PAYE reference"`
	PayeReference                                 string                `json:"payeReference" readOnly:"true" doc:"taxOfficeNumber/taxOfficeReference"`
	AccountsOfficeReference                       string                `json:"accountsOfficeReference" maxLength:"13" doc:"13 characters, e.g. 123PX00123456"`
	CorporateTaxUniqueTaxpayerReference           string                `json:"corporateTaxUniqueTaxpayerReference" maxLength:"10" doc:"10-digit UTR"`
	RtiUserID                                     string                `json:"rtiUserId" maxLength:"50" doc:"HMRC Government Gateway user id"`
	RtiPassword                                   string                `json:"rtiPassword" maxLength:"100" doc:"Government Gateway password: write only, reads show ******** when one is stored"`
	IsAgent                                       bool                  `json:"isAgent"`
	BusinessName                                  string                `json:"businessName" maxLength:"100" doc:"employer name as registered with HMRC"`
	FirstName                                     string                `json:"firstName" maxLength:"35" doc:"contact first name"`
	LastName                                      string                `json:"lastName" maxLength:"35"`
	AddressLine1                                  string                `json:"addressLine1" maxLength:"35"`
	AddressLine2                                  string                `json:"addressLine2" maxLength:"35"`
	Suburb                                        string                `json:"suburb" maxLength:"35" doc:"town or city"`
	State                                         string                `json:"state" maxLength:"35" doc:"county"`
	Postcode                                      string                `json:"postcode" maxLength:"8"`
	SuburbID                                      *int64                `json:"suburbId"`
	Country                                       string                `json:"country" maxLength:"50"`
	IsRtiEnabled                                  bool                  `json:"isRtiEnabled"`
	RtiTestMode                                   bool                  `json:"rtiTestMode"`
	ClaimSmallEmployersRelief                     bool                  `json:"claimSmallEmployersRelief"`
	ClaimEmploymentAllowance                      bool                  `json:"claimEmploymentAllowance" doc:"standing choice; a tax year's claim can be overridden in hmrcsettings/employmentallowance"`
	EpsSubmissionDay                              int                   `json:"epsSubmissionDay" doc:"day of the month (1-28) the EPS is sent; HMRC needs it by the 19th"`
	EpsAccountName                                string                `json:"epsAccountName" maxLength:"28" doc:"account HMRC repays into"`
	EpsAccountNumber                              string                `json:"epsAccountNumber" maxLength:"8"`
	EpsAccountSortCode                            string                `json:"epsAccountSortCode" maxLength:"8"`
	EpsAccountBuildingSocietyRef                  string                `json:"epsAccountBuildingSocietyRef" maxLength:"18"`
	RequiredToPayApprenticeshipLevy               bool                  `json:"requiredToPayApprenticeshipLevy"`
	ApprenticeshipLevyAllowance                   *payroll.Money        `json:"apprenticeshipLevyAllowance" nullable:"true" doc:"share of the annual levy allowance this employer uses"`
	AlreadyReportedApprenticeshipLevy             bool                  `json:"alreadyReportedApprenticeshipLevy"`
	PreviouslyReportedApprenticeshipLevyAllowance *payroll.Money        `json:"previouslyReportedApprenticeshipLevyAllowance" nullable:"true"`
	PreviouslyReportedApprenticeshipLevyAmount    *payroll.Money        `json:"previouslyReportedApprenticeshipLevyAmount" nullable:"true"`
	IsIR35                                        bool                  `json:"isIR35"`
	SecondedEmployeesEnabled                      *bool                 `json:"secondedEmployeesEnabled"`
	OccupationalPensionsEnabled                   *bool                 `json:"occupationalPensionsEnabled"`
	IncludeEmploymentAllowanceInJournals          *bool                 `json:"includeEmploymentAllowanceInJournals"`
	InvestmentZoneTaxSiteEnabled                  *bool                 `json:"investmentZoneTaxSiteEnabled"`
	CisEnabled                                    bool                  `json:"cisEnabled" doc:"the business is a contractor in the Construction Industry Scheme"`
	CisContractorType                             string                `json:"cisContractorType" enum:"Mainstream,Deemed"`
	HmrcPaymentReminder                           UKHmrcPaymentReminder `json:"hmrcPaymentReminder"`
}

func (h *UKHmrcSettings) RecordName() string       { return h.BusinessName }
func (h *UKHmrcSettings) RecordExternalID() string { return h.PayeReference }

// Validate checks the HMRC references' formats and what RTI needs.
func (h *UKHmrcSettings) Validate(v *payroll.Validation) {
	ukMatch(v, "taxOfficeNumber", &h.TaxOfficeNumber, ukTaxOfficeNumberRE, "3 digits")
	ukMatch(v, "taxOfficeReference", &h.TaxOfficeReference, ukTaxOfficeRefRE, "1 to 10 letters or digits")
	if (h.TaxOfficeNumber == "") != (h.TaxOfficeReference == "") {
		v.Add("taxOfficeReference", "the PAYE reference needs both taxOfficeNumber and taxOfficeReference")
	}
	h.PayeReference = ""
	if h.TaxOfficeNumber != "" && h.TaxOfficeReference != "" {
		h.PayeReference = h.TaxOfficeNumber + "/" + h.TaxOfficeReference
	}
	ukMatch(v, "accountsOfficeReference", &h.AccountsOfficeReference, ukAccountsOfficeRefRE,
		"13 characters: 3 digits, P, a letter and 8 digits (the last may be X), e.g. 123PX00123456")
	ukMatch(v, "corporateTaxUniqueTaxpayerReference", &h.CorporateTaxUniqueTaxpayerReference, ukDigits10RE, "10 digits")
	h.RtiUserID = strings.TrimSpace(h.RtiUserID)
	v.MaxLen("rtiUserId", h.RtiUserID, 50)
	v.MaxLen("rtiPassword", h.RtiPassword, 100)
	v.MaxLen("businessName", h.BusinessName, 100)
	v.MaxLen("country", h.Country, 50)
	v.MaxLen("epsAccountName", h.EpsAccountName, 28)
	ukMaxLens(v, 35, map[string]string{"firstName": h.FirstName, "lastName": h.LastName, "addressLine1": h.AddressLine1,
		"addressLine2": h.AddressLine2, "suburb": h.Suburb, "state": h.State}) // RTI name and address lines are 35 characters
	ukPostcode(v, "postcode", &h.Postcode)
	if h.IsRtiEnabled {
		for f, s := range map[string]string{"taxOfficeNumber": h.TaxOfficeNumber, "taxOfficeReference": h.TaxOfficeReference,
			"accountsOfficeReference": h.AccountsOfficeReference, "rtiUserId": h.RtiUserID, "rtiPassword": h.RtiPassword} {
			if s == "" {
				v.Add(f, "%s is required to submit RTI returns (isRtiEnabled)", f)
			}
		}
	}
	if h.EpsSubmissionDay == 0 {
		h.EpsSubmissionDay = 19
	}
	if h.EpsSubmissionDay < 1 || h.EpsSubmissionDay > 28 {
		v.Add("epsSubmissionDay", "epsSubmissionDay must be a day of the month between 1 and 28")
	}
	ukSortCode(v, "epsAccountSortCode", &h.EpsAccountSortCode)
	ukAccountNumber(v, "epsAccountNumber", &h.EpsAccountNumber)
	v.MaxLen("epsAccountBuildingSocietyRef", h.EpsAccountBuildingSocietyRef, 18)
	if h.ApprenticeshipLevyAllowance != nil {
		max := ukLevyAllowance(ukAnyYear)
		if h.ApprenticeshipLevyAllowance.IsNeg() || max.Less(*h.ApprenticeshipLevyAllowance) {
			v.Add("apprenticeshipLevyAllowance", "apprenticeshipLevyAllowance must be between 0 and %s", max.StringFixed(0))
		}
		UKMoney(v, "apprenticeshipLevyAllowance", *h.ApprenticeshipLevyAllowance)
	}
	for f, p := range map[string]*payroll.Money{"previouslyReportedApprenticeshipLevyAllowance": h.PreviouslyReportedApprenticeshipLevyAllowance,
		"previouslyReportedApprenticeshipLevyAmount": h.PreviouslyReportedApprenticeshipLevyAmount} {
		if p != nil {
			UKMoney(v, f, *p)
		}
	}
	if h.CisEnabled && h.CisContractorType == "" {
		h.CisContractorType = "Mainstream"
	}
	r := &h.HmrcPaymentReminder
	if r.Period == "" {
		r.Period = "Monthly"
	}
	if r.ReminderDay == 0 {
		r.ReminderDay = 19
	}
	if r.ReminderDay < 1 || r.ReminderDay > 28 {
		v.Add("hmrcPaymentReminder.reminderDay", "reminderDay must be a day of the month between 1 and 28")
	}
	v.MaxLen("hmrcPaymentReminder.recipients", r.Recipients, 500)
	ukEmails(v, "hmrcPaymentReminder.recipients", r.Recipients)
	if r.Enabled && strings.TrimSpace(r.Recipients) == "" {
		v.Add("hmrcPaymentReminder.recipients", "a payment reminder needs at least one recipient")
	}
}

// masked is the value reads show: the gateway password never leaves.
func (h UKHmrcSettings) masked() UKHmrcSettings {
	if h.RtiPassword != "" {
		h.RtiPassword = UKSecretMask
	}
	return h
}

func (uk *UKCollections) hmrcDefault(biz business.Business) UKHmrcSettings {
	name := biz.Details.LegalName
	if name == "" {
		name = biz.Name
	}
	levy := ukLevyAllowance(UKTaxYearOf(uk.PayeSchemes.S.Clock.Now()))
	h := UKHmrcSettings{BusinessName: name, AddressLine1: biz.Details.AddressLine1, AddressLine2: biz.Details.AddressLine2,
		Suburb: biz.Details.City, State: biz.Details.County, Postcode: biz.Details.PostCode, ApprenticeshipLevyAllowance: &levy}
	var v payroll.Validation
	h.Validate(&v) // fills the defaults; a business's own details may not fit RTI limits, which only matters once saved
	return h
}

// mainPayeScheme is the business's first PAYE scheme (nil when the HMRC
// settings were never saved).
func (uk *UKCollections) mainPayeScheme(ctx context.Context, biz business.Business) (*UKHmrcSettings, error) {
	if !record.RegionIn(UKRegion, biz.Region) {
		return nil, record.RegionError("HMRC settings", UKRegion, biz)
	}
	list, err := uk.PayeSchemes.List(ctx, biz, 0)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return &list[0], nil
}

// HmrcSettings returns the main PAYE scheme's settings, secrets masked
// (defaults from the business details when never saved).
func (uk *UKCollections) HmrcSettings(ctx context.Context, biz business.Business) (UKHmrcSettings, error) {
	cur, err := uk.mainPayeScheme(ctx, biz)
	if err != nil {
		return UKHmrcSettings{}, err
	}
	if cur == nil {
		return uk.hmrcDefault(biz), nil
	}
	return cur.masked(), nil
}

// UpdateHmrcSettings applies change to the main PAYE scheme (creating it
// on the first save) and returns the masked result. A password equal to
// the mask keeps the stored one.
func (uk *UKCollections) UpdateHmrcSettings(ctx context.Context, biz business.Business, change func(*UKHmrcSettings) error) (UKHmrcSettings, error) {
	cur, err := uk.mainPayeScheme(ctx, biz)
	if err != nil {
		return UKHmrcSettings{}, err
	}
	keepSecret := func(h *UKHmrcSettings) error {
		old := h.RtiPassword
		if err := change(h); err != nil {
			return err
		}
		if h.RtiPassword == UKSecretMask {
			h.RtiPassword = old
		}
		return nil
	}
	var out UKHmrcSettings
	if cur == nil {
		h := uk.hmrcDefault(biz)
		if err := keepSecret(&h); err != nil {
			return out, err
		}
		out, err = uk.PayeSchemes.Create(ctx, biz, 0, &h)
	} else {
		out, err = uk.PayeSchemes.Update(ctx, biz, 0, cur.ID, keepSecret)
	}
	return out.masked(), err
}

// UKSimpleHmrcSettings is the body of PUT B/hmrcsettings/simple-update
// (SimpleHmrcSettingsRequestModel): the three references only.
type UKSimpleHmrcSettings struct {
	UniqueTaxPayerReference string `json:"uniqueTaxPayerReference" maxLength:"10" doc:"10-digit UTR"`
	AccountsOfficeReference string `json:"accountsOfficeReference" maxLength:"13"`
	Paye                    string `json:"paye" maxLength:"14" doc:"employer PAYE reference, NNN/XXXXX (tax office number / reference)"`
}

// Apply checks the references and copies those present (non-empty) onto
// h; the PAYE reference is split into its two parts.
func (s UKSimpleHmrcSettings) Apply(h *UKHmrcSettings) error {
	var v payroll.Validation
	ukMatch(&v, "uniqueTaxPayerReference", &s.UniqueTaxPayerReference, ukDigits10RE, "10 digits")
	ukMatch(&v, "accountsOfficeReference", &s.AccountsOfficeReference, ukAccountsOfficeRefRE,
		"13 characters: 3 digits, P, a letter and 8 digits (the last may be X), e.g. 123PX00123456")
	m := ukPayeRefRE.FindStringSubmatch(ukUpper(s.Paye))
	if s.Paye != "" && m == nil {
		v.Add("paye", "paye must be an employer PAYE reference NNN/XXXXX: 3 digits, a slash, 1 to 10 letters or digits")
	}
	if err := v.Err(); err != nil {
		return err
	}
	if m != nil {
		h.TaxOfficeNumber, h.TaxOfficeReference = m[1], m[2]
	}
	if s.UniqueTaxPayerReference != "" {
		h.CorporateTaxUniqueTaxpayerReference = s.UniqueTaxPayerReference
	}
	if s.AccountsOfficeReference != "" {
		h.AccountsOfficeReference = s.AccountsOfficeReference
	}
	return nil
}

// DeleteHmrcPaymentReminder turns the payment reminder off (its recipients
// and schedule are cleared too).
func (uk *UKCollections) DeleteHmrcPaymentReminder(ctx context.Context, biz business.Business) (UKHmrcSettings, error) {
	cur, err := uk.mainPayeScheme(ctx, biz)
	if err != nil || cur == nil {
		if err == nil {
			return uk.HmrcSettings(ctx, biz)
		}
		return UKHmrcSettings{}, err
	}
	return uk.UpdateHmrcSettings(ctx, biz, func(h *UKHmrcSettings) error {
		h.HmrcPaymentReminder = UKHmrcPaymentReminder{}
		return nil
	})
}

// UKPayeScheme is an item of GET B/payeschemes (UkPayeSchemeResponseModel
// plus the id pay schedules refer to).
type UKPayeScheme struct {
	ID                      int64  `json:"id"`
	EmployerName            string `json:"employerName"`
	PayeReference           string `json:"payeReference"`
	TaxOfficeNumber         string `json:"taxOfficeNumber"`
	TaxOfficeReference      string `json:"taxOfficeReference"`
	AccountsOfficeReference string `json:"accountsOfficeReference"`
	IsMain                  bool   `json:"isMain" doc:"the scheme B/hmrcsettings addresses"`
}

// ListPayeSchemes lists the business's PAYE schemes (empty until the HMRC
// settings are first saved).
func (uk *UKCollections) ListPayeSchemes(ctx context.Context, biz business.Business) ([]UKPayeScheme, error) {
	list, err := uk.PayeSchemes.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := make([]UKPayeScheme, len(list))
	for i, h := range list {
		out[i] = UKPayeScheme{ID: h.ID, EmployerName: h.BusinessName, PayeReference: h.PayeReference, TaxOfficeNumber: h.TaxOfficeNumber,
			TaxOfficeReference: h.TaxOfficeReference, AccountsOfficeReference: h.AccountsOfficeReference, IsMain: i == 0}
	}
	return out, nil
}

// --- employment allowance -----------------------------------------------

// UKEmploymentAllowance is a tax year's employment allowance claim
// (UkEmploymentAllowanceModel plus the claim and the year's amount).
type UKEmploymentAllowance struct {
	FinancialYearEnding                                   int              `json:"financialYearEnding" readOnly:"true" doc:"the tax year ends on 5 April of this year"`
	ClaimEmploymentAllowance                              *bool            `json:"claimEmploymentAllowance" doc:"claim for this tax year; unset = follow hmrcsettings.claimEmploymentAllowance"`
	EmpAllowanceEffectiveDate                             payroll.DateTime `json:"empAllowanceEffectiveDate" doc:"date in the tax year the claim starts"`
	EmpAllowanceClaimedInPreviousPayrollPeriod            payroll.Money    `json:"empAllowanceClaimedInPreviousPayrollPeriod" doc:"allowance already used this tax year (earlier payroll or product)"`
	EmpAllowanceClaimedInAnotherPayrollProductThisTaxYear bool             `json:"empAllowanceClaimedInAnotherPayrollProductThisTaxYear"`
	StateAidSector                                        []string         `json:"stateAidSector" enum:"Agriculture,FisheriesAndAquaculture,RoadTransport,Industrial" doc:"de minimis state aid sectors the employer works in"`
	StateAidRulesDoNotApply                               bool             `json:"stateAidRulesDoNotApply"`
	IncludeEmploymentAllowanceInJournals                  bool             `json:"includeEmploymentAllowanceInJournals"`
	AllowanceAmount                                       *payroll.Money   `json:"allowanceAmount" nullable:"true" readOnly:"true" doc:"the year's employment allowance (null when the reference rules lack it)"`
	AllowanceRemaining                                    *payroll.Money   `json:"allowanceRemaining" nullable:"true" readOnly:"true"`
	IsClaimed                                             bool             `json:"isClaimed" readOnly:"true" doc:"whether the year is claimed, after following the HMRC settings"`
}

func (e *UKEmploymentAllowance) validate(v *payroll.Validation) {
	UKMoney(v, "empAllowanceClaimedInPreviousPayrollPeriod", e.EmpAllowanceClaimedInPreviousPayrollPeriod)
	if amount, ok := ukEmploymentAllowanceAmount(e.FinancialYearEnding - 1); ok && UKPounds(amount).Less(e.EmpAllowanceClaimedInPreviousPayrollPeriod) {
		v.Add("empAllowanceClaimedInPreviousPayrollPeriod", "the allowance for %s is £%s", UKTaxYearName(e.FinancialYearEnding-1), UKPounds(amount).StringFixed(2))
	}
	if !e.EmpAllowanceEffectiveDate.IsZero() {
		from, to := UKTaxYearDates(e.FinancialYearEnding - 1)
		if d := e.EmpAllowanceEffectiveDate.Time; d.Before(from) || d.After(to) {
			v.Add("empAllowanceEffectiveDate", "empAllowanceEffectiveDate must be in the tax year %s", UKTaxYearName(e.FinancialYearEnding-1))
		}
	}
	if e.StateAidRulesDoNotApply {
		e.StateAidSector = []string{}
	} else if e.IsClaimed && len(e.StateAidSector) == 0 {
		v.Add("stateAidSector", "a claim needs the de minimis state aid sector(s), or stateAidRulesDoNotApply")
	}
	if e.StateAidSector == nil {
		e.StateAidSector = []string{}
	}
}

// employmentAllowanceYear checks the region and a financialYearEnding (0 =
// the current tax year's) and returns the year with its settings scope.
func (uk *UKCollections) employmentAllowanceYear(biz business.Business, fye int) (int, string, error) {
	if !record.RegionIn(UKRegion, biz.Region) {
		return 0, "", record.RegionError(uk.EmploymentAllowance.Label, UKRegion, biz)
	}
	current := UKTaxYearOf(uk.EmploymentAllowance.S.Clock.Now()) + 1
	if fye == 0 {
		fye = current
	}
	if fye < 2015 || fye > current+1 { // the allowance started in 2014/15
		return 0, "", payroll.Invalid("financialYearEnding", "financialYearEnding must be between 2015 and %d", current+1)
	}
	return fye, strconv.Itoa(fye), nil
}

// resolve fills the year, the claim and the computed amounts.
func (uk *UKCollections) resolveEmploymentAllowance(ctx context.Context, biz business.Business, fye int, e *UKEmploymentAllowance) error {
	e.FinancialYearEnding = fye
	e.IsClaimed = e.ClaimEmploymentAllowance != nil && *e.ClaimEmploymentAllowance
	if e.ClaimEmploymentAllowance == nil {
		h, err := uk.HmrcSettings(ctx, biz)
		if err != nil {
			return err
		}
		e.IsClaimed = h.ClaimEmploymentAllowance
	}
	e.AllowanceAmount, e.AllowanceRemaining = nil, nil
	if amount, ok := ukEmploymentAllowanceAmount(fye - 1); ok {
		e.AllowanceAmount = UKFigure(UKPounds(amount))
		e.AllowanceRemaining = UKFigure(UKPounds(amount).Sub(e.EmpAllowanceClaimedInPreviousPayrollPeriod).Max(payroll.Money{}).Cents())
	}
	if e.StateAidSector == nil {
		e.StateAidSector = []string{}
	}
	return nil
}

// EmploymentAllowanceOf returns a tax year's claim (fye 0 = current year).
func (uk *UKCollections) EmploymentAllowanceOf(ctx context.Context, biz business.Business, fye int) (UKEmploymentAllowance, error) {
	fye, scope, err := uk.employmentAllowanceYear(biz, fye)
	if err != nil {
		return UKEmploymentAllowance{}, err
	}
	e, err := uk.EmploymentAllowance.Get(ctx, biz, scope)
	if err != nil {
		return e, err
	}
	err = uk.resolveEmploymentAllowance(ctx, biz, fye, &e)
	return e, err
}

// UpdateEmploymentAllowance applies change to a tax year's claim.
func (uk *UKCollections) UpdateEmploymentAllowance(ctx context.Context, biz business.Business, fye int, change func(*UKEmploymentAllowance) error) (UKEmploymentAllowance, error) {
	fye, scope, err := uk.employmentAllowanceYear(biz, fye)
	if err != nil {
		return UKEmploymentAllowance{}, err
	}
	e, err := uk.EmploymentAllowance.Update(ctx, biz, scope, func(cur *UKEmploymentAllowance) error {
		if err := change(cur); err != nil {
			return err
		}
		// resolved before validation: whether the year is claimed decides
		// what it needs
		return uk.resolveEmploymentAllowance(ctx, biz, fye, cur)
	})
	if err != nil {
		return e, err
	}
	err = uk.resolveEmploymentAllowance(ctx, biz, fye, &e)
	return e, err
}
