package payroll

import (
	"bytes"
	"database/sql/driver"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/govalues/decimal"
)

// Money is an exact decimal amount of the business's currency. Every amount
// stored or computed is a Money (never float64): arithmetic is exact and
// rounding happens only where a rule says so, with the method it names.
//
// At rest an amount is integer minor units (cents, pence) via MinorUnits /
// MoneyFromMinor (and the sql Scanner/Valuer, which use them); on the wire
// it is a JSON number. Intermediate results may carry more than two
// decimals; Cents rounds to the minor unit.
//
// Arithmetic panics only on overflow beyond 19 significant digits, which
// input validation (amounts are bounded) rules out.
type Money struct{ d decimal.Decimal }

// Rate is an exact decimal multiplier: a percentage as a fraction (0.12 for
// 12%), an hourly rate factor, an accrual rate per hour. Same representation
// as Money, kept distinct so an amount is never used as a rate by mistake.
type Rate struct{ d decimal.Decimal }

// MoneyFromMinor makes an amount from integer minor units (1234 -> 12.34).
func MoneyFromMinor(units int64) Money { return Money{must(decimal.New(units, 2))} }

// MoneyFromInt makes a whole-unit amount (12 -> 12.00).
func MoneyFromInt(units int64) Money { return Money{must(decimal.New(units, 0))} }

// ParseMoney reads a decimal string ("12.34", "-5", "1e3" is refused).
func ParseMoney(s string) (Money, error) {
	d, err := decimal.Parse(s)
	if err != nil {
		return Money{}, fmt.Errorf("%q is not an amount", s)
	}
	return Money{d}, nil
}

// MustMoney is ParseMoney for constants in code and tests.
func MustMoney(s string) Money { return Money{decimal.MustParse(s)} }

// MoneyFromDecimal wraps a decimal.
func MoneyFromDecimal(d decimal.Decimal) Money { return Money{d} }

// Decimal returns the underlying decimal.
func (m Money) Decimal() decimal.Decimal { return m.d }

func must(d decimal.Decimal, err error) decimal.Decimal {
	if err != nil {
		panic("payroll: decimal overflow: " + err.Error())
	}
	return d
}

func (m Money) Add(o Money) Money    { return Money{must(m.d.Add(o.d))} }
func (m Money) Sub(o Money) Money    { return Money{must(m.d.Sub(o.d))} }
func (m Money) Neg() Money           { return Money{m.d.Neg()} }
func (m Money) Abs() Money           { return Money{m.d.Abs()} }
func (m Money) Cmp(o Money) int      { return m.d.Cmp(o.d) }
func (m Money) Equal(o Money) bool   { return m.d.Cmp(o.d) == 0 }
func (m Money) Less(o Money) bool    { return m.d.Cmp(o.d) < 0 }
func (m Money) IsZero() bool         { return m.d.IsZero() }
func (m Money) IsNeg() bool          { return m.d.IsNeg() }
func (m Money) IsPos() bool          { return m.d.IsPos() }
func (m Money) Mul(r Rate) Money     { return Money{must(m.d.Mul(r.d))} }
func (m Money) MulInt(n int64) Money { return Money{must(m.d.Mul(decimal.MustNew(n, 0)))} }

// Div divides by a rate (e.g. annual / 52); division by zero panics like
// integer division, callers never divide by a zero period count.
func (m Money) Div(r Rate) Money { return Money{must(m.d.Quo(r.d))} }

// DivInt divides by n.
func (m Money) DivInt(n int64) Money { return Money{must(m.d.Quo(decimal.MustNew(n, 0)))} }

// Ratio is m / o as a rate (o must not be zero).
func (m Money) Ratio(o Money) Rate { return Rate{must(m.d.Quo(o.d))} }

// Max returns the larger of m and o.
func (m Money) Max(o Money) Money {
	if m.Cmp(o) >= 0 {
		return m
	}
	return o
}

// Min returns the smaller of m and o.
func (m Money) Min(o Money) Money {
	if m.Cmp(o) <= 0 {
		return m
	}
	return o
}

// Rounding methods. Statutes name theirs: "nearest cent" (half up, away
// from zero), "rounded down" (floor/truncate), "rounded up" (ceiling),
// banker's rounding (half to even) is rarely what a statute means.

// RoundHalfUp rounds to scale decimals, halves away from zero.
func (m Money) RoundHalfUp(scale int) Money { return Money{roundHalfUp(m.d, scale)} }

// Cents rounds to the minor unit, halves away from zero.
func (m Money) Cents() Money { return m.RoundHalfUp(2) }

