package employee

import (
	"reflect"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"

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

// TestMembersRoundTripThroughARow writes an employee whose every member is
// set (and then one whose every pointer member is unset) into insert
// parameters, copies them into a stored row by column name, and reads the
// row back: every member comes back as it was written, set or null.
func TestMembersRoundTripThroughARow(t *testing.T) {
	full := Employee{BusinessID: 1, Status: "Active"}
	mv := reflect.ValueOf(&full.Members).Elem()
	for i := 0; i < mv.NumField(); i++ {
		f := mv.Field(i)
		switch v := f.Addr().Interface().(type) {
		case *string:
			*v = "x" + mv.Type().Field(i).Name
		case **string:
			s := "y" + mv.Type().Field(i).Name
			*v = &s
		case **bool:
			b := true
			*v = &b
		case *payroll.DateTime:
			*v = payroll.NewDateTime(time.Date(2026, 7, 1+i%28, 0, 0, 0, 0, time.UTC))
		case **payroll.Money:
			m := payroll.MoneyFromMinor(int64(1000 + i))
			*v = &m
		case **payroll.Rate:
			r, _ := payroll.ParseRate("38.25")
			*v = &r
		case **int64:
			n := int64(7 + i)
			*v = &n
		default:
			t.Fatalf("member %s has type %s: give it a case here and in setFromColumn", mv.Type().Field(i).Name, f.Type())
		}
	}
	for _, e := range []Employee{full, {BusinessID: 1, Status: "Active"}} {
		p := reflect.ValueOf(createParams(&e, time.Now()))
		var row store.Employee
		rv := reflect.ValueOf(&row).Elem()
		for i := 0; i < p.NumField(); i++ {
			if f := rv.FieldByName(p.Type().Field(i).Name); f.IsValid() {
				f.Set(p.Field(i))
			}
		}
		if got := fromRow(row).Members; !reflect.DeepEqual(got, e.Members) {
			t.Errorf("members after a row round trip:\n got %+v\nwant %+v", got, e.Members)
		}
	}
}
