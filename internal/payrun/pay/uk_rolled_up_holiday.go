package pay

import (
	"sort"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ukRolledUpHolidayPay is a UK employee's rolled-up holiday pay lines
// (Working Time Regulations 1998 reg 16A, inserted by the Employment
// Rights (Amendment, Revocation and Transitional Provision) Regulations
// 2023, leave years from 1 April 2024): for each leave category the
// employee accrues (their leave allowances, else the categories that
// accrue automatically; casual employees too, since irregular-hours
// workers are the ones it is for) with rolledUpHolidayPayPercent, that
// percentage of workedPay, the period's pay for hours in pay categories
// that accrue leave, as a separate earnings line in the category's
// transferToPayCategoryId (reg 16A(3)(b): shown as a separate item on the
// payslip). docs/reference/uk-holiday-irregular-hours.md.
func (in *inputs) ukRolledUpHolidayPay(e *EmployeeRow, cats *Categories, workedPay payroll.Money) []line {
	if cats.Region != calc.UK || !workedPay.IsPos() {
		return nil
	}
	var ids []int64
	if rows := in.allowances[e.ID]; len(rows) > 0 {
		for _, a := range rows {
			ids = append(ids, a.LeaveCategoryID)
		}
	} else {
		for _, c := range in.autoLeave {
			ids = append(ids, c.ID)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var out []line
	for _, id := range ids {
		c, ok := in.leaveCats[id]
		if !ok || !c.RolledUpHolidayPayPercent.IsPos() || c.TransferToPayCategoryID == nil {
			continue
		}
		cat, ok := cats.ByKind[KindEarnings][*c.TransferToPayCategoryID]
		if !ok {
			continue
		}
		pct := c.RolledUpHolidayPayPercent
		amount := workedPay.Mul(payroll.Percent(pct)).Cents()
		if !amount.IsPos() {
			continue
		}
		note := "rolled-up holiday pay: " + strings.TrimRight(strings.TrimRight(pct.String(), "0"), ".") + "% of " + workedPay.StringFixed(2) + " (" + c.Name + ")"
		out = append(out, earningsLine(cat, one, payroll.RateFromDecimal(amount.Decimal()), amount, payroll.Rate{}, note))
	}
	return out
}
