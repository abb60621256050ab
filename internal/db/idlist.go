package db

import (
	"strconv"
	"strings"
)

// IDList writes ids as the body of an IN list of integer literals, for
// statements built in code. Not parameters: SQLite looks each $N up in a
// list, quadratic in a statement's parameters (preparing 5,000-id chunks
// was most of interpreting 10,000 employees' timesheets), and int64
// literals cannot carry anything but a number.
func IDList(ids []int64) string {
	var b strings.Builder
	b.Grow(len(ids) * 8)
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String()
}
