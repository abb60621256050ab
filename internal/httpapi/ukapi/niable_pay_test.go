package ukapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// niDocs reads, for employee emp paid in the finalised monthly run runID of
// tax month m (2026/27), the figures the P60, the FPS and the P32 report of
// the pay their NI was worked on.
type niDocs struct {
	p60     map[string]any // the P60's one NI letter
	fpsNI   map[string]any // the FPS's one NI letter
	payBill float64        // the P32's apprenticeship levy pay bill of month m
}

func readNIDocs(t *testing.T, e *env, emp int64, runID float64, m int) niDocs {
	t.Helper()
	p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, emp), e.Key, nil).Expect(t, 200).Map(t)
	bands := p60["nationalInsurance"].([]any)
	if len(bands) != 1 {
		t.Fatalf("P60 NI %v", bands)
	}
	fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runID}).Expect(t, 200).Map(t)
	emps := fps["employees"].([]any)
	if len(emps) != 1 {
		t.Fatalf("FPS employees %v", emps)
	}
	ni := emps[0].(map[string]any)["niLettersAndValues"].([]any)
	if len(ni) != 1 {
		t.Fatalf("FPS NI %v", ni)
	}
	p32 := e.Do("GET", e.B+"/report/p32?taxYear=2026/27", e.Key, nil).Expect(t, 200).Map(t)
	return niDocs{p60: bands[0].(map[string]any), fpsNI: ni[0].(map[string]any), payBill: num(t, month(t, p32, m)["payBill"])}
}

// expectNIDocs checks the P60 and FPS NI figures of one month's pay whose
// NI was worked on niable (the bands at the LEL, LEL to PT, PT to UEL),
// and the P32's pay bill.
func (n niDocs) expect(t *testing.T, what string, niable, atLEL, lelToPT, ptToUEL, employeeNI float64) {
	t.Helper()
	for k, v := range map[string]float64{"earningsAtLEL": atLEL, "earningsAboveLELUpToPT": lelToPT, "earningsAbovePTUpToUEL": ptToUEL, "employeeContributions": employeeNI} {
		if got := num(t, n.p60[k]); got != v {
			t.Errorf("%s: P60 %s = %v, want %v", what, k, got, v)
		}
	}
	for k, v := range map[string]float64{"grossEarningsForNICsInPd": niable, "grossEarningsForNICsYTD": niable, "atLELYTD": atLEL, "lelToPTYTD": lelToPT,
		"ptToUELYTD": ptToUEL, "empeeContribnsYTD": employeeNI} {
		if got := num(t, n.fpsNI[k]); got != v {
			t.Errorf("%s: FPS %s = %v, want %v", what, k, got, v)
		}
	}
	if n.payBill != niable {
		t.Errorf("%s: P32 pay bill %v, want %v", what, n.payBill, niable)
	}
}

