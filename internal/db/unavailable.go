package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Storage failures are not bugs: the disk is full, the database file is
// read-only, PostgreSQL is down or restarting, a connection broke, a
// transaction lost a serialization race or a deadlock. The request may
// well succeed later, so the client is told to retry (503 + Retry-After)
// and the operator is told why (an error log naming the cause), while a
// genuine bug stays a 500. Unavailable recognises them by the engines'
// error codes (never by message text); payroll.KindOf reports them as
// payroll.KindUnavailable once this package is linked in (init below), so
// the HTTP layer maps them without importing db.

func init() { payroll.RegisterUnavailable(Unavailable) }

// Unavailable reports whether err is the storage failing rather than the
// request being wrong, and names the cause for the operator's log.
func Unavailable(err error) (cause string, ok bool) {
	if err == nil {
		return "", false
	}
	if code := sqliteCode(err); code != 0 {
		if c, ok := sqliteUnavailable[code&0xff]; ok {
			return "sqlite: " + c, true
		}
		return "", false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		if c, ok := pgUnavailable[pe.Code]; ok {
			return "postgres: " + c + " (SQLSTATE " + pe.Code + ")", true
		}
		if c, ok := pgUnavailableClass[pe.Code[:min(2, len(pe.Code))]]; ok {
			return "postgres: " + c + " (SQLSTATE " + pe.Code + ")", true
		}
		return "", false
	}
	var ce *pgconn.ConnectError
	switch {
	case errors.As(err, &ce):
		return "postgres: cannot connect: " + ce.Unwrap().Error(), true
	case errors.Is(err, syscall.ENOSPC):
		return "no space left on device", true
	case errors.Is(err, syscall.EROFS):
		return "read-only file system", true
	case errors.Is(err, syscall.ECONNREFUSED):
		return "database connection refused", true
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE), errors.Is(err, io.ErrUnexpectedEOF):
		return "database connection lost", true
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone):
		return "database connection lost", true
	case pgconn.Timeout(err):
		return "postgres: timed out", true
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out waiting for the database", true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return "database network error: " + ne.Error(), true
	}
	// database/sql reports a closed pool and pgx a closed connection only
	// by message.
	if s := err.Error(); strings.Contains(s, "sql: database is closed") || strings.HasSuffix(s, "conn closed") {
		return "database connection closed", true
	}
	return "", false
}

// sqliteUnavailable are the primary SQLite result codes of a storage
// failure (https://www.sqlite.org/rescode.html). CORRUPT, MISMATCH,
// CONSTRAINT, ERROR and the like are not: they are bugs or bad data.
var sqliteUnavailable = map[int]string{
	sqlite3.SQLITE_PERM:     "access permission denied",
	sqlite3.SQLITE_BUSY:     "database is locked (busy timeout)",
	sqlite3.SQLITE_LOCKED:   "database table is locked",
	sqlite3.SQLITE_NOMEM:    "out of memory",
	sqlite3.SQLITE_READONLY: "database is read-only",
	sqlite3.SQLITE_IOERR:    "disk I/O error",
	sqlite3.SQLITE_FULL:     "disk full",
	sqlite3.SQLITE_CANTOPEN: "cannot open the database file",
	sqlite3.SQLITE_PROTOCOL: "locking protocol error",
}

// pgUnavailable and pgUnavailableClass are the SQLSTATEs of a storage
// failure (https://www.postgresql.org/docs/current/errcodes-appendix.html).
var pgUnavailable = map[string]string{
	"40001": "serialization failure",
	"40P01": "deadlock detected",
	"25006": "database is read-only",
	"55P03": "lock not available",
	"57014": "statement cancelled (timeout)",
	"57P01": "server shutting down (admin shutdown)",
	"57P02": "server crashed (crash shutdown)",
	"57P03": "server cannot accept connections now",
	"57P04": "database dropped",
	"57P05": "idle session timeout",
	"53100": "disk full",
	"53200": "out of memory",
	"53300": "too many connections",
}

var pgUnavailableClass = map[string]string{
	"08": "connection failure",
	"53": "insufficient resources",
	"58": "system error (I/O)",
	"HV": "foreign data wrapper error",
}

// recyclable reports whether err means the connection that saw it may be
// stuck in a state a new connection would not be in: a SQLite connection
// opened while the file was read-only or unreachable stays read-only after
// permissions return, and a PostgreSQL connection to a server that went
// read-only (a failed-over primary) stays on it.
func recyclable(err error) bool {
	if code := sqliteCode(err); code != 0 {
		switch code & 0xff {
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_PERM:
			return true
		}
		return false
	}
	return pgCode(err) == "25006"
}
