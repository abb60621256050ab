package payroll

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestMoneyRounding(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in                       string
		cents, floor, ceil, even string
	}{
		{"1.005", "1.01", "1.00", "1.01", "1.00"},
		{"-1.005", "-1.01", "-1.01", "-1.00", "-1.00"},
		{"2.675", "2.68", "2.67", "2.68", "2.68"},
		{"10", "10.00", "10.00", "10.00", "10.00"},
		{"0.004", "0.00", "0.00", "0.01", "0.00"},
	}
	for _, c := range cases {
		m := MustMoney(c.in)
		if got := m.Cents().StringFixed(2); got != c.cents {
			t.Errorf("%s Cents = %s, want %s", c.in, got, c.cents)
		}
		if got := m.Floor(2).StringFixed(2); got != c.floor {
			t.Errorf("%s Floor = %s, want %s", c.in, got, c.floor)
		}
		if got := m.Ceil(2).StringFixed(2); got != c.ceil {
			t.Errorf("%s Ceil = %s, want %s", c.in, got, c.ceil)
		}
		if got := m.RoundHalfEven(2).StringFixed(2); got != c.even {
			t.Errorf("%s RoundHalfEven = %s, want %s", c.in, got, c.even)
		}
	}
}

func TestMoneyMinorUnitsRoundTrip(t *testing.T) {
	t.Parallel()
	for _, units := range []int64{0, 1, -1, 99, 123456789, -987654321, 1 << 50} {
		if got := MoneyFromMinor(units).MinorUnits(); got != units {
			t.Errorf("MoneyFromMinor(%d).MinorUnits() = %d", units, got)
		}
	}
	if got := MustMoney("12.345").MinorUnits(); got != 1235 {
		t.Errorf("12.345 -> %d minor units, want 1235", got)
	}
}

func TestMoneyJSON(t *testing.T) {
	t.Parallel()
	var v struct {
		A Money `json:"a"`
		B Money `json:"b"`
		C Money `json:"c"`
		D Rate  `json:"d"`
	}
	if err := json.Unmarshal([]byte(`{"a":12.50,"b":"7.1","c":1e3,"d":0.12}`), &v); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v)
	if string(out) != `{"a":12.5,"b":7.1,"c":1000,"d":0.12}` {
		t.Errorf("round trip = %s", out)
	}
	if err := json.Unmarshal([]byte(`{"a":"abc"}`), &v); err == nil {
		t.Error("non-numeric amount accepted")
	}
	// Exactness: 0.1 + 0.2 is 0.3, not 0.30000000000000004.
	if s := MustMoney("0.1").Add(MustMoney("0.2")).String(); s != "0.3" {
		t.Errorf("0.1+0.2 = %s", s)
	}
	if s := MustMoney("1000").Mul(Percent(MustRate("12"))).String(); s != "120" {
		t.Errorf("12%% of 1000 = %s", s)
	}
}

func TestWrapKeepsDomainErrorsAndAddsContext(t *testing.T) {
	t.Parallel()
	dom := error(NotFound("location"))
	Wrap(&dom, "get location %d", 7)
	if dom.Error() != "location not found" || KindOf(dom) != KindNotFound {
		t.Errorf("domain error changed: %v", dom)
	}
	cause := errors.New("disk full")
	err := cause
	Wrap(&err, "create location %q", "Depot")
	if err.Error() != `create location "Depot": disk full` || !errors.Is(err, cause) {
		t.Errorf("wrapped = %v", err)
	}
	var none error
	Wrap(&none, "nothing")
	if none != nil {
		t.Errorf("nil error became %v", none)
	}
}

// A reversal line's hours are negative: bounds and leave balances compare
// magnitudes, so Abs and Neg must keep every decimal place.
func TestRateNegAbs(t *testing.T) {
	r, err := ParseRate("-7.6003")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Abs().String(); got != "7.6003" {
		t.Errorf("Abs(-7.6003) = %s", got)
	}
	if got := r.Neg().String(); got != "7.6003" {
		t.Errorf("Neg(-7.6003) = %s", got)
	}
	if got := r.Abs().Neg().String(); got != "-7.6003" {
		t.Errorf("Neg(7.6003) = %s", got)
	}
}
