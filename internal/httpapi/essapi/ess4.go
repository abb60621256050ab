package essapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/employee/document"
	"github.com/payrolld/payrolld/internal/employee/qualification"
	"github.com/payrolld/payrolld/internal/employee/standardhours"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/oauth"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/roster"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// Deps4 are the services of the remaining self-service operations.
type Deps4 struct {
	Deps
	Qualifications *qualification.Service
	Expenses       *expense.Service
	Satisfactions  *ess.Satisfactions
	Timesheets     *timesheet.Service
	Roster         *roster.Service
	DeviceTokens   *ess.DeviceTokens
	OAuth          *oauth.Service
	// The dashboard's sources besides the above.
	Documents  *ess.Documents
	Payslips   *ess.Payslips
	Hours      *standardhours.Service
	Kiosks     *kiosk.Service
	Dashboards *ess.Dashboards
}

// Register4 serves them. Pass it in httpapi.Deps.Areas.
func Register4(d Deps4) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerPersonal(a, d)
		registerRecords4(a, d)
		registerSatisfaction(a, d)
		registerDevices(a, d)
		registerTimesheetData(a, d)
		registerDashboard(a, d)
	}
}

// twoFactorNote describes the .../swagrequired2fa paths.
const twoFactorNote = "The .../swagrequired2fa path is the same operation for apps that completed a second factor; " +
	"this service has no second factor, so both paths behave alike."

// register2FA registers h on op.Path and on op.Path + "/swagrequired2fa"
// (the published variants of the bank account, payslip, payment summary
// and super fund operations).
func register2FA[I, O any](a *httpapi.API, needs httpapi.Needs, twoFactorPath string, op huma.Operation, h func(context.Context, *I) (*O, error)) {
	httpapi.Register(a, needs, op, h)
	op.Path = twoFactorPath
	op.Description = strings.TrimSpace(op.Description + " " + twoFactorNote)
	httpapi.Register(a, needs, op, h)
}

// EssAddress is AuAddressModel. An employee's address is kept as the
// text entered, so it is a manual one (suburbId 0); the suburb register
// (internal/suburb) only serves the address form's lookups.
type EssAddress struct {
	StreetAddress   string `json:"streetAddress"`
	AddressLine2    string `json:"addressLine2"`
	Postcode        string `json:"postcode"`
	Country         string `json:"country"`
	CountryID       string `json:"countryId"`
	SuburbID        int64  `json:"suburbId"`
	Suburb          string `json:"suburb"`
	State           string `json:"state"`
	IsManualAddress bool   `json:"isManualAddress"`
	IsOutOfRegion   bool   `json:"isOutOfRegion"`
}

// EssPersonalDetails is AuEssEmployeeDetailsViewModel.
type EssPersonalDetails struct {
	ResidentialAddress               EssAddress            `json:"residentialAddress"`
	PostalAddress                    EssAddress            `json:"postalAddress"`
	CanEdit                          bool                  `json:"canEdit"`
	HasProfileImage                  bool                  `json:"hasProfileImage"`
	CanEditProfileImage              bool                  `json:"canEditProfileImage"`
	AnniversaryDate                  payroll.DateTimeOrMin `json:"anniversaryDate"`
	StartDate                        payroll.DateTimeOrMin `json:"startDate"`
	EndDate                          payroll.DateTimeOrMin `json:"endDate"`
	ID                               int64                 `json:"id"`
	TitleID                          int64                 `json:"titleId" doc:"0: titles are free text here (the employee's title member)"`
	FirstName                        string                `json:"firstName"`
	OtherName                        string                `json:"otherName"`
	MiddleName                       string                `json:"middleName"`
	Surname                          string                `json:"surname"`
	PreviousSurname                  string                `json:"previousSurname"`
	DateOfBirth                      payroll.DateTimeOrMin `json:"dateOfBirth"`
	Gender                           string                `json:"gender"`
	Email                            string                `json:"email"`
	HomePhone                        string                `json:"homePhone"`
	WorkPhone                        string                `json:"workPhone"`
	MobilePhone                      string                `json:"mobilePhone"`
	IsPostalAddressSameAsResidential bool                  `json:"isPostalAddressSameAsResidential"`
}

func orMin(d payroll.DateTime) payroll.DateTimeOrMin { return payroll.DateTimeOrMin{DateTime: d} }

func overseas(b *bool) bool { return b != nil && *b }

