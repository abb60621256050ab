// Package bench measures the API's throughput and the framework's overhead.
// Run by hand (not in CI):
//
//	go run ./bench/load -engine sqlite -duration 10s -concurrency 16
//	go test ./bench -bench . -benchtime 3s
package bench

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// MinimalHandler serves GET /api/v2/business/{id} with plain net/http and
// the same database reads the real operation makes (API key lookup, access
// check, business row), without huma, chi, normalisation, rate limiting,
// logging or metrics. Its throughput against the real server's is the
// framework's overhead as a ratio.
func MinimalHandler(d *db.DB) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(r.Header.Get("Authorization"), "Basic "))
		if err != nil {
			http.Error(w, "unauthorised", http.StatusUnauthorized)
			return
		}
		key, _, _ := strings.Cut(string(raw), ":")
		q := d.Queries()
		u, err := q.GetUserByAPIKeyHash(r.Context(), payroll.HashSecret(key))
		if err != nil {
			http.Error(w, "unauthorised", http.StatusUnauthorized)
			return
		}
		id, err := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, "/api/v2/business/"), 10, 64)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		b, err := q.GetBusiness(r.Context(), id)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if !u.IsSystemAdmin {
			if _, err := q.GetBusinessAccess(r.Context(), storeAccessParams(id, u.ID)); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		var details map[string]any
		_ = json.Unmarshal([]byte(b.Details), &details)
		details["id"], details["name"], details["region"], details["externalId"] = b.ID, b.Name, b.Region, b.ExternalID
		details["dateCreated"] = payroll.NewDateTime(b.CreatedAt)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(details)
	})
}
