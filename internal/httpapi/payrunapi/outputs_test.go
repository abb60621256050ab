package payrunapi_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// cents reads a JSON number as exact minor units.
func cents(t *testing.T, v any) int64 {
	t.Helper()
	m, err := payroll.ParseMoney(strconv.FormatFloat(num(t, v), 'f', -1, 64))
	if err != nil {
		t.Fatal(err)
	}
	return m.MinorUnits()
}

// outputsEnv is an AU run of three employees: Ann paid to her employee
// record's account, Bob to two E/bankaccount accounts (a fixed amount and
// the balance) and turning 46 in the period, Dan 60% to an account and
// the rest to no account, Cat with no TFN quoted, half her pay
// to an account and a deduction larger than her pay.
type outputsEnv struct {
	*env
	P              string
	run            int64
	ann, bob, cat  int64
	dan            int64
	aba            int64
	paymentAccount int64
}

func newOutputsEnv(t *testing.T, d *db.DB) *outputsEnv {
	e := &outputsEnv{env: newEnv(t, d)}
	B, key := e.B, e.Key
	e.ann = e.employee(t, "Ann", "Weekly", nil)
	e.bob = e.employee(t, "Bob", "Weekly", map[string]any{"rate": 91300, "rateUnit": "Annually", "dateOfBirth": "1980-11-16T00:00:00"})
	e.cat = e.employee(t, "Cat", "Weekly", map[string]any{"taxFileNumber": "000000000", "rate": 20, "hoursPerWeek": 10})
	acct := func(emp int64, body map[string]any) {
		e.Do("POST", fmt.Sprintf("%s/employee/%d/bankaccount", B, emp), key, body).Expect(t, 200)
	}
	acct(e.bob, map[string]any{"accountType": "Electronic", "bsb": "083-004", "accountNumber": "11112222", "accountName": "Bob Savings", "fixedAmount": 100})
	acct(e.bob, map[string]any{"accountType": "Electronic", "bsb": "033-001", "accountNumber": "33334444", "accountName": "Bob Everyday", "allocateBalance": true})
	acct(e.cat, map[string]any{"accountType": "Electronic", "bsb": "062-001", "accountNumber": "55556666", "accountName": "Cat", "allocatedPercentage": 50})
	e.dan = e.employee(t, "Dan", "Weekly", nil)
	acct(e.dan, map[string]any{"accountType": "Electronic", "bsb": "062-002", "accountNumber": "77778888", "accountName": "Dan", "allocatedPercentage": 60})
	r := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00", "datePaid": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)
	e.run = int64(num(t, r["id"]))
	e.P = fmt.Sprintf("%s/payrun/%d", B, e.run)
	// Cat: 10 h x 20 = 200, a 250 union fee: a negative net pay.
	e.Do("POST", e.P+"/deductions", key, map[string]any{"deductions": map[string]any{fmt.Sprint(e.cat): []any{
		map[string]any{"deductionCategoryId": fmt.Sprint(e.union), "amount": 250}}}}).Expect(t, 200)
	// Bob: the same bonus twice.
	bonus := map[string]any{"payCategoryId": "BON", "earnings": 75}
	e.Do("POST", e.P+"/earningslines", key, map[string]any{"payCategoryIdType": "External",
		"earningsLines": map[string]any{fmt.Sprint(e.bob): []any{bonus, bonus}}}).Expect(t, 200)
	// Ann: a salary sacrifice (pre-tax) deduction.
	e.Do("POST", e.P+"/deductions", key, map[string]any{"deductions": map[string]any{fmt.Sprint(e.ann): []any{
		map[string]any{"deductionCategoryId": fmt.Sprint(e.sacrifice), "amount": 40}}}}).Expect(t, 200)
	e.aba = int64(num(t, e.Do("POST", B+"/aba", key, map[string]any{"bsb": "062-000", "accountNumber": "12345678", "accountName": "Alice AU",
		"financialInstitutionCode": "CBA", "lodgementReference": "ALICE PAY", "userName": "Alice AU", "userId": "301500",
		"paymentAdditionalContent": "PayRunId"}).Expect(t, 200).Map(t)["id"]))
	return e
}

