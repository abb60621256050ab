package employeeapi_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An employee's work types are the business's, less those reserved for
// other employment types; shift conditions are listed apart.
func TestEmployeeWorkTypesAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		s.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.ann), key, map[string]any{"employmentType": "Casual"}).Expect(t, 200)
		pc := idOf(t, s.Do("POST", e.B+"/paycategory", key, map[string]any{"name": "Ordinary", "rateUnit": "Hourly"}).Expect(t, 200))
		for _, w := range []map[string]any{
			{"name": "Packing", "payCategoryId": pc, "mappingType": "PayCategory"},
			{"name": "Casual packing", "payCategoryId": pc, "mappingType": "PayCategory", "employmentTypes": []string{"Casual"}},
			{"name": "Salaried admin", "payCategoryId": pc, "mappingType": "PayCategory", "employmentTypes": []string{"FullTime", "PartTime"}},
			{"name": "Night loading", "payCategoryId": pc, "mappingType": "ShiftCondition"},
			{"name": "Full-time weekend", "payCategoryId": pc, "mappingType": "ShiftCondition", "employmentTypes": []string{"FullTime"}},
		} {
			s.Do("POST", e.B+"/worktype", key, w).Expect(t, 200)
		}
		names := func(path, key string) []string {
			var list []map[string]any
			s.Do("GET", path, key, nil).Expect(t, 200).JSON(t, &list)
			var out []string
			for _, w := range list {
				out = append(out, w["name"].(string))
			}
			slices.Sort(out)
			return out
		}
		if got := names(e.EA+"/worktype", key); !slices.Equal(got, []string{"Casual packing", "Packing"}) {
			t.Fatalf("casual employee's work types %v", got)
		}
		if got := names(e.EA+"/shiftcondition", key); !slices.Equal(got, []string{"Night loading"}) {
			t.Fatalf("casual employee's shift conditions %v", got)
		}
		if got := names(e.EB+"/worktype", key); !slices.Equal(got, []string{"Packing"}) { // no employment type
			t.Fatalf("untyped employee's work types %v", got)
		}
		s.RunCases(t, []testkit.Case{
			{Name: "anonymous", Method: "GET", Path: e.EA + "/worktype", Status: 401},
			{Name: "other tenant", Method: "GET", Path: e.EA + "/worktype", Key: e.OtherKey, Status: 404},
			{Name: "unknown employee", Method: "GET", Path: e.B + "/employee/999999/shiftcondition", Key: key, Status: 404},
			{Name: "restricted in scope", Method: "GET", Path: e.EA + "/shiftcondition", Key: e.restrictKey, Status: 200},
			{Name: "restricted outside scope", Method: "GET", Path: e.EB + "/worktype", Key: e.restrictKey, Status: 404},
		})
	})
}
