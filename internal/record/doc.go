// Package record is the shared machinery of business-scoped records: a
// kind is a model (JSON wire names, enum tags, Validate, optional
// References) plus a Collection value; storage in the records table,
// references between records (400 for a missing one, 409 on deleting one
// in use), unique names by unique index, region gating, settings documents
// (Settings) and all-or-nothing imports (ImportCSV, CreateAll) live here.
// Domain packages (categories, payschedule, locations, ...) declare kinds.
package record
