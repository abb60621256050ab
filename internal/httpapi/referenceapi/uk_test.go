package referenceapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/uk"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// ukEnv is a UK business (alice's), another tenant's UK business (bob's)
// and an AU business of alice's for the region checks. The test clock is
// 2026-11-02, in tax year 2026/27.
type ukEnv struct {
	*testkit.Bundle
	au int64
}

func newUKEnv(t *testing.T, d *db.DB) ukEnv {
	e := ukEnv{Bundle: testkit.NewBundle(t, d, "UK")}
	e.au, _ = e.AddBusiness("Alice Pty", "AU")
	return e
}

// B is the path of p under business biz.
func (e ukEnv) path(biz int64, p string) string { return testkit.BusinessPath(biz) + "/" + p }

func ukID(t *testing.T, m map[string]any, member string) int64 {
	t.Helper()
	f, ok := m[member].(float64)
	if !ok || f == 0 {
		t.Fatalf("no %s in %v", member, m)
	}
	return int64(f)
}

// ukExpect returns a Check asserting members of an object reply.
func ukExpect(want map[string]any) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		t.Helper()
		got := r.Map(t)
		for k, v := range want {
			if fmt.Sprint(got[k]) != fmt.Sprint(v) {
				t.Fatalf("%s = %v, want %v; body %s", k, got[k], v, r.Body)
			}
		}
	}
}

func ukListLen(n int) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		t.Helper()
		var list []map[string]any
		r.JSON(t, &list)
		if len(list) != n {
			t.Fatalf("list has %d items, want %d: %s", len(list), n, r.Body)
		}
	}
}

// ukUpload posts a file as multipart field "file".
func (e ukEnv) ukUpload(t *testing.T, path, key, name, content string) *testkit.Response {
	return e.Upload(path, key, name, []byte(content))
}

// ukUseRecord makes a row of another area refer to a record, as an
// employee's pension or benefit will, so deleting it must be a 409.
func (e ukEnv) ukUseRecord(t *testing.T, kind string, id int64) {
	t.Helper()
	e.ukUseRecords(t, record.Ref{Field: "x", Kind: kind, ID: id})
}

// ukUseRecords makes one row of another area refer to exactly refs (none:
// it refers to nothing any more).
func (e ukEnv) ukUseRecords(t *testing.T, refs ...record.Ref) {
	t.Helper()
	err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
		return record.SaveRefs(context.Background(), q, e.Biz, "employee_test", 1, refs)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestUKHmrcSettings(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		H := e.path(e.Biz, "hmrcsettings")
		full := map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "ab456", "accountsOfficeReference": "123px00123456",
			"corporateTaxUniqueTaxpayerReference": "1234567890", "rtiUserId": "GW-USER", "rtiPassword": "s3cret-gateway", "isRtiEnabled": true,
			"businessName": "Alice Trading Ltd", "postcode": "sw1a1aa", "epsAccountSortCode": "112233", "epsAccountNumber": "12345678",
			"requiredToPayApprenticeshipLevy": true, "apprenticeshipLevyAllowance": 7500, "cisEnabled": true,
			"hmrcPaymentReminder": map[string]any{"enabled": true, "recipients": "pay@alice.example, boss@alice.example", "period": "quarterly"}}
		noSecret := func(t *testing.T, r *testkit.Response) {
			if strings.Contains(string(r.Body), "s3cret") {
				t.Fatalf("the gateway password leaked: %s", r.Body)
			}
		}
		e.RunCases(t, []testkit.Case{
			{Name: "defaults before the first save", Method: "GET", Path: H, Key: e.Key, Status: 200, Check: ukExpect(map[string]any{
				"businessName": "Alice UK", "epsSubmissionDay": 19, "apprenticeshipLevyAllowance": 15000, "rtiPassword": "", "id": 0})},
			{Name: "no PAYE scheme yet", Method: "GET", Path: e.path(e.Biz, "payeschemes"), Key: e.Key, Status: 200, Check: ukListLen(0)},
			{Name: "save", Method: "PUT", Path: H, Key: e.Key, Body: full, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				noSecret(t, r)
				ukExpect(map[string]any{"payeReference": "123/AB456", "accountsOfficeReference": "123PX00123456", "rtiPassword": "********",
					"postcode": "SW1A 1AA", "epsAccountSortCode": "11-22-33", "cisContractorType": "Mainstream"})(t, r)
				if rem := r.Map(t)["hmrcPaymentReminder"].(map[string]any); rem["period"] != "Quarterly" || rem["reminderDay"] != 19.0 {
					t.Fatalf("reminder %v", rem)
				}
			}},
			{Name: "read back", Method: "GET", Path: H, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				noSecret(t, r)
				ukExpect(map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456", "businessName": "Alice Trading Ltd",
					"rtiUserId": "GW-USER", "rtiPassword": "********", "isRtiEnabled": true, "apprenticeshipLevyAllowance": 7500})(t, r)
			}},
			{Name: "partial update echoing the mask", Method: "PUT", Path: H, Key: e.Key,
				Body: map[string]any{"rtiPassword": "********", "isIR35": true}, Status: 200, Check: ukExpect(map[string]any{
					"isIR35": true, "businessName": "Alice Trading Ltd", "rtiPassword": "********", "payeReference": "123/AB456"})},
			{Name: "bad tax office number", Method: "PUT", Path: H, Key: e.Key, Body: map[string]any{"taxOfficeNumber": "12"}, Status: 400, Field: "taxOfficeNumber"},
			{Name: "bad accounts office reference", Method: "PUT", Path: H, Key: e.Key, Body: map[string]any{"accountsOfficeReference": "123PX0012345"},
				Status: 400, Field: "accountsOfficeReference"},
			{Name: "bad UTR", Method: "PUT", Path: H, Key: e.Key, Body: map[string]any{"corporateTaxUniqueTaxpayerReference": "12345"},
				Status: 400, Field: "corporateTaxUniqueTaxpayerReference"},
			{Name: "bad sort code", Method: "PUT", Path: H, Key: e.Key, Body: map[string]any{"epsAccountSortCode": "11-22"}, Status: 400, Field: "epsAccountSortCode"},
			{Name: "levy allowance above the annual allowance", Method: "PUT", Path: H, Key: e.Key, Body: map[string]any{"apprenticeshipLevyAllowance": 15000.01},
				Status: 400, Field: "apprenticeshipLevyAllowance"},
			{Name: "reminder without recipients", Method: "PUT", Path: H, Key: e.Key,
				Body: map[string]any{"hmrcPaymentReminder": map[string]any{"enabled": true, "recipients": ""}}, Status: 400, Field: "hmrcPaymentReminder.recipients"},
			{Name: "reminder bad email", Method: "PUT", Path: H, Key: e.Key,
				Body: map[string]any{"hmrcPaymentReminder": map[string]any{"enabled": true, "recipients": "nobody"}}, Status: 400, Field: "hmrcPaymentReminder.recipients"},
			{Name: "RTI without a password", Method: "PUT", Path: H, Key: e.Key, Body: map[string]any{"rtiPassword": ""}, Status: 400, Field: "rtiPassword"},
			{Name: "bad enum", Method: "PUT", Path: H, Key: e.Key, Body: map[string]any{"cisContractorType": "Sometimes"}, Status: 400},
			{Name: "simple update", Method: "PUT", Path: H + "/simple-update", Key: e.Key, Body: map[string]any{"paye": "321/xy789"}, Status: 200,
				Check: ukExpect(map[string]any{"taxOfficeNumber": "321", "taxOfficeReference": "XY789", "payeReference": "321/XY789",
					"corporateTaxUniqueTaxpayerReference": "1234567890", "isIR35": true})},
			{Name: "simple update of all three", Method: "PUT", Path: H + "/simple-update", Key: e.Key,
				Body:   map[string]any{"paye": "321/XY789", "uniqueTaxPayerReference": "0987654321", "accountsOfficeReference": "321PA0001234X"},
				Status: 200, Check: ukExpect(map[string]any{"corporateTaxUniqueTaxpayerReference": "0987654321", "accountsOfficeReference": "321PA0001234X"})},
			{Name: "simple update bad PAYE reference", Method: "PUT", Path: H + "/simple-update", Key: e.Key, Body: map[string]any{"paye": "12/ABC"},
				Status: 400, Field: "paye"},
			{Name: "simple update bad UTR", Method: "PUT", Path: H + "/simple-update", Key: e.Key, Body: map[string]any{"uniqueTaxPayerReference": "12"},
				Status: 400, Field: "uniqueTaxPayerReference"},
			{Name: "delete the payment reminder", Method: "DELETE", Path: H + "/hmrcpaymentreminder", Key: e.Key, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if rem := r.Map(t)["hmrcPaymentReminder"].(map[string]any); rem["enabled"] != false || rem["recipients"] != "" {
						t.Fatalf("reminder still on: %v", rem)
					}
				}},
			{Name: "reminder stays off", Method: "GET", Path: H, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if rem := r.Map(t)["hmrcPaymentReminder"].(map[string]any); rem["enabled"] != false {
					t.Fatalf("reminder %v", rem)
				}
			}},
			{Name: "PAYE schemes", Method: "GET", Path: e.path(e.Biz, "payeschemes"), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var list []map[string]any
				r.JSON(t, &list)
				if len(list) != 1 || list[0]["payeReference"] != "321/XY789" || list[0]["employerName"] != "Alice Trading Ltd" || list[0]["isMain"] != true ||
					list[0]["id"] == 0.0 {
					t.Fatalf("schemes %v", list)
				}
			}},
			{Name: "another tenant's settings", Method: "GET", Path: e.path(e.Other, "hmrcsettings"), Key: e.Key, Status: 404},
			{Name: "another tenant's schemes", Method: "GET", Path: e.path(e.Other, "payeschemes"), Key: e.Key, Status: 404},
			{Name: "update another tenant's", Method: "PUT", Path: e.path(e.Other, "hmrcsettings"), Key: e.Key, Body: map[string]any{"isIR35": true}, Status: 404},
			{Name: "AU business", Method: "GET", Path: e.path(e.au, "hmrcsettings"), Key: e.Key, Status: 400, Field: "region"},
			{Name: "AU business update", Method: "PUT", Path: e.path(e.au, "hmrcsettings/simple-update"), Key: e.Key, Body: map[string]any{"paye": "123/A"},
				Status: 400, Field: "region"},
			{Name: "AU business schemes", Method: "GET", Path: e.path(e.au, "payeschemes"), Key: e.Key, Status: 400, Field: "region"},
			{Name: "AU business reminder", Method: "DELETE", Path: e.path(e.au, "hmrcsettings/hmrcpaymentreminder"), Key: e.Key, Status: 400, Field: "region"},
			{Name: "anonymous", Method: "GET", Path: H, Status: 401},
		})
		// The mask never replaced the stored password.
		list, err := e.Reference.PayeSchemes.List(context.Background(), business.Business{ID: e.Biz, Region: "UK"}, 0)
		if err != nil || len(list) != 1 || list[0].RtiPassword != "s3cret-gateway" {
			t.Fatalf("stored scheme %+v, %v", list, err)
		}
	})
}

