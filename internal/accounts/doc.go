// Package accounts holds the journal accounts (B/accounts) and the chart of
// accounts mappings (B/chartofaccounts) per business, location and
// employing entity.
package accounts
