package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// Query runs a statement composed at run time, which sqlc cannot express:
// a fixed statement (a const next to its caller) completed by an OData
// WHERE/ORDER BY/LIMIT compiled over a column whitelist
// (odata.CompileSQL), or an IN list of a page's ids. Every value is a
// bound parameter; never splice client input into query. Runs on the
// same handle as the generated queries (inside a transaction when q is).
func (q *Queries) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return q.db.QueryContext(ctx, query, args...)
}

// QueryRow is Query for one row.
func (q *Queries) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return q.db.QueryRowContext(ctx, query, args...)
}

// Exec is Query for a statement whose rows, if any, are not read (a
// composed multi-row INSERT, an UPDATE or DELETE).
func (q *Queries) Exec(ctx context.Context, query string, args ...any) error {
	_, err := q.db.ExecContext(ctx, query, args...)
	return err
}

// Placeholders writes the VALUES lists of a multi-row INSERT (or one IN
// list): rows parenthesised groups of cols parameters, numbered from first
// ($first, ...), or all ? when positional (SQLite looks $N up by name,
// which is quadratic in a long statement).
func Placeholders(b *strings.Builder, rows, cols int, positional bool, first int) {
	n := first
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := 0; c < cols; c++ {
			if c > 0 {
				b.WriteString(", ")
			}
			if positional {
				b.WriteByte('?')
			} else {
				b.WriteByte('$')
				b.WriteString(strconv.Itoa(n))
			}
			n++
		}
		b.WriteByte(')')
	}
}
