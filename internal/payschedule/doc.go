// Package payschedule holds pay schedules (B/payschedule) with their pay
// period arithmetic (next pay dates), public holidays and tiered leave
// templates.
package payschedule
