// Package platformapi serves the platform's own resources: the signed-in
// user (/api/v2/user), businesses and access to them (/api/v2/business,
// /api/v2/business/{businessId}/access), brands and white labels
// (/api/v2/brand, /api/v2/whitelabel) and web hook registrations
// (/api/v2/business/{businessId}/webhookregistrations). OAuth stays in
// httpapi because its pages share the gate's rate limiter and plain routes.
package platformapi

import "github.com/payrolld/payrolld/internal/httpapi"

// Register serves the platform operations. cli.Build passes it first in
// httpapi.Deps.Areas.
func Register(a *httpapi.API) {
	registerUser(a)
	registerBusiness(a)
	registerWebhooks(a)
	registerBrand(a)
}
