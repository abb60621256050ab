// Package essapi serves employee self-service (/api/v2/ess/{employeeId}/...)
// (httpapi.SelfService): the employee's own self-service user, or a
// business user whose scope covers the employee and who holds the
// operation's permission over them. Handlers pass the
// caller's principal to the domain services (which then see that one
// employee) and, for the employee themself, check the business's portal
// settings first (ess.Service.Allow).
package essapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/employee/qualification"
	"github.com/payrolld/payrolld/internal/employee/standardhours"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/httpapi/essapi/essleave"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/oauth"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/roster"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// Deps are the services self-service is the door onto, built once in
// cli.Build.
type Deps struct {
	ESS            *ess.Service
	Employees      *employee.Service
	Images         *ess.Images
	SMSFs          *ess.SMSFs
	Leave          *leave.Service
	BankAccounts   *bankaccount.Service
	SuperRegistry  *au.SuperRegistry
	DeviceTokens   *ess.DeviceTokens // hasConnectedDevices of the details, device registration
	Timesheets     *timesheet.Service
	Expenses       *expense.Service
	Qualifications *qualification.Service
	Documents      *ess.Documents
	Payslips       *ess.Payslips
	SuperFunds     *ess.SuperFunds // the AU employee's fund slots
	Satisfactions  *ess.Satisfactions
	Roster         *roster.Service
	OAuth          *oauth.Service
	Hours          *standardhours.Service
	Kiosks         *kiosk.Service
	Dashboards     *ess.Dashboards
}

// Register serves the self-service operations. Pass it in
// httpapi.Deps.Areas.
func Register(d Deps) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerProfile(a, d)
		essleave.Register(a, essleave.Deps{ESS: d.ESS, Leave: d.Leave})
		registerMoney(a, d)
		registerTimesheets(a, d)
		registerExpenses(a, d)
		registerQualifications(a, d)
		registerDocuments(a, d)
		registerSuper(a, d)
		registerLookups(a, d)
		registerPersonal(a, d)
		registerRecords(a, d)
		registerSatisfaction(a, d)
		registerDevices(a, d)
		registerTimesheetData(a, d)
		registerDashboard(a, d)
	}
}

var principal = payroll.PrincipalFrom

func employeeID(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "employeeId", "employee")
}

// allow is the portal-settings gate for the employee themself.
func allow(ctx context.Context, d Deps, act ess.Action) error {
	return d.ESS.Allow(ctx, httpapi.CurrentBusiness(ctx), httpapi.SelfEmployee(ctx), act)
}

// merge applies a JSON body over v (members it omits keep their values).
var merge = httpapi.MergeJSON

