package store

// Regenerate the queries with `go generate ./internal/store`: sqlc, then the
// stamp CI compares to skip building sqlc when nothing changed
// (scripts/sqlcstamp).
//go:generate sh -c "cd ../.. && go run github.com/sqlc-dev/sqlc/cmd/sqlc@v1.31.1 generate && go run ./scripts/sqlcstamp -write"
