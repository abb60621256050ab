package employeeapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestEmployeeSMSFAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		esa := s.Reference.SuperRegistry.ESAs[0].Name
		F := e.EA + "/selfmanagedsuperfund"
		fund := map[string]any{"fundName": "Lee Family Super", "abn": "51 824 753 556", "bsb": "062-000", "accountNumber": "12345678",
			"accountName": "Lee SF", "electronicServiceAddress": esa}
		var list []map[string]any
		s.Do("GET", F, key, nil).Expect(t, 200).JSON(t, &list)
		if list == nil || len(list) != 0 {
			t.Fatalf("empty list %v", list)
		}
		got := s.Do("POST", F, key, fund).Expect(t, 200).Map(t)
		id := int64(got["id"].(float64))
		if got["fundName"] != "Lee Family Super" || got["abn"] != "51824753556" || got["employeeId"] != float64(e.ann) {
			t.Fatalf("created %v", got)
		}
		I := fmt.Sprintf("%s/%d", F, id)
		s.Do("PUT", I, key, map[string]any{"fundName": "Lee Super"}).Expect(t, 200)
		got = s.Do("GET", I, key, nil).Expect(t, 200).Map(t)
		if got["fundName"] != "Lee Super" || got["accountNumber"] != "12345678" {
			t.Fatalf("partial update %v", got)
		}
		s.Do("GET", F, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("list %v", list)
		}
		// The business's own funds are a separate list.
		var biz []map[string]any
		s.Do("GET", e.B+"/selfmanagedsuperfund", key, nil).Expect(t, 200).JSON(t, &biz)
		if len(biz) != 0 {
			t.Fatalf("employee fund among business funds: %v", biz)
		}
		bad := func(k string, v any) map[string]any {
			m := map[string]any{}
			for kk, vv := range fund {
				m[kk] = vv
			}
			m[k] = v
			return m
		}
		s.RunCases(t, []testkit.Case{
			{Name: "same ABN twice", Method: "POST", Path: F, Key: key, Body: fund, Status: 409},
			{Name: "same ABN for another employee", Method: "POST", Path: e.EB + "/selfmanagedsuperfund", Key: key, Body: fund, Status: 200},
			{Name: "bad ABN", Method: "POST", Path: F, Key: key, Body: bad("abn", "12345678901"), Status: 400, Field: "abn"},
			{Name: "bad BSB", Method: "PUT", Path: I, Key: key, Body: map[string]any{"bsb": "12"}, Status: 400, Field: "bsb"},
			{Name: "unknown ESA", Method: "POST", Path: F, Key: key, Body: bad("electronicServiceAddress", "NOPE"), Status: 400, Field: "electronicServiceAddress"},
			{Name: "anonymous", Method: "GET", Path: F, Status: 401},
			{Name: "other tenant", Method: "GET", Path: I, Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "GET", Path: e.EOth + "/selfmanagedsuperfund", Key: key, Status: 404},
			{Name: "through another employee", Method: "GET", Path: fmt.Sprintf("%s/selfmanagedsuperfund/%d", e.EB, id), Key: key, Status: 404},
			{Name: "put through another employee", Method: "PUT", Path: fmt.Sprintf("%s/selfmanagedsuperfund/%d", e.EB, id), Key: key, Body: map[string]any{"fundName": "x"}, Status: 404},
			{Name: "unknown fund", Method: "GET", Path: F + "/999999", Key: key, Status: 404},
			{Name: "restricted in scope", Method: "GET", Path: I, Key: e.restrictKey, Status: 200},
			{Name: "restricted outside scope", Method: "GET", Path: e.EB + "/selfmanagedsuperfund", Key: e.restrictKey, Status: 404},
		})
	})
}
