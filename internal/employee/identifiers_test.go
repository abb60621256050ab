package employee

import (
	"reflect"
	"testing"

	"github.com/payrolld/payrolld/internal/store"
)

func TestIdentifierChecks(t *testing.T) {
	cases := []struct {
		name  string
		check func(string) bool
		in    string
		want  bool
	}{
		{"NI ok", ValidNINumber, "AB123456C", true},
		{"NI example prefix QQ is not issued", ValidNINumber, "QQ123456C", false},
		{"NI spaced", ValidNINumber, "ab 12 34 56 c", true},
		{"NI bad prefix", ValidNINumber, "GB123456A", false},
		{"NI bad first letter", ValidNINumber, "DA123456A", false},
		{"NI bad suffix", ValidNINumber, "QQ123456E", false},
		{"NI short", ValidNINumber, "QQ12345C", false},
		{"IRD 8 digits", ValidIRD, "49091850", true},
		{"IRD 9 digits", ValidIRD, "136410132", true},
		{"IRD secondary weights", ValidIRD, "35901981", true},
		{"IRD dashed", ValidIRD, "049-091-850", true},
		{"IRD bad check", ValidIRD, "136410133", false},
		{"IRD out of range", ValidIRD, "9125568", false},
		{"IRD letters", ValidIRD, "4909185A", false},
		{"NRIC S", ValidNRIC, "S1234567D", true},
		{"NRIC bad letter", ValidNRIC, "S1234567A", false},
		{"FIN G", ValidNRIC, "G1234567X", true},
		{"FIN F", ValidNRIC, "F1234567N", true},
		{"NRIC T", ValidNRIC, "T1234567J", true},
		{"NRIC bad prefix", ValidNRIC, "A1234567D", false},
		{"UK code", ValidUKTaxCode, "1257L", true},
		{"UK code Scottish", ValidUKTaxCode, "S1257L", true},
		{"UK code K", ValidUKTaxCode, "K475", true},
		{"UK code BR", ValidUKTaxCode, "BR", true},
		{"UK code junk", ValidUKTaxCode, "12X7Q", false},
		{"NZ code", ValidNZTaxCode, "M", true},
		{"NZ code SL", ValidNZTaxCode, "ME SL", true},
		{"NZ code junk", ValidNZTaxCode, "Q", false},
	}
	for _, c := range cases {
		if got := c.check(c.in); got != c.want {
			t.Errorf("%s: %q = %v, want %v", c.name, c.in, got, c.want)
		}
	}
}

// TestMembersMapEveryColumn keeps the member table, the model and the
// generated store structs in step: every employees column of
// store.Employee is either a member or one of the service's own columns.
func TestMembersMapEveryColumn(t *testing.T) {
	own := map[string]bool{"ID": true, "BusinessID": true, "Status": true, "ExternalID": true, "UserID": true, "CreatedAt": true, "UpdatedAt": true,
		"Version": true, "PayScheduleID": true, "PrimaryPayCategoryID": true, "PrimaryLocationID": true}
	members := map[string]bool{}
	for _, m := range memberInfo {
		members[m.Go] = true
	}
	rt := reflect.TypeOf(store.Employee{})
	for i := 0; i < rt.NumField(); i++ {
		n := rt.Field(i).Name
		if !own[n] && !members[n] {
			t.Errorf("column field %s is neither a member nor the service's own", n)
		}
	}
	if got, want := reflect.TypeOf(Members{}).NumField(), len(memberInfo); got != want {
		t.Errorf("Members has %d fields, memberInfo %d", got, want)
	}
}