// totals is each employee's net + expenses (what a run pays) by id.
func (e *outputsEnv) paid(t *testing.T) map[int64]int64 {
	var tot struct {
		PayRunTotals map[string]map[string]any `json:"payRunTotals"`
	}
	e.Do("GET", e.P+"/totals", e.Key, nil).Expect(t, 200).JSON(t, &tot)
	out := map[int64]int64{}
	for k, v := range tot.PayRunTotals {
		id, _ := strconv.ParseInt(k, 10, 64)
		out[id] = cents(t, v["netEarnings"]) + cents(t, v["totalEmployeeExpenses"])
	}
	return out
}

// configureChart maps the default accounts journals post to.
func (e *outputsEnv) configureChart(t *testing.T) {
	id := func(code, typ string) int64 {
		return int64(num(t, e.Do("POST", e.B+"/accounts", e.Key, map[string]any{"accountCode": code, "accountName": "Account " + code,
			"accountType": typ, "externalReferenceId": "ext-" + code}).Expect(t, 200).Map(t)["id"]))
	}
	e.paymentAccount = id("1100", "Asset")
	wages, liab, paygAcc, superExp, superLiab := id("6100", "Expense"), id("2100", "Liability"), id("2200", "Liability"), id("6200", "Expense"), id("2300", "Liability")
	e.Do("POST", e.B+"/chartofaccounts", e.Key, map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": e.paymentAccount,
		"defaultExpenseAccountId": wages, "defaultLiabilityAccountId": liab, "paygLiabilityAccountId": paygAcc,
		"superannuationExpenseAccountId": superExp, "superannuationLiabilityAccountId": superLiab}}).Expect(t, 200)
}