// EssEmployeeDetails is the part of EssEmployeeDetailsModel this service
// keeps.
type EssEmployeeDetails struct {
	ID                       int64            `json:"id"`
	FirstName                string           `json:"firstName"`
	OtherName                string           `json:"otherName"`
	MiddleName               string           `json:"middleName"`
	Surname                  string           `json:"surname"`
	PreviousSurname          string           `json:"previousSurname"`
	Gender                   string           `json:"gender"`
	DateOfBirth              payroll.DateTime `json:"dateOfBirth" nullable:"true"`
	AnniversaryDate          payroll.DateTime `json:"anniversaryDate" nullable:"true"`
	ExternalID               string           `json:"externalId"`
	ResidentialStreetAddress string           `json:"residentialStreetAddress"`
	ResidentialAddressLine2  string           `json:"residentialAddressLine2"`
	ResidentialSuburb        string           `json:"residentialSuburb"`
	ResidentialState         string           `json:"residentialState"`
	ResidentialPostcode      string           `json:"residentialPostcode"`
	PostalStreetAddress      string           `json:"postalStreetAddress"`
	PostalAddressLine2       string           `json:"postalAddressLine2"`
	PostalSuburb             string           `json:"postalSuburb"`
	PostalState              string           `json:"postalState"`
	PostalPostcode           string           `json:"postalPostcode"`
	Email                    string           `json:"email"`
	HomePhone                string           `json:"homePhone"`
	WorkPhone                string           `json:"workPhone"`
	MobilePhone              string           `json:"mobilePhone"`
	StartDate                payroll.DateTime `json:"startDate" nullable:"true"`
	EndDate                  payroll.DateTime `json:"endDate" nullable:"true"`
	IsTerminated             bool             `json:"isTerminated"`
	TimesheetSetting         string           `json:"timesheetSetting" enum:"Disabled,Enabled,EnabledForExceptions" doc:"the employee's own setting (isEnabledForTimesheets)"`
	TimesheetsReadOnly       bool             `json:"timesheetsReadOnly"`
	CanEdit                  bool             `json:"canEdit"`
	CanEditProfileImage      bool             `json:"canEditProfileImage"`
	HasProfileImage          bool             `json:"hasProfileImage"`

	IsOverseasResidentialAddress     bool                    `json:"isOverseasResidentialAddress"`
	IsOverseasPostalAddress          bool                    `json:"isOverseasPostalAddress"`
	IsPostalAddressSameAsResidential bool                    `json:"isPostalAddressSameAsResidential"`
	IsAnonymised                     bool                    `json:"isAnonymised"`
	ExternalReferenceID              string                  `json:"externalReferenceId"`
	Source                           int                     `json:"source" doc:"0: the public API's ExternalService None"`
	Titles                           []Title                 `json:"titles" doc:"empty: no title register is kept"`
	EditMode                         string                  `json:"editMode" enum:"EmployeePortal,EmployeePortalReadOnly,BusinessPortal"`
	TagsString                       string                  `json:"tagsString"`
	AllTags                          []string                `json:"allTags" doc:"the employee's tags"`
	CanDelete                        bool                    `json:"canDelete" doc:"false: self-service does not delete employees"`
	BouncedEmail                     bool                    `json:"bouncedEmail"`
	IRDDetailsCurrent                bool                    `json:"irdDetailsCurrent" doc:"NZ: an IRD number is recorded"`
	IRDSettingsEnabled               bool                    `json:"irdSettingsEnabled" doc:"the business is in NZ"`
	HasConnectedDevices              bool                    `json:"hasConnectedDevices" doc:"the employee's user registered a device token"`
	AddressTypes                     []AddressType           `json:"addressTypes" doc:"SG businesses: local, foreign, local care-of; empty elsewhere"`
	TerminationReason                string                  `json:"terminationReason" enum:"VoluntaryCessation,IllHealth,Deceased,Redundancy,Dismissal,ContractCessation,Transfer,Other" doc:"meaningful when isTerminated (VoluntaryCessation, the model's default, otherwise)"`
	TerminationDescription           string                  `json:"terminationDescription"`
	TerminationReasons               []NumericSelectListItem `json:"terminationReasons"`
	HasSoleUser                      bool                    `json:"hasSoleUser" doc:"the employee has a self-service user"`
	Fields                           EmployeeDetailsFields   `json:"fields"`
	PendingEmailUpdate               bool                    `json:"pendingEmailUpdate"`
	NewEmail                         string                  `json:"newEmail"`
}

// Title is TitleViewModel.
type Title struct {
	ID          int64  `json:"id"`
	Description string `json:"description"`
}

// AddressType is SelectListItem for the address types.
type AddressType struct {
	Text     string          `json:"text"`
	Value    string          `json:"value"`
	Group    SelectListGroup `json:"group"`
	Disabled bool            `json:"disabled"`
	Selected bool            `json:"selected"`
}

// SelectListGroup is a choice group (SelectListGroup).
type SelectListGroup struct {
	Name string `json:"name"`
}

// NumericSelectListItem is a numeric choice (NumericSelectListItem).
type NumericSelectListItem struct {
	Value int64  `json:"value"`
	Text  string `json:"text"`
}

