// Package layers is the order of the packages under internal/: each
// package belongs to one layer, and imports only packages of its own
// layer and the layers below it (TestLayering in this package enforces
// it, and docs/architecture.md shows the same table). A new package must
// be placed in Order before the tree builds its tests green.
package layers

import "strings"

// Layer is a named group of packages, given as import paths relative to
// internal/: "x" is the package x alone, "x/..." is x and everything
// below it.
type Layer struct {
	Name     string
	Packages []string
}

// Order lists the layers, lowest first.
var Order = []Layer{
	{"foundation", []string{ // vocabulary, storage, pure rules, platform services: no business areas
		"payroll", "calc/...", "odata", "holidays", "db", "store", "job", "config", "notify", "user", "webhook/...",
		"award", "bankfile", "journal", "payslip", "brand", "ratelimit", "apidocs", "emprec", "layers", "version"}},
	{"tenancy", []string{"business", "record", "oauth"}},
	{"business setup", []string{ // what a business sets up before it has employees
		"employeegroup", "categories", "au", "uk", "payschedule", "documents", "locations", "settings",
		"accounts", "lookup", "suburb"}},
	{"employee", []string{"employee"}},
	{"employee areas", []string{"leave", "expense", "uk/...", "my/...", "sg/...", "nz/..."}},
	{"employee records", []string{"employee/..."}},
	{"time", []string{"agreement", "timesheet", "roster", "kiosk"}},
	{"pay runs", []string{"payrun/...", "au/stp", "sg/cpf"}},
	{"reports and self-service", []string{"report/...", "ess", "filing"}},
	{"collections", []string{"collections"}},
	{"http", []string{"httpapi", "httpapi/inputpolicy"}},
	{"http areas", []string{"httpapi/..."}},
	{"cli", []string{"cli"}},
	{"test harness", []string{"testkit/...", "conformance"}},
}

// Of is the index in Order of the layer of pkg (a path relative to
// internal/) and the pattern that placed it, or -1: an exact pattern
// wins over a subtree, a longer subtree over a shorter one.
func Of(pkg string) (layer int, pattern string) {
	layer, best := -1, -1
	for i, l := range Order {
		for _, p := range l.Packages {
			n := -1
			if p == pkg {
				n = 1 << 20 // exact
			} else if base, ok := strings.CutSuffix(p, "/..."); ok && (pkg == base || strings.HasPrefix(pkg, base+"/")) {
				n = len(base)
			}
			if n > best {
				layer, best, pattern = i, n, p
			}
		}
	}
	return layer, pattern
}
