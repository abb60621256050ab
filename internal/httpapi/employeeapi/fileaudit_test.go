package employeeapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestMoreRecordChangesAudited: documents, qualifications,
// notes, earnings line splits and pay rate templates (through the
// employees they give rates to) show in the employee audit report, one
// row per changed member in the kind's section; a refused (400) write of
// each kind records nothing.
func TestMoreRecordChangesAudited(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		audit := func(emp int64, section string) []string {
			t.Helper()
			var got []map[string]any
			s.Do("GET", fmt.Sprintf("%s/report/employeeaudit?employeeId=%d&section=%s", e.B, emp, section), key, nil).Expect(t, 200).JSON(t, &got)
			out := make([]string, len(got))
			for i, r := range got {
				if r["channel"] != "Api" || r["userName"] == "" || r["section"] != section {
					t.Errorf("row %v", r)
				}
				out[i] = fmt.Sprintf("%s:%s>%s", r["fieldName"], r["oldValue"], r["newValue"])
			}
			return out
		}
		same := func(what string, got, want []string) {
			t.Helper()
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s:\n got %q\nwant %q", what, got, want)
			}
		}

		// Documents: upload, permissions changed, deleted; an empty file
		// (400) records nothing.
		D := e.EA + "/document"
		testkit.ExpectProblem(t, s.UploadFiles(D, key, testkit.File{Name: "empty.txt", Data: nil}), 400, "file")
		var up []map[string]any
		s.UploadFiles(D+"?visible=true", key, testkit.File{Name: "contract.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4 contract")}).Expect(t, 200).JSON(t, &up)
		doc := int64(up[0]["id"].(float64))
		s.Do("PUT", D, key, map[string]any{"id": doc, "requiresEmployeeAcknowledgement": true}).Expect(t, 200)
		s.Do("PUT", D, key, map[string]any{"id": doc, "visible": false}).Expect(t, 400) // must stay visible while acknowledgement is required
		s.Do("DELETE", fmt.Sprintf("%s/%d", D, doc), key, nil).Expect(t, 200)
		dp := fmt.Sprintf("document[%d].", doc)
		docRows := audit(e.ann, "Documents")
		want := []string{dp + "friendlyName:>contract.pdf", dp + "dateCreated:>" + up[0]["dateCreated"].(string), dp + "visible:>true",
			dp + "contentType:>application/pdf", dp + "contentLength:>17",
			dp + "requiresEmployeeAcknowledgement:false>true",
			dp + "friendlyName:contract.pdf>", dp + "dateCreated:" + up[0]["dateCreated"].(string) + ">", dp + "visible:true>",
			dp + "requiresEmployeeAcknowledgement:true>", dp + "contentType:application/pdf>", dp + "contentLength:17>"}
		same("documents", docRows, want)

		// Qualifications: held, details changed, a document added; an
		// unknown qualification (400) records nothing.
		Q := e.EA + "/qualification"
		fa := idOf(t, s.Do("POST", e.B+"/qualification", key, map[string]any{"name": "First Aid"}).Expect(t, 200))
		s.Do("POST", Q, key, map[string]any{"qualificationId": 999999}).Expect(t, 400)
		held := idOf(t, s.Do("POST", Q, key, map[string]any{"qualificationId": fa, "expiryDate": "2029-01-10T00:00:00", "referenceNumber": "FA-1"}).Expect(t, 200))
		s.Do("POST", Q, key, map[string]any{"qualificationId": fa, "expiryDate": "2029-01-10T00:00:00", "referenceNumber": "FA-2"}).Expect(t, 200)
		s.Upload(fmt.Sprintf("%s/%d/document", Q, fa), key, "cert.png", []byte("\x89PNG cert")).Expect(t, 200)
		s.Do("DELETE", fmt.Sprintf("%s?id=%d", Q, fa), key, nil).Expect(t, 200)
		qp := fmt.Sprintf("qualification[%d].", held)
		same("qualifications", audit(e.ann, "Qualifications"), []string{
			fmt.Sprintf("%squalificationId:>%d", qp, fa), qp + "name:>First Aid", qp + "expiryDate:>2029-01-10T00:00:00", qp + "referenceNumber:>FA-1",
			qp + "referenceNumber:FA-1>FA-2",
			qp + `documents:>["cert.png"]`,
			fmt.Sprintf("%squalificationId:%d>", qp, fa), qp + "name:First Aid>", qp + "expiryDate:2029-01-10T00:00:00>", qp + "referenceNumber:FA-2>",
			qp + `documents:["cert.png"]>`,
		})

		// Notes: added; an empty note (400) records nothing.
		s.Do("POST", e.EA+"/notes", key, map[string]any{"note": " "}).Expect(t, 400)
		note := idOf(t, s.Do("POST", e.EA+"/notes", key, map[string]any{"note": "Moved to the day shift"}).Expect(t, 200))
		same("notes", audit(e.ann, "Notes"), []string{fmt.Sprintf("note[%d]:>Moved to the day shift", note)})

		// Earnings line splits: created, changed, deleted; over 100 in
		// all (400) records nothing.
		var locs []map[string]any
		s.Do("GET", e.B+"/location", key, nil).Expect(t, 200).JSON(t, &locs)
		syd := int64(locs[0]["id"].(float64))
		if locs[0]["name"] != "Sydney" {
			syd = int64(locs[1]["id"].(float64))
		}
		S := e.EA + "/earningslinesplit"
		s.Do("POST", S, key, map[string]any{"locationId": syd, "allocatedPercentage": 101}).Expect(t, 400)
		s.Do("POST", S, key, map[string]any{"locationId": syd, "allocatedPercentage": 60}).Expect(t, 200)
		s.Do("PUT", fmt.Sprintf("%s/%d", S, syd), key, map[string]any{"allocatedPercentage": 70}).Expect(t, 200)
		s.Do("PUT", fmt.Sprintf("%s/%d", S, syd), key, map[string]any{"allocatedPercentage": 170}).Expect(t, 400)
		s.Do("DELETE", fmt.Sprintf("%s/%d", S, syd), key, nil).Expect(t, 200)
		sp := fmt.Sprintf("earningsLineSplit[%d].", syd)
		var splitRows []string
		for _, r := range audit(e.ann, "PayRunDefaults") {
			if strings.HasPrefix(r, "earningsLineSplit") {
				splitRows = append(splitRows, r)
			}
		}
		same("earnings line splits", splitRows, []string{
			fmt.Sprintf("%slocationId:>%d", sp, syd), sp + "locationName:>Sydney", sp + "allocatedPercentage:>60",
			sp + "allocatedPercentage:60>70",
			fmt.Sprintf("%slocationId:%d>", sp, syd), sp + "locationName:Sydney>", sp + "allocatedPercentage:70>",
		})

		// Pay rate template: Bob is on it, Ann is not; changing its rate
		// shows in Bob's trail only; a refused change (400) records nothing.
		ord := idOf(t, s.Do("POST", e.B+"/paycategory", key, map[string]any{"name": "Ordinary Time", "rateUnit": "Hourly"}).Expect(t, 200))
		T := e.B + "/payratetemplate"
		tmpl := func(rate any) map[string]any {
			return map[string]any{"name": "Award L1", "primaryPayCategoryId": ord, "payCategories": []any{map[string]any{"payCategoryId": ord, "userSuppliedRate": rate}}}
		}
		tid := idOf(t, s.Do("POST", T, key, tmpl(30)).Expect(t, 200))
		s.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.bob), key, map[string]any{"payRateTemplate": "Award L1"}).Expect(t, 200)
		s.Do("PUT", fmt.Sprintf("%s/%d", T, tid), key, tmpl(-1)).Expect(t, 400)
		s.Do("PUT", fmt.Sprintf("%s/%d", T, tid), key, tmpl(32.5)).Expect(t, 200)
		tp := fmt.Sprintf("payRateTemplate[%d].", tid)
		line := `[{"payCategoryId":%d,"payCategoryName":"","userSuppliedRate":%s,"calculatedRate":0,"standardWeeklyHours":0,"superRate":null}]`
		same("pay rate template", audit(e.bob, "PayRates"), []string{tp + "payCategories:" + fmt.Sprintf(line, ord, "30") + ">" + fmt.Sprintf(line, ord, "32.5")})
		same("pay rate template, not on it", audit(e.ann, "PayRates"), nil)
	})
}
