package payroll

import "context"

// PrincipalKind says what sort of caller a request acts for.
type PrincipalKind int

const (
	// PrincipalUser is a business user: what it may see is decided by its
	// business access records.
	PrincipalUser PrincipalKind = iota
	// PrincipalBrandAdmin administers every business of one brand.
	PrincipalBrandAdmin
	// PrincipalSystemAdmin administers the whole installation.
	PrincipalSystemAdmin
)

// Principal is the authenticated caller of a request.
type Principal struct {
	UserID   int64
	Username string
	Kind     PrincipalKind
	BrandID  int64 // for brand admins; 0 otherwise
	// Credential identifies the credential used (API key or token family),
	// for rate limiting and audit.
	Credential string
}

// IsSystemAdmin reports whether p administers the whole installation.
func (p *Principal) IsSystemAdmin() bool { return p != nil && p.Kind == PrincipalSystemAdmin }

type principalKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the principal of ctx, or nil.
func PrincipalFrom(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalKey{}).(*Principal)
	return p
}
