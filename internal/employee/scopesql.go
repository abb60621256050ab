package employee

// SQL is the scope as a predicate over the employees table aliased e, its
// values bound as $first, $first+1, ...: other areas' lists (leave
// requests, unavailability) join employees e and apply a restricted
// user's scope in the same query that pages them.
func (sc *Scope) SQL(first int) (string, []any) {
	a := sqlArgs{args: make([]any, first-1)}
	where := sc.where(&a)
	return where, a.args[first-1:]
}