func TestPayRunOutputs(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newOutputsEnv(t, d)
		B, key, P := e.B, e.Key, e.P
		OP := e.OtherB + P[len(B):]
		paid := e.paid(t)
		if paid[e.cat] >= 0 {
			t.Fatalf("Cat's net pay %d, want negative", paid[e.cat])
		}

		// Payments: each employee's pay split exactly over their accounts.
		var pays []map[string]any
		e.Do("GET", P+"/payments", key, nil).Expect(t, 200).JSON(t, &pays)
		got := map[int64]int64{}
		var bobs []map[string]any
		for _, p := range pays {
			emp := int64(num(t, p["employeeId"]))
			got[emp] += cents(t, p["amount"])
			if emp == e.bob {
				bobs = append(bobs, p)
			}
			if emp == e.ann && (p["bsb"] != "062-000" || p["accountNumber"] != "12345678" || p["accountType"] != "Electronic" ||
				p["lodgementReference"] != fmt.Sprintf("ALICE PAY %d", e.run) || p["employeeFirstName"] != "Ann" || p["employeeSurname"] != "Test") {
				t.Fatalf("Ann's payment %v", p)
			}
			if emp == e.cat {
				t.Fatalf("Cat's negative net pay paid %v", p)
			}
		}
		var dans []map[string]any
		for _, p := range pays {
			if int64(num(t, p["employeeId"])) == e.dan {
				dans = append(dans, p)
			}
		}
		danAccount := payroll.MoneyFromMinor(paid[e.dan]).Mul(payroll.MustRate("0.6")).Cents().MinorUnits()
		if len(dans) != 2 || cents(t, dans[0]["amount"]) != danAccount || dans[0]["accountType"] != "Electronic" ||
			dans[1]["accountType"] != "CashOrCheque" || cents(t, dans[1]["amount"]) != paid[e.dan]-danAccount || dans[1]["lodgementReference"] != "" {
			t.Fatalf("Dan's payments (60%% of %d to the account) %v", paid[e.dan], dans)
		}
		for _, emp := range []int64{e.ann, e.bob, e.dan} {
			if got[emp] != paid[emp] {
				t.Fatalf("employee %d payments add up to %d, pay is %d: %v", emp, got[emp], paid[emp], pays)
			}
		}
		if len(bobs) != 2 || cents(t, bobs[0]["amount"]) != 10000 || bobs[0]["accountNumber"] != "11112222" ||
			cents(t, bobs[1]["amount"]) != paid[e.bob]-10000 || bobs[1]["bsb"] != "033-001" {
			t.Fatalf("Bob's payments %v", bobs)
		}

		// Warnings, computed.
		var warns []map[string]any
		e.Do("GET", P+"/warnings", key, nil).Expect(t, 200).JSON(t, &warns)
		has := func(emp int64, typ, text string) bool {
			for _, w := range warns {
				if int64(num(t, w["employeeId"])) == emp && w["warningType"] == typ && strings.Contains(fmt.Sprint(w["warning"]), text) &&
					w["warningTypeDescription"] != "" {
					return true
				}
			}
			return false
		}
		for _, w := range []struct {
			emp       int64
			typ, text string
		}{
			{e.cat, "NegativeEarnings", payroll.MoneyFromMinor(paid[e.cat]).StringFixed(2)}, {e.cat, "EmployeeInformation", "no tax file number"},
			{e.cat, "BelowMinimumWage", "20.00 an hour is below the national minimum wage of 26.44"},
			{e.bob, "Birthday", "turns 46 on 2026-11-16"}, {e.bob, "DuplicateEarningsLines", "same category"},
			{e.dan, "PaymentFile", payroll.MoneyFromMinor(paid[e.dan]-danAccount).StringFixed(2) + " of the pay is not allocated"},
		} {
			if !has(w.emp, w.typ, w.text) {
				t.Errorf("no %s warning %q for employee %d in %v", w.typ, w.text, w.emp, warns)
			}
		}
		if has(0, "ConcurrentPayRunAU", "") {
			t.Errorf("a concurrent run warning without another run: %v", warns)
		}
		if has(e.ann, "PaymentFile", "") || has(e.bob, "PaymentFile", "") || has(e.ann, "BelowMinimumWage", "") {
			t.Errorf("unexpected warnings %v", warns)
		}

		// Another draft run of the schedule overlapping the period.
		other := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-22T00:00:00", "createWithEmptyPays": true}).Expect(t, 200).Map(t)
		e.Do("GET", P+"/warnings", key, nil).Expect(t, 200).JSON(t, &warns)
		if !has(0, "ConcurrentPayRunAU", fmt.Sprint(int64(num(t, other["id"])))) {
			t.Errorf("no concurrent run warning: %v", warns)
		}
		e.Do("DELETE", fmt.Sprintf("%s/payrun/%d", B, int64(num(t, other["id"]))), key, nil).Expect(t, 200)

		// The journal needs a chart of accounts.
		testkit.ExpectProblem(t, e.Do("GET", fmt.Sprintf("%s/journal/%d", B, e.run), key, nil), 400, "defaultExpenseAccountId")
		e.configureChart(t)
		var items []map[string]any
		e.Do("GET", fmt.Sprintf("%s/journal/%d", B, e.run), key, nil).Expect(t, 200).JSON(t, &items)
		var sum, debits, credits, asset int64
		for _, it := range items {
			a := cents(t, it["amount"])
			sum += a
			if it["isDebit"] == true {
				debits += a
			} else {
				credits -= a
			}
			if it["journalItemType"] == "Asset" {
				asset += a
				if it["accountCode"] != "1100" || it["externalAccountReferenceId"] != "ext-1100" {
					t.Fatalf("net pay line %v", it)
				}
			}
		}
		var totalPaid int64
		for _, v := range paid {
			totalPaid += v
		}
		if sum != 0 || debits != credits || debits == 0 || asset != -totalPaid {
			t.Fatalf("journal: sum %d, debits %d, credits %d, net pay line %d (want %d): %v", sum, debits, credits, asset, -totalPaid, items)
		}

		// Payslip PDF: deterministic bytes with the payslip's figures.
		pdf := e.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, e.ann), key, nil).Expect(t, 200)
		if ct := pdf.Header.Get("Content-Type"); ct != "application/pdf" || !bytes.HasPrefix(pdf.Body, []byte("%PDF")) ||
			!strings.Contains(pdf.Header.Get("Content-Disposition"), ".pdf") {
			t.Fatalf("payslip PDF: %s %s %.20q", ct, pdf.Header.Get("Content-Disposition"), pdf.Body)
		}
		if again := e.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, e.ann), key, nil).Expect(t, 200); !bytes.Equal(again.Body, pdf.Body) {
			t.Fatal("the same payslip rendered to different bytes")
		}
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, e.ann), key, nil).Expect(t, 200).Map(t)
		if text := pdfText(t, pdf.Body); text != "" {
			for _, want := range []string{"Ann Test", "Alice AU", "PAYG withholding", thousands(paid[e.ann]),
				thousands(cents(t, slip["paygWithholdingAmount"]))} {
				if !strings.Contains(text, want) {
					t.Errorf("payslip text lacks %q:\n%s", want, text)
				}
			}
		}

		// Explain: every statutory figure with its rule, equal to the payslip's.
		ex := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, e.ann), key, nil).Expect(t, 200).Map(t)
		if ex["matchesPaySlip"] != true || ex["region"] != "AU" || ex["taxYear"] == "" || ex["inputs"].(map[string]any)["au"] == nil {
			t.Fatalf("explain %v", ex)
		}
		figs := map[string]map[string]any{}
		for _, f := range ex["figures"].([]any) {
			m := f.(map[string]any)
			figs[m["code"].(string)] = m
			if r := m["rule"].(map[string]any); r["code"] == "" || r["text"] == "" || r["source"] == "" {
				t.Fatalf("figure without its rule %v", m)
			}
		}
		if figs["payg"] == nil || cents(t, figs["payg"]["amount"]) != cents(t, slip["paygWithholdingAmount"]) ||
			figs["super.guarantee"] == nil || cents(t, figs["super.guarantee"]["amount"]) != cents(t, slip["superContribution"]) {
			t.Fatalf("explained figures %v, payslip %v", figs, slip)
		}

		// Draft-only and finalised-only operations.
		e.RunCases(t, []testkit.Case{
			{Name: "approval start", Method: "POST", Path: P + "/approval/start", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["status"] != "Pending" || m["kind"] != "Approval" {
					t.Fatalf("approval %v", m)
				}
			}},
			{Name: "approval started twice", Method: "POST", Path: P + "/approval/start", Key: key, Status: 409},
			{Name: "approval started twice, internal path", Method: "POST", Path: fmt.Sprintf("/api/payroll/internal/business/%d/payrun/%d/approval/start", e.Biz, e.run), Key: key, Status: 409},
			{Name: "payment approval start", Method: "GET", Path: P + "/paymentapproval/start", Key: key, Status: 200},
			{Name: "payment approval twice", Method: "GET", Path: P + "/paymentapproval/start", Key: key, Status: 409},
			{Name: "export journal of a draft", Method: "POST", Path: P + "/exportjournal", Key: key, Status: 409},
			{Name: "ABA file of a draft", Method: "GET", Path: fmt.Sprintf("%s/file/aba/%d", P, e.aba), Key: key, Status: 409},
			{Name: "finalise", Method: "POST", Path: P + "/finalise", Key: key, Status: 200},
			{Name: "approval of a finalised run", Method: "GET", Path: P + "/paymentapproval/start", Key: key, Status: 409},
			{Name: "export journal", Method: "POST", Path: P + "/exportjournal", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["status"] != "Success" || m["journalSource"] != "None" || m["journalExternalReferenceId"] == "" {
					t.Fatalf("export %v", m)
				}
			}},
			{Name: "export journal twice", Method: "POST", Path: P + "/exportjournal", Key: key, Status: 409},
			{Name: "unlock", Method: "POST", Path: P + "/unlock", Key: key, Body: map[string]any{"comments": "fix"}, Status: 200},
			{Name: "export journal of the unlocked run", Method: "POST", Path: P + "/exportjournal", Key: key, Status: 409},
			{Name: "finalise again", Method: "POST", Path: P + "/finalise", Key: key, Status: 200},
			{Name: "export the new finalisation", Method: "POST", Path: P + "/exportjournal", Key: key, Status: 200},
		})
		fresh := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-27T00:00:00"}).Expect(t, 200).Map(t)
		FP := fmt.Sprintf("%s/payrun/%d", B, int64(num(t, fresh["id"])))
		e.Do("POST", FP+"/finalise", key, nil).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "internal approval of a finalised run", Method: "POST", Path: fmt.Sprintf("/api/payroll/internal/business/%d/payrun/%d/approval/start", e.Biz, int64(num(t, fresh["id"]))), Key: key, Status: 409},
		})

		var files []map[string]any
		e.Do("GET", P+"/paymentfiles", key, nil).Expect(t, 200).JSON(t, &files)
		if len(files) != 1 || int64(num(t, files[0]["id"])) != e.aba || files[0]["settings"] != "aba" || files[0]["path"] != fmt.Sprintf("%s/file/aba/%d", P, e.aba) {
			t.Fatalf("payment files %v", files)
		}
		// ABA file: Ann's, Bob's and Dan's electronic payments, balanced trailer, same bytes again.
		aba := e.Do("GET", fmt.Sprintf("%s/file/aba/%d", P, e.aba), key, nil).Expect(t, 200)
		recs := strings.Split(strings.TrimRight(string(aba.Body), "\r\n"), "\r\n")
		var credits1, n1 int64
		for _, r := range recs {
			if len(r) != 120 {
				t.Fatalf("ABA record of %d characters: %q", len(r), r)
			}
			if r[0] == '1' {
				n1++
				c, _ := strconv.ParseInt(r[20:30], 10, 64)
				credits1 += c
			}
		}
		trailer := recs[len(recs)-1]
		credit7, _ := strconv.ParseInt(trailer[30:40], 10, 64)
		if recs[0][0] != '0' || trailer[0] != '7' || n1 != 4 || credits1 != paid[e.ann]+paid[e.bob]+danAccount || credit7 != credits1 {
			t.Fatalf("ABA: %d detail records, credits %d, trailer %d, want %d:\n%s", n1, credits1, credit7, paid[e.ann]+paid[e.bob]+danAccount, aba.Body)
		}
		if again := e.Do("GET", fmt.Sprintf("%s/file/bankpayment/%d", P, e.aba), key, nil).Expect(t, 200); !bytes.Equal(again.Body, aba.Body) {
			t.Fatal("the bank payment file of the ABA settings differs from the ABA file")
		}

		// Tenancy, authentication, absent ids.
		var cases []testkit.Case
		for _, op := range []struct{ method, path string }{
			{"GET", "/payments"}, {"GET", "/warnings"}, {"GET", fmt.Sprintf("/file/payslip/%d", e.ann)}, {"GET", fmt.Sprintf("/file/aba/%d", e.aba)},
			{"GET", fmt.Sprintf("/file/bankpayment/%d", e.aba)}, {"GET", fmt.Sprintf("/payslips/%d/explain", e.ann)},
			{"POST", "/exportjournal"}, {"POST", "/approval/start"}, {"GET", "/paymentapproval/start"}, {"GET", "/paymentfiles"},
		} {
			cases = append(cases,
				testkit.Case{Name: op.method + op.path + " anonymous", Method: op.method, Path: P + op.path, Status: 401},
				testkit.Case{Name: op.method + op.path + " other tenant", Method: op.method, Path: P + op.path, Key: e.OtherKey, Status: 404},
				testkit.Case{Name: op.method + op.path + " via other business", Method: op.method, Path: OP + op.path, Key: e.OtherKey, Status: 404},
				testkit.Case{Name: op.method + op.path + " missing run", Method: op.method, Path: B + "/payrun/999999" + op.path, Key: key, Status: 404})
		}
		cases = append(cases,
			testkit.Case{Name: "journal anonymous", Method: "GET", Path: fmt.Sprintf("%s/journal/%d", B, e.run), Status: 401},
			testkit.Case{Name: "journal via other business", Method: "GET", Path: fmt.Sprintf("%s/journal/%d", e.OtherB, e.run), Key: e.OtherKey, Status: 404},
			testkit.Case{Name: "internal approval via other business", Method: "POST", Path: fmt.Sprintf("/api/payroll/internal/business/%d/payrun/%d/approval/start", e.Other, e.run), Key: e.OtherKey, Status: 404},
			testkit.Case{Name: "internal approval anonymous", Method: "POST", Path: fmt.Sprintf("/api/payroll/internal/business/%d/payrun/%d/approval/start", e.Biz, e.run), Status: 401},
			testkit.Case{Name: "unknown ABA settings", Method: "GET", Path: P + "/file/aba/999999", Key: key, Status: 404},
			testkit.Case{Name: "unknown payment file", Method: "GET", Path: P + "/file/bankpayment/999999", Key: key, Status: 404},
			testkit.Case{Name: "payslip PDF of an employee not in the run", Method: "GET", Path: P + "/file/payslip/999999", Key: key, Status: 404},
			testkit.Case{Name: "explain an employee not in the run", Method: "GET", Path: P + "/payslips/999999/explain", Key: key, Status: 404},
		)
		e.RunCases(t, cases)
	})
}

