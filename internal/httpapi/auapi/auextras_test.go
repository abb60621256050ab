package auapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// env is alice's AU business with one finalised weekly run paid
// 2026-11-20 of Ann (Sydney, NSW: 38 h x $30 ordinary + $200 overtime) and
// Bob (Melbourne, VIC: 38 h x $25), a draft run the week after, an ABA
// settings record, and Carol, a user restricted to Sydney.
type env struct {
	*testkit.Bundle
	ann, bob, theirs int64
	run, draft, aba  int64
	restrictKey      string
}

func num(t *testing.T, v any) int64 {
	t.Helper()
	switch n := v.(type) {
	case float64:
		return int64(n)
	case json.Number:
		i, err := strconv.ParseInt(n.String(), 10, 64)
		if err != nil {
			t.Fatalf("%v", err)
		}
		return i
	}
	t.Fatalf("not a number: %#v", v)
	return 0
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b}
	id := func(coll string, body map[string]any) int64 {
		return num(t, b.Do("POST", b.B+"/"+coll, b.Key, body).Expect(t, 200).Map(t)["id"])
	}
	weekly := id("payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	id("paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
	id("paycategory", map[string]any{"name": "Overtime", "rateUnit": "Fixed", "externalId": "OT", "payCategoryType": "Overtime"})
	sydney := id("location", map[string]any{"name": "Sydney", "state": "NSW"})
	id("location", map[string]any{"name": "Melbourne", "state": "VIC"})
	emp := func(first, loc, state string, rate float64, bsb string) int64 {
		body := map[string]any{"firstName": first, "surname": "Test",
			"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
			"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours",
			"rate": rate, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 George St", "residentialSuburb": "Town",
			"residentialState": state, "residentialPostCode": "2000", "primaryLocation": loc, "bankAccount1_BSB": bsb,
			"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
			"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}
		return num(t, b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, body).Expect(t, 200).Map(t)["id"])
	}
	e.ann = emp("Ann", "Sydney", "NSW", 30, "062-000")
	e.bob = emp("Bob", "Melbourne", "VIC", 25, "083-000")
	e.theirs = num(t, b.Do("POST", b.OtherB+"/employee/unstructured?matchType=None", b.OtherKey, map[string]any{"firstName": "Tom", "surname": "Other"}).Expect(t, 200).Map(t)["id"])
	e.run = num(t, b.Do("POST", b.B+"/payrun", b.Key, map[string]any{"payScheduleId": weekly, "payPeriodEnding": "2026-11-20T00:00:00", "datePaid": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)["id"])
	P := fmt.Sprintf("%s/payrun/%d", b.B, e.run)
	b.Do("POST", P+"/earningslines", b.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(e.ann): []any{
		map[string]any{"payCategoryId": "OT", "earnings": 200}}}, "payCategoryIdType": "External"}).Expect(t, 200)
	e.aba = id("aba", map[string]any{"bsb": "062-000", "accountNumber": "12345678", "accountName": "Alice AU", "financialInstitutionCode": "CBA",
		"lodgementReference": "ALICE PAY", "userName": "Alice AU", "userId": "301500", "paymentAdditionalContent": "PayRunId"})
	b.Do("POST", P+"/finalise", b.Key, map[string]any{}).Expect(t, 200)
	e.draft = num(t, b.Do("POST", b.B+"/payrun", b.Key, map[string]any{"payScheduleId": weekly, "payPeriodEnding": "2026-11-27T00:00:00"}).Expect(t, 200).Map(t)["id"])
	_, e.restrictKey = b.NewUser("carol@example.com")
	b.Do("POST", b.B+"/access", b.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
		"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{sydney}, "permissions": "ViewEmployeeDetails"}},
		"reports":        map[string]any{"accessType": "AllReports"}}).Expect(t, 200)
	return e
}

// rows decodes a JSON array reply keeping numbers exact.
func rows(t *testing.T, r *testkit.Response) []map[string]any {
	t.Helper()
	r.Expect(t, 200)
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.UseNumber()
	var out []map[string]any
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("%v: %s", err, r.Body)
	}
	return out
}

