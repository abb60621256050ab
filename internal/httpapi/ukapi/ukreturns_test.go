package ukapi_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// returnsEnv is newEnv's UK business with three finalised weekly runs in
// 2026/27, paid 1 July (tax month 3: 6 June to 5 July), 8 and 15 July
// (tax month 4), each paying Mary and Olive £500 on 1257L week 1/month 1,
// NI A. Per employee and week (payroll-rules-2026-27.md, as
// TestUKFormsP45AndP60): tax £51.60, employee NI 8% × (500 − PT 242) =
// £20.64, employer NI 15% × (500 − ST 96) = £60.60. So month 3: tax
// 103.20, employee NI 41.28, employer NI 121.20, pay bill 1,000; month 4
// twice that: 206.40, 82.56, 242.40, 2,000.
//
// HMRC settings: small employers' relief off, levy applies with an annual
// allowance of £24 (£2 a month accrues), accounts office reference
// 123PX00123456. Employment allowance 2026/27 claimed with £10,300 already
// used in an earlier payroll: £200 left of the year's £10,500.
func returnsEnv(t *testing.T, d *db.DB) *env {
	e := newEnv(t, d)
	for _, id := range []int64{e.emp, e.other} {
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, id), e.Key, map[string]any{"taxCalculationMethod": "NonCumulative"}).Expect(t, 200)
	}
	for _, day := range []string{"2026-07-01", "2026-07-08", "2026-07-15"} {
		run := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": day + "T00:00:00", "datePaid": day + "T00:00:00"}).Expect(t, 200).Map(t)["id"]
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), e.Key, nil).Expect(t, 200)
	}
	// A draft run paid in month 4 counts for nothing.
	e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-07-22T00:00:00", "datePaid": "2026-07-22T00:00:00"}).Expect(t, 200)
	e.Do("PUT", e.B+"/hmrcsettings", e.Key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456", "accountsOfficeReference": "123PX00123456",
		"businessName": "Alice Ltd", "requiredToPayApprenticeshipLevy": true, "apprenticeshipLevyAllowance": 24}).Expect(t, 200)
	e.Do("PUT", e.B+"/hmrcsettings/employmentallowance?financialYearEnding=2027", e.Key, map[string]any{"claimEmploymentAllowance": true,
		"stateAidRulesDoNotApply": true, "empAllowanceClaimedInPreviousPayrollPeriod": 10300}).Expect(t, 200)
	return e
}

func month(t *testing.T, p map[string]any, m int) map[string]any {
	t.Helper()
	months := p["months"].([]any)
	if len(months) != 12 {
		t.Fatalf("%d months", len(months))
	}
	return months[m-1].(map[string]any)
}

func expectMembers(t *testing.T, what string, got map[string]any, want map[string]any) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s %s = %v, want %v", what, k, got[k], v)
		}
	}
}