func TestUKEmploymentAllowance(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		EA := e.path(e.Biz, "hmrcsettings/employmentallowance")
		e.RunCases(t, []testkit.Case{
			{Name: "current year (2026/27): amount from payroll-rules-2026-27.md", Method: "GET", Path: EA, Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"financialYearEnding": 2027, "allowanceAmount": 10500, "isClaimed": false, "claimEmploymentAllowance": nil})},
			{Name: "2025/26 amount", Method: "GET", Path: EA + "?financialYearEnding=2026", Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"allowanceAmount": 10500, "allowanceRemaining": 10500})},
			{Name: "claim 2025/26", Method: "PUT", Path: EA + "?financialYearEnding=2026", Key: e.Key, Body: map[string]any{
				"claimEmploymentAllowance": true, "stateAidSector": []string{"agriculture", "RoadTransport"},
				"empAllowanceClaimedInPreviousPayrollPeriod": 500.25, "empAllowanceEffectiveDate": "2025-04-06T00:00:00"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					ukExpect(map[string]any{"isClaimed": true, "allowanceRemaining": 9999.75, "financialYearEnding": 2026})(t, r)
					if s := r.Map(t)["stateAidSector"].([]any); len(s) != 2 || s[0] != "Agriculture" {
						t.Fatalf("sectors %v", s)
					}
				}},
			{Name: "read back", Method: "GET", Path: EA + "?financialYearEnding=2026", Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"claimEmploymentAllowance": true, "empAllowanceClaimedInPreviousPayrollPeriod": 500.25,
					"empAllowanceEffectiveDate": "2025-04-06T00:00:00"})},
			{Name: "other years are separate", Method: "GET", Path: EA + "?financialYearEnding=2025", Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"claimEmploymentAllowance": nil, "allowanceAmount": 5000})},
			{Name: "partial update", Method: "PUT", Path: EA + "?financialYearEnding=2026", Key: e.Key, Body: map[string]any{"includeEmploymentAllowanceInJournals": true},
				Status: 200, Check: ukExpect(map[string]any{"includeEmploymentAllowanceInJournals": true, "empAllowanceClaimedInPreviousPayrollPeriod": 500.25})},
			{Name: "claim without state aid sector", Method: "PUT", Path: EA + "?financialYearEnding=2025", Key: e.Key,
				Body: map[string]any{"claimEmploymentAllowance": true}, Status: 400, Field: "stateAidSector"},
			{Name: "state aid rules do not apply", Method: "PUT", Path: EA + "?financialYearEnding=2025", Key: e.Key,
				Body: map[string]any{"claimEmploymentAllowance": true, "stateAidRulesDoNotApply": true}, Status: 200},
			{Name: "more than the allowance", Method: "PUT", Path: EA + "?financialYearEnding=2025", Key: e.Key,
				Body: map[string]any{"empAllowanceClaimedInPreviousPayrollPeriod": 5000.01}, Status: 400, Field: "empAllowanceClaimedInPreviousPayrollPeriod"},
			{Name: "effective date outside the year", Method: "PUT", Path: EA + "?financialYearEnding=2025", Key: e.Key,
				Body: map[string]any{"empAllowanceEffectiveDate": "2025-04-06"}, Status: 400, Field: "empAllowanceEffectiveDate"},
			{Name: "bad sector", Method: "PUT", Path: EA, Key: e.Key, Body: map[string]any{"stateAidSector": []string{"Banking"}}, Status: 400},
			{Name: "year before the allowance", Method: "GET", Path: EA + "?financialYearEnding=2010", Key: e.Key, Status: 400, Field: "financialYearEnding"},
			{Name: "the HMRC settings' claim is followed", Method: "PUT", Path: e.path(e.Biz, "hmrcsettings"), Key: e.Key,
				Body: map[string]any{"claimEmploymentAllowance": true}, Status: 200},
			{Name: "followed claim", Method: "GET", Path: EA, Key: e.Key, Status: 200, Check: ukExpect(map[string]any{"isClaimed": true, "claimEmploymentAllowance": nil})},
			{Name: "another tenant", Method: "GET", Path: e.path(e.Other, "hmrcsettings/employmentallowance"), Key: e.Key, Status: 404},
			{Name: "AU business", Method: "PUT", Path: e.path(e.au, "hmrcsettings/employmentallowance"), Key: e.Key, Body: map[string]any{}, Status: 400, Field: "region"},
		})
	})
}

func TestUKStatutoryPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		SP := e.path(e.Biz, "statutorypay")
		missing := func(want ...string) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				got := fmt.Sprint(r.Map(t)["missingFigures"])
				for _, w := range want {
					if !strings.Contains(got, w) {
						t.Fatalf("missingFigures %s lacks %s", got, w)
					}
				}
			}
		}
		e.RunCases(t, []testkit.Case{
			{Name: "2025/26 from the rules file", Method: "GET", Path: SP + "?taxYear=2025", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				ukExpect(map[string]any{"taxYearName": "2025/26", "fromDate": "2025-04-06T00:00:00", "toDate": "2026-04-05T00:00:00",
					"sspWeeklyRate": 118.75, "smpWeeklyRate": 187.18, "sppWeeklyRate": 187.18, "sapWeeklyRate": 187.18, "shppWeeklyRate": 187.18,
					"spbpWeeklyRate": 187.18, "sncpWeeklyRate": 187.18, "smpEarningsRelatedPercent": 90, "smpEarningsRelatedWeeks": 6, "smpWeeks": 39,
					"lowerEarningsLimitWeekly": 125, "lowerEarningsLimitMonthly": 542, "qualifyingAverageWeeklyEarnings": 125,
					"recoveryPercent": 92, "smallEmployerRecoveryPercent": 108.5, "sspMaximumWeeks": 28})(t, r)
				if m := r.Map(t)["missingFigures"].([]any); len(m) != 0 {
					t.Fatalf("missing %v", m)
				}
			}},
			{Name: "named 2025/26", Method: "GET", Path: SP + "?taxYear=2025/26", Key: e.Key, Status: 200, Check: ukExpect(map[string]any{"taxYear": 2025, "smpWeeklyRate": 187.18})},
			{Name: "2024/25 has only SSP", Method: "GET", Path: SP + "?TaxYear=2024-25", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				ukExpect(map[string]any{"sspWeeklyRate": 116.75, "smpWeeklyRate": nil})(t, r)
				missing("smpWeeklyRate", "lowerEarningsLimitWeekly")(t, r)
			}},
			{Name: "current year is not in the rules file", Method: "GET", Path: SP, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				ukExpect(map[string]any{"taxYear": 2026, "taxYearName": "2026/27", "sspWeeklyRate": nil})(t, r)
				missing("sspWeeklyRate", "smpWeeklyRate", "sncpWeeklyRate", "lowerEarningsLimitWeekly")(t, r)
			}},
			{Name: "bad tax year", Method: "GET", Path: SP + "?taxYear=2025/27", Key: e.Key, Status: 400, Field: "taxYear"},
			{Name: "not a year", Method: "GET", Path: SP + "?taxYear=abc", Key: e.Key, Status: 400, Field: "taxYear"},
			{Name: "another tenant", Method: "GET", Path: e.path(e.Other, "statutorypay"), Key: e.Key, Status: 404},
			{Name: "AU business", Method: "GET", Path: e.path(e.au, "statutorypay"), Key: e.Key, Status: 400, Field: "region"},
		})
	})
}

