package referenceapi_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The pay category and work type collections exercise the shared
// collection machinery: create, read back, partial update, OData list,
// reference checks, 409 on deleting a record in use, cross-tenant 404.
func TestPayCategoriesAndWorkTypes(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, key := s.NewUser("alice@example.com")
		_, otherKey := s.NewUser("bob@example.com")
		biz := s.NewBusiness(key, "Alice", "AU")
		other := s.NewBusiness(otherKey, "Bob", "AU")
		PC := fmt.Sprintf("/api/v2/business/%d/paycategory", biz)
		WT := fmt.Sprintf("/api/v2/business/%d/worktype", biz)

		ordinary := s.Do("POST", PC, key, map[string]any{"name": "Ordinary Hours", "externalId": "ORD", "rateUnit": "hourly"}).Expect(t, 200).Map(t)
		ordID := int64(ordinary["id"].(float64))
		if ordinary["rateUnit"] != "Hourly" || ordinary["roundingMethod"] != "AwayFromZero" {
			t.Fatalf("created = %v", ordinary)
		}
		overtime := s.Do("POST", PC, key, map[string]any{"name": "Overtime 1.5x", "parentId": ordID, "rateLoadingPercent": 50}).Expect(t, 200).Map(t)
		otID := int64(overtime["id"].(float64))
		otherPC := s.Do("POST", fmt.Sprintf("/api/v2/business/%d/paycategory", other), otherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t)
		otherID := int64(otherPC["id"].(float64))
		wt := s.Do("POST", WT, key, map[string]any{"name": "Overtime", "payCategoryId": otID, "mappingType": "PayCategory"}).Expect(t, 200).Map(t)
		wtID := int64(wt["id"].(float64))

		s.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", PC, otID), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["name"] != "Overtime 1.5x" || m["parentId"] != float64(ordID) || m["rateLoadingPercent"] != 50.0 {
					t.Fatalf("read back %v", m)
				}
			}},
			{Name: "list with OData", Method: "GET", Path: PC + "?$filter=RateLoadingPercent%20gt%200&$orderby=Name%20desc", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var list []map[string]any
				r.JSON(t, &list)
				if len(list) != 1 || list[0]["name"] != "Overtime 1.5x" {
					t.Fatalf("filtered list %v", list)
				}
			}},
			{Name: "partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", PC, otID), Key: key, Body: map[string]any{"rateLoadingPercent": 100}, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["name"] != "Overtime 1.5x" || m["rateLoadingPercent"] != 100.0 || m["id"] != float64(otID) {
					t.Fatalf("updated %v", m)
				}
			}},
			{Name: "create without name", Method: "POST", Path: PC, Key: key, Body: map[string]any{"rateUnit": "Hourly"}, Status: 400, Field: "name"},
			{Name: "create bad enum", Method: "POST", Path: PC, Key: key, Body: map[string]any{"name": "X", "rateUnit": "Fortnightly"}, Status: 400, Field: "rateUnit"},
			{Name: "create duplicate name", Method: "POST", Path: PC, Key: key, Body: map[string]any{"name": "ordinary hours"}, Status: 409},
			{Name: "parent in another business", Method: "POST", Path: PC, Key: key, Body: map[string]any{"name": "Y", "parentId": otherID}, Status: 400, Field: "parentId"},
			{Name: "work type without its category", Method: "POST", Path: WT, Key: key, Body: map[string]any{"name": "Z", "mappingType": "PayCategory"}, Status: 400, Field: "payCategoryId"},
			{Name: "work type with missing category", Method: "POST", Path: WT, Key: key, Body: map[string]any{"name": "Z", "payCategoryId": 999999}, Status: 400, Field: "payCategoryId"},
			{Name: "update invalid keeps record", Method: "PUT", Path: fmt.Sprintf("%s/%d", PC, otID), Key: key, Body: map[string]any{"name": ""}, Status: 400, Field: "name"},
			{Name: "get other tenant", Method: "GET", Path: fmt.Sprintf("/api/v2/business/%d/paycategory/%d", other, otherID), Key: key, Status: 404},
			{Name: "get other tenant's record through own business", Method: "GET", Path: fmt.Sprintf("%s/%d", PC, otherID), Key: key, Status: 404},
			{Name: "get a work type id as a pay category", Method: "GET", Path: fmt.Sprintf("%s/%d", PC, wtID), Key: key, Status: 404},
			{Name: "non-numeric id", Method: "GET", Path: PC + "/abc", Key: key, Status: 404},
			{Name: "anonymous", Method: "GET", Path: PC, Status: 401},
			{Name: "delete in use by work type", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PC, otID), Key: key, Status: 409},
			{Name: "delete in use as parent", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PC, ordID), Key: key, Status: 409},
			{Name: "delete work type", Method: "DELETE", Path: fmt.Sprintf("%s/%d", WT, wtID), Key: key, Status: 200},
			{Name: "deleted work type is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", WT, wtID), Key: key, Status: 404},
			{Name: "now the category can go", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PC, otID), Key: key, Status: 200},
			{Name: "delete twice", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PC, otID), Key: key, Status: 404},
		})
		if m := s.Do("GET", fmt.Sprintf("%s/%d", PC, ordID), key, nil).Expect(t, 200).Map(t); m["name"] != "Ordinary Hours" {
			t.Fatalf("rejected update changed the record: %v", m)
		}
	})
}

// Concurrent creates of the same name: exactly one wins, the rest are 409
// (the unique index decides on PostgreSQL, where the name pre-check races).
func TestUniqueNamesUnderConcurrency(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, key := s.NewUser("alice@example.com")
		biz := s.NewBusiness(key, "Alice", "AU")
		const n = 8
		statuses := make(chan int, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- s.Do("POST", fmt.Sprintf("/api/v2/business/%d/paycategory", biz), key, map[string]any{"name": "Ordinary Hours"}).Status
			}()
		}
		wg.Wait()
		close(statuses)
		count := map[int]int{}
		for st := range statuses {
			count[st]++
		}
		if count[200] != 1 || count[409] != n-1 {
			t.Fatalf("statuses %v, want one 200 and %d 409", count, n-1)
		}
	})
}
