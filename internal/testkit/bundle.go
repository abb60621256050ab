package testkit

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
)

// Bundle is the standard fixture of API tests: the whole app on its own
// database, and two tenants — alice with a business of the region asked
// for, and bob with one of his own (the other tenant every cross-tenant
// 404 check needs). Build it once per test (per engine) with NewBundle.
type Bundle struct {
	*Server
	DB *db.DB
	// Alice's API key, business id and business path prefix
	// (/api/v2/business/{id}).
	Key string
	Biz int64
	B   string
	// Bob's: another tenant.
	OtherKey string
	Other    int64
	OtherB   string
}

// NewBundle builds a server on d with alice's and bob's businesses in
// region (AU, UK, NZ, SG or MY).
func NewBundle(t testing.TB, d *db.DB, region string, opts ...Options) *Bundle {
	t.Helper()
	s := NewServer(t, d, opts...)
	b := &Bundle{Server: s, DB: d}
	_, b.Key = s.NewUser("alice@example.com")
	_, b.OtherKey = s.NewUser("bob@example.com")
	b.Biz = s.NewBusiness(b.Key, "Alice "+region, region)
	b.Other = s.NewBusiness(b.OtherKey, "Bob "+region, region)
	b.B, b.OtherB = BusinessPath(b.Biz), BusinessPath(b.Other)
	return b
}

// BusinessPath is the path prefix of a business's operations.
func BusinessPath(id int64) string { return fmt.Sprintf("/api/v2/business/%d", id) }

// AddBusiness gives alice another business (e.g. of another region for a
// region-gating check) and returns its id and path prefix.
func (b *Bundle) AddBusiness(name, region string) (int64, string) {
	id := b.NewBusiness(b.Key, name, region)
	return id, BusinessPath(id)
}

// SeedEmployee stores a minimal employee row (names, status, external id)
// for tests of areas that only need an employee to exist (employee groups,
// 52-week data, brand reports). It is the one place tests write the
// employees table directly; tests of the employee area itself go through
// its API.
func (s *Server) SeedEmployee(t testing.TB, d *db.DB, biz int64, first, surname, status, externalID string) int64 {
	t.Helper()
	now := s.Clock.Now()
	var id int64
	err := d.W.QueryRow(`INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at)
		VALUES ($1, $2, $3, '', $4, $5, $6, $6) RETURNING id`, biz, first, surname, status, externalID, now).Scan(&id)
	if err != nil {
		t.Fatalf("seed employee: %v", err)
	}
	return id
}
