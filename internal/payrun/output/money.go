package output

import "github.com/payrolld/payrolld/internal/payroll"

func money(n int64) payroll.Money { return payroll.MoneyFromMinor(n) }
