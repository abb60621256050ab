package odata

import (
	"reflect"
	"slices"
)

// Apply filters items by q.Filter, sorts them by q.OrderBy (stably, so ties
// keep the order the items were loaded in), then skips q.Skip and keeps at
// most q.Top. items is not modified; the result is a new, non-nil slice (so
// it encodes as [] rather than null).
//
// The query is resolved and type-checked against T before any item is
// evaluated, so an unknown member or an impossible comparison is an error
// even for an empty list (Check validates a query that way).
// T may be a struct or a pointer to one (nil elements have null members).
// All errors are *Error.
func Apply[T any](items []T, q Query) ([]T, error) {
	if q.Top < 0 {
		return nil, errorf(ParamTop, "must not be negative, got %d", q.Top)
	}
	if q.Skip < 0 {
		return nil, errorf(ParamSkip, "must not be negative, got %d", q.Skip)
	}
	elemType := reflect.TypeFor[T]()
	var keys []orderKey
	if len(q.OrderBy) > 0 {
		var err error
		if keys, err = compileOrder(elemType, q.OrderBy); err != nil {
			return nil, err
		}
	}
	idx, err := matching(items, q.Filter)
	if err != nil {
		return nil, err
	}
	if len(keys) > 0 {
		if err := sortIndices(items, idx, keys); err != nil {
			return nil, err
		}
	}
	start := min(q.Skip, len(idx))
	end := start + min(q.Top, len(idx)-start)
	out := make([]T, 0, end-start)
	for _, i := range idx[start:end] {
		out = append(out, items[i])
	}
	return out, nil
}

// Check resolves and type-checks q against T without any items: what a
// list filtered and paged in SQL (CompileSQL) runs first, so its messages
// for unknown members and impossible comparisons are the in-memory ones.
func Check[T any](q Query) error {
	_, err := Apply[T](nil, q)
	return err
}

// Count returns how many items match q.Filter, ignoring paging and
// ordering: the total a paged endpoint reports alongside one page.
func Count[T any](items []T, q Query) (int, error) {
	idx, err := matching(items, q.Filter)
	return len(idx), err
}

// matching returns the indices of the items that match filter (all of them
// if filter is nil).
func matching[T any](items []T, filter Expr) ([]int, error) {
	idx := make([]int, 0, len(items))
	if filter == nil {
		for i := range items {
			idx = append(idx, i)
		}
		return idx, nil
	}
	eval, err := compileFilter(reflect.TypeFor[T](), filter)
	if err != nil {
		return nil, err
	}
	rv := reflect.ValueOf(items)
	for i := range items {
		v, err := eval(rv.Index(i))
		if err != nil {
			return nil, asQueryError(ParamFilter, err)
		}
		switch v.k {
		case kBool:
			if v.b {
				idx = append(idx, i)
			}
		case kNull: // unknown is not true
		default:
			return nil, errorf(ParamFilter, "the filter must be a boolean expression, got a %s", v.k)
		}
	}
	return idx, nil
}

// sortIndices stably sorts idx (indices into items) by keys. Sort keys are
// extracted once per item up front, which keeps reflection out of the
// O(n log n) comparison loop.
func sortIndices[T any](items []T, idx []int, keys []orderKey) error {
	rv := reflect.ValueOf(items)
	nk := len(keys)
	vals := make([]value, len(idx)*nk)
	for p, i := range idx {
		for k, key := range keys {
			v, err := key.get(rv.Index(i))
			if err != nil {
				return asQueryError(ParamOrderBy, err)
			}
			vals[p*nk+k] = v
		}
	}
	// Sort positions into vals, then map back to item indices.
	pos := make([]int, len(idx))
	for p := range pos {
		pos[p] = p
	}
	var sortErr error
	slices.SortStableFunc(pos, func(a, b int) int {
		for k, key := range keys {
			c, err := sortCompare(vals[a*nk+k], vals[b*nk+k])
			if err != nil {
				// Only dynamic members can get here (e.g. a Valuer returning
				// different kinds for different items); remember the error
				// and report it once the sort is done.
				if sortErr == nil {
					sortErr = err
				}
				return 0
			}
			if key.desc {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	})
	if sortErr != nil {
		return asQueryError(ParamOrderBy, sortErr)
	}
	sorted := make([]int, len(idx))
	for p, q := range pos {
		sorted[p] = idx[q]
	}
	copy(idx, sorted)
	return nil
}
