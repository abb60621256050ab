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
	// A net pay pension contribution of 5% × (1,000.00 − 520.00) = 24.00
	// this week and 48.00 to date, and a relief at source one of 80% of
	// 5.00 = 4.00 (8.00 to date): both kinds on one payment, so the order
	// of the two items is checked.
	penPaid, penPaidYTD, penNotPaid, penNotPaidYTD := m(2400), m(4800), m(400), m(800)
	f := FPS{TransactionID: "T1", Namespace: namespaces[2026], PeriodEnd: "2027-04-05", OfficeNo: "123", PayeRef: "AB456", AORef: "123PX00123456",
		RelatedTaxYear: "26-27", Employees: []FPSEmployee{{NINO: "AB123456C", Forename: "Mary", Surname: "O'Leary", BirthDate: "1990-02-03", Gender: "F",
			Address: &FPSAddress{Line: []string{"1 High St", "London"}, UKPostcode: "SW1A 1AA"}, PayID: "W-17",
			ToDate: FPSToDate{TaxablePay: m(100000), TotalTax: m(10320), PenPaidYTD: &penPaidYTD, PenNotPaidYTD: &penNotPaidYTD},
			Payment: FPSPayment{PayFreq: "W1", PmtDate: "2026-07-08", WeekNo: 14, PeriodsCovered: 1, HoursWorked: "D", TaxCode: FPSTaxCode{Code: "1257L", NonCumulative: "yes"},
				TaxablePay: m(50000), PayAfterStatDedns: m(42776), TaxDeducted: m(5160), StudentLoan: &FPSLoan{PlanType: "02", Amount: pounds(0)},
				Class1ANICsYTD: &class1A, PenPaid: &penPaid, PenNotPaid: &penNotPaid},
			NI: []FPSNILetter{{Letter: "A", GrossInPd: m(50000), GrossYTD: m(100000), EmpeeInPd: m(2064), TotalEmpNICInPd: m(6060)}}}}}
	doc, _, err := f.message(Sender{ID: "ISV123", Now: time.Date(2026, 7, 8, 9, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateFPS(doc); err != nil {
		t.Fatalf("a written FPS: %v", err)
	}
	// Payment: PayAfterStatDedns, Class1ANICsYTD, EmpeePenContribnsPaid,
	// EmpeePenContribnsNotPaid, StudentLoanRecovered, TaxDeductedOrRefunded;
	// FiguresToDate: ..., TotalTax, EmpeePenContribnsPaidYTD,
	// EmpeePenContribnsNotPaidYTD (docs/reference/uk-rti.md).
	order := func(what string, els ...string) {
		at := -1
		for _, el := range els {
			i := strings.Index(string(doc), el)
			if i < 0 || i < at {
				t.Errorf("%s: %s missing or out of order: %s", what, el, doc)
				return
			}
			at = i
		}
	}
	order("Payment", "</PayAfterStatDedns>", "<Class1ANICsYTD>1500.00</Class1ANICsYTD>", "<EmpeePenContribnsPaid>24.00</EmpeePenContribnsPaid>",
		"<EmpeePenContribnsNotPaid>4.00</EmpeePenContribnsNotPaid>", "<StudentLoanRecovered", "</TaxDeductedOrRefunded>", "</Payment>")
	order("FiguresToDate", "</TotalTax>", "<EmpeePenContribnsPaidYTD>48.00</EmpeePenContribnsPaidYTD>",
		"<EmpeePenContribnsNotPaidYTD>8.00</EmpeePenContribnsNotPaidYTD>", "</FiguresToDate>")
	for name, c := range map[string]struct{ old, new, want string }{
		"members out of order":  {"<HoursWorked>D</HoursWorked>", "", "HoursWorked appears 0 times"},
		"a code not in a list":  {"<PayFreq>W1</PayFreq>", "<PayFreq>W3</PayFreq>", `PayFreq: "W3"`},
		"an amount format":      {"<TaxablePay>500.00</TaxablePay>", "<TaxablePay>500</TaxablePay>", `TaxablePay: "500"`},
		"a date format":         {"<PmtDate>2026-07-08</PmtDate>", "<PmtDate>08/07/2026</PmtDate>", "PmtDate"},
		"an attribute code":     {`PlanType="02"`, `PlanType="03"`, "StudentLoanRecovered@PlanType"},
		"Class 1A out of order": {"</TaxDeductedOrRefunded>", "</TaxDeductedOrRefunded><Class1ANICsYTD>1500.00</Class1ANICsYTD>", "Class1ANICsYTD is not allowed"},
		"pension out of order":  {"</EmpeePenContribnsNotPaid>", "</EmpeePenContribnsNotPaid><EmpeePenContribnsPaid>1.00</EmpeePenContribnsPaid>", "EmpeePenContribnsPaid is not allowed"},
		"a pension amount":      {"<EmpeePenContribnsNotPaid>4.00</EmpeePenContribnsNotPaid>", "<EmpeePenContribnsNotPaid>4</EmpeePenContribnsNotPaid>", `EmpeePenContribnsNotPaid: "4"`},
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