// personalDetails shapes the employee's own members.
func personalDetails(e employee.Employee, canEdit, canEditImage, hasImage bool) EssPersonalDetails {
	m := &e.Members
	res := EssAddress{StreetAddress: m.ResidentialStreetAddress, AddressLine2: m.ResidentialAddressLine2, Postcode: m.ResidentialPostCode,
		Country: m.ResidentialCountry, CountryID: m.ResidentialCountry, Suburb: m.ResidentialSuburb, State: m.ResidentialState,
		IsManualAddress: true, IsOutOfRegion: overseas(m.ResidentialAddressIsOverseas)}
	post := EssAddress{StreetAddress: m.PostalStreetAddress, AddressLine2: m.PostalAddressLine2, Postcode: m.PostalPostCode,
		Country: m.PostalCountry, CountryID: m.PostalCountry, Suburb: m.PostalSuburb, State: m.PostalState,
		IsManualAddress: true, IsOutOfRegion: overseas(m.PostalAddressIsOverseas)}
	same := post.StreetAddress == "" && post.Suburb == "" && post.Postcode == "" ||
		post.StreetAddress == res.StreetAddress && post.AddressLine2 == res.AddressLine2 && post.Suburb == res.Suburb &&
			post.State == res.State && post.Postcode == res.Postcode && post.Country == res.Country
	return EssPersonalDetails{ResidentialAddress: res, PostalAddress: post, CanEdit: canEdit, HasProfileImage: hasImage, CanEditProfileImage: canEditImage,
		AnniversaryDate: orMin(m.AnniversaryDate), StartDate: orMin(m.StartDate), EndDate: orMin(m.EndDate), ID: e.ID, FirstName: m.FirstName,
		OtherName: m.PreferredName, MiddleName: m.MiddleName, Surname: m.Surname, PreviousSurname: m.PreviousSurname, DateOfBirth: orMin(m.DateOfBirth),
		Gender: m.Gender, Email: m.Email, HomePhone: m.HomePhone, WorkPhone: m.WorkPhone, MobilePhone: m.MobilePhone, IsPostalAddressSameAsResidential: same}
}

// personalMembers are the employee members self-service may change
// (lower-cased wire name of an edit body -> the employee member). Pay,
// tax, employment and bank/super members are the business's (or have
// their own self-service operations).
var personalMembers = map[string]string{
	"title": "title", "firstname": "firstName", "othername": "preferredName", "preferredname": "preferredName", "middlename": "middleName",
	"surname": "surname", "previoussurname": "previousSurname", "dateofbirth": "dateOfBirth", "gender": "gender",
	"email": "emailAddress", "emailaddress": "emailAddress", "homephone": "homePhone", "workphone": "workPhone", "mobilephone": "mobilePhone",
	"residentialstreetaddress": "residentialStreetAddress", "residentialaddressline2": "residentialAddressLine2", "residentialsuburb": "residentialSuburb",
	"residentialstate": "residentialState", "residentialpostcode": "residentialPostCode", "residentialcountry": "residentialCountry",
	"postalstreetaddress": "postalStreetAddress", "postaladdressline2": "postalAddressLine2", "postalsuburb": "postalSuburb",
	"postalstate": "postalState", "postalpostcode": "postalPostCode", "postalcountry": "postalCountry",
}

// addressMembers map AuAddressModel members onto the residential or
// postal members (prefix + this).
var addressMembers = map[string]string{"streetaddress": "StreetAddress", "addressline2": "AddressLine2", "postcode": "PostCode",
	"suburb": "Suburb", "state": "State", "country": "Country"}

// lowerKeys reads a JSON object with lower-cased member names (null
// members left out); 400 naming field when it is not an object.
func lowerKeys(field string, raw []byte) (map[string]json.RawMessage, error) {
	out := map[string]json.RawMessage{}
	if len(strings.TrimSpace(string(raw))) == 0 || strings.TrimSpace(string(raw)) == "null" {
		return out, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, payroll.Invalid(field, "%s must be a JSON object", field)
	}
	for k, v := range m {
		if strings.TrimSpace(string(v)) != "null" {
			out[strings.ToLower(k)] = v
		}
	}
	return out, nil
}

// personalPatch keeps the personal members of body (flat members and
// residentialAddress/postalAddress objects); others are ignored.
// isPostalAddressSameAsResidential true copies the residential address
// (as sent, else as stored) onto the postal one.
func personalPatch(e employee.Employee, raw []byte) (employee.Patch, error) {
	body, err := lowerKeys("body", raw)
	if err != nil {
		return nil, err
	}
	p := employee.Patch{}
	for k, v := range body {
		if m, ok := personalMembers[k]; ok {
			p[strings.ToLower(m)] = v
		}
	}
	for _, kind := range []string{"residential", "postal"} {
		v, ok := body[kind+"address"]
		if !ok {
			continue
		}
		addr, err := lowerKeys(kind+"Address", v)
		if err != nil {
			return nil, err
		}
		for k, v := range addr {
			if m, ok := addressMembers[k]; ok {
				p[strings.ToLower(kind+m)] = v
			}
		}
	}
	var same bool
	if v, ok := body["ispostaladdresssameasresidential"]; ok && json.Unmarshal(v, &same) == nil && same {
		m := &e.Members
		stored := map[string]string{"StreetAddress": m.ResidentialStreetAddress, "AddressLine2": m.ResidentialAddressLine2, "PostCode": m.ResidentialPostCode,
			"Suburb": m.ResidentialSuburb, "State": m.ResidentialState, "Country": m.ResidentialCountry}
		for _, f := range addressMembers {
			v, ok := p[strings.ToLower("residential"+f)]
			if !ok {
				v, _ = json.Marshal(stored[f])
			}
			p[strings.ToLower("postal"+f)] = v
		}
	}
	return p, nil
}

// EssEmergencyContact is EmergencyContactEditModel; id is the contact's
// slot (1 primary, 2 secondary).
type EssEmergencyContact struct {
	ID                     int64  `json:"id"`
	Name                   string `json:"name"`
	Relationship           string `json:"relationship"`
	Address                string `json:"address"`
	ContactNumber          string `json:"contactNumber"`
	AlternateContactNumber string `json:"alternateContactNumber"`
}