func eqMoney(t *testing.T, what string, v any, want string) {
	t.Helper()
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("%s: not a number: %#v", what, v)
	}
	if got := payroll.MustMoney(n.String()); !got.Equal(payroll.MustMoney(want)) {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func (e *env) report(t *testing.T, key, path string, q url.Values) []map[string]any {
	t.Helper()
	return rows(t, e.Do("GET", e.B+"/report/"+path+"?"+q.Encode(), key, nil))
}

func of(t *testing.T, list []map[string]any, emp int64) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, r := range list {
		if num(t, r["employeeId"]) == emp {
			out = append(out, r)
		}
	}
	return out
}

// Figures of the run (payroll-rules-2026-27.md):
//   - Ann: gross 1,140.00 (38 x 30) + 200.00 overtime = 1,340.00, all taxable.
//     PAYG scale 2 (tax-free threshold), x = 1,340.99 in [1,282, 2,596):
//     0.3200 x 1,340.99 - 181.7319 = 247.3849 -> $247. OTE excludes the
//     overtime: 1,140.00; SG 12% x 1,140.00 = 136.80. Net 1,340 - 247 = 1,093.
//   - Bob: gross 950.00 (38 x 25). x = 950.99 in [865, 1,282):
//     0.3227 x 950.99 - 185.1935 = 121.6910 -> $122. SG 12% x 950 = 114.00.
//     Net 950 - 122 = 828.

func TestAUReports(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		fy := url.Values{"financialYearEnding": {"2027"}}

		ote := e.report(t, e.Key, "ordinarytimeearnings", fy)
		ann := of(t, ote, e.ann)
		if len(ann) != 1 || ann[0]["payCategory"] != "Ordinary Hours" || ann[0]["payPeriodEnding"] != "2026-11-20T00:00:00" {
			t.Fatalf("ann's OTE rows (the overtime is not OTE) %v", ann)
		}
		eqMoney(t, "ann OTE", ann[0]["earnings"], "1140")
		eqMoney(t, "ann OTE super", ann[0]["super"], "136.80")
		eqMoney(t, "ann super %", ann[0]["superPercentageOfEarnings"], "12")
		bob := of(t, ote, e.bob)
		if len(bob) != 1 {
			t.Fatalf("bob's OTE rows %v", bob)
		}
		eqMoney(t, "bob OTE", bob[0]["earnings"], "950")
		eqMoney(t, "bob OTE super", bob[0]["super"], "114")
		if got := e.report(t, e.Key, "ordinarytimeearnings", url.Values{"financialYearEnding": {"2026"}}); len(got) != 0 {
			t.Fatalf("the year before has no runs: %v", got)
		}
		if got := e.report(t, e.restrictKey, "ordinarytimeearnings", fy); len(got) != 1 || num(t, got[0]["employeeId"]) != e.ann {
			t.Fatalf("restricted user's OTE %v", got)
		}

		payg := e.report(t, e.Key, "payg", url.Values{"fromDate": {"2026-11-01"}, "toDate": {"2026-11-30"}})
		if len(payg) != 2 || payg[0]["location"] != "Melbourne" || payg[1]["location"] != "Sydney" || payg[0]["month"] != "2026-11" {
			t.Fatalf("PAYG rows (by month, then location) %v", payg)
		}
		eqMoney(t, "Melbourne payg", payg[0]["payg"], "122")
		eqMoney(t, "Sydney gross", payg[1]["grossEarnings"], "1340")
		eqMoney(t, "Sydney taxable", payg[1]["taxableEarnings"], "1340")
		eqMoney(t, "Sydney payg", payg[1]["payg"], "247")
		eqMoney(t, "Sydney exempt", payg[1]["taxExemptEarnings"], "0")
		if vic := e.report(t, e.Key, "payg", url.Values{"state": {"vic"}}); len(vic) != 1 || vic[0]["location"] != "Melbourne" {
			t.Fatalf("PAYG of VIC residents %v", vic)
		}
		if dec := e.report(t, e.Key, "payg", url.Values{"fromDate": {"2026-12-01"}}); len(dec) != 0 {
			t.Fatalf("PAYG in December %v", dec)
		}

		act := e.report(t, e.Key, "payrunactivity", url.Values{"fromDate": {"2026-11-01"}, "toDate": {"2026-11-30"}})
		if len(act) != 2 {
			t.Fatalf("activity %v", act)
		}
		a := of(t, act, e.ann)[0]
		for m, w := range map[string]string{"totalHours": "38", "grossEarnings": "1340", "taxableEarnings": "1340", "paygWithholding": "247",
			"superContributions": "136.80", "employerContributions": "0", "netEarnings": "1093"} {
			eqMoney(t, "ann activity "+m, a[m], w)
		}
		if a["location"] != "Sydney" || a["firstName"] != "Ann" {
			t.Fatalf("ann activity %v", a)
		}

		pf := e.report(t, e.Key, "paymentfile", url.Values{"payRunId": {fmt.Sprint(e.run)}, "paymentFileId": {fmt.Sprint(e.aba)}})
		if len(pf) != 2 || len(of(t, pf, e.ann)) != 1 || of(t, pf, e.ann)[0]["bsb"] != "062-000" || of(t, pf, e.bob)[0]["bsb"] != "083-000" {
			t.Fatalf("payment file rows %v", pf)
		}
		eqMoney(t, "ann paid", of(t, pf, e.ann)[0]["amount"], "1093")
		eqMoney(t, "bob paid", of(t, pf, e.bob)[0]["amount"], "828")
		if r := e.report(t, e.restrictKey, "paymentfile", url.Values{"payRunId": {fmt.Sprint(e.run)}, "paymentFileId": {fmt.Sprint(e.aba)}}); len(r) != 1 || num(t, r[0]["employeeId"]) != e.ann {
			t.Fatalf("restricted user's payment file rows %v", r)
		}

		R := e.B + "/report/"
		e.RunCases(t, []testkit.Case{
			{Name: "OTE anonymous", Method: "GET", Path: R + "ordinarytimeearnings", Status: 401},
			{Name: "OTE bad year", Method: "GET", Path: R + "ordinarytimeearnings?financialYearEnding=27", Key: e.Key, Status: 400, Field: "financialYearEnding"},
			{Name: "OTE bad date", Method: "GET", Path: R + "ordinarytimeearnings?fromDate=soon", Key: e.Key, Status: 400, Field: "fromDate"},
			{Name: "PAYG dates reversed", Method: "GET", Path: R + "payg?fromDate=2026-11-02&toDate=2026-11-01", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "PAYG other tenant", Method: "GET", Path: R + "payg", Key: e.OtherKey, Status: 404},
			{Name: "activity bad date", Method: "GET", Path: R + "payrunactivity?toDate=x", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "payment file without run", Method: "GET", Path: R + "paymentfile?paymentFileId=" + fmt.Sprint(e.aba), Key: e.Key, Status: 400, Field: "payRunId"},
			{Name: "payment file without file", Method: "GET", Path: R + "paymentfile?payRunId=" + fmt.Sprint(e.run), Key: e.Key, Status: 400, Field: "paymentFileId"},
			{Name: "payment file of a draft", Method: "GET", Path: fmt.Sprintf("%spaymentfile?payRunId=%d&paymentFileId=%d", R, e.draft, e.aba), Key: e.Key, Status: 409},
			{Name: "payment file unknown settings", Method: "GET", Path: fmt.Sprintf("%spaymentfile?payRunId=%d&paymentFileId=999999", R, e.run), Key: e.Key, Status: 404},
			{Name: "payment file other tenant's run", Method: "GET", Path: fmt.Sprintf("%s/report/paymentfile?payRunId=%d&paymentFileId=%d", e.OtherB, e.run, e.aba), Key: e.OtherKey, Status: 404},
		})
	})
}

func TestEmployeeSuperFundsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		F := fmt.Sprintf("%s/employee/%d/superfund", e.B, e.ann)
		list := rows(t, e.Do("GET", F, e.Key, nil))
		if len(list) != 1 || num(t, list[0]["id"]) != 1 || list[0]["name"] != "AustralianSuper" || list[0]["memberNumber"] != "998877" || list[0]["allocateBalance"] != true {
			t.Fatalf("funds %v", list)
		}
		res := e.Do("POST", F, e.Key, map[string]any{"fundName": "Hostplus", "memberNumber": "55", "allocatedPercentage": 30}).Expect(t, 200).Map(t)
		got := res["result"].(map[string]any)
		if num(t, got["id"]) != 2 || got["name"] != "Hostplus" || got["allocatedPercentage"] != 30.0 || got["employeeId"] != float64(e.ann) {
			t.Fatalf("created %v", res)
		}
		// The same slots as the employee record (and self-service).
		rec := e.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.ann), e.Key, nil).Expect(t, 200).Map(t)
		if rec["superFund2_FundName"] != "Hostplus" || rec["superFund2_MemberNumber"] != "55" {
			t.Fatalf("employee record after POST: %v / %v", rec["superFund2_FundName"], rec["superFund2_MemberNumber"])
		}
		e.Do("PUT", F+"/2", e.Key, map[string]any{"fundName": "Hostplus", "memberNumber": "56", "fixedAmount": 50}).Expect(t, 200)
		one := e.Do("GET", F+"/2", e.Key, nil).Expect(t, 200).Map(t)
		if one["memberNumber"] != "56" || one["fixedAmount"] != 50.0 || one["allocatedPercentage"] != 0.0 {
			t.Fatalf("after PUT %v", one)
		}
		del := e.Do("DELETE", F+"/2", e.Key, nil).Expect(t, 200).Map(t)
		if del["result"].(map[string]any)["name"] != "Hostplus" {
			t.Fatalf("deleted %v", del)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "deleted slot", Method: "GET", Path: F + "/2", Key: e.Key, Status: 404},
			{Name: "delete empty slot", Method: "DELETE", Path: F + "/3", Key: e.Key, Status: 404},
			{Name: "put empty slot", Method: "PUT", Path: F + "/3", Key: e.Key, Body: map[string]any{"fundName": "X"}, Status: 404},
			{Name: "no fund named", Method: "POST", Path: F, Key: e.Key, Body: map[string]any{"memberNumber": "1"}, Status: 400, Field: "productCode"},
			{Name: "both amounts", Method: "POST", Path: F, Key: e.Key, Body: map[string]any{"fundName": "X", "allocatedPercentage": 10, "fixedAmount": 5}, Status: 400, Field: "fixedAmount"},
			{Name: "anonymous", Method: "GET", Path: F, Status: 401},
			{Name: "other tenant", Method: "GET", Path: F, Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/superfund", e.B, e.theirs), Key: e.Key, Status: 404},
			{Name: "restricted user outside scope", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/superfund", e.B, e.bob), Key: e.restrictKey, Status: 404},
			{Name: "restricted user in scope", Method: "GET", Path: F, Key: e.restrictKey, Status: 200},
		})
	})
}

func TestEmployeeSuperAdjustmentsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		A := fmt.Sprintf("%s/employee/%d/superadjustment", e.B, e.ann)
		body := map[string]any{"contributionType": "SalarySacrifice", "amount": 150, "fromDate": "2026-11-10T00:00:00", "notes": "bonus sacrifice"}
		id := num(t, e.Do("POST", A, e.Key, body).Expect(t, 200).Map(t)["id"])
		got := e.Do("GET", fmt.Sprintf("%s/%d", A, id), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]any{"contributionType": "SalarySacrifice", "adjustmentType": "Fixed", "amount": 150.0, "totalAmountPaid": 150.0,
			"fromDate": "2026-11-10T00:00:00", "expiryDate": nil, "maximumAmountPaid": nil, "notes": "bonus sacrifice", "employeeId": float64(e.ann)} {
			if got[k] != v {
				t.Errorf("super adjustment %s = %v, want %v", k, got[k], v)
			}
		}
		e.Do("PUT", fmt.Sprintf("%s/%d", A, id), e.Key, map[string]any{"contributionType": "SalarySacrifice", "amount": 175.25, "fromDate": "2026-11-10T00:00:00"}).Expect(t, 200)
		if l := rows(t, e.Do("GET", A, e.Key, nil)); len(l) != 1 {
			t.Fatalf("list %v", l)
		}
		// The super contributions report lists it on its date beside the
		// run's guarantee (SG 12% x 1,140.00 OTE = 136.80).
		sup := of(t, e.report(t, e.Key, "supercontributions/byemployee", url.Values{"fromDate": {"2026-11-01"}, "toDate": {"2026-11-30"}}), e.ann)
		if len(sup) != 2 || sup[0]["accrualType"] != "SalarySacrifice" || sup[0]["accrualDate"] != "2026-11-10T00:00:00" || sup[1]["accrualType"] != "SuperGuarantee" {
			t.Fatalf("ann's super rows %v", sup)
		}
		eqMoney(t, "adjustment in report", sup[0]["accrualAmount"], "175.25")
		eqMoney(t, "guarantee in report", sup[1]["accrualAmount"], "136.80")
		byFund := of(t, e.report(t, e.Key, "supercontributions/bysuperfund", url.Values{"fromDate": {"2026-11-01"}}), e.ann)
		if len(byFund) != 2 {
			t.Fatalf("ann by fund %v", byFund)
		}
		if l := of(t, e.report(t, e.Key, "supercontributions/byemployee", url.Values{"fromDate": {"2026-11-11"}}), e.ann); len(l) != 1 {
			t.Fatalf("after its date only the guarantee: %v", l)
		}
		if l := of(t, e.report(t, e.Key, "supercontributions/byemployee", url.Values{"filterType": {"PayRun"}, "payRunId": {fmt.Sprint(e.run)}}), e.ann); len(l) != 1 {
			t.Fatalf("a pay run's contributions do not include it: %v", l)
		}
		I := fmt.Sprintf("%s/%d", A, id)
		other := fmt.Sprintf("%s/employee/%d/superadjustment", e.B, e.bob)
		e.RunCases(t, []testkit.Case{
			{Name: "percentage", Method: "POST", Path: A, Key: e.Key, Body: map[string]any{"adjustmentType": "PercentageGross", "amount": 2}, Status: 400, Field: "adjustmentType"},
			{Name: "bad contribution type", Method: "POST", Path: A, Key: e.Key, Body: map[string]any{"contributionType": "Nope", "amount": 2}, Status: 400, Field: "contributionType"},
			{Name: "zero amount", Method: "POST", Path: A, Key: e.Key, Body: map[string]any{"amount": 0}, Status: 400, Field: "amount"},
			{Name: "expiry before start", Method: "POST", Path: A, Key: e.Key, Body: map[string]any{"amount": 1, "fromDate": "2026-10-01T00:00:00", "expiryDate": "2026-09-01T00:00:00"}, Status: 400, Field: "expiryDate"},
			{Name: "maximum below amount", Method: "POST", Path: A, Key: e.Key, Body: map[string]any{"amount": 10, "maximumAmountPaid": 5}, Status: 400, Field: "maximumAmountPaid"},
			{Name: "anonymous", Method: "GET", Path: A, Status: 401},
			{Name: "other tenant", Method: "GET", Path: I, Key: e.OtherKey, Status: 404},
			{Name: "through another employee", Method: "GET", Path: fmt.Sprintf("%s/%d", other, id), Key: e.Key, Status: 404},
			{Name: "delete through another employee", Method: "DELETE", Path: fmt.Sprintf("%s/%d", other, id), Key: e.Key, Status: 404},
			{Name: "unknown", Method: "GET", Path: A + "/999999", Key: e.Key, Status: 404},
			{Name: "restricted outside scope", Method: "GET", Path: other, Key: e.restrictKey, Status: 404},
			{Name: "restricted in scope", Method: "GET", Path: A, Key: e.restrictKey, Status: 200},
		})
		e.Do("DELETE", I, e.Key, nil).Expect(t, 200)
		e.Do("GET", I, e.Key, nil).Expect(t, 404)
		if l := of(t, e.report(t, e.Key, "supercontributions/byemployee", url.Values{"fromDate": {"2026-11-01"}}), e.ann); len(l) != 1 {
			t.Fatalf("deleted, it leaves the report: %v", l)
		}
	})
}

