package employeereport

import (
	"context"
	"database/sql"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

// EmployeeDetailsField is one column the employee details report can
// show (EmployeeDetailsReportField).
type EmployeeDetailsField struct {
	Value       string `json:"value" doc:"the name to select it by (selectedColumns) and its member in each row"`
	DisplayText string `json:"displayText"`
}

type detailsColumn struct {
	EmployeeDetailsField
	expr string // over employees e
	kind byte   // s text, d date, b boolean, r decimal text
}

// detailsColumns is the whitelist of the report's columns: each is one
// column of employees. Identifiers that are secrets of the employee (tax
// file number, bank account numbers) are not offered.
var detailsColumns = []detailsColumn{
	{EmployeeDetailsField{"employeeId", "Employee Id"}, "e.id", 'i'},
	{EmployeeDetailsField{"externalId", "External Id"}, "e.external_id", 's'},
	{EmployeeDetailsField{"title", "Title"}, "e.title", 's'},
	{EmployeeDetailsField{"firstName", "First Name"}, "e.first_name", 's'},
	{EmployeeDetailsField{"middleName", "Middle Name"}, "e.middle_name", 's'},
	{EmployeeDetailsField{"preferredName", "Preferred Name"}, "e.preferred_name", 's'},
	{EmployeeDetailsField{"surname", "Surname"}, "e.surname", 's'},
	{EmployeeDetailsField{"status", "Status"}, "e.status", 's'},
	{EmployeeDetailsField{"gender", "Gender"}, "e.gender", 's'},
	{EmployeeDetailsField{"dateOfBirth", "Date Of Birth"}, "e.date_of_birth", 'd'},
	{EmployeeDetailsField{"startDate", "Start Date"}, "e.start_date", 'd'},
	{EmployeeDetailsField{"endDate", "End Date"}, "e.end_date", 'd'},
	{EmployeeDetailsField{"anniversaryDate", "Anniversary Date"}, "e.anniversary_date", 'd'},
	{EmployeeDetailsField{"jobTitle", "Job Title"}, "e.job_title", 's'},
	{EmployeeDetailsField{"employmentType", "Employment Type"}, "e.employment_type", 's'},
	{EmployeeDetailsField{"terminationReason", "Termination Reason"}, "e.termination_reason", 's'},
	{EmployeeDetailsField{"email", "Email"}, "e.email", 's'},
	{EmployeeDetailsField{"homePhone", "Home Phone"}, "e.home_phone", 's'},
	{EmployeeDetailsField{"workPhone", "Work Phone"}, "e.work_phone", 's'},
	{EmployeeDetailsField{"mobilePhone", "Mobile Phone"}, "e.mobile_phone", 's'},
	{EmployeeDetailsField{"residentialStreetAddress", "Residential Street Address"}, "e.residential_street_address", 's'},
	{EmployeeDetailsField{"residentialAddressLine2", "Residential Address Line 2"}, "e.residential_address_line2", 's'},
	{EmployeeDetailsField{"residentialSuburb", "Residential Suburb"}, "e.residential_suburb", 's'},
	{EmployeeDetailsField{"residentialState", "Residential State"}, "e.residential_state", 's'},
	{EmployeeDetailsField{"residentialPostCode", "Residential Post Code"}, "e.residential_post_code", 's'},
	{EmployeeDetailsField{"residentialCountry", "Residential Country"}, "e.residential_country", 's'},
	{EmployeeDetailsField{"postalStreetAddress", "Postal Street Address"}, "e.postal_street_address", 's'},
	{EmployeeDetailsField{"postalSuburb", "Postal Suburb"}, "e.postal_suburb", 's'},
	{EmployeeDetailsField{"postalState", "Postal State"}, "e.postal_state", 's'},
	{EmployeeDetailsField{"postalPostCode", "Postal Post Code"}, "e.postal_post_code", 's'},
	{EmployeeDetailsField{"emergencyContact1Name", "Emergency Contact 1 Name"}, "e.emergency_contact1_name", 's'},
	{EmployeeDetailsField{"emergencyContact1Relationship", "Emergency Contact 1 Relationship"}, "e.emergency_contact1_relationship", 's'},
	{EmployeeDetailsField{"emergencyContact1ContactNumber", "Emergency Contact 1 Contact Number"}, "e.emergency_contact1_contact_number", 's'},
	{EmployeeDetailsField{"paySchedule", "Pay Schedule"}, "e.pay_schedule", 's'},
	{EmployeeDetailsField{"primaryPayCategory", "Primary Pay Category"}, "e.primary_pay_category", 's'},
	{EmployeeDetailsField{"primaryLocation", "Primary Location"}, "e.primary_location", 's'},
	{EmployeeDetailsField{"locations", "Locations"}, "e.locations", 's'},
	{EmployeeDetailsField{"workTypes", "Work Types"}, "e.work_types", 's'},
	{EmployeeDetailsField{"rate", "Rate"}, "e.rate", 'r'},
	{EmployeeDetailsField{"rateUnit", "Rate Unit"}, "e.rate_unit", 's'},
	{EmployeeDetailsField{"hoursPerWeek", "Hours Per Week"}, "e.hours_per_week", 'r'},
	{EmployeeDetailsField{"hoursPerDay", "Hours Per Day"}, "e.hours_per_day", 'r'},
	{EmployeeDetailsField{"payRateTemplate", "Pay Rate Template"}, "e.pay_rate_template", 's'},
	{EmployeeDetailsField{"leaveTemplate", "Leave Template"}, "e.leave_template", 's'},
	{EmployeeDetailsField{"tags", "Tags"}, "e.tags", 's'},
	{EmployeeDetailsField{"australianResident", "Australian Resident"}, "e.australian_resident", 'b'},
	{EmployeeDetailsField{"claimTaxFreeThreshold", "Claim Tax Free Threshold"}, "e.claim_tax_free_threshold", 'b'},
	{EmployeeDetailsField{"stslDebt", "STSL Debt"}, "e.stsl_debt", 'b'},
	{EmployeeDetailsField{"superFund1FundName", "Super Fund 1 Name"}, "e.super_fund1_fund_name", 's'},
	{EmployeeDetailsField{"superFund1ProductCode", "Super Fund 1 Product Code"}, "e.super_fund1_product_code", 's'},
	{EmployeeDetailsField{"superFund1MemberNumber", "Super Fund 1 Member Number"}, "e.super_fund1_member_number", 's'},
}

// EmployeeDetailsFields lists the columns the report can show.
func EmployeeDetailsFields() []EmployeeDetailsField {
	out := make([]EmployeeDetailsField, len(detailsColumns))
	for i, c := range detailsColumns {
		out[i] = c.EmployeeDetailsField
	}
	return out
}

// EmployeeDetailsQuery selects the report's columns and employees.
type EmployeeDetailsQuery struct {
	Columns                        []string // values of EmployeeDetailsFields (any case); none = id, names and status
	LocationID, EmployingEntityID  int64
	IncludeActive, IncludeInactive bool
}

// EmployeeDetails answers one object per employee with the selected
// columns (members named by the field's value), by surname; a restricted
// user sees only their employees.
func (s *Service) EmployeeDetails(ctx context.Context, biz business.Business, p *payroll.Principal, dq EmployeeDetailsQuery) (_ []map[string]any, err error) {
	defer payroll.Wrap(&err, "employee details report of business %d", biz.ID)
	byName := map[string]detailsColumn{}
	for _, c := range detailsColumns {
		byName[strings.ToLower(c.Value)] = c
	}
	var cols []detailsColumn
	seen := map[string]bool{}
	names := dq.Columns
	if len(names) == 0 {
		names = []string{"employeeId", "externalId", "firstName", "surname", "status"}
	}
	for _, n := range names {
		for _, part := range strings.Split(n, ",") { // a comma-joined list too
			k := strings.ToLower(strings.TrimSpace(part))
			if k == "" || seen[k] {
				continue
			}
			c, ok := byName[k]
			if !ok {
				return nil, payroll.Invalid("selectedColumns", "selectedColumns: %q is not a field of the report (see employeedetails/fields)", strings.TrimSpace(part))
			}
			seen[k] = true
			cols = append(cols, c)
		}
	}
	var b report.Args
	where, err := s.EmployeeScope(ctx, biz, p, report.Filter{LocationID: dq.LocationID, EmployingEntityID: dq.EmployingEntityID}, &b)
	if err != nil {
		return nil, err
	}
	switch {
	case dq.IncludeActive && dq.IncludeInactive:
	case dq.IncludeActive:
		where += " AND e.status <> " + b.Bind(employee.StatusTerminated)
	case dq.IncludeInactive:
		where += " AND e.status = " + b.Bind(employee.StatusTerminated)
	default:
		return []map[string]any{}, nil
	}
	exprs := make([]string, len(cols))
	for i, c := range cols {
		exprs[i] = c.expr
	}
	q := "SELECT " + strings.Join(exprs, ", ") + " FROM employees e" + where + " ORDER BY e.surname, e.first_name, e.id"
	out := []map[string]any{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i, c := range cols {
			switch c.kind {
			case 'i':
				vals[i] = new(int64)
			case 'd':
				vals[i] = new(report.NullTime)
			case 'b':
				vals[i] = new(sql.NullBool)
			default:
				vals[i] = new(sql.NullString)
			}
			ptrs[i] = vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		row := map[string]any{}
		for i, c := range cols {
			switch v := vals[i].(type) {
			case *int64:
				row[c.Value] = *v
			case *report.NullTime:
				row[c.Value] = v.DateTime()
			case *sql.NullBool:
				if v.Valid {
					row[c.Value] = v.Bool
				} else {
					row[c.Value] = nil
				}
			case *sql.NullString:
				switch {
				case !v.Valid:
					row[c.Value] = nil
				case c.kind == 'r':
					if r, err := payroll.ParseRate(strings.TrimSpace(v.String)); err == nil {
						row[c.Value] = r
					} else {
						row[c.Value] = nil
					}
				default:
					row[c.Value] = v.String
				}
			}
		}
		out = append(out, row)
		return nil
	})

	return out, err
}