// EssEmergencyContacts is EmployeeEmergencyContactsEditModel.
type EssEmergencyContacts struct {
	PrimaryEmergencyContact   EssEmergencyContact `json:"primaryEmergencyContact"`
	SecondaryEmergencyContact EssEmergencyContact `json:"secondaryEmergencyContact"`
	CanEdit                   bool                `json:"canEdit"`
}

func emergencyContacts(e employee.Employee, canEdit bool) EssEmergencyContacts {
	m := &e.Members
	return EssEmergencyContacts{
		PrimaryEmergencyContact: EssEmergencyContact{ID: 1, Name: m.EmergencyContact1Name, Relationship: m.EmergencyContact1Relationship,
			Address: m.EmergencyContact1Address, ContactNumber: m.EmergencyContact1ContactNumber, AlternateContactNumber: m.EmergencyContact1AlternateContactNumber},
		SecondaryEmergencyContact: EssEmergencyContact{ID: 2, Name: m.EmergencyContact2Name, Relationship: m.EmergencyContact2Relationship,
			Address: m.EmergencyContact2Address, ContactNumber: m.EmergencyContact2ContactNumber, AlternateContactNumber: m.EmergencyContact2AlternateContactNumber},
		CanEdit: canEdit}
}

// contactPatch maps the edit model onto emergencyContact1_... and
// emergencyContact2_...; members a contact omits keep their values.
func contactPatch(raw []byte) (employee.Patch, error) {
	body, err := lowerKeys("body", raw)
	if err != nil {
		return nil, err
	}
	p := employee.Patch{}
	for slot, name := range map[string]string{"1": "primaryEmergencyContact", "2": "secondaryEmergencyContact"} {
		v, ok := body[strings.ToLower(name)]
		if !ok {
			continue
		}
		c, err := lowerKeys(name, v)
		if err != nil {
			return nil, err
		}
		for _, m := range []string{"Name", "Relationship", "Address", "ContactNumber", "AlternateContactNumber"} {
			if v, ok := c[strings.ToLower(m)]; ok {
				p[strings.ToLower("emergencyContact"+slot+"_"+m)] = v
			}
		}
	}
	return p, nil
}

// EssPersonalDetailsEdit is AuEssEmployeeDetailsEditModel (the request
// body; members it omits keep their values).
type EssPersonalDetailsEdit struct {
	ResidentialAddress               *EssAddress `json:"residentialAddress,omitempty"`
	PostalAddress                    *EssAddress `json:"postalAddress,omitempty"`
	ID                               int64       `json:"id,omitempty" doc:"ignored: the path names the employee"`
	TitleID                          int64       `json:"titleId,omitempty" doc:"ignored: titles are free text here"`
	FirstName                        string      `json:"firstName,omitempty"`
	OtherName                        string      `json:"otherName,omitempty"`
	MiddleName                       string      `json:"middleName,omitempty"`
	Surname                          string      `json:"surname,omitempty"`
	PreviousSurname                  string      `json:"previousSurname,omitempty"`
	DateOfBirth                      string      `json:"dateOfBirth,omitempty" doc:"date-time, e.g. 1990-02-03T00:00:00"`
	Gender                           string      `json:"gender,omitempty"`
	Email                            string      `json:"email,omitempty"`
	HomePhone                        string      `json:"homePhone,omitempty"`
	WorkPhone                        string      `json:"workPhone,omitempty"`
	MobilePhone                      string      `json:"mobilePhone,omitempty"`
	IsPostalAddressSameAsResidential bool        `json:"isPostalAddressSameAsResidential,omitempty"`
}

// EssDetailsEdit is the part of EmployeePartialEditModel self-service
// changes (other members are ignored).
type EssDetailsEdit struct {
	ID                               int64  `json:"id,omitempty" doc:"ignored: the path names the employee"`
	FirstName                        string `json:"firstName,omitempty"`
	OtherName                        string `json:"otherName,omitempty"`
	MiddleName                       string `json:"middleName,omitempty"`
	Surname                          string `json:"surname,omitempty"`
	PreviousSurname                  string `json:"previousSurname,omitempty"`
	DateOfBirth                      string `json:"dateOfBirth,omitempty" doc:"date-time, e.g. 1990-02-03T00:00:00"`
	Gender                           string `json:"gender,omitempty"`
	ResidentialStreetAddress         string `json:"residentialStreetAddress,omitempty"`
	ResidentialAddressLine2          string `json:"residentialAddressLine2,omitempty"`
	ResidentialSuburb                string `json:"residentialSuburb,omitempty"`
	ResidentialState                 string `json:"residentialState,omitempty"`
	ResidentialPostcode              string `json:"residentialPostcode,omitempty"`
	ResidentialCountry               string `json:"residentialCountry,omitempty"`
	PostalStreetAddress              string `json:"postalStreetAddress,omitempty"`
	PostalAddressLine2               string `json:"postalAddressLine2,omitempty"`
	PostalSuburb                     string `json:"postalSuburb,omitempty"`
	PostalState                      string `json:"postalState,omitempty"`
	PostalPostcode                   string `json:"postalPostcode,omitempty"`
	PostalCountry                    string `json:"postalCountry,omitempty"`
	IsPostalAddressSameAsResidential bool   `json:"isPostalAddressSameAsResidential,omitempty"`
	Email                            string `json:"email,omitempty"`
	HomePhone                        string `json:"homePhone,omitempty"`
	WorkPhone                        string `json:"workPhone,omitempty"`
	MobilePhone                      string `json:"mobilePhone,omitempty"`
}

