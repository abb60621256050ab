// Package bench measures the API's throughput and the framework's overhead.
// Run by hand (not in CI):
//
//	go run ./bench/load -engine sqlite -duration 10s -concurrency 16
//	go test ./bench -bench . -benchtime 3s
package bench

import (
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/httpapi/employeeapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// minimalUser finds the API key's user as the real authentication does
// (basic auth, the key's hash), or answers 401.
func minimalUser(w http.ResponseWriter, r *http.Request, q *store.Queries) (store.GetUserByAPIKeyHashRow, bool) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(r.Header.Get("Authorization"), "Basic "))
	if err == nil {
		key, _, _ := strings.Cut(string(raw), ":")
		u, err := q.GetUserByAPIKeyHash(r.Context(), payroll.HashSecret(key))
		if err == nil {
			return u, true
		}
	}
	http.Error(w, "unauthorised", http.StatusUnauthorized)
	return store.GetUserByAPIKeyHashRow{}, false
}

// minimalBusiness reads the business and, for a user who is not a system
// administrator, their access to it, as the real authorisation does, or
// answers 404.
// MinimalPreparedReads makes the minimal handlers read through the
// service's own read queries (d.Queries(), statements prepared once), so
// their ratio to payrolld is the framework's overhead alone. By default
// they read as a hand-written handler on database/sql does (store.New on
// the read pool: each query prepared on the call).
var MinimalPreparedReads bool

func minimalQueries(d *db.DB) *store.Queries {
	if MinimalPreparedReads {
		return d.Queries()
	}
	return store.New(d.R)
}

func minimalBusiness(w http.ResponseWriter, r *http.Request, q *store.Queries, u store.GetUserByAPIKeyHashRow, id int64) (store.Business, bool) {
	b, err := q.GetBusiness(r.Context(), id)
	if err == nil && !u.IsSystemAdmin {
		_, err = q.GetBusinessAccess(r.Context(), storeAccessParams(id, u.ID))
	}
	if err != nil {
		http.NotFound(w, r)
		return store.Business{}, false
	}
	return b, true
}

// MinimalHandler serves GET /api/v2/business/{id} with plain net/http and
// the same database reads the real operation makes (API key lookup, access
// check, business row), without huma, chi, normalisation, rate limiting,
// logging or metrics. Its throughput against the real server's is the
// framework's overhead as a ratio.
func MinimalHandler(d *db.DB) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := minimalQueries(d)
		u, ok := minimalUser(w, r, q)
		if !ok {
			return
		}
		id, err := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, "/api/v2/business/"), 10, 64)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		b, ok := minimalBusiness(w, r, q, u, id)
		if !ok {
			return
		}
		var details map[string]any
		_ = json.Unmarshal([]byte(b.Details), &details)
		details["id"], details["name"], details["region"], details["externalId"] = b.ID, b.Name, b.Region, b.ExternalID
		details["dateCreated"] = payroll.NewDateTime(b.CreatedAt)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(details)
	})
}

// MinimalEmployeeHandler serves GET
// /api/v2/business/{id}/employee/{employeeId}/details with plain net/http
// and the same database reads the real operation makes for an
// unrestricted business user (API key lookup, business row, access check,
// employee row) and the same answer (EmployeeDetailsModel), without huma,
// chi, normalisation, rate limiting, logging or metrics.
func MinimalEmployeeHandler(d *db.DB) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := minimalQueries(d)
		u, ok := minimalUser(w, r, q)
		if !ok {
			return
		}
		rest := strings.TrimPrefix(r.URL.Path, "/api/v2/business/")
		bizPart, rest, _ := strings.Cut(rest, "/employee/")
		empPart := strings.TrimSuffix(rest, "/details")
		bizID, err1 := strconv.ParseInt(bizPart, 10, 64)
		empID, err2 := strconv.ParseInt(empPart, 10, 64)
		if err1 != nil || err2 != nil {
			http.NotFound(w, r)
			return
		}
		if _, ok := minimalBusiness(w, r, q, u, bizID); !ok {
			return
		}
		e, err := q.GetEmployee(r.Context(), store.GetEmployeeParams{ID: empID, BusinessID: bizID})
		if err != nil {
			http.NotFound(w, r)
			return
		}
		date := func(t sql.NullTime) payroll.DateTime {
			if !t.Valid {
				return payroll.DateTime{}
			}
			return payroll.NewDateTime(t.Time)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(employeeapi.EmployeeDetailsModel{ID: e.ID, Title: e.Title, FirstName: e.FirstName,
			PreferredName: e.PreferredName, MiddleName: e.MiddleName, Surname: e.Surname, Gender: e.Gender, DateOfBirth: date(e.DateOfBirth),
			AnniversaryDate: date(e.AnniversaryDate), ExternalID: e.ExternalID, ResidentialStreetAddress: e.ResidentialStreetAddress,
			ResidentialAddressLine2: e.ResidentialAddressLine2, ResidentialSuburb: e.ResidentialSuburb, ResidentialState: e.ResidentialState,
			ResidentialPostCode: e.ResidentialPostCode, PostalStreetAddress: e.PostalStreetAddress, PostalAddressLine2: e.PostalAddressLine2,
			PostalSuburb: e.PostalSuburb, PostalState: e.PostalState, PostalPostCode: e.PostalPostCode, EmailAddress: e.Email,
			HomePhone: e.HomePhone, WorkPhone: e.WorkPhone, MobilePhone: e.MobilePhone, StartDate: date(e.StartDate), EndDate: date(e.EndDate),
			ResidentialCity: e.ResidentialCity, ResidentialCounty: e.ResidentialCounty, PostalCity: e.PostalCity, PostalCounty: e.PostalCounty})
	})
}
