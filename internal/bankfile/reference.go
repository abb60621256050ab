package bankfile

import (
	"strconv"
	"strings"
	"time"
)

// ReferenceContext holds what a payment file setting's
// paymentAdditionalContent (None, PeriodEndingDate, PaymentDate,
// EmployeeId, PayRunId) can add to a payment's reference.
type ReferenceContext struct {
	PeriodEnding time.Time
	DatePaid     time.Time
	EmployeeID   int64
	PayRunID     int64
}

// WithAdditionalContent is base followed by the content the setting
// names (dates as DD/MM/YY, ids as numbers), so a reference reads
// "ACME PAY 16/07/26". Formats cut references to their field width from
// the left, so the base should be short enough to leave the content
// room; None or an unknown content leaves base unchanged.
func WithAdditionalContent(base, content string, c ReferenceContext) string {
	var extra string
	switch strings.ToLower(content) {
	case "periodendingdate":
		if !c.PeriodEnding.IsZero() {
			extra = c.PeriodEnding.Format("02/01/06")
		}
	case "paymentdate":
		if !c.DatePaid.IsZero() {
			extra = c.DatePaid.Format("02/01/06")
		}
	case "employeeid":
		if c.EmployeeID != 0 {
			extra = strconv.FormatInt(c.EmployeeID, 10)
		}
	case "payrunid":
		if c.PayRunID != 0 {
			extra = strconv.FormatInt(c.PayRunID, 10)
		}
	}
	return strings.TrimSpace(strings.TrimSpace(base) + " " + extra)
}
