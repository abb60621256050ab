package calc

// UKEmployee is what the UK engine needs to know about the employee
// (tax settings and year-to-date). Owned by calc/uk; grows with it.
type UKEmployee struct{}
