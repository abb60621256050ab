package calc

// NZEmployee is what the NZ engine needs to know about the employee
// (tax settings and year-to-date). Owned by calc/nz; grows with it.
type NZEmployee struct{}
