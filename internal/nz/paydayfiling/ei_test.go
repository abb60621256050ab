package paydayfiling

import (
	"strings"
	"testing"
	"time"
)

func day(s string) time.Time { t, _ := time.Parse("2006-01-02", s); return t }

// TestEIAgainstIRSample: the first employee line of Inland Revenue's
// sample EI file (EI_Test_HEI2_2021_example.csv, IR's payday filing SDK)
// is written byte for byte from its values; every record has the field
// count of IR's sample (28 header, 27 line); the header's totals are the
// lines' sums.
func TestEIAgainstIRSample(t *testing.T) {
	brown := Line{EmployeeIRD: "111111111", Name: "Brown John", TaxCode: "M", PeriodStart: day("2019-04-07"), PeriodEnd: day("2019-04-14"),
		PayCycle: "WK", HoursE2: 3050, Gross: 56875, PAYE: 34687, KiwiSaver: 4550, KiwiSaverEmployer: 3565, ESCT: 756}
	cork := Line{EmployeeIRD: "74444444", Name: "Cork Chelsea", TaxCode: "M SL", Started: day("2019-04-08"), PeriodStart: day("2019-04-07"),
		PeriodEnd: day("2019-04-14"), PayCycle: "WK", HoursE2: 3750, Gross: 65725, PAYE: 15695, StudentLoan: 1200}
	h := Header{EmployerIRD: "123123123", Paydate: day("2019-05-22"), ContactName: "Bill Smith", ContactPhone: "041234567",
		ContactEmail: "payroll@email.com", Package: "vendor_package_v1.0"}
	b, err := EI(h, []Line{brown, cork})
	if err != nil {
		t.Fatal(err)
	}
	recs := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(recs) != 3 {
		t.Fatalf("%d records:\n%s", len(recs), b)
	}
	const irLine = "DEI,111111111,Brown John,M,,,20190407,20190414,WK,3050,56875,0,0,0,34687,0,0,,0,0,0,4550,3565,756,0,0,0"
	if recs[1] != irLine {
		t.Errorf("line 1\n got %s\nwant %s", recs[1], irLine)
	}
	if !strings.HasPrefix(recs[2], "DEI,074444444,Cork Chelsea,M SL,20190408,,") {
		t.Errorf("an eight-digit IRD number and a start in the period: %s", recs[2])
	}
	head := strings.Split(recs[0], ",")
	if len(head) != HeaderFields || len(strings.Split(recs[1], ",")) != LineFields || len(strings.Split(recs[2], ",")) != LineFields {
		t.Fatalf("field counts %d/%d", len(head), len(strings.Split(recs[1], ",")))
	}
	// 1 HEI2, 2 IRD, 3 paydate, 4 final, 5 nil, 6 PI, 7-9 contact, 10
	// lines, 11 gross, 13 not ACC liable, 14 PAYE, 16 child support, 17
	// SL, 20 KiwiSaver, 21 employer net, 22 ESCT, 23 deducted, 27 package,
	// 28 form version.
	want := map[int]string{1: "HEI2", 2: "123123123", 3: "20190522", 4: "N", 5: "N", 6: "", 7: "Bill Smith", 10: "2",
		11: "122600", 14: "50382", 17: "1200", 20: "4550", 21: "3565", 22: "756", 23: "60453", 27: "vendor_package_v1.0", 28: "0001"}
	for pos, v := range want {
		if head[pos-1] != v {
			t.Errorf("header field %d = %q, want %q", pos, head[pos-1], v)
		}
	}
	// 50,382 PAYE + 1,200 SL + 4,550 + 3,565 + 756 = 60,453.
	for name, c := range map[string]struct {
		h  Header
		ls []Line
	}{
		"bad employer IRD":     {Header{EmployerIRD: "123123124", ContactName: "A", ContactPhone: "1", ContactEmail: "a@b.nz", Package: "p"}, nil},
		"no contact":           {Header{EmployerIRD: "123123123", Package: "p"}, nil},
		"comma in a name":      {h, []Line{{Name: "Smith, Jo", TaxCode: "M", PayCycle: "WK"}}},
		"no tax code":          {h, []Line{{Name: "Jo"}}},
		"bad employee IRD":     {h, []Line{{EmployeeIRD: "111111112", Name: "Jo", TaxCode: "M", PayCycle: "WK"}}},
		"a negative amount":    {h, []Line{{Name: "Jo", TaxCode: "M", PayCycle: "WK", PAYE: -5}}},
		"an email IR refuses":  {Header{EmployerIRD: "123123123", ContactName: "A", ContactPhone: "1", ContactEmail: "a+b@c.nz", Package: "p"}, nil},
		"a name over 20 chars": {Header{EmployerIRD: "123123123", ContactName: "Abcdefghij Klmnopqrstu", ContactPhone: "1", ContactEmail: "a@b.nz", Package: "p"}, nil},
	} {
		if _, err := EI(c.h, c.ls); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	nilReturn, err := EI(h, nil)
	if err != nil || !strings.HasPrefix(string(nilReturn), "HEI2,123123123,20190522,N,Y,") {
		t.Errorf("nil return: %s %v", nilReturn, err)
	}
}