func TestUKPensions(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		PS := e.path(e.Biz, "pensionscheme")
		scheme := e.Do("POST", PS, e.Key, map[string]any{"name": "Nest", "providerName": "NEST Corporation", "employerNumber": "EMP123",
			"adminEmailAddress": "pensions@alice.example", "adminPostcode": "e14 4pu"}).Expect(t, 200).Map(t)
		sid := ukID(t, scheme, "id")
		otherScheme := ukID(t, e.Do("POST", e.path(e.Other, "pensionscheme"), e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t), "id")
		PL := fmt.Sprintf("%s/%d/plan", PS, sid)
		plan := e.Do("POST", PL, e.Key, map[string]any{"contributionPlanName": "Auto-enrolment", "calculateOnQualifyingEarnings": true,
			"isAutoEnrolmentScheme": true, "employeeContribution": 5, "employerContribution": 3, "pensionType": "reliefatsource", "reportingFrequency": "M1",
			"pensionSchemeContributionPlanPostponementRules": []map[string]any{{"postponementRuleType": "JoinsACompany",
				"postponementRuleOptionType": "PostponeMonths", "postponementPeriod": 3, "name": "New starters"}}}).Expect(t, 200).Map(t)
		pid := ukID(t, plan, "id")
		if plan["pensionSchemeId"] != float64(sid) || plan["pensionType"] != "ReliefAtSource" {
			t.Fatalf("plan %v", plan)
		}
		second := ukID(t, e.Do("POST", PL, e.Key, map[string]any{"contributionPlanName": "Salary sacrifice", "salarySacrifice": 5}).Expect(t, 200).Map(t), "id")
		dates := e.path(e.Biz, "pensionscheme/dates")
		e.RunCases(t, []testkit.Case{
			{Name: "scheme read back", Method: "GET", Path: fmt.Sprintf("%s/%d", PS, sid), Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"name": "Nest", "providerName": "NEST Corporation", "adminPostcode": "E14 4PU"})},
			{Name: "schemes", Method: "GET", Path: PS, Key: e.Key, Status: 200, Check: ukListLen(1)},
			{Name: "scheme partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", PS, sid), Key: e.Key, Body: map[string]any{"adminFirstName": "Ada"},
				Status: 200, Check: ukExpect(map[string]any{"adminFirstName": "Ada", "name": "Nest", "employerNumber": "EMP123"})},
			{Name: "scheme without name", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"providerName": "X"}, Status: 400, Field: "name"},
			{Name: "scheme bad email", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"name": "X", "adminEmailAddress": "nope"}, Status: 400, Field: "adminEmailAddress"},
			{Name: "scheme duplicate name", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"name": "nest"}, Status: 409},
			{Name: "plan read back", Method: "GET", Path: fmt.Sprintf("%s/%d", PL, pid), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				ukExpect(map[string]any{"contributionPlanName": "Auto-enrolment", "employeeContribution": 5, "pensionSchemeId": sid,
					"lowerDefaultEarningsDisregardType": "NoOffset"})(t, r)
				rules := m["pensionSchemeContributionPlanPostponementRules"].([]any)
				if len(rules) != 1 || rules[0].(map[string]any)["pensionSchemeContributionPlanId"] != float64(pid) {
					t.Fatalf("rules %v", rules)
				}
			}},
			{Name: "plans", Method: "GET", Path: PL, Key: e.Key, Status: 200, Check: ukListLen(2)},
			{Name: "plan partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", PL, pid), Key: e.Key, Body: map[string]any{"employeeContribution": 6},
				Status: 200, Check: ukExpect(map[string]any{"employeeContribution": 6, "employerContribution": 3, "contributionPlanName": "Auto-enrolment"})},
			{Name: "plan below the auto-enrolment minimum", Method: "PUT", Path: fmt.Sprintf("%s/%d", PL, pid), Key: e.Key,
				Body: map[string]any{"employerContribution": 2}, Status: 400, Field: "employerContribution"},
			{Name: "plan below 8% in all", Method: "POST", Path: PL, Key: e.Key, Body: map[string]any{"contributionPlanName": "Low",
				"isAutoEnrolmentScheme": true, "calculateOnQualifyingEarnings": true, "employerContribution": 3, "employeeContribution": 4}, Status: 400, Field: "employeeContribution"},
			{Name: "plan without name", Method: "POST", Path: PL, Key: e.Key, Body: map[string]any{"employeeContribution": 5}, Status: 400, Field: "contributionPlanName"},
			{Name: "plan bad enum", Method: "POST", Path: PL, Key: e.Key, Body: map[string]any{"contributionPlanName": "X", "pensionType": "Gross"}, Status: 400},
			{Name: "plan bad percentage", Method: "POST", Path: PL, Key: e.Key, Body: map[string]any{"contributionPlanName": "X", "employerContribution": 101},
				Status: 400, Field: "employerContribution"},
			{Name: "plan missing deduction category", Method: "POST", Path: PL, Key: e.Key,
				Body: map[string]any{"contributionPlanName": "X", "salarySacrificeDeductionCategoryId": 999999}, Status: 400, Field: "salarySacrificeDeductionCategoryId"},
			{Name: "plan postponement too long", Method: "POST", Path: PL, Key: e.Key, Body: map[string]any{"contributionPlanName": "X",
				"pensionSchemeContributionPlanPostponementRules": []map[string]any{{"postponementRuleType": "JoinsACompany", "postponementRuleOptionType": "PostponeWeeks",
					"postponementPeriod": 14}}}, Status: 400, Field: "pensionSchemeContributionPlanPostponementRules[0].postponementPeriod"},
			{Name: "plan duplicate name", Method: "POST", Path: PL, Key: e.Key, Body: map[string]any{"contributionPlanName": "auto-enrolment"}, Status: 409},
			{Name: "plan of another scheme path", Method: "GET", Path: fmt.Sprintf("%s/%d/plan/%d", PS, sid+1000, pid), Key: e.Key, Status: 404},
			{Name: "plans of another tenant's scheme", Method: "GET", Path: fmt.Sprintf("%s/%d/plan", PS, otherScheme), Key: e.Key, Status: 404},
			{Name: "another tenant's scheme", Method: "GET", Path: fmt.Sprintf("%s/%d/pensionscheme/%d", "/api/v2/business", e.Other, otherScheme), Key: e.Key, Status: 404},
			{Name: "dates", Method: "POST", Path: dates, Key: e.Key, Body: map[string]any{"stagingDate": "2024-03-31", "includeOptedOutEmployees": true,
				"postponementRuleOptionType": "PostponeMonths", "postponementPeriod": 3, "postponementStartDate": "2026-11-30"}, Status: 200,
				Check: ukExpect(map[string]any{"stagingDate": "2024-03-31T00:00:00", "autoReEnrolmentDate": "2027-03-31T00:00:00",
					"reEnrolmentWindowStart": "2026-12-31T00:00:00", "reEnrolmentWindowEnd": "2027-06-30T00:00:00",
					"declarationOfComplianceDueDate": "2024-08-31T00:00:00", "reDeclarationDueDate": "2027-08-31T00:00:00",
					"postponementEndDate": "2027-02-28T00:00:00", "includeOptedOutEmployees": true})},
			{Name: "dates by pay periods", Method: "POST", Path: dates, Key: e.Key, Body: map[string]any{"stagingDate": "2024-03-31",
				"autoReEnrolmentDate": "2027-01-15", "postponementRuleOptionType": "PostponePayPeriods", "postponementPeriod": 6, "payFrequency": "Fortnightly",
				"postponementStartDate": "2026-11-02"}, Status: 200,
				Check: ukExpect(map[string]any{"autoReEnrolmentDate": "2027-01-15T00:00:00", "postponementEndDate": "2027-01-25T00:00:00"})},
			{Name: "dates to the sixth", Method: "POST", Path: dates, Key: e.Key, Body: map[string]any{"stagingDate": "2024-03-31",
				"postponementRuleOptionType": "PostponeSixthFollowingMonths", "postponementPeriod": 2, "postponementStartDate": "2026-11-20"}, Status: 200,
				Check: ukExpect(map[string]any{"postponementEndDate": "2027-01-06T00:00:00"})},
			{Name: "dates without staging date", Method: "POST", Path: dates, Key: e.Key, Body: map[string]any{"includeOptedOutEmployees": true}, Status: 400, Field: "stagingDate"},
			{Name: "re-enrolment outside the window", Method: "POST", Path: dates, Key: e.Key, Body: map[string]any{"stagingDate": "2024-03-31",
				"autoReEnrolmentDate": "2027-08-01"}, Status: 400, Field: "autoReEnrolmentDate"},
			{Name: "pay periods without frequency", Method: "POST", Path: dates, Key: e.Key, Body: map[string]any{"stagingDate": "2024-03-31",
				"postponementRuleOptionType": "PostponePayPeriods", "postponementPeriod": 2}, Status: 400, Field: "payFrequency"},
			{Name: "postponement beyond three months", Method: "POST", Path: dates, Key: e.Key, Body: map[string]any{"stagingDate": "2024-03-31",
				"postponementRuleOptionType": "PostponePayPeriods", "postponementPeriod": 13, "payFrequency": "Monthly"}, Status: 400, Field: "postponementPeriod"},
			{Name: "AU business dates", Method: "POST", Path: e.path(e.au, "pensionscheme/dates"), Key: e.Key, Body: map[string]any{"stagingDate": "2024-03-31"},
				Status: 400, Field: "region"},
			{Name: "AU business schemes", Method: "POST", Path: e.path(e.au, "pensionscheme"), Key: e.Key, Body: map[string]any{"name": "X"}, Status: 400, Field: "region"},
		})
		// The last accepted timetable is stored; rejected requests changed nothing.
		staging, err := e.Reference.PensionDates.Get(context.Background(), business.Business{ID: e.Biz, Region: "UK"}, "")
		if err != nil || staging.StagingDate.Format("2006-01-02") != "2024-03-31" || staging.AutoReEnrolmentDate.Format("2006-01-02") != "2027-03-31" ||
			staging.IncludeOptedOutEmployees {
			t.Fatalf("stored dates %+v %v", staging, err)
		}
		e.ukUseRecord(t, uk.KindPensionPlan, second)
		e.RunCases(t, []testkit.Case{
			{Name: "scheme with a plan in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PS, sid), Key: e.Key, Status: 409},
			{Name: "plans kept", Method: "GET", Path: PL, Key: e.Key, Status: 200, Check: ukListLen(2)},
		})
		e.ukUseRecords(t) // the using row lets go of them
		e.RunCases(t, []testkit.Case{
			{Name: "delete another tenant's scheme", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PS, otherScheme), Key: e.Key, Status: 404},
			{Name: "delete scheme with its plans", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PS, sid), Key: e.Key, Status: 200},
			{Name: "scheme gone", Method: "GET", Path: fmt.Sprintf("%s/%d", PS, sid), Key: e.Key, Status: 404},
			{Name: "plans gone", Method: "GET", Path: fmt.Sprintf("%s/%d", PL, pid), Key: e.Key, Status: 404},
		})
	})
}