// Floor rounds towards negative infinity at scale decimals.
func (m Money) Floor(scale int) Money { return Money{m.d.Floor(scale).Pad(scale)} }

// Ceil rounds towards positive infinity at scale decimals.
func (m Money) Ceil(scale int) Money { return Money{m.d.Ceil(scale).Pad(scale)} }

// Trunc rounds towards zero at scale decimals.
func (m Money) Trunc(scale int) Money { return Money{m.d.Trunc(scale).Pad(scale)} }

// RoundHalfEven rounds to scale decimals, halves to even.
func (m Money) RoundHalfEven(scale int) Money { return Money{m.d.Round(scale).Pad(scale)} }

func roundHalfUp(d decimal.Decimal, scale int) decimal.Decimal {
	if d.Scale() <= scale {
		return d.Pad(scale)
	}
	t := d.Trunc(scale)
	rem := must(d.Sub(t)).Abs()
	half := decimal.MustNew(5, scale+1)
	if rem.Cmp(half) >= 0 {
		step := decimal.MustNew(1, scale)
		if d.IsNeg() {
			step = step.Neg()
		}
		t = must(t.Add(step))
	}
	return t.Pad(scale)
}

// MinorUnits is the amount in integer minor units, rounded half up to the
// cent: what a column stores.
func (m Money) MinorUnits() int64 {
	c := roundHalfUp(m.d, 2)
	whole, frac, ok := c.Int64(2)
	if !ok {
		panic("payroll: amount out of range: " + m.String())
	}
	return whole*100 + frac
}

// String is the plain decimal form without trailing zeros ("12.5", "-3").
func (m Money) String() string { return m.d.Trim(0).String() }

// StringFixed is the decimal form with exactly scale decimals ("12.50").
func (m Money) StringFixed(scale int) string { return roundHalfUp(m.d, scale).String() }

// Float64 is for display and charts only, never for arithmetic.
func (m Money) Float64() float64 { f, _ := m.d.Float64(); return f }

// MarshalJSON writes a JSON number without trailing zeros.
func (m Money) MarshalJSON() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalJSON reads a JSON number or a numeric string; null is zero.
func (m *Money) UnmarshalJSON(b []byte) error {
	d, err := decodeJSONDecimal(b)
	if err != nil {
		return fmt.Errorf("amount: %w", err)
	}
	m.d = d
	return nil
}

// MarshalText / UnmarshalText make Money usable in query strings and forms.
func (m Money) MarshalText() ([]byte, error) { return []byte(m.String()), nil }
func (m *Money) UnmarshalText(b []byte) error {
	v, err := ParseMoney(string(b))
	*m = v
	return err
}

// Value stores integer minor units.
func (m Money) Value() (driver.Value, error) { return m.MinorUnits(), nil }

// Scan reads integer minor units.
func (m *Money) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*m = Money{}
	case int64:
		*m = MoneyFromMinor(v)
	default:
		return fmt.Errorf("money: cannot scan %T (want integer minor units)", src)
	}
	return nil
}

func decodeJSONDecimal(b []byte) (decimal.Decimal, error) {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return decimal.Decimal{}, nil
	}
	if len(b) > 1 && b[0] == '"' {
		s, err := strconv.Unquote(string(b))
		if err != nil {
			return decimal.Decimal{}, err
		}
		b = []byte(s)
	}
	if d, err := decimal.Parse(string(b)); err == nil {
		return d, nil
	}
	// Exponent forms (1e3, 1.5E-2) are valid JSON numbers; accept them when
	// they fit a decimal exactly.
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("%s is not a number", b)
	}
	d, err := decimal.NewFromFloat64(f)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("%s is out of range", b)
	}
	return d, nil
}

// Rates.

// ParseRate reads a decimal string.
func ParseRate(s string) (Rate, error) {
	d, err := decimal.Parse(s)
	if err != nil {
		return Rate{}, fmt.Errorf("%q is not a number", s)
	}
	return Rate{d}, nil
}

// MustRate is ParseRate for constants in code and tests.
func MustRate(s string) Rate { return Rate{decimal.MustParse(s)} }

// RateFromInt makes a whole-number rate.
func RateFromInt(n int64) Rate { return Rate{decimal.MustNew(n, 0)} }

// RateFromDecimal wraps a decimal.
func RateFromDecimal(d decimal.Decimal) Rate { return Rate{d} }

// Percent turns a percentage (12 for 12%) into a fraction rate (0.12).
func Percent(p Rate) Rate { return Rate{must(p.d.Quo(decimal.Hundred))} }

