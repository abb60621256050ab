package essapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
)

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

func registerPersonal(a *httpapi.API, d Deps) {
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
		if err := allow(ctx, d, ess.EditDetails); err != nil {
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
