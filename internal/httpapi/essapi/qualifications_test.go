package essapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Self-service qualifications: add (409 when held), remove a document,
// remove the qualification; the employee's own only.
func TestESSQualifications(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		fa := int64(e.Do("POST", e.B+"/qualification", e.Key, map[string]any{"name": "Ess2 First Aid"}).Expect(t, 200).Map(t)["id"].(float64))
		body := map[string]any{"qualificationId": fa, "issueDate": "2026-01-10T00:00:00", "expiryDate": "2029-01-10T00:00:00", "referenceNumber": "FA-9"}
		var held int64
		e.RunCases(t, []testkit.Case{
			{Name: "add", Method: "POST", Path: e.SA + "/qualification", Key: e.annKey, Body: body, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				held = int64(m["id"].(float64))
				if m["qualificationId"] != float64(fa) || m["name"] != "Ess2 First Aid" || m["referenceNumber"] != "FA-9" || m["isExpired"] != false {
					t.Fatalf("added %v", m)
				}
			}},
			{Name: "add twice", Method: "POST", Path: e.SA + "/qualification", Key: e.annKey, Body: body, Status: 409},
			{Name: "by name", Method: "POST", Path: e.SB + "/qualification", Key: e.Key, Body: map[string]any{"name": "Ess2 First Aid"}, Status: 200},
			{Name: "unknown qualification", Method: "POST", Path: e.SA + "/qualification", Key: e.annKey, Body: map[string]any{"qualificationId": 999999}, Status: 400, Field: "qualificationId"},
			{Name: "anonymous", Method: "POST", Path: e.SA + "/qualification", Body: body, Status: 401},
			{Name: "another employee", Method: "POST", Path: e.SB + "/qualification", Key: e.annKey, Body: body, Status: 404},
		})
		var docs []struct {
			ID int64 `json:"id"`
		}
		e.Upload(fmt.Sprintf("%s/employee/%d/qualification/%d/document", e.B, e.ann, fa), e.Key, "cert.png", []byte("\x89PNG cert")).Expect(t, 200).JSON(t, &docs)
		if len(docs) != 1 {
			t.Fatalf("documents %v", docs)
		}
		att := fmt.Sprintf("%s/qualification/%d/attachment/%d", e.SA, held, docs[0].ID)
		e.RunCases(t, []testkit.Case{
			{Name: "document through another employee", Method: "DELETE", Path: fmt.Sprintf("%s/qualification/%d/attachment/%d", e.SB, held, docs[0].ID), Key: e.Key, Status: 404},
			{Name: "remove document", Method: "DELETE", Path: att, Key: e.annKey, Status: 200},
			{Name: "remove document again", Method: "DELETE", Path: att, Key: e.annKey, Status: 404},
			{Name: "remove through another employee", Method: "DELETE", Path: fmt.Sprintf("%s/qualification/%d", e.SB, held), Key: e.Key, Status: 404},
			{Name: "other tenant", Method: "DELETE", Path: fmt.Sprintf("%s/qualification/%d", e.SA, held), Key: e.OtherKey, Status: 404},
			{Name: "remove", Method: "DELETE", Path: fmt.Sprintf("%s/qualification/%d", e.SA, held), Key: e.annKey, Status: 200},
			{Name: "remove again", Method: "DELETE", Path: fmt.Sprintf("%s/qualification/%d", e.SA, held), Key: e.annKey, Status: 404},
		})
		var list []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/qualification", e.B, e.ann), e.Key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("held after removal %v", list)
		}
	})
}
