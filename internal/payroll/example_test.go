package payroll_test

import (
	"errors"
	"fmt"
	"io"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Money is exact decimal arithmetic; rounding happens only where a rule
// names it, with the method it names.
func ExampleMoney() {
	weekly := payroll.MustMoney("1234.56")
	annual := weekly.MulInt(52)
	monthly := annual.DivInt(12)
	fmt.Println(annual, monthly)
	fmt.Println(monthly.RoundHalfUp(2), monthly.Trunc(2), monthly.MinorUnits())
	// Output:
	// 64197.12 5349.76
	// 5349.76 5349.76 534976
}

// A model's Validate collects every bad field and returns one error naming
// them; the HTTP layer answers 400 with the first field and all of them.
func ExampleValidation() {
	var v payroll.Validation
	v.Required("name", "  ")
	v.MaxLen("code", "ABCDEFGHIJK", 10)
	err := v.Err()
	var pe *payroll.Error
	errors.As(err, &pe)
	fmt.Println(payroll.KindOf(err) == payroll.KindInvalid, pe.Field, len(pe.Fields))
	// Output:
	// true code 2
}

// Wrap, deferred at a service entry point, adds what the service was doing
// to an unexpected failure and lets domain errors through unchanged (their
// message is what the client reads).
func ExampleWrap() {
	create := func(name string, cause error) (err error) {
		defer payroll.Wrap(&err, "create location %q", name)
		return cause
	}
	fmt.Println(create("Depot", io.ErrUnexpectedEOF))
	fmt.Println(errors.Is(create("Depot", io.ErrUnexpectedEOF), io.ErrUnexpectedEOF))
	fmt.Println(create("Depot", payroll.Conflict("a location named %q exists", "Depot")))
	// Output:
	// create location "Depot": unexpected EOF
	// true
	// a location named "Depot" exists
}