// pdfText is the PDF's text by pdftotext, "" when poppler is not installed.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Log("pdftotext not installed: the payslip's text is not checked")
		return ""
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "p.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// thousands formats minor units as the payslip prints them: 1,234.56.
func thousands(minor int64) string {
	s := payroll.MoneyFromMinor(minor).StringFixed(2)
	for i := len(s) - 6; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// regionRun makes an employee of region paid by their employee record's
// account, a draft run of a schedule of freq paying them, and returns the run's path
// and what it pays them.
func regionRun(t *testing.T, b *testkit.Bundle, B, region, freq, ending string, extra map[string]any) (string, int64, int64) {
	b.Do("POST", B+"/paycategory", b.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
	b.Do("POST", B+"/location", b.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
	sched := int64(num(t, b.Do("POST", B+"/payschedule", b.Key, map[string]any{"name": freq, "frequency": freq}).Expect(t, 200).Map(t)["id"]))
	m := baseMembers(region, "Uma", freq)
	m["rate"], m["rateUnit"] = 30, "Hourly"
	for k, v := range extra {
		m[k] = v
	}
	r := b.Do("POST", B+"/employee/unstructured?matchType=None", b.Key, m).Expect(t, 200).Map(t)
	if r["status"] != "Active" {
		t.Fatalf("%s employee %v", region, r)
	}
	emp := int64(num(t, r["id"]))
	run := b.Do("POST", B+"/payrun", b.Key, map[string]any{"payScheduleId": sched, "payPeriodEnding": ending}).Expect(t, 200).Map(t)
	P := fmt.Sprintf("%s/payrun/%d", B, int64(num(t, run["id"])))
	tot := b.Do("GET", fmt.Sprintf("%s/totals/%d", P, emp), b.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(emp)].(map[string]any)
	if tot["warning"] != "" {
		t.Fatalf("%s pay not calculated: %v", region, tot)
	}
	return P, emp, cents(t, tot["netEarnings"]) + cents(t, tot["totalEmployeeExpenses"])
}

func TestPayRunBankFilesUKAndSG(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "UK")
		key := b.Key

		// UK: Bacs Standard 18 with the BACS settings record.
		P, uma, paid := regionRun(t, b, b.B, "UK", "Weekly", "2026-11-20T00:00:00", map[string]any{"taxCode": "1257L", "nationalInsuranceCategory": "A"})
		bacs := int64(num(t, b.Do("POST", b.B+"/bacs", key, map[string]any{"fileFormat": "Standard", "serviceUserNumber": "123456", "sortCode": "20-00-00",
			"accountNumber": "55779911", "accountName": "Alice UK", "lodgementReference": "ALICE SALARY"}).Expect(t, 200).Map(t)["id"]))
		hsbc := int64(num(t, b.Do("POST", b.B+"/bacs", key, map[string]any{"fileFormat": "Hsbc", "sortCode": "40-00-00",
			"accountNumber": "11223344", "accountName": "Alice UK HSBC"}).Expect(t, 200).Map(t)["id"]))
		var warns []map[string]any
		b.Do("GET", P+"/warnings", key, nil).Expect(t, 200).JSON(t, &warns)
		if len(warns) != 1 || warns[0]["warningType"] != "NINOUnknown" || int64(num(t, warns[0]["employeeId"])) != uma {
			t.Fatalf("UK warnings %v", warns)
		}
		b.RunCases(t, []testkit.Case{
			{Name: "BACS file of a draft", Method: "GET", Path: fmt.Sprintf("%s/file/bankpayment/%d", P, bacs), Key: key, Status: 409},
			{Name: "finalise", Method: "POST", Path: P + "/finalise", Key: key, Status: 200},
			{Name: "a format not written", Method: "GET", Path: fmt.Sprintf("%s/file/bankpayment/%d", P, hsbc), Key: key, Status: 400, Field: "fileFormat"},
			{Name: "ABA path in the UK", Method: "GET", Path: fmt.Sprintf("%s/file/aba/%d", P, bacs), Key: key, Status: 404},
		})
		var files []map[string]any
		b.Do("GET", P+"/paymentfiles", key, nil).Expect(t, 200).JSON(t, &files)
		if len(files) != 2 || int64(num(t, files[0]["id"])) != bacs || files[0]["supported"] != true || files[1]["supported"] != false ||
			files[0]["path"] != fmt.Sprintf("%s/file/bankpayment/%d", P, bacs) {
			t.Fatalf("payment files %v", files)
		}
		f := b.Do("GET", fmt.Sprintf("%s/file/bankpayment/%d", P, bacs), key, nil).Expect(t, 200)
		recs := strings.Split(strings.TrimRight(string(f.Body), "\r\n"), "\r\n")
		if len(recs) != 2 {
			t.Fatalf("BACS records %q", f.Body)
		}
		credit, contra := recs[0], recs[1]
		amount, _ := strconv.ParseInt(credit[35:46], 10, 64)
		total, _ := strconv.ParseInt(contra[35:46], 10, 64)
		if len(credit) != 106 || credit[:14] != "12345612345678" || credit[15:17] != "99" || amount != paid || contra[15:17] != "17" || total != paid ||
			!strings.Contains(credit, "ALICE SALARY") || !strings.HasSuffix(credit, " 26324") {
			t.Fatalf("BACS file, want %d paid on day 324 of 2026:\n%s", paid, f.Body)
		}

		// UK journal: PAYE and NI post to the default liability account;
		// exported to the business's journal service, once, under races.
		acct := func(code, typ string) int64 {
			return int64(num(t, b.Do("POST", b.B+"/accounts", key, map[string]any{"accountCode": code, "accountName": code, "accountType": typ}).Expect(t, 200).Map(t)["id"]))
		}
		b.Do("POST", b.B+"/chartofaccounts", key, map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": acct("1000", "Asset"),
			"defaultExpenseAccountId": acct("6000", "Expense"), "defaultLiabilityAccountId": acct("2000", "Liability")}}).Expect(t, 200)
		var items []map[string]any
		b.Do("GET", fmt.Sprintf("%s/journal/%d", b.B, lastID(t, P)), key, nil).Expect(t, 200).JSON(t, &items)
		var sum int64
		types := map[string]int64{}
		for _, it := range items {
			sum += cents(t, it["amount"])
			types[it["journalItemType"].(string)] += cents(t, it["amount"])
		}
		umaTot := b.Do("GET", fmt.Sprintf("%s/totals/%d", P, uma), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(uma)].(map[string]any)
		if sum != 0 || types["PayeLiability"] != -cents(t, umaTot["payeWithheld"]) || types["EmployeeNationalInsuranceLiability"] != -cents(t, umaTot["employeeNationalInsuranceContribution"]) ||
			types["NationalInsuranceExpense"] != cents(t, umaTot["employerNationalInsuranceContribution"]) || types["Asset"] != -paid {
			t.Fatalf("UK journal %v, totals %v", types, umaTot)
		}
		b.Do("PUT", b.B+"/accounts/journalservice", key, map[string]any{"journalService": "xero"}).Expect(t, 200)
		statuses := make(chan int, 6)
		var wg sync.WaitGroup
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := b.Do("POST", P+"/exportjournal", key, nil)
				if r.Status == 200 && r.Map(t)["journalSource"] != "Xero" {
					t.Errorf("export %s", r.Body)
				}
				statuses <- r.Status
			}()
		}
		wg.Wait()
		close(statuses)
		n := map[int]int{}
		for st := range statuses {
			n[st]++
		}
		if n[200] != 1 || n[409] != 5 {
			t.Fatalf("6 concurrent exports: %v, want one 200 and five 409", n)
		}

		// UK explain and payslip PDF.
		ex := b.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, uma), key, nil).Expect(t, 200).Map(t)
		figs := map[string]any{}
		for _, f := range ex["figures"].([]any) {
			figs[f.(map[string]any)["code"].(string)] = f.(map[string]any)["amount"]
		}
		if ex["matchesPaySlip"] != true || figs["paye"] == nil || cents(t, figs["paye"]) != cents(t, umaTot["payeWithheld"]) ||
			figs["ni.employee"] == nil || cents(t, figs["ni.employee"]) != cents(t, umaTot["employeeNationalInsuranceContribution"]) ||
			ex["inputs"].(map[string]any)["uk"] == nil {
			t.Fatalf("UK explain %v", ex)
		}
		pdf := b.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, uma), key, nil).Expect(t, 200)
		if text := pdfText(t, pdf.Body); text != "" && (!strings.Contains(text, "£"+thousands(paid)) || !strings.Contains(text, "Employee National Insurance")) {
			t.Fatalf("UK payslip text (net £%s):\n%s", thousands(paid), text)
		}

		// SG: DBS IDEAL GIRO with the payment file record.
		_, sgB := b.AddBusiness("Alice SG", "SG")
		SP, olive, sgPaid := regionRun(t, b, sgB, "SG", "Monthly", "2026-11-30T00:00:00", map[string]any{"bankAccount1_BankSwift": "OCBCSGSGXXX", "bankAccount1_AccountNumber": "5012345678",
			"nationalRegistrationIdentityNumber": "S1234567D", "legalStatus": "Citizen"})
		dbs := int64(num(t, b.Do("POST", sgB+"/paymentfiles", key, map[string]any{"fileFormat": "DBS", "accountNumber": "0259001103",
			"accountName": "Alice SG Pte Ltd", "paymentCode": "ALICESG1", "bulkCustomerReference": "NOV SALARY"}).Expect(t, 200).Map(t)["id"]))
		uob := int64(num(t, b.Do("POST", sgB+"/paymentfiles", key, map[string]any{"fileFormat": "UOB", "accountNumber": "1234567890",
			"accountName": "Alice SG UOB"}).Expect(t, 200).Map(t)["id"]))
		b.Do("POST", SP+"/finalise", key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, b.Do("GET", fmt.Sprintf("%s/file/bankpayment/%d", SP, uob), key, nil), 400, "fileFormat")
		g := b.Do("GET", fmt.Sprintf("%s/file/bankpayment/%d", SP, dbs), key, nil).Expect(t, 200)
		recs = strings.Split(string(g.Body), "\r\n")
		if len(recs) != 3 {
			t.Fatalf("GIRO records: %d", len(recs))
		}
		detail := recs[1]
		amount, _ = strconv.ParseInt(detail[253:264], 10, 64)
		if len(detail) != 1000 || !strings.HasPrefix(detail, "22") || !strings.HasSuffix(detail, "10") || amount != sgPaid ||
			!strings.Contains(detail, "OCBCSGSGXXX") || !strings.Contains(recs[0], "ALICESG1") {
			t.Fatalf("GIRO detail (want %d paid): %q", sgPaid, detail)
		}
		if again := b.Do("GET", fmt.Sprintf("%s/file/bankpayment/%d", SP, dbs), key, nil).Expect(t, 200); !bytes.Equal(again.Body, g.Body) {
			t.Fatal("the GIRO file changed between downloads")
		}
		ex = b.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", SP, olive), key, nil).Expect(t, 200).Map(t)
		sgTot := b.Do("GET", fmt.Sprintf("%s/totals/%d", SP, olive), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(olive)].(map[string]any)
		cpf := map[string]int64{}
		for _, f := range ex["figures"].([]any) {
			m := f.(map[string]any)
			cpf[m["code"].(string)] = cents(t, m["amount"])
		}
		if ex["matchesPaySlip"] != true || cpf["cpf.employee"] == 0 || cpf["cpf.employee"] != cents(t, sgTot["cpfEmployeeContributionAmount"]) ||
			cpf["cpf.employer"] != cents(t, sgTot["cpfEmployerContributionAmount"]) {
			t.Fatalf("SG explain %v, totals %v", ex, sgTot)
		}
		// Another business's settings record is not found.
		testkit.ExpectProblem(t, b.Do("GET", fmt.Sprintf("%s/file/bankpayment/%d", SP, bacs), key, nil), 404, "")
	})
}

// lastID is the pay run id at the end of a run path.
func lastID(t *testing.T, P string) int64 {
	id, err := strconv.ParseInt(P[strings.LastIndex(P, "/")+1:], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
