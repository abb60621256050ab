package report

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// NullTime scans a nullable timestamp, also from an expression column
// (a subquery's), which SQLite hands over as text.
type NullTime struct{ t time.Time }

var sqliteTimeLayouts = []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999", time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02"}

func (n *NullTime) Scan(src any) error {
	n.t = time.Time{}
	var s string
	switch v := src.(type) {
	case nil:
		return nil
	case time.Time:
		n.t = v
		return nil
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("timestamp: cannot scan %T", src)
	}
	for _, l := range sqliteTimeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			n.t = t
			return nil
		}
	}
	return fmt.Errorf("timestamp: cannot parse %q", s)
}

// Time is the value read (zero for NULL).
func (n NullTime) Time() time.Time { return n.t }

// DateTime is the value as a wire date/time.
func (n NullTime) DateTime() payroll.DateTime {
	if n.t.IsZero() {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(n.t)
}
