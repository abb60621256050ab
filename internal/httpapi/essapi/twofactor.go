package essapi

import (
	"context"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
)

// twoFactorNote describes the .../swagrequired2fa paths.
const twoFactorNote = "The .../swagrequired2fa path is the same operation for apps that completed a second factor; " +
	"this service has no second factor, so both paths behave alike."

// register2FA registers h on op.Path and on op.Path + "/swagrequired2fa"
// (the published variants of the bank account, payslip, payment summary
// and super fund operations).
func register2FA[I, O any](a *httpapi.API, needs httpapi.Needs, twoFactorPath string, op huma.Operation, h func(context.Context, *I) (*O, error)) {
	httpapi.Register(a, needs, op, h)
	op.Path = twoFactorPath
	op.Description = strings.TrimSpace(op.Description + " " + twoFactorNote)
	httpapi.Register(a, needs, op, h)
}
