package rti

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestIRmark: testdata/small-govtalk.xml is a GovTalk message written for
// this test (an accented name, an apostrophe written as a character
// reference, &, > and quotes in text, unsorted attributes, an empty
// element, a second default namespace). Its IRmark was derived outside Go
// with testdata/irmark.py (Python's own canonical XML: the Body's text
// with the IRmark element removed and the envelope namespace declared),
// the same script that reproduces the IRmarks of HMRC's published sample
// FPS and EPS messages (docs/reference/uk-rti.md).
func TestIRmark(t *testing.T) {
	doc, err := os.ReadFile("testdata/small-govtalk.xml")
	if err != nil {
		t.Fatal(err)
	}
	mark, err := IRmark(doc)
	if err != nil || mark != "Vb1eh1Y0yuWJaxBIj98CrAf4VnU=" {
		t.Fatalf("IRmark %q, %v", mark, err)
	}
	c, err := canonicalBody(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<Body xmlns="http://www.govtalk.gov.uk/CM/envelope">`,
		`<IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/26-27/1">`,
		`<Sur>O'Brien &amp; Sons &gt; "Ltd"</Sur>`,
		`<TaxCode BasisNonCumulative="yes" TaxRegime="S">1257L</TaxCode><Empty></Empty>`,
	} {
		if !bytes.Contains(c, []byte(want)) {
			t.Errorf("canonical body lacks %s:\n%s", want, c)
		}
	}
	if bytes.Contains(c, []byte("IRmark")) || bytes.Contains(c, []byte("Header")) {
		t.Errorf("the canonical body holds the IRmark or the header:\n%s", c)
	}
	// The IRmark's own content and the header do not change it; the body
	// does.
	same := strings.Replace(strings.Replace(string(doc), ">anything<", ">other<", 1), "HMRC-PAYE-RTI-FPS", "X", 1)
	if m, _ := IRmark([]byte(same)); m != mark {
		t.Errorf("IRmark moved with the header or the old mark: %s", m)
	}
	if m, _ := IRmark([]byte(strings.Replace(string(doc), ">123<", ">124<", 1))); m == mark {
		t.Error("IRmark did not move with the body")
	}
	sealed, m2, err := seal([]byte(strings.Replace(string(doc), ">anything<", ">"+irmarkPlaceholder+"<", 1)))
	if err != nil || m2 != mark || !bytes.Contains(sealed, []byte(`<IRmark Type="generic">`+mark+`</IRmark>`)) {
		t.Fatalf("seal: %s %v", m2, err)
	}
	for name, bad := range map[string]string{
		"no body":          `<GovTalkMessage xmlns="x"><Header/></GovTalkMessage>`,
		"prefixed element": `<GovTalkMessage xmlns="x"><Body><p:A xmlns:p="y"/></Body></GovTalkMessage>`,
		"doctype":          `<!DOCTYPE x><GovTalkMessage><Body/></GovTalkMessage>`,
	} {
		if _, err := IRmark([]byte(bad)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestSplitTaxCode: the code, regime and basis the FPS reports.
func TestSplitTaxCode(t *testing.T) {
	for in, want := range map[string][3]string{
		"1257L": {"1257L", "", ""}, "S1257L": {"1257L", "S", ""}, "C1257L M1": {"1257L", "C", "yes"}, "1257L X": {"1257L", "", "yes"},
		"BR": {"BR", "", ""}, "SBR": {"BR", "S", ""}, "SD1": {"D1", "S", ""}, "K475W1": {"K475", "", "yes"}, "NT": {"NT", "", ""}, "0T": {"0T", "", ""},
	} {
		code, regime, nc := splitTaxCode(in)
		basis := ""
		if nc {
			basis = "yes"
		}
		if got := [3]string{code, regime, basis}; got != want {
			t.Errorf("%s: %v, want %v", in, got, want)
		}
	}
}
