package filing_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestCPFSubmission: a month's CPF contribution submission file is built
// from the month's finalised SG run, checked against the layout written
// down in docs/reference/sg-cpf-submission.md (cpf.Parse) and reconciled to
// the run's totals to the cent; it is recorded as a filing, served, sent to
// the outbox, and a request it cannot honour stores nothing.
func TestCPFSubmission(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		dir := t.TempDir()
		b := testkit.NewBundle(t, d, "SG", testkit.Options{Config: func(c *config.Config) { c.FilingOutboxDir = dir }})
		key, B := b.Key, b.B
		id := func(r *testkit.Response) int64 {
			var v struct{ ID int64 }
			r.Expect(t, 200).JSON(t, &v)
			return v.ID
		}
		id(b.Do("POST", B+"/paycategory", key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}))
		id(b.Do("POST", B+"/location", key, map[string]any{"name": "Head office"}))
		sched := id(b.Do("POST", B+"/payschedule", key, map[string]any{"name": "Monthly", "frequency": "Monthly"}))
		type person struct {
			first, dob, nric, status string
			rate                     int64 // monthly, dollars
			id                       int64
		}
		people := []*person{
			{first: "Mei", dob: "1990-02-03T00:00:00", nric: "S9012345I", rate: 5000},
			{first: "Lim", dob: "1963-02-03T00:00:00", nric: "S6312345E", rate: 5000},
			{first: "Raj", dob: "1985-02-03T00:00:00", nric: "S8512345I", rate: 10000},
			{first: "Ana", dob: "1992-02-03T00:00:00", nric: "G1234567X", status: "Foreigner", rate: 3000}, // a FIN: no CPF; the SDL applies
		}
		for _, p := range people {
			if p.status == "" {
				p.status = "Citizen"
			}
			p.id = id(b.Do("POST", B+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": p.first, "surname": "Tan",
				"dateOfBirth": p.dob, "startDate": "2024-01-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Monthly",
				"primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office", "hoursPerWeek": 40, "residentialStreetAddress": "1 Orchard Rd",
				"residentialPostCode": "238801", "bankAccount1_BankSwift": "OCBCSGSGXXX", "bankAccount1_AccountNumber": "5012345678",
				"bankAccount1_AccountName": p.first, "bankAccount1_AllocatedPercentage": 100, "nationalRegistrationIdentityNumber": p.nric,
				"legalStatus": p.status, "rate": p.rate, "rateUnit": "Monthly"}))
		}
		run := id(b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-30T00:00:00"}))
		P := fmt.Sprintf("%s/payrun/%d", B, run)
		F := B + "/filing/cpfsubmission"
		ok := map[string]any{"month": "2026-11", "csn": "201912345k-PTE-01", "adviceCode": "01"}
		with := func(k string, v any) map[string]any {
			m := map[string]any{}
			for a, b := range ok {
				m[a] = b
			}
			m[k] = v
			return m
		}
		stored := func(want int64) {
			t.Helper()
			var p filing.Page
			b.Do("GET", B+"/filing", key, nil).Expect(t, 200).JSON(t, &p)
			if p.ItemCount != want {
				t.Fatalf("filings stored = %d, want %d", p.ItemCount, want)
			}
		}
		// The run is a draft: nothing to submit.
		b.Do("POST", F, key, ok).Expect(t, 409)
		b.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		_, auB := b.AddBusiness("Alice AU", "AU")
		for _, c := range []struct {
			name   string
			path   string
			who    string
			body   map[string]any
			status int
		}{
			{"a month that is not yyyy-MM", F, key, with("month", "2026-13"), 400},
			{"a CSN that is not UEN + type + serial", F, key, with("csn", "201912345K"), 400},
			{"a voluntary-contribution CSN", F, key, with("csn", "201912345KVCT01"), 400},
			{"advice code 00", F, key, with("adviceCode", "00"), 400},
			{"advice code of one digit", F, key, with("adviceCode", "1"), 400},
			{"a month without a finalised run", F, key, with("month", "2026-10"), 409},
			{"another region", auB + "/filing/cpfsubmission", key, ok, 400},
			{"another tenant", F, b.OtherKey, ok, 404},
		} {
			if r := b.Do("POST", c.path, c.who, c.body); r.Status != c.status {
				t.Errorf("%s: status %d, want %d: %s", c.name, r.Status, c.status, r.Body)
			}
		}
		stored(0)

		var f filing.Filing
		b.Do("POST", F, key, ok).Expect(t, 200).JSON(t, &f)
		// The file's name: CSN, month paid as MMMYYYY, advice code, .DTL.
		if f.Kind != filing.KindCPFSubmission || f.State != filing.StatePending || f.PayRunID != 0 || f.Finalisation != 1 ||
			f.SubmissionID != "201912345KPTE01NOV202601.DTL" {
			t.Fatalf("filing %+v", f)
		}
		r := b.Do("GET", fmt.Sprintf("%s/filing/%d/document", B, f.ID), key, nil).Expect(t, 200)
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
			t.Fatalf("content type %q", ct)
		}
		text := string(r.Body)
		got, errs := cpf.Parse(text)
		if len(errs) > 0 {
			t.Fatalf("the file against docs/reference/sg-cpf-submission.md: %v\n%s", errs, text)
		}
		// By hand (payroll-rules-2026-27.md §4, 2026 rates; rounding: total
		// to the dollar, the employee's share with its cents dropped):
		// Mei, 36, $5,000: 37% = 1,850.00 (employee 20% = 1,000.00).
		// Lim, 63, $5,000: above 60 to 65, 25% = 1,250.00 (12.5% = 625.00).
		// Raj, 41, $10,000: OW capped at $8,000, 37% = 2,960.00.
		// CPF summary (01) = 1,850 + 1,250 + 2,960 = 6,060.00.
		// Ana, a foreigner, pays no CPF: no detail; her SDL still counts.
		// SDL (11): 0.25% of the first $4,500 of each one's pay = 3 x 11.25
		// + 0.25% x 3,000 = 33.75 + 7.50 = 41.25.
		// Trailer: 6,101.25; records: header, 2 summaries, 3 details, trailer.
		want := map[string]int64{cpf.CodeCPF: 606000, cpf.CodeSDL: 4125}
		if len(got.Summaries) != 2 || got.Summaries[cpf.CodeCPF] != want[cpf.CodeCPF] || got.Summaries[cpf.CodeSDL] != want[cpf.CodeSDL] ||
			got.Total != 610125 || got.Records != 7 || len(got.Details) != 3 || got.CSN != "201912345KPTE01" || got.AdviceCode != "01" ||
			got.Created != "20261102170000" { // the test clock, 2 Nov 2026 09:00 UTC, is 17:00 in Singapore
			t.Fatalf("parsed %+v", got)
		}
		wantDetail := map[string][3]int64{"S9012345I": {185000, 500000, 0}, "S6312345E": {125000, 500000, 0}, "S8512345I": {296000, 800000, 0}}
		for _, dt := range got.Details {
			w, ok := wantDetail[dt.AccountNumber]
			if !ok || dt.Amount != w[0] || dt.Ordinary != w[1] || dt.Additional != w[2] || dt.Status != 'E' || dt.Month != "202611" ||
				!strings.HasSuffix(dt.Name, " TAN") {
				t.Errorf("detail %+v, want %v", dt, w)
			}
		}
		// One record in full, by the note's columns: F, 1, UEN (10), PTE,
		// 01, blank, advice 01, month 202611, code 01, account (9), amount
		// 9(10)V99, OW 9(8)V99, AW 9(8)V99, status, name (66), 14 blanks.
		mei := "F1201912345KPTE01 01" + "20261101" + "S9012345I" + "000000185000" + "0000500000" + "0000000000" + "E" +
			fmt.Sprintf("%-66s", "MEI TAN") + strings.Repeat(" ", 14)
		if !strings.Contains(text, mei+"\r\n") {
			t.Fatalf("Mei's detail record is not\n%q\nin\n%s", mei, text)
		}

		// Reconciles to the run's totals to the cent: each detail is the
		// employee's and employer's shares, the SDL summary the run's levy.
		var totals struct {
			PayRunTotals map[string]struct {
				CpfEE payroll.Money `json:"cpfEmployeeContributionAmount"`
				CpfER payroll.Money `json:"cpfEmployerContributionAmount"`
				SDL   payroll.Money `json:"sdlContributionAmount"`
			} `json:"payRunTotals"`
		}
		b.Do("GET", P+"/totals", key, nil).Expect(t, 200).JSON(t, &totals)
		var cpfSum, sdl payroll.Money
		for _, p := range people {
			tot := totals.PayRunTotals[fmt.Sprint(p.id)]
			cpfSum = cpfSum.Add(tot.CpfEE).Add(tot.CpfER)
			sdl = sdl.Add(tot.SDL)
			var detail int64
			for _, dt := range got.Details {
				if dt.AccountNumber == p.nric {
					detail = dt.Amount
				}
			}
			if !payroll.MoneyFromMinor(detail).Equal(tot.CpfEE.Add(tot.CpfER)) {
				t.Errorf("%s: detail %d cents, the run's shares %s + %s", p.first, detail, tot.CpfEE, tot.CpfER)
			}
		}
		if !payroll.MoneyFromMinor(got.Summaries[cpf.CodeCPF]).Equal(cpfSum) || !payroll.MoneyFromMinor(got.Summaries[cpf.CodeSDL]).Equal(sdl) {
			t.Fatalf("summaries %v, the run's CPF %s and SDL %s", got.Summaries, cpfSum, sdl)
		}

		// Sent to the outbox under its own name; a second submission of the
		// month is number 2.
		if err := b.Filings.Transmit(t.Context(), b.Biz, f.ID); err != nil {
			t.Fatal(err)
		}
		if sent, err := os.ReadFile(filepath.Join(dir, "201912345KPTE01NOV202601.DTL")); err != nil || string(sent) != text {
			t.Fatalf("outbox: %v", err)
		}
		// The month's advice code 01 is taken: 409, nothing stored.
		testkit.ExpectProblem(t, b.Do("POST", F, key, ok), 409, "")
		stored(1)
		var f2 filing.Filing
		b.Do("POST", F, key, with("adviceCode", "02")).Expect(t, 200).JSON(t, &f2)
		if f2.Finalisation != 2 || f2.SubmissionID != "201912345KPTE01NOV202602.DTL" {
			t.Fatalf("second submission %+v", f2)
		}
		var p filing.Page
		b.Do("GET", B+"/filing?kind=CPF%20contribution%20submission&state=Submitted", key, nil).Expect(t, 200).JSON(t, &p)
		if p.ItemCount != 1 || p.Items[0].ID != f.ID {
			t.Fatalf("list %+v", p)
		}
		b.Do("GET", fmt.Sprintf("%s/filing/%d/document", b.OtherB, f.ID), b.OtherKey, nil).Expect(t, 404)

		// Voluntary CPF belongs under another CSN: a month whose runs have
		// any is refused and nothing is stored.
		b.Do("POST", P+"/unlock", key, map[string]any{"comments": "voluntary CPF"}).Expect(t, 200)
		b.Do("POST", P+"/voluntarycpf", key, map[string]any{"voluntaryCpf": map[string]any{fmt.Sprint(people[0].id): []any{
			map[string]any{"amount": 10, "contributionType": "Employer"}}}}).Expect(t, 200)
		b.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, b.Do("POST", F, key, with("adviceCode", "03")), 409, "")
		stored(2)
	})
}
