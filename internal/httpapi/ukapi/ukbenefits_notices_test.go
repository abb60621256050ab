package ukapi_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestAutoEnrolmentNotices: Mary (36) and Olive (36) paid £500 by a
// finalised weekly run are eligible jobholders (2026-27 weekly trigger
// £192): no notice until enrolled or postponed; then an Enrolled and a
// Postponed notice, their PDFs and mailing. A young worker (18, £500) is a
// non-eligible jobholder; one on £100 an entitled worker (lower limit
// £120).
func TestAutoEnrolmentNotices(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		OE := fmt.Sprintf("%s/employee/%d", e.B, e.other)
		worker := func(first, dob string, rate float64) string {
			body := map[string]any{"firstName": first, "surname": "Worker", "dateOfBirth": dob + "T00:00:00", "startDate": "2024-01-01T00:00:00",
				"employmentType": "FullTime", "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
				"hoursPerWeek": 37.5, "residentialStreetAddress": "1 High St", "residentialPostCode": "SW1A 1AA", "residentialCity": "London",
				"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
				"bankAccount1_SortCode": "12-34-56", "taxCode": "1257L", "nationalInsuranceCategory": "A", "rate": rate, "rateUnit": "Fixed",
				"emailAddress": first + "@example.com"}
			id := e.Do("POST", e.B+"/employee/unstructured?matchType=None", key, body).Expect(t, 200).Map(t)["id"]
			return fmt.Sprintf("%s/employee/%v", e.B, id)
		}
		young, low := worker("Young", "2008-05-01", 500), worker("Low", "1986-01-01", 100)
		// Before any pay nobody is assessed.
		testkit.ExpectProblem(t, e.Do("POST", e.E+"/hmrcforms/autoenrolmentnotice", key, nil), 409, "")
		run := e.run(t, "2026-07-01")
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("POST", e.E+"/hmrcforms/autoenrolmentnotice", key, nil), 409, "")

		e.Do("PUT", e.E+"/pension", key, map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		n := e.Do("POST", e.E+"/hmrcforms/autoenrolmentnotice", key, nil).Expect(t, 200).Map(t)
		if n["noticeType"] != "Enrolled" || n["workerCategory"] != "EligibleJobholder" || num(t, n["earnings"]) != 500 || num(t, n["earningsTrigger"]) != 192 ||
			n["enrolmentDate"] != "2026-07-01T00:00:00" || n["emailedAt"] != nil || num(t, n["id"]) == 0 {
			t.Fatalf("enrolled notice %v", n)
		}
		nid := int64(num(t, n["id"]))
		e.Do("PUT", OE+"/pension", key, map[string]any{"enrolmentStatus": "Postponed", "postponementEndDate": "2027-01-15T00:00:00"}).Expect(t, 200)
		if p := e.Do("POST", OE+"/hmrcforms/autoenrolmentnotice", key, nil).Expect(t, 200).Map(t); p["noticeType"] != "Postponed" || p["postponementEndDate"] != "2027-01-15T00:00:00" {
			t.Fatalf("postponed notice %v", p)
		}
		if y := e.Do("POST", young+"/hmrcforms/autoenrolmentnotice", key, nil).Expect(t, 200).Map(t); y["noticeType"] != "NonEligible" {
			t.Fatalf("young notice %v", y)
		}
		lowN := e.Do("POST", low+"/hmrcforms/autoenrolmentnotice", key, nil).Expect(t, 200).Map(t)
		if lowN["noticeType"] != "Entitled" || num(t, lowN["lowerQualifyingEarnings"]) != 120 {
			t.Fatalf("low notice %v", lowN)
		}

		D := fmt.Sprintf("%s/hmrcforms/downloadautoenrolmentnotice?noticeId=%d", e.E, nid)
		pdf := e.Do("GET", D, key, nil).Expect(t, 200)
		if !bytes.HasPrefix(pdf.Body, []byte("%PDF")) || pdf.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("notice pdf %q", pdf.Header.Get("Content-Type"))
		}
		if again := e.Do("GET", D, key, nil).Expect(t, 200); !bytes.Equal(again.Body, pdf.Body) {
			t.Error("notice PDF is not deterministic")
		}
		M := fmt.Sprintf("%s/hmrcforms/emailautoenrolmentnotice/%d", e.E, nid)
		testkit.ExpectProblem(t, e.Do("POST", M, key, map[string]any{}), 400, "emailAddress")
		if m := e.Do("POST", M, key, map[string]any{"emailAddress": "mary@example.com"}).Expect(t, 200).Map(t); m["recipient"] != "mary@example.com" || num(t, m["notificationId"]) == 0 {
			t.Fatalf("mail %v", m)
		}
		lowID := int64(num(t, lowN["id"]))
		if m := e.Do("POST", fmt.Sprintf("%s/hmrcforms/emailautoenrolmentnotice/%d", low, lowID), key, map[string]any{}).Expect(t, 200).Map(t); m["recipient"] != "Low@example.com" {
			t.Fatalf("mail to own address %v", m)
		}
		var subject string
		if err := d.R.QueryRow("SELECT subject FROM notifications WHERE kind = 'uk.autoenrolmentnotice' AND recipient = 'mary@example.com'").Scan(&subject); err != nil || subject != "Workplace pension: you have been enrolled" {
			t.Fatalf("notification %q %v", subject, err)
		}

		e.RunCases(t, []testkit.Case{
			{Name: "download needs a notice", Method: "GET", Path: e.E + "/hmrcforms/downloadautoenrolmentnotice", Key: key, Status: 400, Field: "noticeId"},
			{Name: "download bad notice id", Method: "GET", Path: e.E + "/hmrcforms/downloadautoenrolmentnotice?noticeId=abc", Key: key, Status: 400, Field: "noticeId"},
			{Name: "download another employee's notice", Method: "GET", Path: fmt.Sprintf("%s/hmrcforms/downloadautoenrolmentnotice?noticeId=%d", OE, nid), Key: key, Status: 404},
			{Name: "download other tenant", Method: "GET", Path: D, Key: e.OtherKey, Status: 404},
			{Name: "email unknown notice", Method: "POST", Path: fmt.Sprintf("%s/hmrcforms/emailautoenrolmentnotice/%d", e.E, nid+1000), Key: key, Body: map[string]any{"emailAddress": "m@example.com"}, Status: 404},
			{Name: "email bad address", Method: "POST", Path: M, Key: key, Body: map[string]any{"emailAddress": "nope"}, Status: 400, Field: "emailAddress"},
			{Name: "notice of bob's employee", Method: "POST", Path: e.EO + "/hmrcforms/autoenrolmentnotice", Key: key, Status: 404},
			{Name: "notice anonymous", Method: "POST", Path: e.E + "/hmrcforms/autoenrolmentnotice", Status: 401},
		})
	})
}

