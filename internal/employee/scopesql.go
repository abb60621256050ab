package employee

// SQLFrom is SQL for a statement that binds its own values first: the
// scope's placeholders are numbered from first, and only the scope's values
// are returned (leave requests, allowances, unavailability).
func (sc *Scope) SQLFrom(first int) (string, []any) {
	where, args := sc.SQL(make([]any, first-1))
	return where, args[first-1:]
}
