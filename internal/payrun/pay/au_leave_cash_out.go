package pay

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
)

// SubtypeLeaveTaken is the subtype of a leave line that takes hours off a
// balance (LeaveEntries posts it as Taken).
const SubtypeLeaveTaken = "LeaveTaken"

// auLeaveCashOut takes the hours of leave cashed out while employed off
// the balance they come from: an earnings line with hours on a pay
// category classified LeaveCashOutOfLeaveInService (STP paid leave type
// C) is paid leave given up for money, so the balance falls by those
// hours (Fair Work Act 2009 s 93: "an amount of paid annual leave" is
// cashed out; s 93(3)(b)-(c) and s 94: the employee is paid at least the
// full amount they would have been paid had they taken the leave, and the
// balance remaining must be at least 4 weeks). The balance is the leave
// category paid through that pay category (transferToPayCategoryId) or
// through the category it derives from (parentId), e.g. "Annual Leave
// Cash Out" deriving from "Annual Leave". One LeaveTaken line per cash-out
// line, whose note names the hours and the category. A line on a category
// no leave category maps to is paid and leaves the balances as they are
// (docs/reference/au-pay-rules.md §4d).
func auLeaveCashOut(region string, cats *Categories, leaveCats map[int64]categories.LeaveCategory, kept []line, c *calculated) {
	if region != calc.AU {
		return
	}
	for i := range kept {
		l := &kept[i]
		if l.Kind != KindEarnings {
			continue
		}
		cat, ok := cats.ByKind[KindEarnings][l.CategoryID]
		if !ok || cat.AU.Class != "LeaveCashOutOfLeaveInService" {
			continue
		}
		h, err := ParseRate(l.Units)
		if err != nil || !h.IsPos() {
			continue
		}
		lc, ok := cashOutLeaveCategory(leaveCats, cat)
		if !ok {
			continue
		}
		var a line
		a.Kind, a.CategoryID, a.CategoryName, a.Subtype = KindLeaveAccrued, lc.ID, lc.Name, SubtypeLeaveTaken
		a.units, a.Units = h, h.RoundHalfUp(4).String()
		a.Notes = fmt.Sprintf("LeaveTaken: %s hours of %s cashed out through %q (Fair Work Act 2009 ss 93-94: at least 4 weeks must remain)",
			a.Units, lc.Name, cat.Name)
		c.lines = append(c.lines, a)
	}
}

// cashOutLeaveCategory is the leave category paid through cat or through
// the category cat derives from.
func cashOutLeaveCategory(leaveCats map[int64]categories.LeaveCategory, cat Category) (categories.LeaveCategory, bool) {
	var parent categories.LeaveCategory
	found := false
	for _, lc := range leaveCats {
		if lc.TransferToPayCategoryID == nil {
			continue
		}
		switch *lc.TransferToPayCategoryID {
		case cat.ID:
			return lc, true
		case cat.ParentID:
			if cat.ParentID != 0 && (!found || lc.ID < parent.ID) {
				parent, found = lc, true
			}
		}
	}
	return parent, found
}
