// Package emprec holds what the records under an employee (bank accounts,
// pay rates, standard hours, recurring inclusions, super funds) share:
// checks of amounts and rates as the API receives them, their column
// forms (integer minor units, exact decimal text), and dates.
package emprec

import (
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// maxAmount bounds amounts well inside int64 minor units (and a sane
// payroll): larger values are a 400, never a panic.
var maxAmount = payroll.MustMoney("1000000000000")

// Money checks an amount: at most two decimal places, not negative unless
// allowed, within range. It returns false after recording the problem.
func Money(v *payroll.Validation, field string, m payroll.Money, allowNegative bool) bool {
	switch {
	case !m.Equal(m.Cents()):
		v.Add(field, "%s must have at most two decimal places", field)
	case m.IsNeg() && !allowNegative:
		v.Add(field, "%s must not be negative", field)
	case maxAmount.Less(m.Abs()):
		v.Add(field, "%s is out of range", field)
	default:
		return true
	}
	return false
}

// Rate checks a rate or factor: not negative, at most scale decimals,
// below limit (exclusive when limit is zero: no limit).
func Rate(v *payroll.Validation, field string, r payroll.Rate, limit payroll.Rate) bool {
	switch {
	case r.IsNeg():
		v.Add(field, "%s must not be negative", field)
	case !limit.IsZero() && limit.Less(r):
		v.Add(field, "%s must be at most %s", field, limit)
	case payroll.RateFromInt(1_000_000_000).Less(r):
		v.Add(field, "%s is out of range", field)
	case r.Decimal().Scale() > 6:
		v.Add(field, "%s must have at most six decimal places", field)
	default:
		return true
	}
	return false
}

// NullMoney is a nullable amount as a column.
func NullMoney(m *payroll.Money) sql.NullInt64 {
	if m == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: m.MinorUnits(), Valid: true}
}

// MoneyPtr reads a nullable amount column.
func MoneyPtr(c sql.NullInt64) *payroll.Money {
	if !c.Valid {
		return nil
	}
	m := payroll.MoneyFromMinor(c.Int64)
	return &m
}

// NullRate is a nullable rate as a column.
func NullRate(r *payroll.Rate) sql.NullString {
	if r == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: r.String(), Valid: true}
}

// RatePtr reads a nullable rate column.
func RatePtr(c sql.NullString) *payroll.Rate {
	if !c.Valid {
		return nil
	}
	r, err := payroll.ParseRate(c.String)
	if err != nil {
		return nil
	}
	return &r
}

// RateOf reads a rate column written by this package (zero if unreadable).
func RateOf(s string) payroll.Rate {
	r, _ := payroll.ParseRate(s)
	return r
}

// Date is the calendar day of a wire date/time (time dropped), as stored.
func Date(d payroll.DateTime) time.Time {
	return payroll.DateOnly(d.Time)
}

// DateRange settles a record's effective days: fromDate defaults to now,
// both are calendar days, and expiryDate (optional) is not before
// fromDate (400 naming it).
func DateRange(v *payroll.Validation, from, expiry *payroll.DateTime, now payroll.DateTime) {
	if from.IsZero() {
		*from = now
	}
	*from = payroll.NewDateTime(Date(*from))
	if !expiry.IsZero() {
		*expiry = payroll.NewDateTime(Date(*expiry))
		if expiry.Before(from.Time) {
			v.Add("expiryDate", "expiryDate must not be before fromDate")
		}
	}
}

// NullDate is a nullable day as a column.
func NullDate(d payroll.DateTime) sql.NullTime {
	if d.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: Date(d), Valid: true}
}

// DateOf reads a nullable day column.
func DateOf(c sql.NullTime) payroll.DateTime {
	if !c.Valid {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(c.Time)
}

// Canonical returns the member of set equal to s ignoring case, or false.
func Canonical(set []string, s string) (string, bool) {
	for _, x := range set {
		if strings.EqualFold(x, strings.TrimSpace(s)) {
			return x, true
		}
	}
	return "", false
}

// Enum checks an enumerated member (any case; empty takes def) and
// returns its canonical spelling.
func Enum(v *payroll.Validation, field, s string, set []string, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	c, ok := Canonical(set, s)
	if !ok {
		v.Add(field, "%s must be one of %s", field, strings.Join(set, ", "))
	}
	return c
}
