package rti

import (
	"strings"
	"testing"
	"time"
)

// TestValidateFPS: an FPS this package writes passes; each kind of fault
// the structure check exists for is reported, naming its element.
func TestValidateFPS(t *testing.T) {
	m := func(p int64) amount { return money(p) }
	class1A := m(150000) // Class 1A NICs to date on a termination award (NIM13203)
	f := FPS{TransactionID: "T1", Namespace: namespaces[2026], PeriodEnd: "2027-04-05", OfficeNo: "123", PayeRef: "AB456", AORef: "123PX00123456",
		RelatedTaxYear: "26-27", Employees: []FPSEmployee{{NINO: "AB123456C", Forename: "Mary", Surname: "O'Leary", BirthDate: "1990-02-03", Gender: "F",
			Address: &FPSAddress{Line: []string{"1 High St", "London"}, UKPostcode: "SW1A 1AA"}, PayID: "W-17",
			ToDate: FPSToDate{TaxablePay: m(100000), TotalTax: m(10320)},
			Payment: FPSPayment{PayFreq: "W1", PmtDate: "2026-07-08", WeekNo: 14, PeriodsCovered: 1, HoursWorked: "D", TaxCode: FPSTaxCode{Code: "1257L", NonCumulative: "yes"},
				TaxablePay: m(50000), PayAfterStatDedns: m(42776), TaxDeducted: m(5160), StudentLoan: &FPSLoan{PlanType: "02", Amount: pounds(0)},
				Class1ANICsYTD: &class1A},
			NI: []FPSNILetter{{Letter: "A", GrossInPd: m(50000), GrossYTD: m(100000), EmpeeInPd: m(2064), TotalEmpNICInPd: m(6060)}}}}}
	doc, _, err := f.message(Sender{ID: "ISV123", Now: time.Date(2026, 7, 8, 9, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateFPS(doc); err != nil {
		t.Fatalf("a written FPS: %v", err)
	}
	c1a := "<Class1ANICsYTD>1500.00</Class1ANICsYTD>"
	if i := strings.Index(string(doc), c1a); i < strings.Index(string(doc), "</TaxDeductedOrRefunded>") || i > strings.Index(string(doc), "</Payment>") {
		t.Errorf("Class1ANICsYTD not written after TaxDeductedOrRefunded in Payment: %s", doc)
	}
	for name, c := range map[string]struct{ old, new, want string }{
		"members out of order":  {"<HoursWorked>D</HoursWorked>", "", "HoursWorked appears 0 times"},
		"a code not in a list":  {"<PayFreq>W1</PayFreq>", "<PayFreq>W3</PayFreq>", `PayFreq: "W3"`},
		"an amount format":      {"<TaxablePay>500.00</TaxablePay>", "<TaxablePay>500</TaxablePay>", `TaxablePay: "500"`},
		"a date format":         {"<PmtDate>2026-07-08</PmtDate>", "<PmtDate>08/07/2026</PmtDate>", "PmtDate"},
		"an attribute code":     {`PlanType="02"`, `PlanType="03"`, "StudentLoanRecovered@PlanType"},
		"Class 1A out of order": {"<TaxDeductedOrRefunded>", "<Class1ANICsYTD>1500.00</Class1ANICsYTD><TaxDeductedOrRefunded>", "Class1ANICsYTD"},
		"a Class 1A amount":     {"<Class1ANICsYTD>1500.00</Class1ANICsYTD>", "<Class1ANICsYTD>1,500.00</Class1ANICsYTD>", `Class1ANICsYTD: "1,500.00"`},
		"a NINO":                {"<NINO>AB123456C</NINO>", "<NINO>QQ123456C</NINO>", "NINO"},
		"an unknown member":     {"<PayId>W-17</PayId>", "<PayId>W-17</PayId><Bonus>1.00</Bonus>", "Bonus is not allowed"},
		"an IRmark not its own": {"<Sur>O&#39;Leary</Sur>", "<Sur>Leary</Sur>", "IRmark"},
		"another namespace":     {"FullPaymentSubmission/26-27/1", "FullPaymentSubmission/19-20/1", "not a known FPS namespace"},
	} {
		bad := strings.Replace(string(doc), c.old, c.new, 1)
		if bad == string(doc) {
			t.Fatalf("%s: %q is not in the document", name, c.old)
		}
		err := ValidateFPS([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, c.want)
		}
	}
}