func TestUKBenefitCategories(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		BC := e.path(e.Biz, "benefitcategory")
		car := map[string]any{"name": "Company car AB12 CDE", "year": 2025, "benefitType": "CarsAndCarFuel", "car": map[string]any{
			"registrationNumber": "ab12 cde", "makeAndModel": "Volvo XC40", "dateRegistered": "2023-05-01", "fuelType": "Other",
			"approvedCO2Emissions": 38, "zeroEmissionMileage": 45}}
		created := e.Do("POST", BC, e.Key, car).Expect(t, 200).Map(t)
		carID := ukID(t, created, "id")
		if created["niTreatment"] != "Class1A" || created["car"].(map[string]any)["registrationNumber"] != "AB12 CDE" {
			t.Fatalf("created %v", created)
		}
		medical := ukID(t, e.Do("POST", BC, e.Key, map[string]any{"name": "Medical", "benefitType": 1}).Expect(t, 200).Map(t), "id")
		otherID := ukID(t, e.Do("POST", e.path(e.Other, "benefitcategory"), e.OtherKey, map[string]any{"name": "Theirs", "benefitType": "ServicesSupplied"}).
			Expect(t, 200).Map(t), "id")
		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", BC, carID), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				ukExpect(map[string]any{"name": "Company car AB12 CDE", "year": 2025, "payrollingBenefit": false})(t, r)
				c := r.Map(t)["car"].(map[string]any)
				if c["approvedCO2Emissions"] != 38.0 || c["dateRegistered"] != "2023-05-01T00:00:00" {
					t.Fatalf("car %v", c)
				}
			}},
			{Name: "integer enum", Method: "GET", Path: fmt.Sprintf("%s/%d", BC, medical), Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"benefitType": "PrivateMedicalTreatmentOrInsurance", "niTreatment": "Class1A", "car": nil})},
			{Name: "list", Method: "GET", Path: BC, Key: e.Key, Status: 200, Check: ukListLen(2)},
			{Name: "update by body id", Method: "PUT", Path: BC, Key: e.Key, Body: map[string]any{"id": carID, "description": "Pool car"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					bc := m["benefitCategory"].(map[string]any)
					if bc["description"] != "Pool car" || bc["name"] != "Company car AB12 CDE" || bc["car"] == nil || fmt.Sprint(m["employeeIdsUpdated"]) != "[]" {
						t.Fatalf("update result %v", m)
					}
				}},
			{Name: "update visible", Method: "GET", Path: fmt.Sprintf("%s/%d", BC, carID), Key: e.Key, Status: 200, Check: ukExpect(map[string]any{"description": "Pool car"})},
			{Name: "update without id", Method: "PUT", Path: BC, Key: e.Key, Body: map[string]any{"description": "x"}, Status: 400, Field: "id"},
			{Name: "update another tenant's", Method: "PUT", Path: BC, Key: e.Key, Body: map[string]any{"id": otherID, "description": "x"}, Status: 404},
			{Name: "update invalid", Method: "PUT", Path: BC, Key: e.Key, Body: map[string]any{"id": carID, "name": ""}, Status: 400, Field: "name"},
			{Name: "without name", Method: "POST", Path: BC, Key: e.Key, Body: map[string]any{"benefitType": "ServicesSupplied"}, Status: 400, Field: "name"},
			{Name: "without type", Method: "POST", Path: BC, Key: e.Key, Body: map[string]any{"name": "X"}, Status: 400, Field: "benefitType"},
			{Name: "bad type", Method: "POST", Path: BC, Key: e.Key, Body: map[string]any{"name": "X", "benefitType": "Yacht"}, Status: 400},
			{Name: "car without details", Method: "POST", Path: BC, Key: e.Key, Body: map[string]any{"name": "X", "benefitType": "CarsAndCarFuel"}, Status: 400, Field: "car"},
			{Name: "car without CO2", Method: "POST", Path: BC, Key: e.Key, Body: map[string]any{"name": "X", "benefitType": "CarsAndCarFuel",
				"car": map[string]any{"makeAndModel": "Ford", "dateRegistered": "2020-01-01", "fuelType": "Diesel"}}, Status: 400, Field: "car.approvedCO2Emissions"},
			{Name: "duplicate name in the year", Method: "POST", Path: BC, Key: e.Key, Body: map[string]any{"name": "medical", "benefitType": "ServicesSupplied"}, Status: 409},
			{Name: "same name another year", Method: "POST", Path: BC, Key: e.Key, Body: map[string]any{"name": "Medical", "year": 2026, "benefitType": 1}, Status: 200},
			{Name: "payrolled while payrolling is off", Method: "POST", Path: BC, Key: e.Key,
				Body: map[string]any{"name": "Gym", "benefitType": "ServicesSupplied", "payrollingBenefit": true}, Status: 400, Field: "payrollingBenefit"},
			{Name: "processing defaults", Method: "GET", Path: BC + "/processingoptions", Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"isP11dBenefitsEnabled": true, "isPayrollingBenefitsEnabled": false, "registeredFromTaxYear": nil})},
			{Name: "payrolling needs the registration year", Method: "PUT", Path: BC + "/processingoptions", Key: e.Key,
				Body: map[string]any{"isPayrollingBenefitsEnabled": true}, Status: 400, Field: "registeredFromTaxYear"},
			{Name: "registration year out of range", Method: "PUT", Path: BC + "/processingoptions", Key: e.Key,
				Body: map[string]any{"isPayrollingBenefitsEnabled": true, "registeredFromTaxYear": 2030}, Status: 400, Field: "registeredFromTaxYear"},
			{Name: "turn payrolling on", Method: "PUT", Path: BC + "/processingoptions", Key: e.Key,
				Body: map[string]any{"isPayrollingBenefitsEnabled": true, "registeredFromTaxYear": 2025}, Status: 200,
				Check: ukExpect(map[string]any{"isPayrollingBenefitsEnabled": true, "isP11dBenefitsEnabled": true, "registeredFromTaxYear": 2025})},
			{Name: "payrolled category", Method: "POST", Path: BC, Key: e.Key,
				Body: map[string]any{"name": "Gym", "benefitType": "ServicesSupplied", "payrollingBenefit": true}, Status: 200},
			{Name: "payrolling cannot go off while used", Method: "PUT", Path: BC + "/processingoptions", Key: e.Key,
				Body: map[string]any{"isPayrollingBenefitsEnabled": false}, Status: 409},
			{Name: "P11D cannot go off while used", Method: "PUT", Path: BC + "/processingoptions", Key: e.Key,
				Body: map[string]any{"isP11dBenefitsEnabled": false}, Status: 409},
			{Name: "registered-from options", Method: "GET", Path: BC + "/registeredfromtaxyearoptions", Key: e.Key, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					var list []map[string]any
					r.JSON(t, &list)
					if len(list) != 12 || list[0]["value"] != 2027.0 || list[0]["name"] != "2027/28" || list[0]["text"] != "2027/28" || list[11]["value"] != 2016.0 {
						t.Fatalf("options %v", list)
					}
				}},
			{Name: "another tenant's category", Method: "GET", Path: fmt.Sprintf("%s/%d", BC, otherID), Key: e.Key, Status: 404},
			{Name: "another tenant's list", Method: "GET", Path: e.path(e.Other, "benefitcategory"), Key: e.Key, Status: 404},
			{Name: "AU business", Method: "GET", Path: e.path(e.au, "benefitcategory"), Key: e.Key, Status: 400, Field: "region"},
			{Name: "AU business options", Method: "GET", Path: e.path(e.au, "benefitcategory/registeredfromtaxyearoptions"), Key: e.Key, Status: 400, Field: "region"},
			{Name: "AU business processing", Method: "PUT", Path: e.path(e.au, "benefitcategory/processingoptions"), Key: e.Key, Body: map[string]any{}, Status: 400, Field: "region"},
		})

		// Several at once: all or nothing.
		e.RunCases(t, []testkit.Case{
			{Name: "multiple with a bad item", Method: "POST", Path: BC + "/multiple", Key: e.Key, Body: []map[string]any{
				{"name": "Phone", "benefitType": "AssetsPlacedAtTheEmployeesDisposal"}, {"benefitType": "ServicesSupplied"}, {"name": "Phone", "benefitType": "ServicesSupplied"}},
				Status: 400, Check: func(t *testing.T, r *testkit.Response) {
					testkit.ExpectProblem(t, r, 400, "[1].name")
					testkit.ExpectProblem(t, r, 400, "[2]")
				}},
			{Name: "nothing stored", Method: "GET", Path: BC, Key: e.Key, Status: 200, Check: ukListLen(4)},
			{Name: "multiple", Method: "POST", Path: BC + "/multiple", Key: e.Key, Body: []map[string]any{
				{"name": "Phone", "benefitType": "AssetsPlacedAtTheEmployeesDisposal"}, {"name": "Van", "benefitType": "VansAndVanFuel"}},
				Status: 200, Check: func(t *testing.T, r *testkit.Response) {
					list := r.Map(t)["benefitCategories"].([]any)
					if len(list) != 2 || list[1].(map[string]any)["van"] == nil {
						t.Fatalf("created %v", list)
					}
				}},
			{Name: "empty multiple", Method: "POST", Path: BC + "/multiple", Key: e.Key, Body: []map[string]any{}, Status: 400},
			{Name: "listed", Method: "GET", Path: BC, Key: e.Key, Status: 200, Check: ukListLen(6)},
		})

		// CSV import.
		imp := e.path(e.Biz, "import/benefit-categories")
		testkit.ExpectProblem(t, e.ukUpload(t, imp, e.Key, "b.csv", "Name,Benefit Type,Year\nDental,PrivateMedicalTreatmentOrInsurance,2025\n,ServicesSupplied,2025\nTaxi,Rockets,2025\n"),
			400, "row 3.name")
		ok := e.ukUpload(t, imp, e.Key, "b.csv", "Name,Benefit Type,Year,Payrolling Benefit\nDental,PrivateMedicalTreatmentOrInsurance,2025,no\nTaxi,ServicesSupplied,2025,yes\n").Expect(t, 200).Map(t)
		if ok["imported"] != 2.0 {
			t.Fatalf("import %v", ok)
		}
		testkit.ExpectProblem(t, e.ukUpload(t, e.path(e.au, "import/benefit-categories"), e.Key, "b.csv", "Name,Benefit Type\nX,ServicesSupplied\n"), 400, "region")
		testkit.ExpectProblem(t, e.ukUpload(t, e.path(e.Other, "import/benefit-categories"), e.Key, "b.csv", "Name,Benefit Type\nX,ServicesSupplied\n"), 404, "")

		e.ukUseRecord(t, uk.KindBenefitCategory, medical)
		e.RunCases(t, []testkit.Case{
			{Name: "imported", Method: "GET", Path: BC, Key: e.Key, Status: 200, Check: ukListLen(8)},
			{Name: "delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", BC, medical), Key: e.Key, Status: 409},
			{Name: "delete another tenant's", Method: "DELETE", Path: fmt.Sprintf("%s/%d", BC, otherID), Key: e.Key, Status: 404},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", BC, carID), Key: e.Key, Status: 200},
			{Name: "deleted", Method: "GET", Path: fmt.Sprintf("%s/%d", BC, carID), Key: e.Key, Status: 404},
		})
	})
}

