package inputpolicy

import (
	"encoding/json"
	"testing"

	"github.com/danielgtaylor/huma/v2"
)

// The classification table of docs/input-policy.md, member by member.
func TestInputPolicyClasses(t *testing.T) {
	numbers := map[string]policyClass{
		"penaltyLoadingPercent": classLoading, "leaveLoading": classLoading, "budgetWarningPercent": classPercent,
		"bankAccount1_AllocatedPercentage": classPercent, "defaultSuperRate": classPercent, "taxRate": classPercent,
		"commissionerInstalmentRate": classPercent, "standardHoursPerDay": classHours, "hoursPerWeek": classHours,
		"rate": classRate, "units": classQuantity, "accrualAmount": classQuantity, "carryOverAmount": classQuantity,
		"entitlementPeriod": classQuantity, "amountAdjustment": classAdjustment, "upperEarningsCap": classAmount,
		"superFund1_FixedAmount": classAmount, "allowanceAmount": classAmount,
	}
	for member, want := range numbers {
		if got := numberClass(member, false, false); got != want {
			t.Errorf("number %s: class %d, want %d", member, got, want)
		}
	}
	integers := map[string]policyClass{
		"id": classID, "parentId": classID, "locationIds": classID, "financialYearEnding": classYear,
		"initialFinancialYearStart": classYear, "year": classYear, "dayOfWeek": classInteger, "postponementPeriod": classInteger,
	}
	for member, want := range integers {
		if got := numberClass(member, true, false); got != want {
			t.Errorf("integer %s: class %d, want %d", member, got, want)
		}
	}
	// Where the member is refines an amount.
	for _, c := range []struct {
		schema, path string
		want         policyClass
	}{
		{"PaygAdjustmentIn", "paygAdjustments.12[0].amount", classAdjustment},
		{"SuperAdjustmentIn", "superAdjustments.ext-1[0].amount", classAdjustment},
		{"LeaveAccrualIn", "leave.12[0].amount", classHours},
		{"DeductionLineIn", "deductions.12[0].amount", classAmount},
	} {
		if got := numberClassIn(c.schema, c.path, "amount", false, false); got != c.want {
			t.Errorf("%s %s: class %d, want %d", c.schema, c.path, got, c.want)
		}
	}
	if numberClass("locations", true, true) != classID {
		t.Error("integer array items are ids")
	}
	strs := map[string]policyClass{
		"name": classText, "externalId": classText, "note": classFreeText, "notes": classFreeText, "description": classFreeText,
		"emailBodyMessage": classFreeText, "notificationTemplate": classFreeText, "emergencyContact1_Address": classFreeText,
		"addressLine1": classText, "password": classSecret, "redirect_uri": classSecret, "webHookUri": classSecret,
		"code_verifier": classSecret, "image": classBase64, "date": classDate, "dateOfBirth": classDate,
		"nextScheduledCreationDateTimeUtc": classDate, "initialPayPeriodEnding": classDate, "lastDatePaid": classDate,
		"autoEnrolmentStagingDate": classDate, "leaveYearShouldStartOn": classDate, "dismissedAt": classDate,
		"leaveYearStart": classDate, "reEnrolmentWindowEnd": classDate, "lastPayRun": classDate, "description2": classText,
		"format": classText, "version": classText,
		// an address's state is plain text; OAuth's state is a query parameter
		"state": classText,
	}
	for member, want := range strs {
		if got := stringClass("Whatever", member, &huma.Schema{Type: "string"}); got != want {
			t.Errorf("string %s: class %d, want %d", member, got, want)
		}
	}
	if stringClass("AuClockOnModel", "photo", nil) != classText || stringClass("DocumentFile", "bytes", nil) != classBase64 {
		t.Error("published base64 members")
	}
	if stringClass("X", "file", &huma.Schema{Type: "string", Format: "binary"}) != classBinary {
		t.Error("binary")
	}
	if policySchemaKey("AuUnstructuredEmployeeModel") != "UnstructuredEmployee" || policySchemaKey("UKBacs") != "Bacs" || policySchemaKey("Auditor") != "Auditor" {
		t.Error("policySchemaKey")
	}
}