// TestUKReturnsP32: opening balances for month 1 (tax £300, employee NI
// £40, employer NI £50, SMP paid £1,000, pay bill £2,000), the runs of
// returnsEnv, then a payment for month 3 and adjustments for month 4.
//
// Employment allowance (£200 left): month 1 takes 50.00 (its employer
// NI), month 3 121.20, month 4 the remaining 28.80 although its employer
// NI is 242.40 (the cap is crossed in month 4); later months none.
// SMP recovery (not a small employer): 92% × 1,000 = 920.00 in month 1.
// Levy, cumulatively (0.5% of the pay bill to date − £2 × month, ≥ 0):
// month 1: 10.00 − 2.00 = 8.00 due to date, 8.00 this month; month 2:
// 10.00 − 4.00 = 6.00, −2.00; month 3: 15.00 − 6.00 = 9.00, 3.00; month 4:
// 25.00 − 8.00 = 17.00, 8.00; month 12: 25.00 − 24.00 = 1.00.
// Totals due: month 1 300 + 40 + 50 − 50 − 920 + 8 = −572.00; month 3
// 103.20 + 41.28 + 121.20 − 121.20 + 3.00 = 147.48; month 4 206.40 + 82.56
// + 242.40 − 28.80 + 8.00 = 510.56, then with the adjustments (tax −6.40,
// CIS suffered 4.16) 500.00.
func TestUKReturnsP32(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := returnsEnv(t, d)
		key := e.Key
		P := e.B + "/report/p32"
		ob := e.Do("PUT", P+"/openingbalancesadjustments?taxYear=2026", key, map[string]any{"months": []map[string]any{{"taxMonth": 1,
			"payeTax": 300, "employeeNI": 40, "employerNI": 50, "smpPaid": 1000, "payBill": 2000, "note": "old payroll"}}}).Expect(t, 200).Map(t)
		if ob["taxYearName"] != "2026/27" || month(t, ob, 1)["payeTax"] != 300.0 || month(t, ob, 2)["payeTax"] != 0.0 {
			t.Fatalf("opening balances %v", ob)
		}
		if got := e.Do("GET", P+"/openingbalancesadjustments", key, nil).Expect(t, 200).Map(t); month(t, got, 1)["smpPaid"] != 1000.0 || month(t, got, 1)["note"] != "old payroll" {
			t.Fatalf("opening balances read back %v", got)
		}

		p := e.Do("GET", P+"?taxYear=2026/27", key, nil).Expect(t, 200).Map(t)
		expectMembers(t, "p32", p, map[string]any{"taxYear": 2026.0, "employmentAllowanceClaimed": true, "employmentAllowanceAvailable": 200.0,
			"employmentAllowanceUsed": 200.0, "smallEmployer": false, "recoveryPercent": 92.0, "apprenticeshipLevyAllowance": 24.0,
			"accountsOfficeReference": "123PX00123456"})
		expectMembers(t, "month 1", month(t, p, 1), map[string]any{"payeTax": 300.0, "employerNI": 50.0, "statutoryPaymentsRecovered": 920.0,
			"nicCompensation": 0.0, "employmentAllowance": 50.0, "apprenticeshipLevy": 8.0, "totalDue": -572.0, "payRunCount": 0.0,
			"periodStart": "2026-04-06T00:00:00", "periodEnd": "2026-05-05T00:00:00"})
		expectMembers(t, "month 2", month(t, p, 2), map[string]any{"apprenticeshipLevy": -2.0, "apprenticeshipLevyYTD": 6.0, "totalDue": -2.0})
		expectMembers(t, "month 3", month(t, p, 3), map[string]any{"payRunCount": 1.0, "payeTax": 103.2, "employeeNI": 41.28, "employerNI": 121.2,
			"payBill": 1000.0, "employmentAllowance": 121.2, "apprenticeshipLevy": 3.0, "totalDue": 147.48})
		expectMembers(t, "month 4", month(t, p, 4), map[string]any{"payRunCount": 2.0, "payeTax": 206.4, "employeeNI": 82.56, "employerNI": 242.4,
			"employmentAllowance": 28.8, "apprenticeshipLevy": 8.0, "apprenticeshipLevyYTD": 17.0, "totalDue": 510.56, "outstanding": 510.56})
		expectMembers(t, "month 5", month(t, p, 5), map[string]any{"employmentAllowance": 0.0, "apprenticeshipLevyYTD": 15.0})
		expectMembers(t, "month 12", month(t, p, 12), map[string]any{"apprenticeshipLevyYTD": 1.0, "periodEnd": "2027-04-05T00:00:00"})

		// Payment for month 3, adjustments to month 4.
		p = e.Do("PUT", P, key, map[string]any{"adjustments": []map[string]any{
			{"taxMonth": 3, "paymentMade": 147.48, "paymentDate": "2026-07-20T00:00:00"},
			{"taxMonth": 4, "payeTax": -6.40, "cisDeductionsSuffered": 4.16, "note": "tax refund missed in run"}}}).Expect(t, 200).Map(t)
		expectMembers(t, "month 3 paid", month(t, p, 3), map[string]any{"paymentMade": 147.48, "outstanding": 0.0, "paymentDate": "2026-07-20T00:00:00"})
		expectMembers(t, "month 4 adjusted", month(t, p, 4), map[string]any{"payeTax": 200.0, "cisDeductionsSuffered": 4.16, "totalDue": 500.0,
			"outstanding": 500.0, "note": "tax refund missed in run"})
		if adj := month(t, p, 4)["adjustments"].(map[string]any); adj["payeTax"] != -6.4 {
			t.Errorf("adjustments %v", adj)
		}
		// A second PUT of month 3 replaces it (payment only, no date).
		p = e.Do("PUT", P, key, map[string]any{"adjustments": []map[string]any{{"taxMonth": 3, "paymentMade": 100}}}).Expect(t, 200).Map(t)
		expectMembers(t, "month 3 replaced", month(t, p, 3), map[string]any{"paymentMade": 100.0, "outstanding": 47.48, "paymentDate": nil})

		lv := e.Do("GET", P+"/apprenticeshiplevy", key, nil).Expect(t, 200).Map(t)
		expectMembers(t, "levy", lv, map[string]any{"applies": true, "levyPercent": 0.5, "annualAllowance": 24.0})
		expectMembers(t, "levy month 4", month(t, lv, 4), map[string]any{"payBill": 2000.0, "payBillYTD": 5000.0, "levyOnPayBillYTD": 25.0,
			"allowanceYTD": 8.0, "levyDueYTD": 17.0, "levyDueThisMonth": 8.0})

		cis := e.Do("GET", P+"/cisdeductionssummary", key, nil).Expect(t, 200).Map(t)
		expectMembers(t, "cis", cis, map[string]any{"total": 4.16})
		expectMembers(t, "cis month 4", month(t, cis, 4), map[string]any{"cisDeductionsSuffered": 4.16, "fromAdjustments": 4.16, "yearToDate": 4.16})

		// NI per month and letter; bands per weekly payment: LEL 129, LEL
		// to PT 113, PT to UEL 258 (as the P60 test).
		ni := e.Do("GET", P+"/nideductionssummary", key, nil).Expect(t, 200).Map(t)
		rows := ni["rows"].([]any)
		if len(rows) != 2 {
			t.Fatalf("ni rows %v", rows)
		}
		expectMembers(t, "ni month 3", rows[0].(map[string]any), map[string]any{"taxMonth": 3.0, "category": "A", "employeeCount": 2.0,
			"grossEarnings": 1000.0, "earningsAtLEL": 258.0, "earningsAboveLELUpToPT": 226.0, "earningsAbovePTUpToUEL": 516.0,
			"earningsAboveUEL": 0.0, "employeeNI": 41.28, "employerNI": 121.2})
		expectMembers(t, "ni month 4", rows[1].(map[string]any), map[string]any{"taxMonth": 4.0, "earningsAtLEL": 516.0, "employeeNI": 82.56, "employerNI": 242.4})

		// Payment file: month 3 still owes 47.48, month 4 500.00; month 1
		// (HMRC owes) and the months of negative levy are left out.
		f := e.Do("GET", P+"/hmrcpaymentfile", key, nil).Expect(t, 200)
		want := "PayeeName,SortCode,AccountNumber,Amount,PaymentReference,DueDate,TaxMonth,PeriodEnd\n" +
			"HMRC Cumbernauld,083210,12001039,47.48,123PX001234562703,2026-07-22,3,2026-07-05\n" +
			"HMRC Cumbernauld,083210,12001039,500.00,123PX001234562704,2026-08-22,4,2026-08-05\n"
		if string(f.Body) != want || f.Header.Get("Content-Type") != "text/csv" {
			t.Fatalf("payment file %q %q", f.Header.Get("Content-Type"), f.Body)
		}
		if f4 := e.Do("GET", P+"/hmrcpaymentfile?taxMonth=4", key, nil).Expect(t, 200); strings.Count(string(f4.Body), "\n") != 2 {
			t.Fatalf("payment file of month 4 %q", f4.Body)
		}

		pdf := e.Do("GET", P+"/download/pdf", key, nil).Expect(t, 200)
		if !bytes.HasPrefix(pdf.Body, []byte("%PDF")) || pdf.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("p32 pdf %q", pdf.Header.Get("Content-Type"))
		}
		if again := e.Do("GET", P+"/download/pdf?taxYear=2026", key, nil).Expect(t, 200); !bytes.Equal(again.Body, pdf.Body) {
			t.Error("P32 PDF is not deterministic")
		}
		// One table of the twelve months as HMRC's P32 lays them out: month
		// 4 (6 July to 5 August) is due by 22 August online, 19 August by post.
		if text := strings.Join(strings.Fields(testkit.PDFText(t, pdf.Body)), " "); text != "" {
			for _, want := range []string{"P32 Employer Payment Record 2026/27", "Due by", "Outstanding",
				"4 06/07 to 05/08/26 £200.00 £0.00 £0.00 £324.96 £0.00 £0.00 £28.80 £8.00 £4.16 £500.00 22/08/26; 19/08 £0.00 £500.00",
				"Year 2026/27 £603.20"} {
				if !strings.Contains(text, want) {
					t.Errorf("P32 PDF lacks %q:\n%s", want, text)
				}
			}
		}
		if m := e.Do("GET", P+"?taxYear=2026", key, nil).Expect(t, 200).Map(t)["months"].([]any)[3].(map[string]any); m["paymentDueDate"] != "2026-08-22T00:00:00" {
			t.Errorf("month 4 paymentDueDate %v", m["paymentDueDate"])
		}

		// A small employer recovers all of it plus 8.5% compensation:
		// 1,000 + 85.00; month 1 due 300 + 40 + 50 − 50 − 1,000 − 85 + 8 = −737.
		e.Do("PUT", e.B+"/hmrcsettings", key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456", "accountsOfficeReference": "123PX00123456",
			"businessName": "Alice Ltd", "requiredToPayApprenticeshipLevy": true, "apprenticeshipLevyAllowance": 24, "claimSmallEmployersRelief": true}).Expect(t, 200)
		p = e.Do("GET", P, key, nil).Expect(t, 200).Map(t)
		expectMembers(t, "small employer", month(t, p, 1), map[string]any{"statutoryPaymentsRecovered": 1000.0, "nicCompensation": 85.0, "totalDue": -737.0})

		_, auB := e.AddBusiness("Alice AU", "AU")
		e.RunCases(t, []testkit.Case{
			{Name: "bad tax year", Method: "GET", Path: P + "?taxYear=20x6", Key: key, Status: 400, Field: "taxYear"},
			{Name: "month out of range", Method: "PUT", Path: P, Key: key, Body: map[string]any{"adjustments": []map[string]any{{"taxMonth": 13}}}, Status: 400, Field: "adjustments[0].taxMonth"},
			{Name: "month twice", Method: "PUT", Path: P, Key: key, Body: map[string]any{"adjustments": []map[string]any{{"taxMonth": 2}, {"taxMonth": 2}}}, Status: 400, Field: "adjustments[1].taxMonth"},
			{Name: "no months", Method: "PUT", Path: P, Key: key, Body: map[string]any{}, Status: 400, Field: "adjustments"},
			{Name: "negative payment", Method: "PUT", Path: P, Key: key, Body: map[string]any{"adjustments": []map[string]any{{"taxMonth": 2, "paymentMade": -1}}}, Status: 400, Field: "adjustments[0].paymentMade"},
			{Name: "fractions of a penny", Method: "PUT", Path: P, Key: key, Body: map[string]any{"adjustments": []map[string]any{{"taxMonth": 2, "payeTax": 1.001}}}, Status: 400, Field: "adjustments[0].payeTax"},
			{Name: "negative opening balance", Method: "PUT", Path: P + "/openingbalancesadjustments", Key: key, Body: map[string]any{"months": []map[string]any{{"taxMonth": 2, "employerNI": -5}}}, Status: 400, Field: "months[0].employerNI"},
			{Name: "p32 anonymous", Method: "GET", Path: P, Status: 401},
			{Name: "p32 of another tenant", Method: "GET", Path: e.OtherB + "/report/p32", Key: key, Status: 404},
			{Name: "levy of another tenant", Method: "GET", Path: e.OtherB + "/report/p32/apprenticeshiplevy", Key: key, Status: 404},
			{Name: "opening balances of another tenant", Method: "PUT", Path: e.OtherB + "/report/p32/openingbalancesadjustments", Key: key, Body: map[string]any{"months": []map[string]any{{"taxMonth": 1}}}, Status: 404},
			{Name: "payment file without accounts office reference", Method: "GET", Path: e.OtherB + "/report/p32/hmrcpaymentfile", Key: e.OtherKey, Status: 409},
			{Name: "payment file bad month", Method: "GET", Path: P + "/hmrcpaymentfile?taxMonth=13", Key: key, Status: 400, Field: "taxMonth"},
			{Name: "p32 outside the UK", Method: "GET", Path: auB + "/report/p32", Key: key, Status: 400, Field: "region"},
			{Name: "p32 pdf outside the UK", Method: "GET", Path: auB + "/report/p32/download/pdf", Key: key, Status: 400, Field: "region"},
			{Name: "ni summary outside the UK", Method: "GET", Path: auB + "/report/p32/nideductionssummary", Key: key, Status: 400, Field: "region"},
		})
		// The other tenant's P32 has none of Alice's figures.
		other := e.Do("GET", e.OtherB+"/report/p32", e.OtherKey, nil).Expect(t, 200).Map(t)
		if tot := other["totals"].(map[string]any); tot["payeTax"] != 0.0 || tot["payRunCount"] != 0.0 {
			t.Fatalf("other tenant's totals %v", tot)
		}
	})
}