func TestUKBacs(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		BA := e.path(e.Biz, "bacs")
		first := ukID(t, e.Do("POST", BA, e.Key, map[string]any{"serviceUserNumber": "123456", "sortCode": "112233", "accountNumber": "12345678",
			"accountName": "Payroll", "lodgementReference": "SALARIES"}).Expect(t, 200).Map(t), "id")
		second := ukID(t, e.Do("POST", BA, e.Key, map[string]any{"fileFormat": 1, "sortCode": "40-11-22", "accountNumber": "87654321",
			"accountName": "Expenses", "payHmrc": true}).Expect(t, 200).Map(t), "id")
		otherID := ukID(t, e.Do("POST", e.path(e.Other, "bacs"), e.OtherKey, map[string]any{"serviceUserNumber": "654321", "sortCode": "112233",
			"accountNumber": "12345678", "accountName": "Theirs"}).Expect(t, 200).Map(t), "id")
		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", BA, first), Key: e.Key, Status: 200, Check: ukExpect(map[string]any{
				"sortCode": "11-22-33", "fileFormat": "Standard", "paymentAdditionalContent": "None", "lodgementReference": "SALARIES"})},
			{Name: "integer file format", Method: "GET", Path: fmt.Sprintf("%s/%d", BA, second), Key: e.Key, Status: 200,
				Check: ukExpect(map[string]any{"fileFormat": "Hsbc", "serviceUserNumber": "", "payHmrc": true})},
			{Name: "list", Method: "GET", Path: BA, Key: e.Key, Status: 200, Check: ukListLen(2)},
			{Name: "list filtered", Method: "GET", Path: BA + "?$filter=AccountName%20eq%20'Expenses'", Key: e.Key, Status: 200, Check: ukListLen(1)},
			{Name: "list paged", Method: "GET", Path: BA + "?$top=1&$skip=1", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var list []map[string]any
				r.JSON(t, &list)
				if len(list) != 1 || list[0]["id"] != float64(second) {
					t.Fatalf("page %v", list)
				}
			}},
			{Name: "partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", BA, first), Key: e.Key, Body: map[string]any{"paymentAdditionalContent": "payrunid", "paymentDate": 25},
				Status: 200, Check: ukExpect(map[string]any{"paymentAdditionalContent": "PayRunId", "paymentDate": 25, "accountName": "Payroll"})},
			{Name: "bad sort code", Method: "POST", Path: BA, Key: e.Key, Body: map[string]any{"serviceUserNumber": "123456", "sortCode": "1122334",
				"accountNumber": "12345678", "accountName": "X"}, Status: 400, Field: "sortCode"},
			{Name: "short account number", Method: "POST", Path: BA, Key: e.Key, Body: map[string]any{"serviceUserNumber": "123456", "sortCode": "112233",
				"accountNumber": "1234567", "accountName": "X"}, Status: 400, Field: "accountNumber"},
			{Name: "standard format needs a SUN", Method: "POST", Path: BA, Key: e.Key, Body: map[string]any{"sortCode": "112233",
				"accountNumber": "12345678", "accountName": "X"}, Status: 400, Field: "serviceUserNumber"},
			{Name: "bad SUN", Method: "POST", Path: BA, Key: e.Key, Body: map[string]any{"serviceUserNumber": "12345A", "sortCode": "112233",
				"accountNumber": "12345678", "accountName": "X"}, Status: 400, Field: "serviceUserNumber"},
			{Name: "missing account name", Method: "POST", Path: BA, Key: e.Key, Body: map[string]any{"serviceUserNumber": "123456", "sortCode": "112233",
				"accountNumber": "12345678"}, Status: 400, Field: "accountName"},
			{Name: "bad file format", Method: "POST", Path: BA, Key: e.Key, Body: map[string]any{"fileFormat": "Floppy", "sortCode": "112233",
				"accountNumber": "12345678", "accountName": "X"}, Status: 400},
			{Name: "another tenant's", Method: "GET", Path: fmt.Sprintf("%s/%d", BA, otherID), Key: e.Key, Status: 404},
			{Name: "another tenant's list", Method: "GET", Path: e.path(e.Other, "bacs"), Key: e.Key, Status: 404},
			{Name: "AU business", Method: "GET", Path: e.path(e.au, "bacs"), Key: e.Key, Status: 400, Field: "region"},
		})
		e.ukUseRecord(t, uk.KindBacs, second)
		e.RunCases(t, []testkit.Case{
			{Name: "delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", BA, second), Key: e.Key, Status: 409},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", BA, first), Key: e.Key, Status: 200},
			{Name: "deleted", Method: "GET", Path: fmt.Sprintf("%s/%d", BA, first), Key: e.Key, Status: 404},
		})
	})
}

