package rti

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// ValidateFPS checks an FPS GovTalk message against the FPS structure as
// docs/reference/uk-rti.md writes it down: each element's children in the
// schema's order with their cardinality, the code lists (pay frequency,
// hours worked, gender, NI letter, tax regime, loan plan), the formats of
// dates and amounts, the namespaces and the IRmark. It is what a
// transmitter runs before sending, and what the tests run on every FPS
// they generate. It returns every problem found, each naming its element.
func ValidateFPS(doc []byte) error {
	root, err := parseTree(doc)
	if err != nil {
		return err
	}
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if root.name != "GovTalkMessage" || root.ns != EnvelopeNamespace {
		add("the root is %s in %q, want GovTalkMessage in %q", root.name, root.ns, EnvelopeNamespace)
	}
	var walk func(path, parent string, n *node)
	walk = func(path, parent string, n *node) {
		path += "/" + n.name
		if rule, ok := fpsStructure[parent+"/"+n.name]; ok {
			checkOrder(path, n, rule, add)
		} else if rule, ok := fpsStructure[n.name]; ok {
			checkOrder(path, n, rule, add)
		}
		if c, ok := fpsCodes[n.name]; ok && len(n.children) == 0 && !c.MatchString(n.text) {
			add("%s: %q is not a valid value", path, n.text)
		}
		for _, a := range n.attrs {
			if c, ok := fpsCodes[n.name+"@"+a.Name.Local]; ok && !c.MatchString(a.Value) {
				add("%s@%s: %q is not a valid value", path, a.Name.Local, a.Value)
			}
		}
		for _, c := range n.children {
			walk(path, n.name, c)
		}
	}
	walk("", "", root)
	// HMRC business rule 7847: the payment after leaving indicator needs
	// the employment's leaving date.
	if fps := root.find("Body", "IRenvelope", "FullPaymentSubmission"); fps != nil {
		for _, emp := range fps.children {
			if emp.name != "Employee" {
				continue
			}
			if emp.find("Employment", "Payment", "PmtAfterLeaving") != nil && emp.find("Employment", "LeavingDate") == nil {
				add("Employee/Employment/Payment/PmtAfterLeaving: the payment after leaving indicator is set without a LeavingDate (HMRC rule 7847)")
			}
		}
	}
	env := root.find("Body", "IRenvelope")
	if env == nil {
		add("the message has no Body/IRenvelope")
	} else if known := func() bool {
		for _, ns := range namespaces {
			if ns == env.ns {
				return true
			}
		}
		return false
	}(); !known {
		add("IRenvelope is in %q, not a known FPS namespace", env.ns)
	}
	if c := root.find("Header", "MessageDetails", "Class"); c == nil || c.text != FPSClass {
		add("Header/MessageDetails/Class is not %s", FPSClass)
	}
	if m := root.find("Body", "IRenvelope", "IRheader", "IRmark"); m == nil {
		add("IRheader has no IRmark")
	} else if want, err := IRmark(doc); err != nil || m.text != want {
		add("the IRmark %q is not the document's (%s, %v)", m.text, want, err)
	}
	return errors.Join(errs...)
}

// rule is an element's children in order: name, least and most times.
type rule []struct {
	name     string
	min, max int
}

const many = 1 << 30