// EssEmergencyContactsEdit is the EmployeeEmergencyContactsEditModel
// request body (a contact left out is unchanged).
type EssEmergencyContactsEdit struct {
	PrimaryEmergencyContact   *EssEmergencyContact `json:"primaryEmergencyContact,omitempty"`
	SecondaryEmergencyContact *EssEmergencyContact `json:"secondaryEmergencyContact,omitempty"`
	CanEdit                   bool                 `json:"canEdit,omitempty" doc:"ignored"`
}

func registerPersonal(a *httpapi.API, d Deps4) {
	tags := []string{"Employee Self Service"}
	biz := httpapi.CurrentBusiness
	details := func(ctx context.Context, id int64) (*httpapi.BodyOf[EssPersonalDetails], error) {
		e, err := d.Employees.Get(ctx, biz(ctx), principal(ctx), id)
		if err != nil {
			return nil, err
		}
		f, err := d.ESS.Features(ctx, biz(ctx))
		if err != nil {
			return nil, err
		}
		_, imgErr := d.Images.Get(ctx, biz(ctx), principal(ctx), id)
		if imgErr != nil && payroll.KindOf(imgErr) != payroll.KindNotFound {
			return nil, imgErr
		}
		self := httpapi.SelfEmployee(ctx)
		return &httpapi.BodyOf[EssPersonalDetails]{Body: personalDetails(e, !self || f.AllowEmployeeSelfEditing,
			!self || f.AllowEmployeesToUploadProfilePicture, imgErr == nil)}, nil
	}
	// update applies the personal members of a body (gated by
	// allowEmployeeSelfEditing for the employee themself).
	update := func(ctx context.Context, id int64, patch func(employee.Employee) (employee.Patch, error)) error {
		if err := allow(ctx, d.Deps, ess.EditDetails); err != nil {
			return err
		}
		e, err := d.Employees.Get(ctx, biz(ctx), principal(ctx), id)
		if err != nil {
			return err
		}
		p, err := patch(e)
		if err != nil {
			return err
		}
		_, err = d.Employees.Update(ctx, biz(ctx), principal(ctx), id, p)
		return err
	}
	editDoc := " The employee needs allowEmployeeSelfEditing (403 otherwise). Only personal members change: names, date of birth, gender, email, " +
		"phones and the residential and postal addresses (members the body omits keep their values); other members are ignored: tax, pay, " +
		"employment, bank accounts and super have their own operations or are the business's."
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/personaldetails", Tags: tags,
		Summary: "Get the employee's personal details (self-service)", Description: "Addresses are kept as the text entered, so they are manual (suburbId 0; the suburb lookups serve the form that enters them); " +
			"isPostalAddressSameAsResidential when the postal address is empty or equal to the residential one."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[EssPersonalDetails], error) {
			return details(ctx, in.EmployeeID)
		})
	httpapi.Register(a, httpapi.SelfService(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/personaldetails", Tags: tags,
		Summary: "Update the employee's personal details (self-service)", Description: "AuEssEmployeeDetailsEditModel; answers the details as stored. " +
			"isPostalAddressSameAsResidential true copies the residential address onto the postal one." + editDoc},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			RawBody []byte
			Body    EssPersonalDetailsEdit
		}) (*httpapi.BodyOf[EssPersonalDetails], error) {
			if err := update(ctx, in.EmployeeID, func(e employee.Employee) (employee.Patch, error) { return personalPatch(e, in.RawBody) }); err != nil {
				return nil, err
			}
			return details(ctx, in.EmployeeID)
		})
	httpapi.Register(a, httpapi.SelfService(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/details", Tags: tags,
		Summary: "Save the employee's details (self-service)", Description: "EmployeePartialEditModel; answers the employee (AuUnstructuredEmployeeModel)." + editDoc},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			RawBody []byte
			Body    EssDetailsEdit
		}) (*httpapi.BodyOf[employee.Employee], error) {
			if err := update(ctx, in.EmployeeID, func(e employee.Employee) (employee.Patch, error) { return personalPatch(e, in.RawBody) }); err != nil {
				return nil, err
			}
			e, err := d.Employees.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			return &httpapi.BodyOf[employee.Employee]{Body: e}, err
		})
	type contactsBody struct {
		httpapi.ESSPath
		RawBody []byte
		Body    EssEmergencyContactsEdit
	}
	contacts := func(ctx context.Context, in *contactsBody) (*httpapi.BodyOf[EssEmergencyContacts], error) {
		if err := update(ctx, in.EmployeeID, func(employee.Employee) (employee.Patch, error) { return contactPatch(in.RawBody) }); err != nil {
			return nil, err
		}
		e, err := d.Employees.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID)
		return &httpapi.BodyOf[EssEmergencyContacts]{Body: emergencyContacts(e, true)}, err
	}
	contactDoc := "Sets the primary and secondary emergency contacts (the employee's emergencyContact1_... and emergencyContact2_... members; " +
		"members a contact omits keep their values, a contact left out is unchanged; id is the slot, 1 or 2). The employee needs allowEmployeeSelfEditing (403 otherwise)."
	httpapi.Register(a, httpapi.SelfService(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/emergencycontacts", Tags: tags,
		Summary: "Update the employee's emergency contacts (self-service)", Description: contactDoc}, contacts)
	httpapi.Register(a, httpapi.SelfService(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/emergencycontacts", Tags: tags,
		Summary: "Save the employee's emergency contacts (self-service)", Description: contactDoc + " Same as PUT."}, contacts)
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/publicHolidays", Tags: tags,
		Summary: "Public holidays of the employee (self-service)", Description: "The business's public holidays from fromDate to toDate (filter.fromDate, filter.toDate; " +
			"default: this calendar year, at most 3 years) that apply to the employee: national ones, those of the employee's residential state or region, " +
			"and those limited to locations only when the employee works at one of them. Holidays the business marked notAPublicHoliday are left out."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			FromDate string `query:"fromDate" doc:"also filter.fromDate"`
			ToDate   string `query:"toDate" doc:"also filter.toDate"`
		}) (*httpapi.BodyOf[[]payschedule.PublicHoliday], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			now := a.Clock.Now().UTC()
			if from.IsZero() {
				from = time.Date(now.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
				if !to.IsZero() {
					from = time.Date(to.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
				}
			}
			if to.IsZero() {
				to = time.Date(from.Year(), 12, 31, 0, 0, 0, 0, time.UTC)
			}
			if to.Before(from) {
				return nil, payroll.Invalid("toDate", "toDate must not be before fromDate")
			}
			if to.Year()-from.Year() > 2 {
				return nil, payroll.Invalid("toDate", "the range covers at most 3 calendar years")
			}
			out, err := employeeHolidays(ctx, a, d, in.EmployeeID, from, to)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]payschedule.PublicHoliday]{Body: out}, nil
		})
}

