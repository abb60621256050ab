// Package lookup holds the fixed choices the lookupdata operations offer
// (GET /api/v2/lookupdata/...): countries, genders, industries, time
// zones, employee group permissions and report types.
package lookup

import (
	"strings"
	"unicode"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// NameID is the public API's NameIdPair.
type NameID struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Countries lists ISO 3166-1 countries: id the alpha-2 code.
func Countries() []NameID { return countries }

// Country is the country whose alpha-2 code is id (exact, capitals).
func Country(id string) (NameID, bool) {
	for _, c := range countries {
		if c.ID == id {
			return c, true
		}
	}
	return NameID{}, false
}

// Genders are the genders an employee record takes: Male, Female and X
// (indeterminate, intersex or unspecified), as single touch payroll
// reports them.
func Genders() []string { return []string{"Male", "Female", "X"} }

// Industries are the ANZSIC 2006 divisions, the industries a business
// describes itself by (industryName).
func Industries() []string {
	return []string{"Accommodation and Food Services", "Administrative and Support Services", "Agriculture, Forestry and Fishing",
		"Arts and Recreation Services", "Construction", "Education and Training", "Electricity, Gas, Water and Waste Services",
		"Financial and Insurance Services", "Health Care and Social Assistance", "Information Media and Telecommunications", "Manufacturing",
		"Mining", "Other Services", "Professional, Scientific and Technical Services", "Public Administration and Safety",
		"Rental, Hiring and Real Estate Services", "Retail Trade", "Transport, Postal and Warehousing", "Wholesale Trade"}
}

// TimeZones lists the zones of region (all regions when ""): id the
// Windows id the timeZone members take, name that id with the IANA zone.
func TimeZones(region string) []NameID {
	var out []NameID
	for _, z := range payroll.Zones {
		if region == "" || z.Region == region || z.Region == "" {
			out = append(out, NameID{ID: z.Windows, Name: z.Windows + " (" + z.IANA + ")"})
		}
	}
	return out
}

// EmployeeGroupPermissions are the permissions a restricted user can hold
// over an employee group or location (business.Permissions).
func EmployeeGroupPermissions() []NameID { return named(business.Permissions) }

// Reports are the report types a restricted user's report access names
// (ReportEnum).
func Reports() []NameID { return named(business.ReportTypes) }

// named pairs each enum value with its words ("ApproveTimesheets",
// "Approve Timesheets").
func named(values []string) []NameID {
	out := make([]NameID, len(values))
	for i, v := range values {
		var b strings.Builder
		rs := []rune(v)
		for j, r := range rs {
			if j > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[j-1]) || j+1 < len(rs) && unicode.IsLower(rs[j+1])) {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
		}
		out[i] = NameID{ID: v, Name: b.String()}
	}
	return out
}
