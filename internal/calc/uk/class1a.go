package uk

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
)

// Class1ARatePercent is the Class 1A NIC rate, 15% in 2025-26 and 2026-27
// (payroll-rules.md and payroll-rules-2026-27.md: "Class 1A/1B 15%"), the
// years this engine has rules for. internal/uk/p11d charges it on
// benefits in kind; here it is charged on termination awards.
const Class1ARatePercent = 15

var class1ARule = &calc.Rule{Code: "uk.ni.class1a",
	Text:   fmt.Sprintf("UK employer Class 1A NICs in real time on a termination award's excess over £30,000 (taxable, not Class 1 earnings): %d%%, rounded half up to the penny", Class1ARatePercent),
	Source: "ITEPA 2003 s 403; National Insurance Contributions (Termination Awards and Sporting Testimonials) Act 2019; HMRC NIM13203-NIM13205"}

// class1A is the employer's Class 1A NICs on notNI pence of taxable pay
// that is not Class 1 earnings (calc.Earning.NotNIable). HMRC's examples
// (NIM13205: £45,000 × 13.8% = £6,210.00) are whole pounds; a fraction of
// a penny is rounded half up, as the P11D(b)'s Class 1A (internal/uk/p11d).
func class1A(notNI int64, terms []calc.Term) (calc.Figure, []calc.Term) {
	nic := (notNI*Class1ARatePercent + 50) / 100
	start := len(terms)
	terms = append(terms, calc.Term{Name: "termination award over £30,000 (not Class 1 earnings)", Value: money(notNI)})
	return calc.Figure{Code: "ni.class1a", Amount: money(nic), Rule: class1ARule, Terms: terms[start:len(terms):len(terms)]}, terms
}