// holidayApplies: a holiday with states applies to employees of one of
// them; one with locations to employees working at one of them.
func holidayApplies(h payschedule.PublicHoliday, state string, locs []int64) bool {
	if len(h.States) > 0 {
		ok := false
		for _, s := range h.States {
			ok = ok || (state != "" && strings.EqualFold(s, state))
		}
		if !ok {
			return false
		}
	}
	if len(h.LocationIDs) > 0 {
		for _, l := range h.LocationIDs {
			for _, m := range locs {
				if l == m {
					return true
				}
			}
		}
		return false
	}
	return true
}

// EssQualificationDocument is EssEmployeeQualificationDocumentModel.
type EssQualificationDocument struct {
	ID          int64            `json:"id"`
	Name        string           `json:"name"`
	DateCreated payroll.DateTime `json:"dateCreated"`
	Visible     bool             `json:"visible"`
	URL         string           `json:"url" doc:"the self-service download of the document"`
}

// EssQualification is EssEmployeeQualificationModel.
type EssQualification struct {
	ID               int64                      `json:"id"`
	QualificationID  int64                      `json:"qualificationId"`
	Name             string                     `json:"name"`
	ExpiryDate       payroll.DateTimeOrMin      `json:"expiryDate"`
	IssueDate        payroll.DateTimeOrMin      `json:"issueDate"`
	Documents        []EssQualificationDocument `json:"documents"`
	ReferenceNumber  string                     `json:"referenceNumber"`
	HasQualification bool                       `json:"hasQualification"`
	IsExpired        bool                       `json:"isExpired"`
	IsExpiring       bool                       `json:"isExpiring"`
}

func essQualification(emp int64, q qualification.EmployeeQualification) EssQualification {
	out := EssQualification{ID: q.ID, QualificationID: q.QualificationID, Name: q.Name, ExpiryDate: orMin(q.ExpiryDate), IssueDate: orMin(q.IssueDate),
		Documents: []EssQualificationDocument{}, ReferenceNumber: q.ReferenceNumber, HasQualification: true, IsExpired: q.IsExpired, IsExpiring: q.IsExpiring}
	for _, doc := range q.Documents {
		out.Documents = append(out.Documents, EssQualificationDocument{ID: doc.ID, Name: doc.Name, DateCreated: doc.DateCreated, Visible: doc.Visible,
			URL: fmt.Sprintf("/api/v2/ess/%d/document/download/%d", emp, doc.ID)})
	}
	return out
}

// EssBankAccount is AuEssBankAccountModel.
type EssBankAccount struct {
	AccountType         string        `json:"accountType" enum:"Electronic,ManualDeposit,CashOrCheque,Bpay"`
	ID                  int64         `json:"id"`
	EmployeeID          int64         `json:"employeeId"`
	BSB                 string        `json:"bsb"`
	AccountName         string        `json:"accountName"`
	AccountNumber       string        `json:"accountNumber"`
	AllocatedPercentage payroll.Rate  `json:"allocatedPercentage" doc:"0 when the account has a fixed amount or takes the balance"`
	FixedAmount         payroll.Money `json:"fixedAmount"`
	AllocateBalance     bool          `json:"allocateBalance"`
	IsEmployeeEditable  bool          `json:"isEmployeeEditable"`
	CanBeDeleted        bool          `json:"canBeDeleted"`
	ExternalReferenceID string        `json:"externalReferenceId"`
}

