// Package ess is employee self-service (/api/v2/ess/{employeeId}/...): the
// employee-facing door onto the domain services (leave, timesheets, bank
// accounts, unavailability), with the business's employee portal settings
// deciding what an employee may change, plus what self-service adds of
// its own: the dashboard, the security features, and profile images.
// A business user whose access covers the employee acts through the same
// operations; the portal settings bind only the employee themself.
package ess
