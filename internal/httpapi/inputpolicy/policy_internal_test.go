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
