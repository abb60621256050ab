package httpapi

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Primitive coercion: the public API binds JSON with Newtonsoft.Json, which
// converts a primitive of the wrong JSON type to the member's type, and
// clients rely on it (docs/reference/json-binding.md has the rules and
// their sources). coerceScalar applies the same conversions by the request
// schema, before huma validates, so every operation gets them for JSON and
// form bodies alike. A value that does not convert cleanly is returned
// unchanged, and validation then names the member: coercion never turns
// bad data into stored data.

// absent is coerceScalar's answer for a value the member binds as null
// (an empty string in a number, boolean or date-time member).
type absentValue struct{}

var absent any = absentValue{}

// coerceScalar converts v (a decoded JSON scalar: string, json.Number or
// bool) to the type schema s declares.
func coerceScalar(v any, s *huma.Schema) any {
	if len(s.Enum) > 0 {
		return coerceEnum(v, s)
	}
	switch val := v.(type) {
	case string:
		return coerceString(val, s)
	case json.Number:
		switch s.Type {
		case huma.TypeString:
			return numberText(val)
		case huma.TypeInteger:
			if i, ok := integral(val); ok {
				return i
			}
		case huma.TypeBoolean:
			// Newtonsoft reads a number as a boolean by Convert.ToBoolean
			// (non-zero is true); only 0 and 1 are taken here, as any other
			// number in a yes/no member is more likely a mistake than a yes.
			switch string(val) {
			case "0":
				return false
			case "1":
				return true
			}
		}
	case bool:
		if s.Type == huma.TypeString {
			// Convert.ToString(bool) in .NET: "True" / "False".
			if val {
				return "True"
			}
			return "False"
		}
	}
	return v
}

func coerceString(val string, s *huma.Schema) any {
	t := strings.TrimSpace(val)
	switch s.Type {
	case huma.TypeInteger:
		if t == "" {
			return absent
		}
		if n, err := strconv.ParseInt(t, 10, 64); err == nil {
			return json.Number(strconv.FormatInt(n, 10))
		}
	case huma.TypeNumber:
		if t == "" {
			return absent
		}
		if jsonNumberRE.MatchString(t) {
			return json.Number(t)
		}
		// "+1.5", ".5", "5." are numbers to .NET's parser; thousands
		// separators are not taken (culture-dependent: "1,5" is 1.5 in
		// some locales and 15 in the invariant one).
		if f, err := strconv.ParseFloat(t, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) &&
			strings.Trim(t, "+-.0123456789") == "" {
			return json.Number(strconv.FormatFloat(f, 'f', -1, 64))
		}
	case huma.TypeBoolean:
		switch {
		case t == "":
			return absent
		case strings.EqualFold(t, "true"):
			return true
		case strings.EqualFold(t, "false"):
			return false
		}
	case huma.TypeString:
		if s.Format == "date-time" {
			if t == "" {
				return absent
			}
			return instantText(t)
		}
	}
	return val
}

// coerceEnum maps an enum given by name in any case, by display name
// ("Full Time" for FullTime) or by number (its position, as the public
// API's enums are numbered in declaration order) to its name.
func coerceEnum(v any, s *huma.Schema) any {
	names := make([]string, 0, len(s.Enum))
	for _, e := range s.Enum {
		if es, ok := e.(string); ok {
			names = append(names, es)
		}
	}
	switch val := v.(type) {
	case string:
		if c, ok := payroll.CanonicalEnum(names, val); ok {
			return c
		}
		if n, err := strconv.Atoi(strings.TrimSpace(val)); err == nil && s.Type == huma.TypeString && n >= 0 && n < len(s.Enum) {
			return s.Enum[n]
		}
	case json.Number:
		if i, ok := integral(val); ok && s.Type == huma.TypeString {
			if n, err := i.Int64(); err == nil && n >= 0 && n < int64(len(s.Enum)) {
				return s.Enum[n]
			}
		}
	}
	return v
}

// integral is n as an integer when it is one exactly ("116", "116.0",
// "1.16e2"); 116.5 is not.
func integral(n json.Number) (json.Number, bool) {
	if _, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return n, true
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return n, false
	}
	return json.Number(r.Num().String()), true
}

// numberText is a JSON number as a string member receives it: its text,
// with an exponent written out ("1e3" is "1000").
func numberText(n json.Number) string {
	s := string(n)
	if !strings.ContainsAny(s, "eE") {
		return s
	}
	if r, ok := new(big.Rat).SetString(s); ok {
		if r.IsInt() {
			return r.Num().String()
		}
		if f, exact := r.Float64(); exact || !math.IsInf(f, 0) {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
	}
	return s
}

// instantLayouts are the date-times without an offset an instant member
// takes.
var instantLayouts = []string{
	"2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02 15:04:05.999999999", "2006-01-02",
}

// instantText is a date-time for a member carrying an instant (format
// date-time, a time.Time). With an offset it is already RFC 3339; without
// one it is read in the member's documented zone, and every such member of
// the API is a *Utc one (TestInstantMembersAreUtc keeps it so): UTC. Local
// date-times (payroll.DateTime) are plain strings to the schema and keep
// their wall clock. Anything else is returned unchanged for validation to name.
func instantText(t string) string {
	if _, err := time.Parse(time.RFC3339Nano, t); err == nil {
		return t
	}
	for _, l := range instantLayouts {
		if ts, err := time.ParseInLocation(l, t, time.UTC); err == nil {
			return ts.Format(time.RFC3339Nano)
		}
	}
	return t
}
