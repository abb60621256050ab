// Package settings holds the business settings documents (employee portal,
// timesheet rounding rules, timesheet, leave, statutory, payslip), the
// financial years, billing plans, tags and business notifications.
package settings
