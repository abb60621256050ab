package calc

// SGEmployee is what the SG engine needs to know about the employee
// (tax settings and year-to-date). Owned by calc/sg; grows with it.
type SGEmployee struct{}
