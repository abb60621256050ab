package ukapi_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/uk/rti"
)

// TestUKFormsFPS: the FPS of the second of two finalised weekly runs of
// £500 (1257L week 1/month 1, NI A): this payment's tax £51.60 and NI
// £20.64, to date £1,000 taxable, £103.20 tax, NI bands 2 × (129, 113,
// 258) (figures as TestUKFormsP45AndP60); the employer's NI of the period
// 15% × (500 − 96, the weekly secondary threshold) = 60.60. The document
// is a GovTalk message in the 2026-27 namespace whose IRmark an
// independent recomputation (testdata/irmark.py, Python's C14N) agrees
// with; stored and fetched again by its transaction id.
func TestUKFormsFPS(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		e.Do("PUT", e.B+"/hmrcsettings", key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456", "accountsOfficeReference": "123PX00123456",
			"rtiUserId": "ISV123", "rtiPassword": "secret-pw", "rtiTestMode": true}).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.emp), key, map[string]any{"taxCalculationMethod": "NonCumulative",
			"studentLoanType": "Plan2", "nationalInsuranceNumber": "AB123456C", "payrollId": "W-17", "gender": "Female", "taxCode": "1257L W1",
			"surname": "O'Leary & Co"}).Expect(t, 200)
		var runs []any
		for _, day := range []string{"2026-07-01", "2026-07-08"} {
			run := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": day + "T00:00:00", "datePaid": day + "T00:00:00"}).Expect(t, 200).Map(t)["id"]
			runs = append(runs, run)
		}
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, runs[0]), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/report/fps", key, map[string]any{"payRunId": runs[1]}), 409, "")
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, runs[1]), key, nil).Expect(t, 200)
		// Olive has no gender on record: an FPS cannot report her.
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/report/fps", key, map[string]any{"payRunId": runs[1]}), 409, "")
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.other), key, map[string]any{"gender": "M"}).Expect(t, 200)

		fps := e.Do("POST", e.B+"/report/fps", key, map[string]any{"payRunId": runs[1]}).Expect(t, 200).Map(t)
		if fps["relatedTaxYear"] != "26-27" || len(fps["transactionId"].(string)) != 32 ||
			fps["namespace"] != "http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/26-27/1" || len(fps["irmark"].(string)) != 28 {
			t.Fatalf("fps %v", fps)
		}
		emps := fps["employees"].([]any)
		if len(emps) != 2 {
			t.Fatalf("fps employees %v", emps)
		}
		var mary map[string]any
		for _, x := range emps {
			if m := x.(map[string]any); m["employeeId"] == float64(e.emp) {
				mary = m
			}
		}
		pay, td := mary["payment"].(map[string]any), mary["figuresToDate"].(map[string]any)
		if pay["payFreq"] != "W1" || pay["weekNo"] != 14.0 || pay["taxDeductedOrRefunded"] != 51.6 || pay["taxablePay"] != 500.0 ||
			pay["taxCode"].(map[string]any)["basisNonCumulative"] != "yes" || pay["taxCode"].(map[string]any)["taxRegime"] != "" ||
			pay["taxCode"].(map[string]any)["code"] != "1257L" || pay["studentLoanPlan"] != "02" || pay["hoursWorked"] != "D" {
			t.Errorf("fps payment %v", pay)
		}
		if td["taxablePay"] != 1000.0 || td["totalTax"] != 103.2 || mary["payId"] != "W-17" || mary["nino"] != "AB123456C" {
			t.Errorf("fps to date %v %v", td, mary)
		}
		ni := mary["niLettersAndValues"].([]any)[0].(map[string]any)
		want := map[string]any{"niLetter": "A", "grossEarningsForNICsInPd": 500.0, "grossEarningsForNICsYTD": 1000.0, "atLELYTD": 258.0,
			"lelToPTYTD": 226.0, "ptToUELYTD": 516.0, "empeeContribnsInPd": 20.64, "empeeContribnsYTD": 41.28, "totalEmpNICInPd": 60.6, "totalEmpNICYTD": 121.2}
		for k, v := range want {
			if ni[k] != v {
				t.Errorf("fps NI %s = %v, want %v", k, ni[k], v)
			}
		}
		tx := fps["transactionId"].(string)
		x := e.Do("GET", e.B+"/report/fps/xml/"+tx, key, nil).Expect(t, 200)
		for _, want := range []string{`<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope">`, "<Class>HMRC-PAYE-RTI-FPS</Class>",
			"<TransactionID>" + tx + "</TransactionID>", `<IRenvelope xmlns="` + fps["namespace"].(string) + `">`,
			`<IRmark Type="generic">` + fps["irmark"].(string) + `</IRmark>`, "<Sur>O&#39;Leary &amp; Co</Sur>", "<Gender>F</Gender>",
			"<BirthDate>1990-02-03</BirthDate>", `<TaxCode BasisNonCumulative="yes">1257L</TaxCode>`, "<HoursWorked>D</HoursWorked>",
			"<AtLELYTD>258.00</AtLELYTD>", "<TotalEmpNICInPd>60.60</TotalEmpNICInPd>", `<StudentLoanRecovered PlanType="02">`,
			"<SenderID>ISV123</SenderID>", "<GatewayTest>1</GatewayTest>", `<Key Type="TaxOfficeReference">AB456</Key>`, "<AORef>123PX00123456</AORef>"} {
			if !bytes.Contains(x.Body, []byte(want)) {
				t.Errorf("fps xml lacks %s", want)
			}
		}
		if x.Header.Get("Content-Type") != "application/xml" || bytes.Contains(x.Body, []byte("secret-pw")) {
			t.Fatalf("fps xml %s", x.Body)
		}
		if err := rti.ValidateFPS(x.Body); err != nil {
			t.Errorf("the FPS does not pass the structure check: %v", err)
		}
		// The FPS reconciles to the run's totals to the cent: taxable pay,
		// tax, employee and employer NI of the period, net pay. (Pay after
		// statutory deductions is taxable pay less tax, employee NI and
		// loans: it equals net pay here only because these employees have
		// no voluntary deduction, no pension and no tax-free pay;
		// TestAuditUKFPSPayAfterStatutoryDeductions has one that differs.)
		var fx struct {
			Employees []struct {
				Taxable string   `xml:"Employment>Payment>TaxablePay"`
				Tax     string   `xml:"Employment>Payment>TaxDeductedOrRefunded"`
				Net     string   `xml:"Employment>Payment>PayAfterStatDedns"`
				EE      []string `xml:"Employment>NIlettersAndValues>EmpeeContribnsInPd"`
				ER      []string `xml:"Employment>NIlettersAndValues>TotalEmpNICInPd"`
			} `xml:"Body>IRenvelope>FullPaymentSubmission>Employee"`
		}
		if err := xml.Unmarshal(x.Body, &fx); err != nil {
			t.Fatal(err)
		}
		pence := func(s string) int64 {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("amount %q: %v", s, err)
			}
			return int64(math.Round(v * 100))
		}
		var inXML, inRun [5]int64
		for _, em := range fx.Employees {
			inXML[0], inXML[1], inXML[4] = inXML[0]+pence(em.Taxable), inXML[1]+pence(em.Tax), inXML[4]+pence(em.Net)
			for i := range em.EE {
				inXML[2], inXML[3] = inXML[2]+pence(em.EE[i]), inXML[3]+pence(em.ER[i])
			}
		}
		var tot struct {
			PayRunTotals map[string]map[string]any `json:"payRunTotals"`
		}
		e.Do("GET", fmt.Sprintf("%s/payrun/%v/totals", e.B, runs[1]), key, nil).Expect(t, 200).JSON(t, &tot)
		for _, r := range tot.PayRunTotals {
			for i, k := range []string{"taxableEarnings", "payeWithheld", "employeeNationalInsuranceContribution", "employerNationalInsuranceContribution", "netEarnings"} {
				inRun[i] += int64(math.Round(num(t, r[k]) * 100))
			}
		}
		if len(fx.Employees) != 2 || inXML != inRun {
			t.Errorf("FPS sums (taxable, tax, NI ee, NI er, net) %v, run totals %v", inXML, inRun)
		}
		// The IRmark as an independent implementation computes it.
		if py, err := exec.LookPath("python3"); err == nil {
			cmd := exec.Command(py, "../../uk/rti/testdata/irmark.py")
			cmd.Stdin = bytes.NewReader(x.Body)
			out, err := cmd.Output()
			if err != nil || strings.TrimSpace(string(out)) != fps["irmark"] {
				t.Errorf("independent IRmark %q (%v), document says %v", out, err, fps["irmark"])
			}
		}
		x2 := e.Do("POST", e.B+"/report/fps/fpsxml", key, map[string]any{"payRunId": runs[0]}).Expect(t, 200)
		if !bytes.Contains(x2.Body, []byte("<WeekNo>13</WeekNo>")) || !bytes.Contains(x2.Body, []byte("<TaxablePay>500.00</TaxablePay>")) {
			t.Fatalf("fps xml run 1 %s", x2.Body)
		}
		_, auB := e.AddBusiness("Alice AU", "AU")
		e.RunCases(t, []testkit.Case{
			{Name: "fps no run", Method: "POST", Path: e.B + "/report/fps", Key: key, Body: map[string]any{}, Status: 400, Field: "payRunId"},
			{Name: "fps unknown run", Method: "POST", Path: e.B + "/report/fps", Key: key, Body: map[string]any{"payRunId": 999999}, Status: 404},
			{Name: "fps other tenant's run", Method: "POST", Path: e.OtherB + "/report/fps", Key: e.OtherKey, Body: map[string]any{"payRunId": runs[1]}, Status: 404},
			{Name: "fps xml other tenant", Method: "GET", Path: e.OtherB + "/report/fps/xml/" + tx, Key: e.OtherKey, Status: 404},
			{Name: "fps xml unknown", Method: "GET", Path: e.B + "/report/fps/xml/ABC", Key: key, Status: 404},
			{Name: "fps anonymous", Method: "POST", Path: e.B + "/report/fps", Body: map[string]any{"payRunId": runs[1]}, Status: 401},
			{Name: "fps outside the UK", Method: "POST", Path: auB + "/report/fps", Key: key, Body: map[string]any{"payRunId": runs[1]}, Status: 400},
		})
	})
}