// EmployeeDetailsFields says which members the details screen shows and
// requires: all are shown; names are required, addresses not.
type EmployeeDetailsFields struct {
	ShowStartDate       bool `json:"showStartDate"`
	ShowTitle           bool `json:"showTitle"`
	ShowPreferredName   bool `json:"showPreferredName"`
	ShowPreviousSurname bool `json:"showPreviousSurname"`
	ShowGender          bool `json:"showGender"`
	ShowDateOfBirth     bool `json:"showDateOfBirth"`
	ShowAnniversaryDate bool `json:"showAnniversaryDate"`
	ShowPostalAddress   bool `json:"showPostalAddress"`
	IsNameMandatory     bool `json:"isNameMandatory"`
	IsAddressMandatory  bool `json:"isAddressMandatory"`
}

// terminationReasons are TerminationReasonEnum with its numeric values.
var terminationReasons = []NumericSelectListItem{{0, "VoluntaryCessation"}, {1, "IllHealth"}, {2, "Deceased"}, {3, "Redundancy"}, {4, "Dismissal"},
	{5, "ContractCessation"}, {6, "Transfer"}, {7, "Other"}}

// detailsExtras fills the members of EssEmployeeDetailsModel derived from
// the employee and business beyond its own fields.
func detailsExtras(out *EssEmployeeDetails, e employee.Employee, region string, self, canEdit, devices bool) {
	m := &e.Members
	pd := personalDetails(e, false, false, false)
	out.IsOverseasResidentialAddress, out.IsOverseasPostalAddress = pd.ResidentialAddress.IsOutOfRegion, pd.PostalAddress.IsOutOfRegion
	out.IsPostalAddressSameAsResidential = pd.IsPostalAddressSameAsResidential
	out.ExternalReferenceID = m.ExternalReferenceID
	out.Titles = []Title{}
	switch {
	case !self:
		out.EditMode = "BusinessPortal"
	case canEdit:
		out.EditMode = "EmployeePortal"
	default:
		out.EditMode = "EmployeePortalReadOnly"
	}
	out.TagsString, out.AllTags = m.Tags, []string{}
	for _, t := range strings.Split(m.Tags, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out.AllTags = append(out.AllTags, t)
		}
	}
	out.IRDSettingsEnabled = region == "NZ"
	out.IRDDetailsCurrent = region == "NZ" && m.TaxCodeDeclarationIrdNumber != ""
	out.HasConnectedDevices = devices
	out.AddressTypes = []AddressType{}
	if region == "SG" {
		for _, t := range []string{"LocalAddress", "ForeignAddress", "LocalCareOfAddress"} {
			out.AddressTypes = append(out.AddressTypes, AddressType{Text: t, Value: t})
		}
	}
	out.TerminationReason = "VoluntaryCessation"
	for _, r := range terminationReasons {
		if strings.EqualFold(r.Text, m.TerminationReason) {
			out.TerminationReason = r.Text
		}
	}
	out.TerminationReasons = terminationReasons
	out.HasSoleUser = e.UserID != 0
	out.Fields = EmployeeDetailsFields{ShowStartDate: true, ShowTitle: true, ShowPreferredName: true, ShowPreviousSurname: true, ShowGender: true,
		ShowDateOfBirth: true, ShowAnniversaryDate: true, ShowPostalAddress: true, IsNameMandatory: true}
	if strings.EqualFold(m.IsEnabledForTimesheets, "true") {
		out.TimesheetSetting = "Enabled"
	} else {
		out.TimesheetSetting = "Disabled"
	}
}

