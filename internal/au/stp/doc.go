// Package stp builds the AU Single Touch Payroll Phase 2 pay event of a
// finalised pay run: the payer (PAYEVNT) and per payee (PAYEVNTEMP) the
// year-to-date amounts disaggregated by STP payment type, from the
// categories' STP classifications. The facts (element labels, code lists,
// what goes where) and their sources are in docs/reference/au-stp-phase2.md;
// the document is JSON with element names mirroring those labels (the ATO's
// XML message structure was not found, so none is invented).
//
// Build reads; it writes nothing. internal/filing records and transmits
// what it builds.
package stp