// TestUKReturnsEPS: EPS of returnsEnv with the month 1 opening balances
// of TestUKReturnsP32 (SMP paid £1,000) and CIS suffered £4.16 in month 4.
// Month 4 year to date: SMP recovered 920.00, no compensation, CIS 4.16,
// levy due 17.00 with the £24 allowance, employment allowance claimed.
// Month 2 had no pay: no payment for 6 May to 5 June.
func TestUKReturnsEPS(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := returnsEnv(t, d)
		key := e.Key
		e.Do("PUT", e.B+"/report/p32/openingbalancesadjustments", key, map[string]any{"months": []map[string]any{{"taxMonth": 1, "smpPaid": 1000, "payBill": 2000}}}).Expect(t, 200)
		e.Do("PUT", e.B+"/report/p32", key, map[string]any{"adjustments": []map[string]any{{"taxMonth": 4, "cisDeductionsSuffered": 4.16}}}).Expect(t, 200)
		E := e.B + "/report/eps"
		eps := e.Do("POST", E, key, map[string]any{"taxYear": "2026/27", "taxMonth": 4}).Expect(t, 200).Map(t)
		expectMembers(t, "eps", eps, map[string]any{"taxYear": 2026.0, "taxMonth": 4.0, "relatedTaxYear": "26-27", "noPaymentForPeriod": false,
			"employmentAllowanceIndicator": true, "finalSubmission": false, "apprenticeshipLevyReported": true, "aoRef": "123PX00123456",
			"officeNo": "123", "payeRef": "AB456", "periodEnd": "2027-04-05"})
		expectMembers(t, "eps recoverable", eps["recoverableAmountsYTD"].(map[string]any), map[string]any{"taxMonth": 4.0, "smpRecovered": 920.0,
			"nicCompensationOnSMP": 0.0, "cisDeductionsSuffered": 4.16})
		expectMembers(t, "eps levy", eps["apprenticeshipLevy"].(map[string]any), map[string]any{"levyDueYTD": 17.0, "annualAllce": 24.0})
		id := int64(num(t, eps["id"]))

		x := e.Do("GET", fmt.Sprintf("%s/%d/xml", E, id), key, nil).Expect(t, 200)
		if x.Header.Get("Content-Type") != "application/xml" {
			t.Fatalf("content type %q", x.Header.Get("Content-Type"))
		}
		var parsed struct {
			XMLName xml.Name `xml:"GovTalkMessage"`
			Class   string   `xml:"Header>MessageDetails>Class"`
			Env     struct {
				Xmlns  string `xml:"xmlns,attr"`
				IRmark string `xml:"IRheader>IRmark"`
				EPS    struct {
					EmpAllceInd string `xml:"EmpAllceInd"`
					Rec         struct {
						TaxMonth     int    `xml:"TaxMonth"`
						SMPRecovered string `xml:"SMPRecovered"`
						CIS          string `xml:"CISDeductionsSuffered"`
					} `xml:"RecoverableAmountsYTD"`
					Levy struct {
						LevyDueYTD  string `xml:"LevyDueYTD"`
						AnnualAllce string `xml:"AnnualAllce"`
					} `xml:"ApprenticeshipLevy"`
					NoPayment *struct{} `xml:"NoPaymentDates"`
				} `xml:"EmployerPaymentSummary"`
			} `xml:"Body>IRenvelope"`
		}
		if err := xml.Unmarshal(x.Body, &parsed); err != nil {
			t.Fatalf("EPS XML is not well-formed: %v\n%s", err, x.Body)
		}
		if p := parsed.Env.EPS; p.EmpAllceInd != "yes" || p.Rec.TaxMonth != 4 || p.Rec.SMPRecovered != "920.00" || p.Rec.CIS != "4.16" ||
			p.Levy.LevyDueYTD != "17.00" || p.Levy.AnnualAllce != "24.00" || p.NoPayment != nil {
			t.Fatalf("EPS XML figures %+v\n%s", parsed, x.Body)
		}
		// A GovTalk message in the year's namespace, its IRmark the one the
		// answer gives and an independent implementation computes.
		if parsed.Class != "HMRC-PAYE-RTI-EPS" || parsed.Env.Xmlns != "http://www.govtalk.gov.uk/taxation/PAYE/RTI/EmployerPaymentSummary/26-27/1" ||
			parsed.Env.IRmark != eps["irmark"] || len(parsed.Env.IRmark) != 28 {
			t.Fatalf("EPS envelope %+v, irmark %v", parsed, eps["irmark"])
		}
		if py, err := exec.LookPath("python3"); err == nil {
			cmd := exec.Command(py, "../../uk/rti/testdata/irmark.py")
			cmd.Stdin = bytes.NewReader(x.Body)
			if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != parsed.Env.IRmark {
				t.Errorf("independent IRmark %q (%v), document says %s", out, err, parsed.Env.IRmark)
			}
		}
		if got := e.Do("GET", fmt.Sprintf("%s/%d", E, id), key, nil).Expect(t, 200).Map(t); got["id"] != eps["id"] || got["taxMonth"] != 4.0 {
			t.Fatalf("eps by id %v", got)
		}

		// Month 2: nothing paid; final submission flag in the XML.
		x2 := e.Do("POST", E+"/epsxml", key, map[string]any{"taxMonth": 2, "finalSubmission": true}).Expect(t, 200)
		for _, s := range []string{"<NoPaymentDates>", "<From>2026-05-06</From>", "<To>2026-06-05</To>", "<ForYear>yes</ForYear>", "<SMPRecovered>920.00</SMPRecovered>"} {
			if !bytes.Contains(x2.Body, []byte(s)) {
				t.Fatalf("EPS month 2 lacks %s:\n%s", s, x2.Body)
			}
		}
		var list []map[string]any
		e.Do("GET", E+"?taxYear=2026", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || list[0]["taxMonth"] != 2.0 || list[0]["noPaymentForPeriod"] != true || list[1]["id"] != eps["id"] {
			t.Fatalf("eps list %v", list)
		}
		e.Do("GET", E+"?taxYear=2025", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("eps list 2025 %v", list)
		}
		e.Do("GET", E+"?$skip=9223372036854775807", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("eps skipped all %v", list)
		}
		e.Do("GET", E+"?$top=1&$skip=1", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["id"] != eps["id"] {
			t.Fatalf("eps page %v", list)
		}

		_, auB := e.AddBusiness("Alice AU", "AU")
		e.RunCases(t, []testkit.Case{
			{Name: "no month", Method: "POST", Path: E, Key: key, Body: map[string]any{}, Status: 400, Field: "taxMonth"},
			{Name: "month not started", Method: "POST", Path: E, Key: key, Body: map[string]any{"taxMonth": 12}, Status: 400, Field: "taxMonth"},
			{Name: "bad year", Method: "POST", Path: E, Key: key, Body: map[string]any{"taxMonth": 1, "taxYear": "2026/28"}, Status: 400, Field: "taxYear"},
			{Name: "bad $top", Method: "GET", Path: E + "?$top=500", Key: key, Status: 400, Field: "$top"},
			{Name: "unknown eps", Method: "GET", Path: fmt.Sprintf("%s/%d", E, id+1000), Key: key, Status: 404},
			{Name: "another tenant's eps", Method: "GET", Path: fmt.Sprintf("%s/report/eps/%d", e.OtherB, id), Key: e.OtherKey, Status: 404},
			{Name: "another tenant's eps xml", Method: "GET", Path: fmt.Sprintf("%s/report/eps/%d/xml", e.OtherB, id), Key: e.OtherKey, Status: 404},
			{Name: "eps of another tenant's business", Method: "POST", Path: e.OtherB + "/report/eps", Key: key, Body: map[string]any{"taxMonth": 1}, Status: 404},
			{Name: "eps anonymous", Method: "GET", Path: E, Status: 401},
			{Name: "eps outside the UK", Method: "POST", Path: auB + "/report/eps", Key: key, Body: map[string]any{"taxMonth": 1}, Status: 400, Field: "region"},
		})
	})
}

