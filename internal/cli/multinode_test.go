package cli_test

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
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

// twoNodes starts two apps (separate pools) on one fresh PostgreSQL schema
// and returns them with an API key and a business (AU) both can use.
func twoNodes(t *testing.T) (a, b *testkit.Server, key string, biz int64) {
	t.Helper()
	url := testkit.FreshPostgresURL(t)
	ctx := context.Background()
	var nodes [2]*testkit.Server
	for i := range nodes {
		d, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
			t.Fatal(err)
		}
		nodes[i] = testkit.NewServer(t, d)
	}
	_, key = nodes[0].NewUser("ann@example.com")
	biz = nodes[0].NewBusiness(key, "Race Co", "AU")
	return nodes[0], nodes[1], key, biz
}

// uniquelyNamed lists the kinds whose names are unique (record.Collection
// UniqueName, locations and pay rate templates), with a valid body for a
// given name. Names compare case-insensitively. region is the business's
// country ("" = AU); nameKey the member holding the unique name ("" =
// name); setup, when set, creates what the kind needs first and returns
// the id that replaces {parent} in path and members merged into every body.
var uniquelyNamed = []struct {
	path    string
	body    func(name string) map[string]any
	region  string
	nameKey string
	setup   func(t *testing.T, s *testkit.Server, key, biz string) (parent any, extra map[string]any)
}{
	{path: "paycategory", body: named},
	{path: "leavecategory", body: named},
	{path: "employingentity", body: named},
	{path: "employerliabilitycategory", body: named},
	{path: "deductioncategory", body: named},
	{path: "employeeexpensecategory", body: named},
	{path: "qualification", body: named},
	{path: "employeegroup", body: named},
	{path: "dimension", body: named},
	{path: "location", body: named},
	{path: "payschedule", body: func(n string) map[string]any { return map[string]any{"name": n, "frequency": "Weekly"} }},
	{path: "worktype", body: func(n string) map[string]any { return map[string]any{"name": n, "mappingType": "ShiftCondition"} }},
	{path: "dimension/{parent}/value", body: func(n string) map[string]any { return map[string]any{"name": n, "allEmployees": true} },
		setup: func(t *testing.T, s *testkit.Server, key, biz string) (any, map[string]any) {
			return s.Do("POST", biz+"/dimension", key, named("Race Dimension")).Expect(t, 200).Map(t)["id"], nil
		}},
	{path: "accounts", nameKey: "accountCode", body: func(n string) map[string]any {
		return map[string]any{"accountCode": n, "accountName": "Race account", "accountType": "Expense"}
	}},
	{path: "payratetemplate", body: named,
		setup: func(t *testing.T, s *testkit.Server, key, biz string) (any, map[string]any) {
			pc := s.Do("POST", biz+"/paycategory", key, named("Race Template Ordinary")).Expect(t, 200).Map(t)["id"]
			return nil, map[string]any{"primaryPayCategoryId": pc}
		}},
	{path: "leaveallowancetemplate", body: named},
	{path: "pensionscheme", region: "UK", body: named},
	{path: "pensionscheme/{parent}/plan", region: "UK", nameKey: "contributionPlanName",
		body: func(n string) map[string]any { return map[string]any{"contributionPlanName": n} },
		setup: func(t *testing.T, s *testkit.Server, key, biz string) (any, map[string]any) {
			return s.Do("POST", biz+"/pensionscheme", key, named("Race Scheme")).Expect(t, 200).Map(t)["id"], nil
		}},
	{path: "tieredleaveallowancetemplate", region: "SG", body: func(n string) map[string]any {
		return map[string]any{"name": n, "leaveAllowanceTemplateTiers": []map[string]any{{"minUnit": 0, "days": 7}}}
	}},
}

func named(n string) map[string]any { return map[string]any{"name": n} }

// Concurrent creates of one name, and concurrent renames of two records to
// one name, spread over two nodes on one PostgreSQL: exactly one wins and
// every other request is a 409, for every uniquely named kind (the
// unique index, not a read-then-insert check, decides).
func TestTwoNodesRaceUniqueNames(t *testing.T) {
	if os.Getenv(testkit.PostgresURLEnv) == "" {
		t.Skip(testkit.PostgresURLEnv + " not set")
	}
	a, b, key, biz := twoNodes(t)
	nodes := []*testkit.Server{a, b}
	bizOf := map[string]int64{"": biz, "UK": a.NewBusiness(key, "Race UK", "UK"), "SG": a.NewBusiness(key, "Race SG", "SG")}
	const racers = 6 // three per node
	for _, k := range uniquelyNamed {
		t.Run(strings.ReplaceAll(k.path, "/{parent}/", "_")+k.region, func(t *testing.T) {
			B := fmt.Sprintf("/api/v2/business/%d", bizOf[k.region])
			coll := B + "/" + k.path
			nameKey := cmp.Or(k.nameKey, "name")
			body := k.body
			if k.setup != nil {
				parent, extra := k.setup(t, a, key, B)
				coll = strings.ReplaceAll(coll, "{parent}", fmt.Sprint(parent))
				body = func(n string) map[string]any {
					m := k.body(n)
					maps.Copy(m, extra)
					return m
				}
			}
			race := func(req func(i int) *testkit.Response) map[int]int {
				statuses := make([]int, racers)
				start := make(chan struct{})
				var wg sync.WaitGroup
				for i := range racers {
					wg.Go(func() {
						<-start
						statuses[i] = req(i).Status
					})
				}
				close(start)
				wg.Wait()
				count := map[int]int{}
				for _, s := range statuses {
					count[s]++
				}
				return count
			}

			// Creates: the same name in different cases.
			count := race(func(i int) *testkit.Response {
				name := "Race Name"
				if i%2 == 1 {
					name = "RACE name"
				}
				return nodes[i%2].Do("POST", coll, key, body(name))
			})
			if count[200] != 1 || count[409] != racers-1 {
				t.Fatalf("concurrent creates: statuses %v, want one 200 and %d 409", count, racers-1)
			}

			// Renames: distinct records renamed to one new name at once.
			ids := make([]any, racers)
			for i := range ids {
				ids[i] = a.Do("POST", coll, key, body(fmt.Sprintf("Rename Me %d", i))).Expect(t, 200).Map(t)["id"]
			}
			count = race(func(i int) *testkit.Response {
				b := body("Renamed")
				b["id"] = ids[i]
				return nodes[i%2].Do("PUT", fmt.Sprintf("%s/%v", coll, ids[i]), key, b)
			})
			if count[200] != 1 || count[409] != racers-1 {
				t.Fatalf("concurrent renames: statuses %v, want one 200 and %d 409", count, racers-1)
			}
			var list []map[string]any
			a.Do("GET", coll, key, nil).Expect(t, 200).JSON(t, &list)
			seen := map[string]int{}
			for _, r := range list {
				if n, _ := r[nameKey].(string); n != "" {
					seen[strings.ToLower(n)]++
				}
			}
			for n, c := range seen {
				if c > 1 {
					t.Errorf("name %q stored %d times", n, c)
				}
			}
		})
	}
}
