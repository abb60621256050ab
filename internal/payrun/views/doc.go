// Package views serves the read shapes of pay runs: the list
// of a business's runs (GET B/payrun, B/payrun/summary), a run's totals
// (P/totals), details (P/details) and pay slips (P/payslips), and an
// employee's totals over their finalised runs (E/payruntotals). It reads
// runs through the core package internal/payrun, which never imports it:
// the core's Service.PaySlips (which reports and self-service call) is
// served by Views.PaySlips, given to it at wiring (Service.ReadPaySlips).
package views

import (
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
)

// Views reads the runs of the Service.
type Views struct {
	*payrun.Service
}

// New is the views of s's runs.
func New(s *payrun.Service) *Views { return &Views{Service: s} }

func money(n int64) payroll.Money { return payroll.MoneyFromMinor(n) }
