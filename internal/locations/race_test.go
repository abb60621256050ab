package locations_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// send sends a JSON body from any goroutine (testkit's helpers call t.Fatal,
// which only the test goroutine may do).
func send(s *testkit.Server, method, path string, body any) (int, string, error) {
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(method, s.URL+path, bytes.NewReader(raw))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(s.AdminKey+":")))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), nil
}

// race sends one partial PUT per body to path at the same moment and
// requires every one to succeed.
func race(t *testing.T, s *testkit.Server, method, path string, bodies []map[string]any) {
	t.Helper()
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, len(bodies))
	for _, b := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			status, body, err := send(s, method, path, b)
			if err == nil && status != http.StatusOK {
				err = fmt.Errorf("PUT %v: status %d: %s", b, status, body)
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestLocationConcurrentPartialUpdates races partial updates of different
// members of one location (and of one settings document): each write must
// survive, on both engines. Without the version check PostgreSQL loses
// most of them (each request writes back the document it read).
func TestLocationConcurrentPartialUpdates(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		biz := s.NewBusiness(s.AdminKey, "Race Pty Ltd", "AU")
		B := fmt.Sprintf("/api/v2/business/%d", biz)
		for round := 0; round < 3; round++ {
			var loc struct {
				ID int64 `json:"id"`
			}
			s.Do("POST", B+"/location", s.AdminKey, map[string]any{"name": fmt.Sprintf("Depot %d", round)}).Expect(t, 200).JSON(t, &loc)
			want := map[string]any{
				"externalId": "ext", "state": "NSW", "country": "Australia", "generalLedgerMappingCode": "GL-1",
				"source": "None", "externalAccountingLocationId": "xero-1", "isGlobal": true, "isRollupReportingLocation": true,
			}
			var bodies []map[string]any
			for k, v := range want {
				bodies = append(bodies, map[string]any{k: v})
			}
			race(t, s, "PUT", fmt.Sprintf("%s/location/%d", B, loc.ID), bodies)
			got := s.Do("GET", fmt.Sprintf("%s/location/%d", B, loc.ID), s.AdminKey, nil).Expect(t, 200).Map(t)
			for k, v := range want {
				if got[k] != v {
					t.Errorf("round %d: %s = %v, want %v (a concurrent update was lost)", round, k, got[k], v)
				}
			}
		}

		flags := []string{"showClassification", "showBasePayRate", "showEmployeeId", "showRateForAnnualEarnings",
			"showEmployeeAddress", "showLeaveAccruals", "showLineNotes", "alphabetisePayCategories"}
		var bodies []map[string]any
		for _, f := range flags {
			bodies = append(bodies, map[string]any{f: true})
		}
		race(t, s, "POST", B+"/payslip", bodies) // first save: concurrent inserts
		got := s.Do("GET", B+"/payslip", s.AdminKey, nil).Expect(t, 200).Map(t)
		for _, f := range flags {
			if got[f] != true {
				t.Errorf("payslip %s = %v, want true (a concurrent update was lost)", f, got[f])
			}
		}
	})
}