// fpsStructure is the FPS as written down in docs/reference/uk-rti.md:
// by element name, or by parent/name where a name has two meanings.
var fpsStructure = map[string]rule{
	"GovTalkMessage":          {{"EnvelopeVersion", 1, 1}, {"Header", 1, 1}, {"GovTalkDetails", 1, 1}, {"Body", 1, 1}},
	"Header":                  {{"MessageDetails", 1, 1}, {"SenderDetails", 0, 1}},
	"MessageDetails":          {{"Class", 1, 1}, {"Qualifier", 1, 1}, {"Function", 0, 1}, {"TransactionID", 0, 1}, {"CorrelationID", 0, 1}, {"Transformation", 0, 1}, {"GatewayTest", 0, 1}},
	"GovTalkDetails":          {{"Keys", 0, 1}, {"TargetDetails", 0, 1}, {"ChannelRouting", 0, many}},
	"Body":                    {{"IRenvelope", 1, 1}},
	"IRenvelope":              {{"IRheader", 1, 1}, {"FullPaymentSubmission", 1, 1}},
	"IRheader":                {{"Keys", 1, 1}, {"PeriodEnd", 1, 1}, {"DefaultCurrency", 0, 1}, {"IRmark", 1, 1}, {"Sender", 1, 1}},
	"FullPaymentSubmission":   {{"EmpRefs", 1, 1}, {"RelatedTaxYear", 1, 1}, {"Employee", 1, many}, {"FinalSubmission", 0, 1}},
	"EmpRefs":                 {{"OfficeNo", 1, 1}, {"PayeRef", 1, 1}, {"AORef", 1, 1}, {"ECON", 0, 1}, {"COTAXRef", 0, 1}, {"SAUTR", 0, 1}},
	"Employee":                {{"EmployeeDetails", 1, 1}, {"Employment", 1, 1}},
	"EmployeeDetails":         {{"NINO", 0, 1}, {"Name", 1, 1}, {"Address", 0, 1}, {"BirthDate", 1, 1}, {"Gender", 1, 1}},
	"EmployeeDetails/Name":    {{"Ttl", 0, 1}, {"Fore", 1, 2}, {"Initials", 0, 1}, {"Sur", 1, 1}},
	"EmployeeDetails/Address": {{"Line", 1, 4}, {"UKPostcode", 0, 1}, {"ForeignCountry", 0, 1}},
	"Employment": {{"DirectorsNIC", 0, 1}, {"TaxWkOfApptOfDirector", 0, 1}, {"Starter", 0, 1}, {"PayId", 0, 1}, {"IrrEmp", 0, 1},
		{"LeavingDate", 0, 1}, {"FiguresToDate", 1, 1}, {"Payment", 1, 1}, {"NIlettersAndValues", 0, 4}},
	"Starter": {{"StartDate", 1, 1}, {"StartDec", 0, 1}},
	"FiguresToDate": {{"TaxablePay", 1, 1}, {"TotalTax", 1, 1}, {"StudentLoansTD", 0, 1}, {"PostgradLoansTD", 0, 1},
		{"BenefitsTaxedViaPayrollYTD", 0, 1}, {"EmpeePenContribnsPaidYTD", 0, 1}, {"EmpeePenContribnsNotPaidYTD", 0, 1}},
	"Payment": {{"PayFreq", 1, 1}, {"PmtDate", 1, 1}, {"WeekNo", 0, 1}, {"MonthNo", 0, 1}, {"PeriodsCovered", 1, 1}, {"PmtAfterLeaving", 0, 1}, {"HoursWorked", 1, 1},
		{"TaxCode", 1, 1}, {"TaxablePay", 1, 1}, {"PayAfterStatDedns", 1, 1},
		{"BenefitsTaxedViaPayroll", 0, 1}, {"Class1ANICsYTD", 0, 1}, {"Benefits", 0, 1},
		{"EmpeePenContribnsPaid", 0, 1}, {"ItemsSubjectToClass1NIC", 0, 1}, {"EmpeePenContribnsNotPaid", 0, 1},
		{"StudentLoanRecovered", 0, 1}, {"PostgradLoanRecovered", 0, 1},
		{"TaxDeductedOrRefunded", 1, 1}, {"SMPYTD", 0, 1}, {"SPPYTD", 0, 1}, {"SAPYTD", 0, 1}, {"ShPPYTD", 0, 1}, {"SPBPYTD", 0, 1}, {"SNCPYTD", 0, 1}},
	"NIlettersAndValues": {{"NIletter", 1, 1}, {"GrossEarningsForNICsInPd", 1, 1}, {"GrossEarningsForNICsYTD", 1, 1}, {"AtLELYTD", 1, 1},
		{"LELtoPTYTD", 1, 1}, {"PTtoUELYTD", 1, 1}, {"TotalEmpNICInPd", 1, 1}, {"TotalEmpNICYTD", 1, 1}, {"EmpeeContribnsInPd", 1, 1}, {"EmpeeContribnsYTD", 1, 1}},
}

var (
	amountRE = regexp.MustCompile(`^-?[0-9]{1,10}\.[0-9]{2}$`)
	dateRE   = regexp.MustCompile(`^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$`)
)