func essBankAccount(acc bankaccount.Account) EssBankAccount {
	out := EssBankAccount{AccountType: acc.AccountType, ID: acc.ID, EmployeeID: acc.EmployeeID, BSB: acc.BSB, AccountName: acc.AccountName,
		AccountNumber: acc.AccountNumber, AllocateBalance: acc.AllocateBalance, IsEmployeeEditable: acc.IsEmployeeEditable == nil || *acc.IsEmployeeEditable,
		CanBeDeleted: acc.CanBeDeleted, ExternalReferenceID: acc.ExternalReferenceID}
	if out.AccountType == "" {
		out.AccountType = "Electronic"
	}
	if acc.AllocatedPercentage != nil {
		out.AllocatedPercentage = *acc.AllocatedPercentage
	}
	if acc.FixedAmount != nil {
		out.FixedAmount = *acc.FixedAmount
	}
	return out
}

// EssBankAccountResult is AuEssSaveBankAccountResponseModel.
type EssBankAccountResult struct {
	ValidationWarning string         `json:"validationWarning" doc:"empty, or how the allocations do not add up"`
	Result            EssBankAccount `json:"result"`
}

func registerRecords4(a *httpapi.API, d Deps4) {
	biz := httpapi.CurrentBusiness
	pathID := httpapi.PathID

	// Bank accounts.
	tags := []string{"Employee Self Service Bank Accounts"}
	register2FA(a, httpapi.SelfService(business.ViewEmployeeDetails), "/api/v2/ess/{employeeId}/bankaccounts/swagrequired2fa", huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/bankaccounts", Tags: tags,
		Summary: "List the employee's bank accounts (self-service)", Description: "As E/bankaccount, in the self-service shape."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]EssBankAccount], error) {
			list, err := d.BankAccounts.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			out := make([]EssBankAccount, len(list))
			for i, acc := range list {
				out[i] = essBankAccount(acc)
			}
			return &httpapi.BodyOf[[]EssBankAccount]{Body: out}, err
		})
	register2FA(a, httpapi.SelfService(business.EditAllEmployeeDetails), "/api/v2/ess/{employeeId}/bankaccounts/{id}/swagrequired2fa", huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/bankaccounts/{id}", Tags: tags,
		Summary: "Update a bank account (self-service)", Parameters: httpapi.PathParams("id"),
		Description: "Replaces the account's details (allocations must add up, as E/bankaccount). The employee needs allowEmployeeBankAccountSelfService and may not " +
			"change an account the business marked not employee-editable (403); isEmployeeEditable is the business's to set."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body bankaccount.Account
		}) (*httpapi.BodyOf[EssBankAccountResult], error) {
			aid, err := pathID(ctx, "id", "bank account")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d.Deps, ess.EditBankAccounts); err != nil {
				return nil, err
			}
			cur, err := d.BankAccounts.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, aid)
			if err != nil {
				return nil, err
			}
			body := in.Body
			if httpapi.SelfEmployee(ctx) {
				if cur.IsEmployeeEditable != nil && !*cur.IsEmployeeEditable {
					return nil, payroll.Forbidden("the business manages this bank account; ask them to change it")
				}
				body.IsEmployeeEditable = cur.IsEmployeeEditable
			}
			res, err := d.BankAccounts.Save(ctx, biz(ctx), principal(ctx), in.EmployeeID, aid, body)
			if err != nil {
				return nil, err
			}
			out := EssBankAccountResult{Result: essBankAccount(res.Result)}
			if res.ValidationWarning != nil {
				out.ValidationWarning = *res.ValidationWarning
			}
			return &httpapi.BodyOf[EssBankAccountResult]{Body: out}, nil
		})

	// Self-managed super funds.
	tags = []string{"Employee Self Service Super"}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/selfmanagedsuperfund", Tags: tags,
		Summary: "List the employee's self-managed super funds (self-service)", Description: "AU. As E/selfmanagedsuperfund."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]au.SelfManagedSuperFund], error) {
			list, err := d.SMSFs.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			return &httpapi.BodyOf[[]au.SelfManagedSuperFund]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/selfmanagedsuperfund/{id}", Tags: tags,
		Summary: "Get a self-managed super fund (self-service)", Description: "AU.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			id, err := pathID(ctx, "id", "self-managed super fund")
			if err != nil {
				return nil, err
			}
			f, err := d.SMSFs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/selfmanagedsuperfund/{id}", Tags: tags,
		Summary: "Update a self-managed super fund (self-service)", Parameters: httpapi.PathParams("id"),
		Description: "AU. As PUT E/selfmanagedsuperfund/{id} (members the body omits keep their values); the employee needs allowEmployeeSuperFundSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body    au.SelfManagedSuperFund
			RawBody []byte
		}) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			id, err := pathID(ctx, "id", "self-managed super fund")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d.Deps, ess.EditSuperFunds); err != nil {
				return nil, err
			}
			f, err := d.SMSFs.Update(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, in.RawBody)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})

	// Qualifications.
	tags = []string{"Employee Self Service Qualifications"}
	qs := d.Qualifications
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/qualification", Tags: tags,
		Summary: "List the employee's qualifications (self-service)", Description: "id is the employee qualification's own id."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]EssQualification], error) {
			list, err := qs.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			out := make([]EssQualification, len(list))
			for i, q := range list {
				out[i] = essQualification(in.EmployeeID, q)
			}
			return &httpapi.BodyOf[[]EssQualification]{Body: out}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/qualification/{id}", Tags: tags,
		Summary: "Get a qualification (self-service)", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[EssQualification], error) {
			id, err := pathID(ctx, "id", "qualification")
			if err != nil {
				return nil, err
			}
			q, err := qs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id)
			return &httpapi.BodyOf[EssQualification]{Body: essQualification(in.EmployeeID, q)}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/qualification/{id}", Tags: tags,
		Summary: "Update a qualification (self-service)", Parameters: httpapi.PathParams("id"),
		Description: "Replaces the issue and expiry dates and reference number of the employee qualification {id}. Its qualification cannot change " +
			"(a different qualificationId is a 400: remove it and add the other)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body qualification.EmployeeQualificationRequest
		}) (*httpapi.BodyOf[EssQualification], error) {
			id, err := pathID(ctx, "id", "qualification")
			if err != nil {
				return nil, err
			}
			cur, err := qs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id)
			if err != nil {
				return nil, err
			}
			body := in.Body
			if body.QualificationID != 0 && body.QualificationID != cur.QualificationID {
				return nil, payroll.Invalid("qualificationId", "qualificationId must stay %d: remove the qualification and add the other", cur.QualificationID)
			}
			body.QualificationID, body.Name = cur.QualificationID, ""
			q, err := qs.Save(ctx, biz(ctx), principal(ctx), in.EmployeeID, body)
			return &httpapi.BodyOf[EssQualification]{Body: essQualification(in.EmployeeID, q)}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/qualification/{employeeQualificationId}/attachment", Tags: tags,
		Summary: "Upload a qualification's document (self-service)", Parameters: httpapi.PathParams("employeeQualificationId"),
		Description: "The multipart part file is stored as an employee document visible to the employee and attached to the qualification; " +
			"answers the qualification with its documents."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			httpapi.UploadInput
		}) (*httpapi.BodyOf[EssQualification], error) {
			id, err := pathID(ctx, "employeeQualificationId", "qualification")
			if err != nil {
				return nil, err
			}
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			files := []document.File{{Name: f.Name, ContentType: f.ContentType, Data: f.Data}}
			if _, err := qs.UploadDocuments(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id, files, true); err != nil {
				return nil, err
			}
			q, err := qs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id)
			return &httpapi.BodyOf[EssQualification]{Body: essQualification(in.EmployeeID, q)}, err
		})

	// Expenses.
	tags = []string{"Employee Self Service Expenses"}
	xs := d.Expenses
	httpapi.Register(a, httpapi.SelfService(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/expense/{expenseRequestId}", Tags: tags,
		Summary: "Update an expense request (self-service)", Parameters: httpapi.PathParams("expenseRequestId"),
		Description: "Replaces a Pending request's description and lines (409 once it left Pending, or when a manager approves or declines it at the same moment). " +
			"The employee needs allowEmployeeExpensesSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body expense.ExpenseRequestEdit
		}) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			id, err := pathID(ctx, "expenseRequestId", "expense request")
			if err != nil {
				return nil, err
			}
			r, err := xs.Update(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, in.Body, httpapi.SelfEmployee(ctx))
			return &httpapi.BodyOf[expense.ExpenseRequest]{Body: r}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/expense/{expenseRequestId}/attachment", Tags: tags,
		Summary: "Upload an attachment to an expense request (self-service)", Parameters: httpapi.PathParams("expenseRequestId"),
		Description: "The multipart part file is stored as an employee document attached to the request (not to a Processed one: 409); answers the request. " +
			"The employee needs allowEmployeeExpensesSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			httpapi.UploadInput
		}) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			id, err := pathID(ctx, "expenseRequestId", "expense request")
			if err != nil {
				return nil, err
			}
			if httpapi.SelfEmployee(ctx) && xs.SelfServiceAllowed != nil {
				ok, err := xs.SelfServiceAllowed(ctx, biz(ctx))
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, payroll.Forbidden("the business does not let employees submit expenses in self-service (employee portal settings: allowEmployeeExpensesSelfService)")
				}
			}
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			r, err := xs.Attach(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, []document.File{{Name: f.Name, ContentType: f.ContentType, Data: f.Data}})
			return &httpapi.BodyOf[expense.ExpenseRequest]{Body: r}, err
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/expense/taxcodes", Tags: tags,
		Summary: "Expense tax codes (self-service)", Description: "As B/employeeexpensecategory/taxcodes: the sales tax codes of the business's region; taxRate is a percentage."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]categories.TaxCode], error) {
			if _, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), in.EmployeeID); err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]categories.TaxCode]{Body: categories.ExpenseTaxCodes(biz(ctx).Region)}, nil
		})

	// Unavailability.
	tags = []string{"Employee Self Service Unavailability"}
	ls := d.Leave
	one := func(ctx context.Context, emp int64) (leave.Unavailability, error) {
		uid, err := pathID(ctx, "unavailabilityId", "unavailability")
		if err != nil {
			return leave.Unavailability{}, err
		}
		u, err := ls.GetUnavailability(ctx, biz(ctx), principal(ctx), uid)
		if err == nil && u.EmployeeID != emp { // a business user acting for one employee sees only theirs
			err = payroll.NotFound("unavailability")
		}
		return u, err
	}
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/unavailability", Tags: tags,
		Summary: "List the employee's unavailabilities (self-service)", Description: "Those that fall from fromDate to toDate (filter.fromDate, filter.toDate; " +
			"a recurring one from its start until its end date), oldest first."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			FromDate string `query:"fromDate" doc:"also filter.fromDate"`
			ToDate   string `query:"toDate" doc:"also filter.toDate"`
		}) (*httpapi.BodyOf[[]leave.Unavailability], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			if _, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), in.EmployeeID); err != nil {
				return nil, err
			}
			list, err := ls.Unavailabilities(ctx, biz(ctx), principal(ctx), leave.UnavailabilityQuery{From: from, To: to, EmployeeID: in.EmployeeID})
			return &httpapi.BodyOf[[]leave.Unavailability]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/unavailability/{unavailabilityId}", Tags: tags,
		Summary: "Get an unavailability (self-service)", Description: "Only one of the path's employee (404 otherwise).", Parameters: httpapi.PathParams("unavailabilityId")},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[leave.Unavailability], error) {
			u, err := one(ctx, in.EmployeeID)
			return &httpapi.BodyOf[leave.Unavailability]{Body: u}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/unavailability/{unavailabilityId}", Tags: tags,
		Summary: "Update an unavailability (self-service)", Parameters: httpapi.PathParams("unavailabilityId"),
		Description: "Members the body omits keep their values; checked as B/unavailability. Only one of the path's employee (404 otherwise); " +
			"the employee needs allowEmployeeToSetUnavailability (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body    leave.Unavailability
			RawBody []byte
		}) (*httpapi.BodyOf[leave.Unavailability], error) {
			u, err := one(ctx, in.EmployeeID)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d.Deps, ess.EditUnavailability); err != nil {
				return nil, err
			}
			r, err := ls.UpdateUnavailability(ctx, biz(ctx), principal(ctx), u.ID, func(x *leave.Unavailability) error {
				if err := merge(x, in.RawBody); err != nil {
					return err
				}
				x.EmployeeID = in.EmployeeID // stays the path's employee
				return nil
			})
			return &httpapi.BodyOf[leave.Unavailability]{Body: r}, err
		})
}

