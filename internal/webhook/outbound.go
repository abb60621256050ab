package webhook

import (
	"context"
	"net/http"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/webhook/target"
)

// Outbound requests other than web hook deliveries (the callbackUrl of an
// asynchronous pay run) go through the same guard: CheckTarget early, and
// OutboundClient's dialer at send time.

// CheckTarget validates an outbound URL given in member as a web hook
// target is validated: absolute http(s), and no special-purpose address
// unless the operator allows private targets.
func (s *Service) CheckTarget(ctx context.Context, member, raw string) error {
	if err := target.Check(ctx, raw, s.AllowPrivate); err != nil {
		if payroll.KindOf(err) == payroll.KindInvalid {
			return payroll.Invalid(member, "%s must be an absolute http or https URL that is not a loopback, private, link-local or other special-purpose address", member)
		}
		return err
	}
	return nil
}

// OutboundClient returns an HTTP client with the delivery guard: bounded
// by target.Timeout, no redirects, special-purpose addresses refused at dial time
// unless allowed.
func (s *Service) OutboundClient() *http.Client { return target.Client(s.AllowPrivate) }
