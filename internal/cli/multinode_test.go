package cli_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Two nodes (separate pools, separate apps) on one PostgreSQL database:
// both migrate at once, a write on one is read on the other, and an event
// queued on one is delivered once although both run a delivery worker.
func TestTwoNodesShareOnePostgres(t *testing.T) {
	if os.Getenv(testkit.PostgresURLEnv) == "" {
		t.Skip(testkit.PostgresURLEnv + " not set")
	}
	url := testkit.FreshPostgresURL(t)
	ctx := context.Background()
	nodes := make([]*testkit.Server, 2)
	var wg sync.WaitGroup
	dbs := make([]*db.DB, 2)
	for i := range dbs {
		d, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		dbs[i] = d
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for i := range nodes {
		nodes[i] = testkit.NewServer(t, dbs[i])
	}
	a, b := nodes[0], nodes[1]
	_, key := a.NewUser("ann@example.com")
	biz := a.NewBusiness(key, "Shared Co", "AU")
	b.Do("GET", fmt.Sprintf("/api/v2/business/%d", biz), key, nil).Expect(t, 200)

	var hits atomic.Int32
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		hits.Add(1)
	}))
	defer receiver.Close()
	var reg struct {
		ID string `json:"id"`
	}
	a.Do("POST", fmt.Sprintf("/api/v2/business/%d/webhookregistrations", biz), key, map[string]any{"webHookUri": receiver.URL}).Expect(t, 200).JSON(t, &reg)
	b.Do("GET", fmt.Sprintf("/api/v2/business/%d/webhookregistrations/%s/test?filter=EmployeeCreated", biz, reg.ID), key, nil).Expect(t, 200)

	jobsCtx, stop := context.WithCancel(ctx)
	done := []<-chan struct{}{a.StartJobs(jobsCtx), b.StartJobs(jobsCtx)}
	deadline := time.Now().Add(10 * time.Second)
	for hits.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(1500 * time.Millisecond) // a second poll of both workers
	stop()
	for _, d := range done {
		<-d
	}
	if n := hits.Load(); n != 1 {
		t.Fatalf("receiver got %d deliveries, want exactly 1", n)
	}
}