func registerProfile(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service"}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/details", Tags: tags,
		Summary: "Get the employee's details (self-service)"},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[EssEmployeeDetails], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			e, err := d.Employees.Get(ctx, biz, principal(ctx), id)
			if err != nil {
				return nil, err
			}
			f, err := d.ESS.Features(ctx, biz)
			if err != nil {
				return nil, err
			}
			_, imgErr := d.Images.Get(ctx, biz, principal(ctx), id)
			if imgErr != nil && payroll.KindOf(imgErr) != payroll.KindNotFound {
				return nil, imgErr
			}
			self := httpapi.SelfEmployee(ctx)
			m := &e.Members
			out := &httpapi.BodyOf[EssEmployeeDetails]{Body: EssEmployeeDetails{ID: e.ID, FirstName: m.FirstName, OtherName: m.PreferredName,
				MiddleName: m.MiddleName, Surname: m.Surname, PreviousSurname: m.PreviousSurname, Gender: m.Gender, DateOfBirth: m.DateOfBirth,
				AnniversaryDate: m.AnniversaryDate, ExternalID: e.ExternalID, ResidentialStreetAddress: m.ResidentialStreetAddress,
				ResidentialAddressLine2: m.ResidentialAddressLine2, ResidentialSuburb: m.ResidentialSuburb, ResidentialState: m.ResidentialState,
				ResidentialPostcode: m.ResidentialPostCode, PostalStreetAddress: m.PostalStreetAddress, PostalAddressLine2: m.PostalAddressLine2,
				PostalSuburb: m.PostalSuburb, PostalState: m.PostalState, PostalPostcode: m.PostalPostCode, Email: m.Email, HomePhone: m.HomePhone,
				WorkPhone: m.WorkPhone, MobilePhone: m.MobilePhone, StartDate: m.StartDate, EndDate: m.EndDate, IsTerminated: e.Status == "Terminated",
				TimesheetsReadOnly: !f.AllowEmployeeTimesheetsSelfService,
				CanEdit:            !self || f.AllowEmployeeSelfEditing, CanEditProfileImage: !self || f.AllowEmployeesToUploadProfilePicture,
				HasProfileImage: imgErr == nil}}
			devices := false
			if d.DeviceTokens != nil && e.UserID != 0 {
				ts, err := d.DeviceTokens.Of(ctx, e.UserID)
				if err != nil {
					return nil, err
				}
				devices = len(ts) > 0
			}
			detailsExtras(&out.Body, e, biz.Region, self, out.Body.CanEdit, devices)
			return out, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/emergencycontacts", Tags: tags,
		Summary: "Get the employee's emergency contacts (self-service)"},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[EssEmergencyContacts], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			e, err := d.Employees.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssEmergencyContacts]{Body: emergencyContacts(e, allow(ctx, d, ess.EditDetails) == nil)}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/security/features", Tags: tags,
		Summary: "What the employee may do in self-service", Description: "From the business's employee portal settings."},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[ess.Features], error) {
			f, err := d.ESS.Features(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[ess.Features]{Body: f}, err
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/security/employees", Tags: tags,
		Summary: "The employees the caller is in self-service", Description: "Every employee, in any business, whose self-service user the caller is."},
		func(ctx context.Context, _ *struct{}) (*httpapi.BodyOf[[]ess.AvailableEmployee], error) {
			list, err := d.ESS.AvailableEmployees(ctx, principal(ctx))
			return &httpapi.BodyOf[[]ess.AvailableEmployee]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/profileimage", Tags: tags,
		Summary: "Download the employee's profile image (self-service)"},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.FileOutput, error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			img, err := d.Images.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput("employee-"+strconv.FormatInt(id, 10)+img.Extension, img.ContentType, img.Data), nil
		})
	httpapi.Register(a, httpapi.SelfService(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/profileimage", Tags: tags,
		Summary: "Upload the employee's profile image (self-service)", Description: "As E/image; the employee needs allowEmployeesToUploadProfilePicture (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			httpapi.UploadInput
		}) (*httpapi.BodyOf[ess.ProfileImageMetadata], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditProfileImage); err != nil {
				return nil, err
			}
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			md, err := d.Images.Put(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, f.Data)
			return &httpapi.BodyOf[ess.ProfileImageMetadata]{Body: md}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/profileimage", Tags: tags,
		Summary: "Delete the employee's profile image (self-service)", Description: "The employee needs allowEmployeesToUploadProfilePicture (403 otherwise)."},
		func(ctx context.Context, _ *httpapi.ESSPath) (*struct{}, error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditProfileImage); err != nil {
				return nil, err
			}
			return nil, d.Images.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
		})
}
