// Package testkit holds test-only helpers: fresh databases on both engines
// (from testdb, re-exported here) and an in-process server with a typed
// client. Tests of packages the server is built from use testdb directly.
package testkit

import "github.com/payrolld/payrolld/internal/testkit/testdb"

// PostgresURLEnv names the variable that enables the PostgreSQL runs.
const PostgresURLEnv = testdb.PostgresURLEnv

// The database helpers, as testdb defines them.
var (
	Engines          = testdb.Engines
	EachEngine       = testdb.EachEngine
	Serial           = testdb.Serial
	NewDB            = testdb.NewDB
	NewPostgresURL   = testdb.NewPostgresURL
	FreshPostgresURL = testdb.FreshPostgresURL
	MustExec         = testdb.MustExec
)