// TestOccupationalAbsence: periods of the employer's own sick pay scheme:
// 8 weeks at full pay from 5 January 2026 (to 1 March), then half pay;
// overlaps and stale versions are 409s.
func TestOccupationalAbsence(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		O := e.E + "/occupationalabsence"
		first := e.Do("POST", O, key, map[string]any{"absenceType": "sickness", "fromDate": "2026-01-05T00:00:00", "weeks": 8, "payPercentage": 100}).Expect(t, 200).Map(t)
		if first["absenceType"] != "Sickness" || first["toDate"] != "2026-03-01T00:00:00" || num(t, first["weeks"]) != 8 || num(t, first["payPercentage"]) != 100 || num(t, first["version"]) != 1 {
			t.Fatalf("first %v", first)
		}
		id := int64(num(t, first["id"]))
		testkit.ExpectProblem(t, e.Do("POST", O, key, map[string]any{"absenceType": "Maternity", "fromDate": "2026-03-01T00:00:00", "toDate": "2026-05-01T00:00:00", "payPercentage": 90}), 409, "")
		second := e.Do("POST", O, key, map[string]any{"absenceType": "Sickness", "fromDate": "2026-03-02T00:00:00", "toDate": "2026-04-26T00:00:00", "payPercentage": 50.5, "notes": " half pay "}).Expect(t, 200).Map(t)
		if num(t, second["payPercentage"]) != 50.5 || second["notes"] != "half pay" || num(t, second["weeks"]) != 8 {
			t.Fatalf("second %v", second)
		}
		P := fmt.Sprintf("%s/%d", O, id)
		up := e.Do("PUT", P, key, map[string]any{"absenceType": "Sickness", "fromDate": "2026-01-05T00:00:00", "toDate": "2026-02-01T00:00:00", "payPercentage": 75, "version": 1}).Expect(t, 200).Map(t)
		if num(t, up["version"]) != 2 || num(t, up["payPercentage"]) != 75 || num(t, up["weeks"]) != 4 {
			t.Fatalf("updated %v", up)
		}
		testkit.ExpectProblem(t, e.Do("PUT", P, key, map[string]any{"absenceType": "Sickness", "fromDate": "2026-01-05T00:00:00", "toDate": "2026-02-01T00:00:00", "payPercentage": 80, "version": 1}), 409, "")
		testkit.ExpectProblem(t, e.Do("PUT", P, key, map[string]any{"absenceType": "Sickness", "fromDate": "2026-01-05T00:00:00", "toDate": "2026-03-10T00:00:00", "payPercentage": 80}), 409, "")
		var list []map[string]any
		e.Do("GET", O, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || num(t, list[0]["id"]) != float64(id) || list[1]["fromDate"] != "2026-03-02T00:00:00" {
			t.Fatalf("list %v", list)
		}
		ok := map[string]any{"absenceType": "Maternity", "fromDate": "2026-06-01T00:00:00", "toDate": "2026-07-01T00:00:00", "payPercentage": 90}
		with := func(k string, v any) map[string]any {
			m := map[string]any{}
			for a, b := range ok {
				m[a] = b
			}
			if v == nil {
				delete(m, k)
			} else {
				m[k] = v
			}
			return m
		}
		e.RunCases(t, []testkit.Case{
			{Name: "bad type", Method: "POST", Path: O, Key: key, Body: with("absenceType", "Holiday"), Status: 400, Field: "absenceType"},
			{Name: "no start", Method: "POST", Path: O, Key: key, Body: with("fromDate", nil), Status: 400, Field: "fromDate"},
			{Name: "no end", Method: "POST", Path: O, Key: key, Body: with("toDate", nil), Status: 400, Field: "toDate"},
			{Name: "end before start", Method: "POST", Path: O, Key: key, Body: with("toDate", "2026-05-01T00:00:00"), Status: 400, Field: "toDate"},
			{Name: "weeks and end", Method: "POST", Path: O, Key: key, Body: with("weeks", 3), Status: 400, Field: "weeks"},
			{Name: "no percentage", Method: "POST", Path: O, Key: key, Body: with("payPercentage", nil), Status: 400, Field: "payPercentage"},
			{Name: "percentage over 100", Method: "POST", Path: O, Key: key, Body: with("payPercentage", 120), Status: 400, Field: "payPercentage"},
			{Name: "percentage with three decimals", Method: "POST", Path: O, Key: key, Body: with("payPercentage", 50.125), Status: 400, Field: "payPercentage"},
			{Name: "put unknown", Method: "PUT", Path: fmt.Sprintf("%s/%d", O, id+1000), Key: key, Body: ok, Status: 404},
			{Name: "other tenant", Method: "GET", Path: O, Key: e.OtherKey, Status: 404},
			{Name: "bob's employee", Method: "POST", Path: e.EO + "/occupationalabsence", Key: key, Body: ok, Status: 404},
			{Name: "anonymous", Method: "GET", Path: O, Status: 401},
		})
		e.Do("POST", O, key, ok).Expect(t, 200)
	})
}
