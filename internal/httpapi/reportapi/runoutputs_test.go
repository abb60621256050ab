package reportapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestPaySlipAndJournalReports(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ann := figures(t, "1434.69", "50", "12.5", "45.5", "100")
		run := fmt.Sprint(e.run)
		slips := e.get(t, "payslip", url.Values{"payRunId": {run}})
		if len(slips) != 2 || slips[0]["employeeId"] != json.Number(fmt.Sprint(e.ann)) {
			t.Fatalf("payslips %v", slips)
		}
		eqMoney(t, "ann net", slips[0]["netEarnings"], ann.net())
		eqMoney(t, "ann payg", slips[0]["paygWithholdingAmount"], ann.payg)
		eqMoney(t, "ann super", slips[0]["superContribution"], ann.super)
		if one := e.get(t, "payslip", url.Values{"model.payRunId": {run}, "model.employeeId": {fmt.Sprint(e.bob)}}); len(one) != 1 || one[0]["employeeId"] != json.Number(fmt.Sprint(e.bob)) {
			t.Fatalf("model.* payslip %v", one)
		}
		if loc := e.get(t, "payslip", url.Values{"payRunId": {run}, "locationId": {fmt.Sprint(e.sydney)}}); len(loc) != 1 {
			t.Fatalf("sydney payslips %v", loc)
		}
		// The journal report is the run's journal.
		own := e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, e.run), e.Key, nil)
		rep := e.Do("GET", e.B+"/report/journal?payRunId="+run, e.Key, nil)
		if own.Status != rep.Status || string(own.Body) != string(rep.Body) {
			t.Fatalf("journal report %d %s, run journal %d %s", rep.Status, rep.Body, own.Status, own.Body)
		}
		_, carol := e.NewUser("carol@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ApproveLeaveRequests"}},
			"reports":        map[string]any{"accessType": "AllReports"}}).Expect(t, 200)
		if s := rows(t, e.Do("GET", e.B+"/report/payslip?payRunId="+run, carol, nil)); len(s) != 1 || s[0]["employeeId"] != json.Number(fmt.Sprint(e.ann)) {
			t.Fatalf("restricted payslips %v", s)
		}
		R := e.B + "/report/"
		draft := fmt.Sprint(e.draft)
		e.RunCases(t, []testkit.Case{
			{Name: "payslip without run", Method: "GET", Path: R + "payslip", Key: e.Key, Status: 400, Field: "payRunId"},
			{Name: "payslip of draft", Method: "GET", Path: R + "payslip?payRunId=" + draft, Key: e.Key, Status: 409},
			{Name: "payslip of missing run", Method: "GET", Path: R + "payslip?payRunId=99999", Key: e.Key, Status: 404},
			{Name: "payslip other tenant", Method: "GET", Path: e.OtherB + "/report/payslip?payRunId=" + run, Key: e.OtherKey, Status: 404},
			{Name: "payslip anonymous", Method: "GET", Path: R + "payslip?payRunId=" + run, Status: 401},
			{Name: "journal without run", Method: "GET", Path: R + "journal", Key: e.Key, Status: 400, Field: "payRunId"},
			{Name: "journal bad view", Method: "GET", Path: R + "journal?journalView=Wide&payRunId=" + run, Key: e.Key, Status: 400, Field: "journalView"},
			{Name: "journal of draft", Method: "GET", Path: R + "journal?payRunId=" + draft, Key: e.Key, Status: 409},
			{Name: "journal other tenant's business", Method: "GET", Path: R + "journal?payRunId=" + run, Key: e.OtherKey, Status: 404},
			{Name: "journal run of another business", Method: "GET", Path: e.OtherB + "/report/journal?payRunId=" + run, Key: e.OtherKey, Status: 404},
			{Name: "journal restricted", Method: "GET", Path: R + "journal?payRunId=" + run, Key: carol, Status: 404},
			{Name: "journal anonymous", Method: "GET", Path: R + "journal?payRunId=" + run, Status: 401},
		})
	})
}

func TestPayRunInclusionsReport(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var union int64
		for _, c := range rows(t, e.Do("GET", e.B+"/deductioncategory", e.Key, nil)) {
			if c["name"] == "Union fees" {
				union, _ = c["id"].(json.Number).Int64()
			}
		}
		ded := func(emp int64, from, expiry string, amount float64) {
			body := map[string]any{"name": "Union", "deductionCategoryId": union, "amount": amount, "deductionType": "Fixed", "fromDate": from, "maximumAmountPaid": 500, "notes": "n"}
			if expiry != "" {
				body["expiryDate"] = expiry
			}
			e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, emp), e.Key, body).Expect(t, 200)
		}
		ded(e.ann, "2026-10-01T00:00:00", "", 20)                    // active on 2026-11-02 (the test clock)
		ded(e.ann, "2027-01-01T00:00:00", "", 30)                    // not started
		ded(e.bob, "2026-01-01T00:00:00", "2026-06-30T00:00:00", 40) // expired
		all := e.get(t, "payruninclusions", nil)
		if len(all) != 3 || all[0]["deductionCategory"] != "Union fees" || all[0]["amountType"] != "Fixed" || all[0]["payCategory"] != "" {
			t.Fatalf("inclusions %v", all)
		}
		for _, c := range []struct {
			q    url.Values
			want []string // amounts
		}{
			{url.Values{"status": {"Active"}}, []string{"20"}},
			{url.Values{"status": {"expired"}}, []string{"40"}},
			{url.Values{"employeeId": {fmt.Sprint(e.bob)}}, []string{"40"}},
			{url.Values{"fromDate": {"2026-12-01"}, "toDate": {"2027-01-31"}}, []string{"20", "30"}},
			{url.Values{"locationId": {fmt.Sprint(e.melbourne)}}, []string{"40"}},
		} {
			got := e.get(t, "payruninclusions", c.q)
			if len(got) != len(c.want) {
				t.Fatalf("%v: %v", c.q, got)
			}
			for i, w := range c.want {
				eqMoney(t, fmt.Sprint(c.q), got[i]["amount"], payroll.MustMoney(w))
			}
		}
		if x := e.get(t, "payruninclusions", url.Values{"status": {"Expired"}}); x[0]["expiry"] != "2026-06-30T00:00:00" || x[0]["startDate"] != "2026-01-01T00:00:00" || x[0]["paid"] != "0" {
			t.Fatalf("expired inclusion %v", x[0])
		}
		R := e.B + "/report/payruninclusions"
		e.RunCases(t, []testkit.Case{
			{Name: "bad status", Method: "GET", Path: R + "?status=Old", Key: e.Key, Status: 400, Field: "status"},
			{Name: "bad fromDate", Method: "GET", Path: R + "?fromDate=x", Key: e.Key, Status: 400, Field: "fromDate"},
			{Name: "toDate before fromDate", Method: "GET", Path: R + "?fromDate=2026-02-02&toDate=2026-02-01", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "anonymous", Method: "GET", Path: R, Status: 401},
			{Name: "other tenant", Method: "GET", Path: R, Key: e.OtherKey, Status: 404},
		})
	})
}
