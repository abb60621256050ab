package store

import (
	"context"
	"database/sql"
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
