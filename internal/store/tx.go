package store

import "database/sql"

// Tx returns the *sql.Tx q runs in, or nil outside a transaction. The job
// queue (internal/job) inserts its rows through it, so a job exists
// exactly when the write that queued it commits.
func (q *Queries) Tx() *sql.Tx {
	switch d := q.db.(type) {
	case *sql.Tx:
		return d
	case interface{ Tx() *sql.Tx }: // a transaction behind a statement cache
		return d.Tx()
	}
	return nil
}