// Payment summaries of 2026-27 from the run of env: Ann's gross payments
// are her taxable earnings, 1,340.00 -> 1,340 dollars, tax withheld 247
// (see the figures above); Bob's 950 and 122.
func TestPaymentSummariesAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		PS := e.B + "/paymentsummary/2027"
		ESS := fmt.Sprintf("/api/v2/ess/%d/document/paymentsummaries", e.ann)
		pdf := fmt.Sprintf("/api/v2/ess/%d/document/paymentsummary/2027", e.ann)
		if l := rows(t, e.Do("GET", PS, e.Key, nil)); len(l) != 0 {
			t.Fatalf("nothing generated yet: %v", l)
		}
		if l := rows(t, e.Do("GET", ESS, e.Key, nil)); len(l) != 1 {
			t.Fatalf("never generated, self-service shows the live year: %v", l)
		}
		g := e.Do("PUT", fmt.Sprintf("%s?employeeId=%d", PS, e.ann), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]any{"status": "Generated", "isAmended": false, "grossPayments": 1340.0, "totalTaxWithheld": 247.0, "payeeName": "Ann Test",
			"paymentSummaryType": "IndividualNonBusiness", "financialYearStart": "2026-07-01T00:00:00", "financialYearEnd": "2027-06-30T00:00:00",
			"paymentPeriodStart": "2026-07-01T00:00:00", "inputGrossEarnings": 1340.0, "payeeState": "NSW", "employeeId": float64(e.ann)} {
			if g[k] != v {
				t.Errorf("generated %s = %v, want %v", k, g[k], v)
			}
		}
		if l := rows(t, e.Do("GET", ESS, e.Key, nil)); len(l) != 0 {
			t.Fatalf("generated, not published: self-service shows none: %v", l)
		}
		e.Do("GET", pdf, e.Key, nil).Expect(t, 404)
		if l := rows(t, e.Do("GET", PS, e.Key, nil)); len(l) != 1 || num(t, l[0]["employeeId"]) != e.ann {
			t.Fatalf("list after generating Ann's %v", l)
		}
		pub := rows(t, e.Do("POST", PS, e.Key, nil))
		if len(pub) != 2 || pub[0]["status"] != "Published" || pub[1]["status"] != "Published" {
			t.Fatalf("published %v", pub)
		}
		eqMoney(t, "bob gross", of(t, pub, e.bob)[0]["grossPayments"], "950")
		eqMoney(t, "bob tax", of(t, pub, e.bob)[0]["totalTaxWithheld"], "122")
		if l := rows(t, e.Do("GET", ESS, e.Key, nil)); len(l) != 1 {
			t.Fatalf("published: self-service shows it: %v", l)
		}
		e.Do("GET", pdf, e.Key, nil).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s?employeeId=%d", PS, e.ann), e.Key, nil).Expect(t, 404) // published: PUT leaves it
		un := rows(t, e.Do("DELETE", fmt.Sprintf("%s?employeeId=%d", PS, e.ann), e.Key, nil))
		if len(un) != 1 || un[0]["status"] != "Unpublished" {
			t.Fatalf("unpublished %v", un)
		}
		if l := rows(t, e.Do("DELETE", fmt.Sprintf("%s?employeeId=%d", PS, e.ann), e.Key, nil)); len(l) != 0 {
			t.Fatalf("nothing left to unpublish: %v", l)
		}
		e.Do("GET", pdf, e.Key, nil).Expect(t, 404)
		again := e.Do("PUT", fmt.Sprintf("%s?employeeId=%d", PS, e.ann), e.Key, nil).Expect(t, 200).Map(t)
		if again["status"] != "Generated" || again["isAmended"] != true {
			t.Fatalf("regenerated after publication %v", again)
		}
		if l := rows(t, e.Do("GET", PS, e.restrictKey, nil)); len(l) != 1 || num(t, l[0]["employeeId"]) != e.ann {
			t.Fatalf("restricted user's summaries %v", l)
		}
		if l := rows(t, e.Do("GET", PS+"?"+url.Values{"$filter": {"status eq 'Published'"}}.Encode(), e.Key, nil)); len(l) != 1 || num(t, l[0]["employeeId"]) != e.bob {
			t.Fatalf("published only %v", l)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "anonymous", Method: "GET", Path: PS, Status: 401},
			{Name: "bad year", Method: "GET", Path: e.B + "/paymentsummary/27", Key: e.Key, Status: 400, Field: "financialYearEnding"},
			{Name: "negative employee", Method: "POST", Path: PS + "?employeeId=-1", Key: e.Key, Status: 400, Field: "employeeId"},
			{Name: "other tenant", Method: "GET", Path: PS, Key: e.OtherKey, Status: 404},
			{Name: "a year without pay", Method: "PUT", Path: e.B + "/paymentsummary/2026", Key: e.Key, Status: 404},
			{Name: "unknown employee", Method: "PUT", Path: PS + "?employeeId=999999", Key: e.Key, Status: 404},
		})
		// Racing publications of Ann's regenerated summary: each is a 200
		// or a 409, and it ends published once.
		done := make(chan int, 4)
		for i := 0; i < 4; i++ {
			go func() { done <- e.Do("POST", fmt.Sprintf("%s?employeeId=%d", PS, e.ann), e.Key, nil).Status }()
		}
		for i := 0; i < 4; i++ {
			if st := <-done; st != 200 && st != 409 {
				t.Errorf("racing publish: status %d", st)
			}
		}
		if l := rows(t, e.Do("GET", PS+"?"+url.Values{"$filter": {"status eq 'Published'"}}.Encode(), e.Key, nil)); len(l) != 2 {
			t.Fatalf("after the race %v", l)
		}
	})
}
