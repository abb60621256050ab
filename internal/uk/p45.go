package uk

import "time"

// P45Counts says whether a new starter's P45 figures (previous
// employment pay and tax) count in the tax year starting on yearStart:
// the P45's leaving date is in that year (no leaving date: the employee
// started here in that year) and the previous employer did not operate
// the code on the week 1/month 1 basis (HMRC's starter guidance: a
// week 1/month 1 code carries on on that basis, without the figures).
// Zero times are absent dates. docs/reference/uk-p45.md.
func P45Counts(leaving, started time.Time, w1m1 bool, yearStart time.Time) bool {
	if w1m1 {
		return false
	}
	in := func(t time.Time) bool {
		return !t.IsZero() && !t.Before(yearStart) && t.Before(yearStart.AddDate(1, 0, 0))
	}
	if !leaving.IsZero() {
		return in(leaving)
	}
	return in(started)
}
