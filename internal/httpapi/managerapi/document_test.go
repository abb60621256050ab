package managerapi_test

import (
	"encoding/base64"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerDocuments: a leave request's attachment and the document
// download under the manager paths, scoped.
func TestManagerDocuments(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var docs []map[string]any
		e.Upload(p("%s/employee/%d/document", e.B, e.ann), e.Key, "note.pdf", []byte("%PDF doctor's note")).Expect(t, 200).JSON(t, &docs)
		doc := int64(docs[0]["id"].(float64))
		var benDocs []map[string]any
		e.Upload(p("%s/employee/%d/document", e.B, e.ben), e.Key, "ben.pdf", []byte("%PDF ben")).Expect(t, 200).JSON(t, &benDocs)
		benDoc := int64(benDocs[0]["id"].(float64))
		A := p("%s/%d/leaverequest", e.M, e.ann)
		req := e.id(e.Do("POST", A, e.carol, map[string]any{"leaveCategoryId": e.unpaid, "fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-07T00:00:00", "hours": 7.6}))
		bare := e.id(e.Do("POST", A, e.carol, map[string]any{"leaveCategoryId": e.unpaid, "fromDate": "2026-12-14T00:00:00", "toDate": "2026-12-14T00:00:00", "hours": 7.6}))
		e.Do("POST", p("%s/employee/%d/document/%d/leave/%d", e.B, e.ann, doc, req), e.Key, nil).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "attachment", Method: "GET", Path: p("%s/%d/attachment", A, req), Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				b, err := base64.StdEncoding.DecodeString(m["bytes"].(string))
				if err != nil || string(b) != "%PDF doctor's note" || m["filename"] != "note.pdf" || m["contentLength"] != 18.0 {
					t.Fatalf("attachment %v (%v)", m, err)
				}
			}},
			{Name: "no attachment", Method: "GET", Path: p("%s/%d/attachment", A, bare), Key: e.carol, Status: 404},
			{Name: "attachment no credentials", Method: "GET", Path: p("%s/%d/attachment", A, req), Status: 401},
			{Name: "download", Method: "GET", Path: p("%s/%d/document/download/%d", e.M, e.ann, doc), Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if string(r.Body) != "%PDF doctor's note" {
					t.Fatalf("download %q", r.Body)
				}
			}},
			{Name: "download out of scope", Method: "GET", Path: p("%s/%d/document/download/%d", e.M, e.ben, benDoc), Key: e.carol, Status: 404},
			{Name: "download under another employee", Method: "GET", Path: p("%s/%d/document/download/%d", e.M, e.ann, benDoc), Key: e.Key, Status: 404},
		})
	})
}
