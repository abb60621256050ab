package conformance

import (
	"strings"
	"testing"
)

// The checker finds each kind of mismatch a strict client fails on, and
// accepts what the rules allow.
func TestCheck(t *testing.T) {
	p, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	const location = "GET /api/v2/business/{businessId}/location/{id}"
	const business = "GET /api/v2/business/{businessId}"
	const access = "GET /api/v2/business/{businessId}/access/user"
	const timesheets = "GET /api/v2/business/{businessId}/timesheet"
	const unavailability = "GET /api/v2/business/{businessId}/unavailability/{id}"
	okLocation := `{"id":1,"parentId":null,"name":"Depot","country":null,"isGlobal":false,"isRollupReportingLocation":false,"defaultShiftConditionIds":[],"nestedLocations":[]}`
	okAccess := `{"accessType":"Restricted","employeeGroups":[],"locationAccess":[],"reports":{"accessType":"SpecificReports","specificReports":"PaygReport, DeductionsReport","noReportingRestriction":false},` +
		`"kioskAccess":{"kiosks":[],"accessType":"None"},"payrollAccess":{"approveElectronicPayrollLodgement":false,"userBusinessRestrictionCount":0,` +
		`"payRunApprovalAccess":null,"payRunCreationAccess":"PayRunCreatorAllSchedules","selectedPaySchedulesForPayRunApproval":[],"selectedPaySchedulesForPayRunCreation":[]},"name":"A","email":"a@example.com"}`
	for _, tc := range []struct {
		name, op, body string
		want           string // "" = no mismatch; else a substring of the report
		clean          string // with a partial body: no mismatch at this path
	}{
		{"valid location", location, okLocation, "", ""},
		{"member names in another case", location, strings.Replace(okLocation, `"isGlobal"`, `"IsGlobal"`, 1), "", ""},
		{"string id", location, strings.Replace(okLocation, `"id":1`, `"id":"1"`, 1), "$.id: a string where an integer is declared", ""},
		{"fractional id", location, strings.Replace(okLocation, `"id":1`, `"id":1.5`, 1), "$.id: 1.5 is not an integer", ""},
		{"null non-nullable integer", location, strings.Replace(okLocation, `"id":1`, `"id":null`, 1), "$.id: null where integer (int32) is declared", ""},
		{"missing non-nullable integer", location, strings.Replace(okLocation, `"id":1,`, ``, 1), "$.id: missing", ""},
		{"null array", location, strings.Replace(okLocation, `"nestedLocations":[]`, `"nestedLocations":null`, 1), "$.nestedLocations: null where array is declared", ""},
		{"missing array", location, strings.Replace(okLocation, `,"nestedLocations":[]`, ``, 1), "$.nestedLocations: missing", ""},
		{"number as string", location, strings.Replace(okLocation, `"name":"Depot"`, `"name":7`, 1), "$.name: a number where a string is declared", ""},
		{"boolean as string", location, strings.Replace(okLocation, `"isGlobal":false`, `"isGlobal":"false"`, 1), "$.isGlobal: a string where a boolean is declared", ""},
		{"nested item", "GET /api/v2/business/{businessId}/location", "[" + okLocation + "," + strings.Replace(okLocation, `"id":1`, `"id":true`, 1) + "]", "$[1].id: a boolean", ""},
		{"empty enum", business, `{"budgetEntryMethod":""}`, `$.budgetEntryMethod: "" is not one of the enum's names`, ""},
		{"unknown enum", business, `{"budgetEntryMethod":"Guess"}`, `"Guess" is not one of`, ""},
		{"enum as number", business, `{"budgetEntryMethod":1}`, "enum is a number, not a name", ""},
		{"nullable enum null", business, `{"payCycleFrequency":null}`, "", "$.payCycleFrequency"},
		{"bad date-time", business, `{"leaveYearStart":"31/12/2026"}`, `"31/12/2026" is not a date-time`, ""},
		{"local date-time", business, `{"leaveYearStart":"2026-07-01T00:00:00"}`, "", "$.leaveYearStart"},
		{"offset date-time", business, `{"leaveYearStart":"2026-07-01T00:00:00Z"}`, "", "$.leaveYearStart"},
		{"valid access", access, okAccess, "", ""},
		{"null declared object", access, strings.Replace(okAccess, `"name":"A"`, `"name":"A","reports":null`, 1), "$.reports: null where object ReportAccessModel is declared", ""},
		{"flag enum with a wrong name", access, strings.Replace(okAccess, "DeductionsReport", "Nope", 1), `$.reports.specificReports: "Nope" is not one of`, ""},
		{"flag enum null", access, strings.Replace(okAccess, `"accessType":"None"}`, `"accessType":"None","permissions":null}`, 1), "$.kioskAccess.permissions: null where enum is declared", ""},
		{"flag enum empty", access, strings.Replace(okAccess, `"PaygReport, DeductionsReport"`, `""`, 1), `$.reports.specificReports: "" is not one of`, ""},
		{"not JSON", location, `<Location/>`, "not JSON", ""},
		{"undescribed body", "DELETE /api/v2/business/{businessId}/location/{id}", ``, "", ""},
		{"documented exception: raw document bytes", "GET /api/v2/business/{businessId}/document/{id}/content", "%PDF", "", ""},
		{"answered as the spec's paged list", timesheets, `{"currentPage":1,"pageSize":100,"pageCount":1,"itemCount":0,"itemCountFuture":{"value":0},"items":[]}`, "", ""},
		{"paged list item checked", timesheets, `{"currentPage":1,"pageSize":100,"pageCount":1,"itemCount":1,"itemCountFuture":{"value":1},"items":[{"id":"x"}]}`, "$.items[0].id: a string where an integer is declared", ""},
		{"bare array where the spec pages", timesheets, `[]`, "an array where object", ""},
		{"flags enum of days", unavailability, `{"recurringDays":"Monday, Friday"}`, "", "$.recurringDays"},
		{"flags enum of days, a wrong name", unavailability, `{"recurringDays":"Monday,Funday"}`, `"Funday" is not one of`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, m := range p.Check(tc.op, []byte(tc.body)) {
				got = append(got, m.String())
			}
			report := strings.Join(got, "\n")
			switch {
			case tc.clean != "":
				if strings.Contains(report, tc.clean+":") {
					t.Fatalf("unexpected mismatch at %s:\n%s", tc.clean, report)
				}
			case tc.want == "" && report != "":
				t.Fatalf("unexpected mismatches:\n%s", report)
			case tc.want != "" && !strings.Contains(report, tc.want):
				t.Fatalf("want a mismatch containing %q, got:\n%s", tc.want, report)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	p, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{
		"get /API/v2/business/{bid}/Location/{x}":                "GET /api/v2/business/{businessId}/location/{id}",
		"POST /api/v2/business/{businessId}/dimension/{d}/value": "POST /api/v2/business/{businessId}/dimension/{dimensionId}/value",
		"GET /api/v2/business/{businessId}/no-such-thing":        "",
		"PATCH /api/v2/business/{businessId}/location/{id}":      "",
	} {
		got, ok := p.Lookup(key)
		if got != want || ok != (want != "") {
			t.Errorf("Lookup(%q) = %q, %v; want %q", key, got, ok, want)
		}
	}
	// Every exception and flag names something the description has.
	for k := range Exceptions {
		if strings.Contains(k, " ") {
			if _, ok := p.Operations[k]; !ok {
				t.Errorf("exception for unknown operation %s", k)
			}
			continue
		}
		schema, member, _ := strings.Cut(k, ".")
		if s := p.Schemas[schema]; s == nil || s.Members[member] == nil {
			t.Errorf("exception for unknown member %s", k)
		}
	}
	for k, as := range AnsweredAs {
		if _, ok := p.Operations[k]; !ok || p.Schemas[as.Schema] == nil {
			t.Errorf("answered-as for unknown operation %s or schema %s", k, as.Schema)
		}
	}
	for k := range Flags {
		schema, member, _ := strings.Cut(k, ".")
		if s := p.Schemas[schema]; s == nil || s.Members[member] == nil || len(s.Members[member].Enum) == 0 {
			t.Errorf("flags for unknown enum member %s", k)
		}
	}
}