func TestUKSubcontractors(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		SC := e.path(e.Biz, "subcontractor")
		soleTrader := e.Do("POST", SC, e.Key, map[string]any{"businessType": "SoleTrader", "firstName": "Bob", "surname": "Builder",
			"uniqueTaxpayerReference": "1234567890", "nationalInsuranceNumber": "ab123456c", "postcode": "m1 1ae"}).Expect(t, 200).Map(t)
		sid := ukID(t, soleTrader, "id")
		if soleTrader["taxStatus"] != "VerificationRequired" || soleTrader["nationalInsuranceNumber"] != "AB123456C" {
			t.Fatalf("created %v", soleTrader)
		}
		otherSub := ukID(t, e.Do("POST", e.path(e.Other, "subcontractor"), e.OtherKey, map[string]any{"businessType": "Company", "tradingName": "Theirs",
			"uniqueTaxpayerReference": "1111111111"}).Expect(t, 200).Map(t), "id")
		cat := ukID(t, e.Do("POST", e.path(e.Biz, "paycategory"), e.Key, map[string]any{"name": "CIS labour"}).Expect(t, 200).Map(t), "id")
		PD := fmt.Sprintf("%s/%d/paymentdetails", SC, sid)
		var bankID int64
		e.RunCases(t, []testkit.Case{
			{Name: "company", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "company", "tradingName": "Bricks Ltd",
				"uniqueTaxpayerReference": "2234567890", "companyRegistrationNumber": "sc123456", "taxStatus": "Gross", "verificationNumber": "V1234567890",
				"dateMatched": "2026-10-01", "isContractAgreed": true}, Status: 200,
				Check: ukExpect(map[string]any{"taxStatus": "Gross", "companyRegistrationNumber": "SC123456", "isContractAgreed": true, "dateMatched": "2026-10-01T00:00:00"})},
			{Name: "unmatched", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "Partnership", "tradingName": "B&B",
				"uniqueTaxpayerReference": "3234567890", "partnershipUniqueTaxpayerReference": "4234567890", "taxStatus": "unmatched",
				"verificationNumber": "V1234567890AB"}, Status: 200, Check: ukExpect(map[string]any{"taxStatus": "Unmatched"})},
			{Name: "company without name", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "Company", "uniqueTaxpayerReference": "5234567890"},
				Status: 400, Field: "tradingName"},
			{Name: "sole trader without surname", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "SoleTrader", "firstName": "A",
				"uniqueTaxpayerReference": "5234567890"}, Status: 400, Field: "surname"},
			{Name: "without business type", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"tradingName": "X", "uniqueTaxpayerReference": "5234567890"},
				Status: 400, Field: "businessType"},
			{Name: "short UTR", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "Trust", "tradingName": "X", "uniqueTaxpayerReference": "523456789"},
				Status: 400, Field: "uniqueTaxpayerReference"},
			{Name: "gross without verification", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "Trust", "tradingName": "X",
				"uniqueTaxpayerReference": "5234567890", "taxStatus": "Gross"}, Status: 400, Field: "verificationNumber"},
			{Name: "unmatched number with a standard status", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "Trust", "tradingName": "X",
				"uniqueTaxpayerReference": "5234567890", "taxStatus": "Standard", "verificationNumber": "V1234567890A"}, Status: 400, Field: "taxStatus"},
			{Name: "bad NI number", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "SoleTrader", "firstName": "A", "surname": "B",
				"uniqueTaxpayerReference": "5234567890", "nationalInsuranceNumber": "DQ123456C"}, Status: 400, Field: "nationalInsuranceNumber"},
			{Name: "bad tax status", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "Trust", "tradingName": "X",
				"uniqueTaxpayerReference": "5234567890", "taxStatus": "Exempt"}, Status: 400},
			{Name: "duplicate UTR", Method: "POST", Path: SC, Key: e.Key, Body: map[string]any{"businessType": "Trust", "tradingName": "X",
				"uniqueTaxpayerReference": "1234567890"}, Status: 409},
			{Name: "AU business", Method: "POST", Path: e.path(e.au, "subcontractor"), Key: e.Key, Body: map[string]any{"businessType": "Trust", "tradingName": "X",
				"uniqueTaxpayerReference": "5234567890"}, Status: 400, Field: "region"},
			{Name: "payment details with a missing pay schedule", Method: "POST", Path: PD, Key: e.Key, Body: map[string]any{"sortCode": "112233",
				"accountNumber": "12345678", "accountName": "Bob Builder", "payScheduleId": 999999}, Status: 400, Field: "payScheduleId"},
			{Name: "payment details without account", Method: "POST", Path: PD, Key: e.Key, Body: map[string]any{"sortCode": "112233", "accountName": "Bob"},
				Status: 400, Field: "accountNumber"},
			{Name: "payment details", Method: "POST", Path: PD, Key: e.Key, Body: map[string]any{"sortCode": "112233", "accountNumber": "12345678",
				"accountName": "Bob Builder", "payCategoryId": cat, "rollNumber": "ROLL/1"}, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				bankID = ukID(t, m, "bankAccountId")
				ukExpect(map[string]any{"sortCode": "11-22-33", "accountType": "Electronic", "payCategoryId": cat, "payScheduleId": 0})(t, r)
			}},
			{Name: "payment details replaced", Method: "POST", Path: PD, Key: e.Key, Body: map[string]any{"accountType": "CashOrCheque", "payCategoryId": cat},
				Status: 200, Check: func(t *testing.T, r *testkit.Response) {
					ukExpect(map[string]any{"accountType": "CashOrCheque", "bankAccountId": bankID, "sortCode": ""})(t, r)
				}},
			{Name: "payment details of other details id", Method: "POST", Path: PD, Key: e.Key, Body: map[string]any{"bankAccountId": bankID + 100,
				"accountType": "CashOrCheque"}, Status: 400, Field: "bankAccountId"},
			{Name: "pay category in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", e.path(e.Biz, "paycategory"), cat), Key: e.Key, Status: 409},
			{Name: "unknown subcontractor", Method: "POST", Path: fmt.Sprintf("%s/%d/paymentdetails", SC, sid+1000), Key: e.Key,
				Body: map[string]any{"accountType": "CashOrCheque"}, Status: 404},
			{Name: "another tenant's subcontractor", Method: "POST", Path: fmt.Sprintf("%s/%d/paymentdetails", SC, otherSub), Key: e.Key,
				Body: map[string]any{"accountType": "CashOrCheque"}, Status: 404},
			{Name: "another tenant's business", Method: "POST", Path: fmt.Sprintf("%s/%d/paymentdetails", e.path(e.Other, "subcontractor"), otherSub), Key: e.Key,
				Body: map[string]any{"accountType": "CashOrCheque"}, Status: 404},
		})
	})
}

