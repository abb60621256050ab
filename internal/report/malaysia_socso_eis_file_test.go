package report_test

import (
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/report"
)

// TestParseSocsoEis reads records built by hand from the layout
// (docs/reference/my-pay-rules.md §7.4) and finds the faults of broken
// ones, naming record and field.
func TestParseSocsoEis(t *testing.T) {
	t.Parallel()
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-len(s)) }
	// Employer code, blank MyCoID, IC, name, July 2026, wages RM3,000.00,
	// SOCSO 51.65 / 14.75, EIS 5.90 / 5.90, SKBBK 22.15, fillers.
	good := pad("E12345678901", 12) + pad("", 20) + "910515145672" + pad("CITRA BINTI MUSA", 150) + "072026" +
		"00000000300000" + "005165" + "001475" + "000590" + "000590" + "002215" + pad("", 14) + pad("", 20)
	if len(good) != report.SocsoEisRecordLength {
		t.Fatalf("hand-built record has %d characters", len(good))
	}
	recs, errs := report.ParseSocsoEis(good + "\r\n")
	want := report.SocsoEisRecord{EmployerCode: "E12345678901", IdentityNumber: "910515145672", Name: "CITRA BINTI MUSA", Month: 7, Year: 2026,
		Wages: 300000, SocsoEmployer: 5165, SocsoEmployee: 1475, EisEmployer: 590, EisEmployee: 590, Lindung24: 2215}
	if len(errs) != 0 || len(recs) != 1 || recs[0] != want {
		t.Fatalf("good record: %+v %v", recs, errs)
	}
	if recs, errs := report.ParseSocsoEis(""); len(recs) != 0 || len(errs) != 0 {
		t.Fatalf("empty file: %+v %v", recs, errs)
	}
	for _, c := range []struct{ name, text, fault string }{
		{"space-filled amount", good[:200] + "      300000" + good[212:] + "\r\n", "record 1, wages"},
		{"short record", good[:277] + "\r\n", "record 1, length"},
		{"no CR LF", good, "does not end with CR LF"},
		{"month 13", good[:194] + "132026" + good[200:] + "\r\n", "record 1, month"},
		{"IC with a dash", good[:32] + "910515-14567" + good[44:] + "\r\n", "record 1, IC number"},
		{"filler used", good[:270] + "XXXXXXXX" + "\r\n", "record 1, filler"},
		{"second record bad", good + "\r\n" + good[:226] + "00059A" + good[232:] + "\r\n", "record 2, EIS employer"},
	} {
		_, errs := report.ParseSocsoEis(c.text)
		found := false
		for _, e := range errs {
			found = found || strings.Contains(e.Error(), c.fault)
		}
		if !found {
			t.Errorf("%s: faults %v, want %q", c.name, errs, c.fault)
		}
	}
}