// TestUKReturnsStatutoryFromPayRuns: Mary's SMP (due 15 July 2026, AWE
// £500 given, from 29 June: the first six weeks pay 90% = £450 a week, as
// TestStatutoryLeaveAPI) is paid by the finalised weekly run whose period
// is exactly its first week (29 June to 5 July, paid 5 July: tax month 3).
// The P32 counts SMP paid 450.00 and recovers 92% = 414.00; the EPS of
// month 3 reports SMPRecovered 414.
func TestUKReturnsStatutoryFromPayRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		e.Do("POST", e.E+"/statutoryleave/smp", key, map[string]any{"startDate": "2026-06-29T00:00:00", "endDate": "2027-03-28T00:00:00",
			"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200)
		run := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-07-05T00:00:00", "datePaid": "2026-07-05T00:00:00"}).Expect(t, 200).Map(t)["id"]
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), key, nil).Expect(t, 200)
		p := e.Do("GET", e.B+"/report/p32", key, nil).Expect(t, 200).Map(t)
		expectMembers(t, "month 3", month(t, p, 3), map[string]any{"payRunCount": 1.0, "smpPaid": 450.0, "statutoryPaymentsPaid": 450.0,
			"statutoryPaymentsRecovered": 414.0, "nicCompensation": 0.0})
		eps := e.Do("POST", e.B+"/report/eps", key, map[string]any{"taxMonth": 3}).Expect(t, 200).Map(t)
		if r := eps["recoverableAmountsYTD"].(map[string]any); r["smpRecovered"] != 414.0 || eps["noPaymentForPeriod"] != false || eps["apprenticeshipLevyReported"] != false {
			t.Fatalf("eps %v", eps)
		}
	})
}

