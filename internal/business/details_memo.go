package business

import (
	"encoding/json"
	"sync"
)

// detailsMemo keeps the last decoded details of each business, keyed by
// the stored document itself: every authorised request reads the business
// row, and decoding its JSON was the largest piece of the framework's own
// CPU on a read (about a twentieth of GET E). The row is still read every
// time, so a change made on any node is seen at once: a different document
// is simply decoded again. Bounded: the map is emptied when it fills.
var detailsMemo = struct {
	sync.Mutex
	m map[int64]memoDetails
}{m: map[int64]memoDetails{}}

const detailsMemoSize = 4096

type memoDetails struct {
	raw string
	d   Details
}

// decodeDetails decodes a stored details document, with the enum defaults
// applied; the result shares nothing with the memo.
func decodeDetails(id int64, raw string) Details {
	detailsMemo.Lock()
	e, ok := detailsMemo.m[id]
	detailsMemo.Unlock()
	if ok && e.raw == raw {
		return e.d.clone()
	}
	var d Details
	_ = json.Unmarshal([]byte(raw), &d)
	d.enumDefaults()
	detailsMemo.Lock()
	if len(detailsMemo.m) >= detailsMemoSize {
		clear(detailsMemo.m)
	}
	detailsMemo.m[id] = memoDetails{raw: raw, d: d.clone()}
	detailsMemo.Unlock()
	return d
}

// clone copies d with its own pointed-to values, so a caller changing a
// member cannot change the memo (TestDetailsCloneSharesNothing checks every
// reference member is listed here).
func (d Details) clone() Details {
	c := d
	c.InitialFinancialYearStart = clonePtr(d.InitialFinancialYearStart)
	c.ManagersCanEditRosterBudgets = clonePtr(d.ManagersCanEditRosterBudgets)
	c.BudgetWarningPercent = clonePtr(d.BudgetWarningPercent)
	return c
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