// fpsCodes are the code lists and formats of leaf elements (and
// element@attribute).
var fpsCodes = map[string]*regexp.Regexp{
	"PayFreq": regexp.MustCompile(`^(W1|W2|W4|M1|M3|M6|MA|IO|IR)$`), "HoursWorked": regexp.MustCompile(`^[A-E]$`),
	"Gender": regexp.MustCompile(`^[MF]$`), "NIletter": regexp.MustCompile(`^[ABCDEFHIJKLMNSVXZ]$`),
	"DirectorsNIC": regexp.MustCompile(`^(AN|AL)$`), "StartDec": regexp.MustCompile(`^[ABC]$`), "IrrEmp": regexp.MustCompile(`^yes$`),
	"PmtAfterLeaving": regexp.MustCompile(`^yes$`),
	"RelatedTaxYear":  regexp.MustCompile(`^[0-9]{2}-[0-9]{2}$`), "DefaultCurrency": regexp.MustCompile(`^GBP$`),
	"NINO":                       regexp.MustCompile(`^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D ]$`),
	"TaxCode@BasisNonCumulative": regexp.MustCompile(`^yes$`), "TaxCode@TaxRegime": regexp.MustCompile(`^[SC]$`),
	"StudentLoanRecovered@PlanType": regexp.MustCompile(`^0[1245]$`),
	"WeekNo":                        regexp.MustCompile(`^([1-9]|[1-4][0-9]|5[0-46])$`), "MonthNo": regexp.MustCompile(`^([1-9]|1[0-2])$`),
	"PeriodEnd": dateRE, "PmtDate": dateRE, "BirthDate": dateRE, "LeavingDate": dateRE, "StartDate": dateRE,
	"TaxablePay": amountRE, "TotalTax": amountRE, "StudentLoansTD": amountRE, "PostgradLoansTD": amountRE, "PayAfterStatDedns": amountRE,
	"StudentLoanRecovered": amountRE, "PostgradLoanRecovered": amountRE, "TaxDeductedOrRefunded": amountRE,
	"SMPYTD": amountRE, "SPPYTD": amountRE, "SAPYTD": amountRE, "ShPPYTD": amountRE, "SPBPYTD": amountRE, "SNCPYTD": amountRE, "Class1ANICsYTD": amountRE,
	"BenefitsTaxedViaPayroll": amountRE, "BenefitsTaxedViaPayrollYTD": amountRE,
	"EmpeePenContribnsPaid": amountRE, "EmpeePenContribnsNotPaid": amountRE, "EmpeePenContribnsPaidYTD": amountRE, "EmpeePenContribnsNotPaidYTD": amountRE,
	"GrossEarningsForNICsInPd": amountRE, "GrossEarningsForNICsYTD": amountRE, "AtLELYTD": amountRE, "LELtoPTYTD": amountRE,
	"PTtoUELYTD": amountRE, "TotalEmpNICInPd": amountRE, "TotalEmpNICYTD": amountRE, "EmpeeContribnsInPd": amountRE, "EmpeeContribnsYTD": amountRE,
}

// checkOrder reports children of n that the rule does not name, that come
// out of order, or that appear too few or too many times.
func checkOrder(path string, n *node, r rule, add func(string, ...any)) {
	i := 0
	counts := make([]int, len(r))
	for _, c := range n.children {
		j := i
		for j < len(r) && r[j].name != c.name {
			j++
		}
		if j == len(r) {
			add("%s: %s is not allowed here (out of order, or not a member)", path, c.name)
			continue
		}
		i = j
		counts[j]++
	}
	for j, x := range r {
		if counts[j] < x.min || counts[j] > x.max {
			add("%s: %s appears %d times (allowed %d to %d)", path, x.name, counts[j], x.min, x.max)
		}
	}
}

// node is an element of a parsed document.
type node struct {
	name, ns, text string
	attrs          []xml.Attr
	children       []*node
}

// find is the first descendant along names.
func (n *node) find(names ...string) *node {
	cur := n
	for _, name := range names {
		var next *node
		for _, c := range cur.children {
			if c.name == name {
				next = c
				break
			}
		}
		if next == nil {
			return nil
		}
		cur = next
	}
	return cur
}

func parseTree(doc []byte) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	var stack []*node
	var root *node
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the document is not well-formed XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &node{name: t.Name.Local, ns: t.Name.Space}
			for _, a := range t.Attr {
				if a.Name.Space == "" && a.Name.Local != "xmlns" {
					n.attrs = append(n.attrs, a)
				}
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			n := stack[len(stack)-1]
			n.text = strings.TrimSpace(n.text)
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
	if root == nil {
		return nil, errors.New("the document has no root element")
	}
	return root, nil
}