func TestUK52WeekImport(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newUKEnv(t, d)
		emp := func(biz int64, first, status, ext string) int64 {
			return e.SeedEmployee(t, d, biz, first, "Smith", status, ext)
		}
		ann, ben, cat := emp(e.Biz, "Ann", "Active", "E1"), emp(e.Biz, "Ben", "Active", "E2"), emp(e.Biz, "Cat", "Terminated", "E3")
		theirs := emp(e.Other, "Dan", "Active", "E1")
		DI := e.path(e.Biz, "dataimport/")
		template := e.Do("GET", DI+"52weekdatatemplate", e.Key, nil).Expect(t, 200)
		if ct := template.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Fatalf("template content type %q", ct)
		}
		if body := string(template.Body); !strings.HasPrefix(body, "EmployeeId,EmployeeExternalId,FirstName,Surname,PeriodEnding,Weeks,Hours,Pay\n") ||
			!strings.Contains(body, fmt.Sprintf("%d,E1,Ann,Smith", ann)) || !strings.Contains(body, fmt.Sprintf("%d,E2,Ben", ben)) || strings.Contains(body, "Cat") {
			t.Fatalf("template %q", body)
		}
		upload := func(csv string) *testkit.Response { return e.ukUpload(t, DI+"import52weekdata", e.Key, "52.csv", csv) }
		header := "EmployeeId,EmployeeExternalId,FirstName,Surname,PeriodEnding,Weeks,Hours,Pay\n"
		// Errors reject the whole file.
		bad := upload(header +
			fmt.Sprintf("%d,,Ann,Smith,2026-10-30,1,37.5,500\n", ann) +
			fmt.Sprintf("%d,,,,2026-10-30,1,37.5,500\n", theirs) +
			",E9,,,2026-10-23,1,10,100\n" +
			fmt.Sprintf("%d,,,,2026-12-30,1,10,100\n", ben) +
			fmt.Sprintf("%d,,,,2026-10-23,1,10,0\n", ben) +
			fmt.Sprintf("%d,,,,30/10/2026,1,10,100\n", ann) +
			fmt.Sprintf("%d,E2,,,2026-10-16,1,10,100\n", ann) +
			",E2,,,2026-10-09,52,10,100\n" + ",E2,,,2026-10-02,1,10,100\n" +
			fmt.Sprintf("%d,,,,2024-10-01,1,10,100\n", ben))
		for _, f := range []string{"row 3.employeeId", "row 4.employeeExternalId", "row 5.periodEnding", "row 6.pay", "row 7.periodEnding",
			"row 8.employeeExternalId", "row 10.weeks", "row 11.periodEnding"} {
			testkit.ExpectProblem(t, bad, 400, f)
		}
		testkit.ExpectProblem(t, upload("Employee,Pay\n1,2\n"), 400, "file")
		testkit.ExpectProblem(t, upload(header+fmt.Sprintf("%d,,,,,,,\n", ann)), 400, "file")
		e.RunCases(t, []testkit.Case{{Name: "nothing imported", Method: "GET", Path: DI + "import52weekdataquery", Key: e.Key, Status: 200,
			Check: ukExpect(map[string]any{"status": "None", "employees": "[]"})}})

		job := upload(header+
			fmt.Sprintf("%d,,Ann,Smith,2026-10-30,1,37.5,500\n", ann)+
			fmt.Sprintf("%d,E1,Ann,Smith,23/10/2026,1,40,\"£1,000.00\"\n", ann)+
			fmt.Sprintf("%d,,Ann,Smith,2026-10-16,2,35,600.01\n", ann)+
			",E2,,,2026-09-30,4.33,160,2166.67\n"+
			fmt.Sprintf("%d,,Cat,Smith,2025-03-31,1,10,100\n", cat)+
			fmt.Sprintf("%d,,,,,,,\n", ben)).Expect(t, 200).Map(t)
		jobID, _ := job["jobId"].(string)
		if len(jobID) != 32 || job["created"] != 3.0 || job["updated"] != 0.0 || job["status"] != "Complete" || len(job["warnings"].([]any)) != 4 {
			t.Fatalf("job %v", job)
		}
		Q := DI + "import52weekdataquery"
		e.RunCases(t, []testkit.Case{
			{Name: "one employee's data", Method: "GET", Path: fmt.Sprintf("%s?employeeId=%d", Q, ann), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				list := m["employees"].([]any)
				if m["jobId"] != jobID || len(list) != 1 {
					t.Fatalf("query %v", m)
				}
				a := list[0].(map[string]any)
				periods := a["periods"].([]any)
				if a["employeeId"] != float64(ann) || a["employeeName"] != "Ann Smith" || a["employeeExternalId"] != "E1" || len(periods) != 3 ||
					periods[0].(map[string]any)["periodEnding"] != "2026-10-30T00:00:00" || periods[1].(map[string]any)["pay"] != 1000.0 ||
					a["totalWeeks"] != 4.0 || a["totalPay"] != 2100.01 || a["averageWeeklyPay"] != 525.0 || a["averageHourlyRate"] != 18.67 {
					t.Fatalf("data %v", a)
				}
			}},
			{Name: "by job", Method: "GET", Path: Q + "?longRunningJobId=" + jobID, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); len(m["employees"].([]any)) != 3 || m["created"] != 3.0 {
					t.Fatalf("query %v", m)
				}
			}},
			{Name: "unknown job", Method: "GET", Path: Q + "?longRunningJobId=abc", Key: e.Key, Status: 404},
			{Name: "employee of another business", Method: "GET", Path: fmt.Sprintf("%s?employeeId=%d", Q, theirs), Key: e.Key, Status: 404},
			{Name: "another tenant", Method: "GET", Path: e.path(e.Other, "dataimport/import52weekdataquery"), Key: e.Key, Status: 404},
			{Name: "another tenant's template", Method: "GET", Path: e.path(e.Other, "dataimport/52weekdatatemplate"), Key: e.Key, Status: 404},
			{Name: "AU business", Method: "GET", Path: e.path(e.au, "dataimport/52weekdatatemplate"), Key: e.Key, Status: 400, Field: "region"},
			{Name: "AU business query", Method: "GET", Path: e.path(e.au, "dataimport/import52weekdataquery"), Key: e.Key, Status: 400, Field: "region"},
		})
		testkit.ExpectProblem(t, e.ukUpload(t, e.path(e.au, "dataimport/import52weekdata"), e.Key, "52.csv", header), 400, "region")

		// A second import replaces the employees it names.
		again := upload("EmployeeExternalId,Week Ending,Pay\nE1,2026-10-30,700\n").Expect(t, 200).Map(t)
		if again["created"] != 0.0 || again["updated"] != 1.0 {
			t.Fatalf("second import %v", again)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "replaced", Method: "GET", Path: fmt.Sprintf("%s?employeeId=%d", Q, ann), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				a := r.Map(t)["employees"].([]any)[0].(map[string]any)
				if len(a["periods"].([]any)) != 1 || a["averageWeeklyPay"] != 700.0 || a["averageHourlyRate"] != nil {
					t.Fatalf("replaced %v", a)
				}
			}},
			{Name: "latest job", Method: "GET", Path: Q, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["jobId"] != again["jobId"] || len(m["employees"].([]any)) != 3 {
					t.Fatalf("query %v", m)
				}
			}},
		})
	})
}
