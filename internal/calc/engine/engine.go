// Package engine dispatches a calculation to its region's engine.
//
// The engines are a registered list, one line each: to add a region, add
// its constructor to registered (uk.New, nz.New, sg.New, my.New return calc.Engine
// values that also implement calc.VectorChecker).
package engine

import (
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/au"
	"github.com/payrolld/payrolld/internal/calc/my"
	"github.com/payrolld/payrolld/internal/calc/nz"
	"github.com/payrolld/payrolld/internal/calc/sg"
	"github.com/payrolld/payrolld/internal/calc/uk"
)

// registered is every region engine, built once.
var registered = []calc.Engine{
	au.New(),
	uk.New(),
	nz.New(),
	sg.New(),
	my.New(),
}

// Engines returns the registered engines.
func Engines() []calc.Engine { return registered }

// For returns the engine of region. The region is matched case-insensitively,
// and a sub-region ("UK-SCT", "UK-rUK" in vector files) falls back to its
// region ("UK").
func For(region string) (calc.Engine, error) {
	for _, e := range registered {
		if strings.EqualFold(e.Region(), region) {
			return e, nil
		}
	}
	if i := strings.IndexByte(region, '-'); i > 0 {
		base := region[:i]
		for _, e := range registered {
			if strings.EqualFold(e.Region(), base) {
				return e, nil
			}
		}
	}
	return nil, fmt.Errorf("no calculation engine for region %q", region)
}

// Calculate computes in with its region's engine.
func Calculate(in *calc.Input) (calc.Result, error) {
	e, err := For(in.Region)
	if err != nil {
		return calc.Result{}, err
	}
	return e.Calculate(in)
}