// TestUKReturnsAllowanceDateAndLevyOff: with the employment allowance
// effective from 6 July 2026 month 3 claims none and month 4 takes all
// £200 left (its employer NI is 242.40); with the levy not applying no
// month owes any; a year the rules lack (2027/28) names the missing figures; years
// far off answer too.
func TestUKReturnsAllowanceDateAndLevyOff(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := returnsEnv(t, d)
		key := e.Key
		e.Do("PUT", e.B+"/hmrcsettings/employmentallowance?financialYearEnding=2027", key, map[string]any{"empAllowanceEffectiveDate": "2026-07-06T00:00:00"}).Expect(t, 200)
		e.Do("PUT", e.B+"/hmrcsettings", key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456", "accountsOfficeReference": "123PX00123456",
			"businessName": "Alice Ltd", "requiredToPayApprenticeshipLevy": false}).Expect(t, 200)
		p := e.Do("GET", e.B+"/report/p32", key, nil).Expect(t, 200).Map(t)
		expectMembers(t, "p32", p, map[string]any{"employmentAllowanceUsed": 200.0, "apprenticeshipLevyApplies": false})
		// month 3: 103.20 + 41.28 + 121.20 = 265.68; month 4: 206.40 +
		// 82.56 + 242.40 − 200.00 = 331.36.
		expectMembers(t, "month 3", month(t, p, 3), map[string]any{"employmentAllowance": 0.0, "apprenticeshipLevy": 0.0, "totalDue": 265.68})
		expectMembers(t, "month 4", month(t, p, 4), map[string]any{"employmentAllowance": 200.0, "apprenticeshipLevyYTD": 0.0, "totalDue": 331.36})
		later := e.Do("GET", e.B+"/report/p32?taxYear=2027", key, nil).Expect(t, 200).Map(t)
		e.Do("GET", e.B+"/report/p32?taxYear=2040", key, nil).Expect(t, 200)
		e.Do("GET", e.B+"/report/p32?taxYear=2010", key, nil).Expect(t, 200)
		if m := fmt.Sprint(later["missingFigures"]); !strings.Contains(m, "employmentAllowance") || !strings.Contains(m, "recoveryPercent") {
			t.Fatalf("missing figures of 2027/28: %s", m)
		}
	})
}