// storedNIable is the niable_pay the run stored for emp (nil: NULL).
func storedNIable(t *testing.T, d *db.DB, run float64, emp int64) *int64 {
	t.Helper()
	var v *int64
	if err := d.R.QueryRow(`SELECT niable_pay FROM pay_run_employees WHERE pay_run_id = $1 AND employee_id = $2`, int64(run), emp).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func execSQL(t *testing.T, d *db.DB, query string, args ...any) {
	t.Helper()
	if err := d.InTx(context.Background(), func(q *store.Queries) error { return q.Exec(context.Background(), query, args...) }); err != nil {
		t.Fatal(err)
	}
}

// The P60, the FPS and the P32 read the pay NI was worked on as the pay run
// stored it when it calculated, not by re-classifying the run's earnings
// lines by their pay categories' types afterwards.
//
// Rob, £3,000 a month on BR, NI category A, joined 1 October 2026 and is
// paid £9,000 compensation for a change in his duties on 31 October (tax
// month 7; ITEPA 2003 s 401(1)(b): a termination award although he stays,
// so he gets a P60). Under ITEPA 2003 s 403 the award (up to £30,000) is
// neither taxable nor earnings, so no Class 1 NICs
// (docs/reference/termination-compensation.md):
// NI is worked on 3,000. 2026/27 monthly thresholds
// (payroll-rules-2026-27.md): LEL 559, PT 1,048, UEL 4,189. HMRC RTI
// guidance: "gross earnings for NICs" are the earnings NICs are worked on,
// split at the LEL (559.00), from the LEL to the PT (1,048 − 559 = 489.00)
// and from the PT to the UEL (3,000 − 1,048 = 1,952.00); employee NI 8% ×
// 1,952 = 156.16. The apprenticeship levy's pay bill is the earnings
// liable to Class 1 secondary NICs (GOV.UK "Pay Apprenticeship Levy"):
// 3,000 in month 7. The run stores 3,000.00 (300,000 pence).
//
// Then the Compensation pay category's type is changed from ETP to Standard
// after the run was finalised. The year is finished: its documents keep
// 3,000 (before this change they re-classified the award by the type as it
// is now and reported 12,000: PT to UEL 4,189 − 1,048 = 3,141.00, pay bill
// 12,000).
//
// A run calculated before the figure was stored (niable_pay NULL) falls
// back to its gross less its lines of a pay category of type ETP as the
// categories are now: with the category Standard that is 12,000 (the
// limitation the stored figure removes), with it ETP again 3,000.
func TestNIablePayStoredAwardLeftOut(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		e.Do("PUT", e.B+"/hmrcsettings", key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456",
			"accountsOfficeReference": "123PX00123456", "rtiUserId": "ISV123", "rtiTestMode": true}).Expect(t, 200)
		red := postID(t, e, e.B+"/paycategory", map[string]any{"name": "Compensation", "rateUnit": "Fixed", "payCategoryType": "ETP"})
		monthly := postID(t, e, e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
		rob := postID(t, e, e.B+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Rob", "surname": "Award", "dateOfBirth": "1990-02-03T00:00:00",
			"gender": "Male", "startDate": "2026-10-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Monthly", "primaryPayCategory": "Ordinary Hours",
			"primaryLocation": "Head office", "residentialStreetAddress": "1 High St", "residentialPostCode": "SW1A 1AA", "residentialCity": "London",
			"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": "Rob", "bankAccount1_AllocatedPercentage": 100, "bankAccount1_SortCode": "12-34-56",
			"taxCode": "BR", "nationalInsuranceCategory": "A", "rate": 3000, "rateUnit": "Fixed"})
		run := num(t, e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": monthly, "payPeriodEnding": "2026-10-31T00:00:00",
			"datePaid": "2026-10-31T00:00:00"}).Expect(t, 200).Map(t)["id"])
		P := fmt.Sprintf("%s/payrun/%v", e.B, run)
		e.Do("POST", P+"/earningslines", key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(rob): []any{
			map[string]any{"payCategoryId": fmt.Sprint(red), "earnings": 9000}}}}).Expect(t, 200)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, rob), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(rob)].(map[string]any)
		if num(t, tot["grossEarnings"]) != 12000 || num(t, tot["employeeNationalInsuranceContribution"]) != 156.16 {
			t.Fatalf("totals %v", tot)
		}
		e.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		if v := storedNIable(t, d, run, rob); v == nil || *v != 300000 {
			t.Fatalf("stored NI-able pay %v, want 300000 pence", v)
		}
		readNIDocs(t, e, rob, run, 7).expect(t, "as paid", 3000, 559, 489, 1952, 156.16)

		// The award's pay category is re-typed after the year's run.
		retype := func(typ string) {
			t.Helper()
			e.Do("PUT", fmt.Sprintf("%s/paycategory/%d", e.B, red), key, map[string]any{"name": "Compensation", "rateUnit": "Fixed", "payCategoryType": typ}).Expect(t, 200)
		}
		retype("Standard")
		readNIDocs(t, e, rob, run, 7).expect(t, "category re-typed after finalising", 3000, 559, 489, 1952, 156.16)

		// A run stored before niable_pay existed: the fallback.
		execSQL(t, d, `UPDATE pay_run_employees SET niable_pay = NULL WHERE pay_run_id = $1 AND employee_id = $2`, int64(run), rob)
		readNIDocs(t, e, rob, run, 7).expect(t, "old run, category Standard", 12000, 559, 489, 3141, 156.16)
		retype("ETP")
		readNIDocs(t, e, rob, run, 7).expect(t, "old run, category ETP", 3000, 559, 489, 1952, 156.16)
	})
}

// A salary sacrifice is also pay NI is not worked on, and the documents
// knew nothing of it: they took the gross before the sacrifice.
//
// Mona, £2,500 a month on 1257L (non-cumulative), NI category A, a
// pension salary sacrifice of 5% with the employer's 3% (as
// TestUKPensionContributions): she gives up 5% × 2,500 = 125.00, so NI is
// worked on 2,375 (HMRC, "Salary sacrifice for employers": the employee's
// NICs are worked on the reduced salary): employee NI 8% × (2,375 − 1,048)
// = 106.16. July 2026 is tax month 4. 2026/27 monthly LEL 559, PT 1,048:
// P60 and FPS bands 559.00, 489.00 and 2,375 − 1,048 = 1,327.00; FPS gross
// for NICs 2,375.00; P32 pay bill 2,375.00 (earnings liable to Class 1
// secondary NICs). Before the stored figure: 2,500 (PT to UEL 1,452.00).
func TestNIablePayAfterSalarySacrifice(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		e.Do("PUT", e.B+"/hmrcsettings", key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456",
			"accountsOfficeReference": "123PX00123456", "rtiUserId": "ISV123", "rtiTestMode": true}).Expect(t, 200)
		monthly := postID(t, e, e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
		mona := monthlyEmployee(t, e, "Mona", map[string]any{"startDate": "2024-01-01T00:00:00", "taxCalculationMethod": "NonCumulative", "rate": 2500})
		joinSacrificePlan(t, e, mona, 5)
		run := num(t, e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": monthly, "payPeriodEnding": "2026-07-31T00:00:00",
			"datePaid": "2026-07-31T00:00:00"}).Expect(t, 200).Map(t)["id"])
		P := fmt.Sprintf("%s/payrun/%v", e.B, run)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, mona), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(mona)].(map[string]any)
		if num(t, tot["grossEarnings"]) != 2500 || num(t, tot["employeeNationalInsuranceContribution"]) != 106.16 {
			t.Fatalf("totals %v", tot)
		}
		e.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		if v := storedNIable(t, d, run, mona); v == nil || *v != 237500 {
			t.Fatalf("stored NI-able pay %v, want 237500 pence", v)
		}
		readNIDocs(t, e, mona, run, 4).expect(t, "salary sacrifice", 2375, 559, 489, 1327, 106.16)
	})
}