func registerSatisfaction(a *httpapi.API, d Deps4) {
	tags := []string{"Employee Self Service"}
	biz := httpapi.CurrentBusiness
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/satisfaction", Tags: tags,
		Summary: "The employee's satisfaction survey answers (self-service)", Description: "One per week (weekStartDate is the Monday), oldest first, " +
			"the weeks starting from fromDate's week to toDate (either may be left out)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			FromDate string `query:"fromDate"`
			ToDate   string `query:"toDate"`
		}) (*httpapi.BodyOf[[]ess.Satisfaction], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			list, err := d.Satisfactions.List(ctx, biz(ctx), principal(ctx), in.EmployeeID, from, to)
			return &httpapi.BodyOf[[]ess.Satisfaction]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/satisfaction", Tags: tags,
		Summary: "Answer the satisfaction survey (self-service)", Description: "How the employee feels (Happy, Neutral, Sad; NotSet) in the week of weekStartDate " +
			"(that week's Monday; this week when left out). A second answer for the same week replaces the first. Answers the value stored. " +
			"The employee needs allowEmployeeSatisfactionSurvey (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body ess.Satisfaction
		}) (*httpapi.BodyOf[string], error) {
			if err := allow(ctx, d.Deps, ess.AnswerSatisfaction); err != nil {
				return nil, err
			}
			v, err := d.Satisfactions.Save(ctx, biz(ctx), principal(ctx), in.EmployeeID, in.Body)
			return &httpapi.BodyOf[string]{Body: v}, err
		})
}