func TestInputPolicyNumbers(t *testing.T) {
	for s, want := range map[string]int{"1": 0, "1.50": 1, "1.005": 3, "1.5e-3": 4, "15e-1": 1, "1e3": 0, "0.0769230769": 10} {
		if got := decimalPlaces(s); got != want {
			t.Errorf("decimalPlaces(%s) = %d, want %d", s, got, want)
		}
	}
	cases := []struct {
		n   string
		cls policyClass
		ok  bool
	}{
		{"1e308", classAmount, false}, {"1e400", classAmount, false}, {"-1e15", classPercent, false},
		{"-0.01", classAmount, false}, {"-5000.25", classAdjustment, true}, {"1000000000", classAmount, true},
		{"1000000000.01", classAmount, false}, {"12.345", classAmount, false}, {"12.3456", classRate, true},
		{"100", classPercent, true}, {"100.01", classPercent, false}, {"150", classLoading, true},
		{"10000", classHours, true}, {"10000.5", classHours, false}, {"0.0769230769", classQuantity, true},
		{"-1", classID, false}, {"0", classID, true}, {"9007199254740992", classID, true},
		{"9007199254740993", classID, false}, {"9223372036854775807", classID, false},
		{"0", classYear, true}, {"2026", classYear, true}, {"9999", classYear, false}, {"-1", classInteger, false},
	}
	for _, c := range cases {
		var e Errors
		checkNumber(&e, "m", json.Number(c.n), c.cls)
		if (e.n == 0) != c.ok {
			t.Errorf("%s as class %d: errors %v, want ok=%v", c.n, c.cls, e.fields, c.ok)
		}
	}
	for s, ok := range map[string]bool{"2026-07-01": true, "1900-01-01T00:00:00": true, "2100-12-31T23:59:59": true,
		"9999-12-31": false, "0001-01-01T00:00:00": false, "1899-12-31": false, "+10000-01-01": false, "not a date": true} {
		var e Errors
		checkDate(&e, "d", s)
		if (e.n == 0) != ok {
			t.Errorf("date %q: errors %v, want ok=%v", s, e.fields, ok)
		}
	}
	for s, ok := range map[string]bool{"plain": true, "a\x00": false, "a\x1f": false, "a\x7f": false, "a\u0085": false, "é ü 漢": true, "a\nb": false} {
		var e Errors
		checkText(&e, "t", s, classText, 255)
		if (e.n == 0) != ok {
			t.Errorf("text %q: errors %v, want ok=%v", s, e.fields, ok)
		}
	}
	var e Errors
	checkText(&e, "t", "a\r\n\tb", classFreeText, 4000)
	if e.n != 0 {
		t.Errorf("free text with newlines: %v", e.fields)
	}
}

// Bidirectional controls are refused in every class; the other invisible
// formatting characters in names and identifiers (text), not in free text
// or secrets, which keep newlines, joiners and marks.
func TestInputPolicyInvisibleCharacters(t *testing.T) {
	bidi := []rune{0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069}
	invisible := []rune{0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060, 0x2061, 0x2064, 0xfeff, 0x00ad, 0x061c, 0x180e,
		0x206a, 0x206f, 0xfff9, 0xe0001, 0xe0041, 0x115f, 0x1160, 0x3164, 0xffa0}
	check := func(s string, cls policyClass) bool {
		var e Errors
		checkText(&e, "m", s, cls, 4000)
		return e.n == 0
	}
	for _, c := range bidi {
		for _, cls := range []policyClass{classText, classFreeText, classSecret} {
			if check("Ann "+string(c)+"reyalP", cls) {
				t.Errorf("U+%04X accepted in class %d", c, cls)
			}
		}
	}
	for _, c := range invisible {
		if check("Ann"+string(c)+"Player", classText) {
			t.Errorf("U+%04X accepted in a name", c)
		}
		if !check("note"+string(c)+"\nline two", classFreeText) {
			t.Errorf("U+%04X refused in free text", c)
		}
	}
	for _, s := range []string{"José Müller", "渡辺 直美", "محمد", "Ólafur Ragnar Grímsson", "O'Brien-Smith", "Zoë 👍", "नमस्ते"} {
		if !check(s, classText) {
			t.Errorf("%q refused as a name", s)
		}
	}
	for _, s := range []string{"2026-07-01", "2026-07-01T00:00:00", "+12026-07-01", "2026-07-01 09:00"} {
		if !dateShaped(s) {
			t.Errorf("%q is date-shaped", s)
		}
	}
	for _, s := range []string{"", "2026", "26-07-01", "2026-7-01", "2026-07-01x", "x2026-07-01", "2026-07-0"} {
		if dateShaped(s) {
			t.Errorf("%q is not date-shaped", s)
		}
	}
}
