package calc

// AUEmployee is what the AU engine needs to know about the employee
// (tax settings and year-to-date). Owned by calc/au; grows with it.
type AUEmployee struct{}