// RecoverPassword is RecoverPasswordModel (messageType is ignored).
type RecoverPassword struct {
	Username    string `json:"username" maxLength:"200"`
	MessageType string `json:"messageType,omitempty" doc:"ignored"`
}

func registerDevices(a *httpapi.API, d Deps4) {
	tags := []string{"Employee Self Service"}
	note := " Nothing sends push notifications yet: the tokens are kept for when something does."
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/devicetoken/register", Tags: tags,
		Summary: "Register a mobile device token", Description: "Stores the caller's push token for platform iOS or Android (idempotent; a token " +
			"registered by another user becomes the caller's)." + note},
		func(ctx context.Context, in *httpapi.BodyOf[ess.DeviceToken]) (*httpapi.BodyOf[httpapi.EmptyObject], error) {
			return &httpapi.BodyOf[httpapi.EmptyObject]{}, d.DeviceTokens.Register(ctx, principal(ctx), in.Body)
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/devicetoken/unregister", Tags: tags,
		Summary: "Unregister a mobile device token", Description: "Forgets the caller's push token (idempotent: an unknown token is no error)." + note},
		func(ctx context.Context, in *httpapi.BodyOf[ess.DeviceToken]) (*httpapi.BodyOf[httpapi.EmptyObject], error) {
			return &httpapi.BodyOf[httpapi.EmptyObject]{}, d.DeviceTokens.Unregister(ctx, principal(ctx), in.Body)
		})
	httpapi.Register(a, httpapi.Public, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/security/forgottenpassword", Tags: tags,
		Summary: "Start a password reset (self-service)", Description: "As /api/v2/mobileaccountrecovery/attempt: mails the user with this username " +
			"(their email address) a one-time link to choose a new password. Answers 200 whether or not the user exists."},
		func(ctx context.Context, in *httpapi.BodyOf[RecoverPassword]) (*httpapi.BodyOf[httpapi.EmptyObject], error) {
			if strings.TrimSpace(in.Body.Username) == "" {
				return nil, payroll.Invalid("username", "username is required")
			}
			return &httpapi.BodyOf[httpapi.EmptyObject]{}, d.OAuth.RequestRecovery(ctx, in.Body.Username, 0)
		})
}