func (r Rate) Decimal() decimal.Decimal   { return r.d }
func (r Rate) Mul(o Rate) Rate            { return Rate{must(r.d.Mul(o.d))} }
func (r Rate) Add(o Rate) Rate            { return Rate{must(r.d.Add(o.d))} }
func (r Rate) Sub(o Rate) Rate            { return Rate{must(r.d.Sub(o.d))} }
func (r Rate) Div(o Rate) Rate            { return Rate{must(r.d.Quo(o.d))} }
func (r Rate) Cmp(o Rate) int             { return r.d.Cmp(o.d) }
func (r Rate) IsZero() bool               { return r.d.IsZero() }
func (r Rate) Neg() Rate                  { return Rate{r.d.Neg()} }
func (r Rate) Abs() Rate                  { return Rate{r.d.Abs()} }
func (r Rate) IsNeg() bool                { return r.d.IsNeg() }
func (r Rate) IsPos() bool                { return r.d.IsPos() }
func (r Rate) Less(o Rate) bool           { return r.d.Cmp(o.d) < 0 }
func (r Rate) String() string             { return r.d.Trim(0).String() }
func (r Rate) Float64() float64           { f, _ := r.d.Float64(); return f }
func (r Rate) RoundHalfUp(scale int) Rate { return Rate{roundHalfUp(r.d, scale)} }

func (r Rate) MarshalJSON() ([]byte, error) { return []byte(r.String()), nil }
func (r *Rate) UnmarshalJSON(b []byte) error {
	d, err := decodeJSONDecimal(b)
	if err != nil {
		return fmt.Errorf("rate: %w", err)
	}
	r.d = d
	return nil
}
func (r Rate) MarshalText() ([]byte, error) { return []byte(r.String()), nil }
func (r *Rate) UnmarshalText(b []byte) error {
	v, err := ParseRate(string(b))
	*r = v
	return err
}

// Value stores a rate as its decimal text (rates are not money: no fixed
// minor unit; TEXT sorts wrongly, so rates never go in ORDER BY).
func (r Rate) Value() (driver.Value, error) { return r.String(), nil }

// Scan reads a rate stored as text or a number.
func (r *Rate) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*r = Rate{}
	case string:
		return r.UnmarshalText([]byte(v))
	case []byte:
		return r.UnmarshalText(v)
	case int64:
		*r = RateFromInt(v)
	default:
		return fmt.Errorf("rate: cannot scan %T", src)
	}
	return nil
}

// OData lets amounts and rates take part in $filter and $orderby exactly
// (compared as rationals, not floats).
func (m Money) OData() any { return decimalRat(m.d) }

// OData: see Money.OData.
func (r Rate) OData() any { return decimalRat(r.d) }

func decimalRat(d decimal.Decimal) *big.Rat {
	r, _ := new(big.Rat).SetString(d.String())
	return r
}

// Within reports whether lo <= r <= hi (whole-number bounds, the usual
// validation ranges: 0..100 percent, 0..24 hours).
func (r Rate) Within(lo, hi int64) bool {
	return r.d.Cmp(decimal.MustNew(lo, 0)) >= 0 && r.d.Cmp(decimal.MustNew(hi, 0)) <= 0
}

// Within reports whether lo <= m <= hi (whole units).
func (m Money) Within(lo, hi int64) bool {
	return m.d.Cmp(decimal.MustNew(lo, 0)) >= 0 && m.d.Cmp(decimal.MustNew(hi, 0)) <= 0
}

// Display formats m for people with the currency symbol and thousands
// separators, to the cent: $1,234.56, -£12.00 (payslips, forms).
func (m Money) Display(symbol string) string {
	s := m.Abs().StringFixed(2)
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	sign := ""
	if m.IsNeg() {
		sign = "-"
	}
	return sign + symbol + b.String() + "." + frac
}

// currencySymbols are the symbols money is shown with, by business region.
var currencySymbols = map[string]string{"AU": "$", "NZ": "$", "SG": "S$", "UK": "£"}

// CurrencySymbol is the symbol a region's money is shown with on
// payslips and in spreadsheets; ok is false for a region the documents
// do not cover.
func CurrencySymbol(region string) (symbol string, ok bool) {
	symbol, ok = currencySymbols[region]
	return symbol, ok
}

// FixedMoney is Money that writes itself as text (XML) with exactly two
// decimals ("500.00"), as filing schemas' monetary types require; as JSON
// it is Money.
type FixedMoney struct{ Money }

// MarshalText writes the amount with two decimals, halves rounded up.
func (m FixedMoney) MarshalText() ([]byte, error) { return []byte(m.StringFixed(2)), nil }
