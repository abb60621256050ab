package employeeapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// employeeEnv is a business with the records a complete employee names.
type employeeEnv struct {
	s        *testkit.Server
	key      string
	biz      int64
	B        string
	sydney   int64
	melb     int64
	schedule int64
}

func newEmployeeEnv(t *testing.T, d *db.DB) *employeeEnv {
	s := testkit.NewServer(t, d)
	_, key := s.NewUser("alice@example.com")
	biz := s.NewBusiness(key, "Alice Pty Ltd", "AU")
	e := &employeeEnv{s: s, key: key, biz: biz, B: testkit.BusinessPath(biz)}
	id := func(coll string, body map[string]any) int64 {
		return int64(s.Do("POST", e.B+"/"+coll, key, body).Expect(t, 200).Map(t)["id"].(float64))
	}
	e.sydney = id("location", map[string]any{"name": "Sydney"})
	e.melb = id("location", map[string]any{"name": "Melbourne"})
	e.schedule = id("payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	id("paycategory", map[string]any{"name": "Ordinary Hours"})
	return e
}

// complete is an AU employee with every group of details the reference
// requires for Active.
func complete(first, surname string) map[string]any {
	return map[string]any{
		"title": "Ms", "firstName": first, "surname": surname, "dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00",
		"gender": "F", "emailAddress": first + "@example.com", "mobilePhone": "0400 000 000",
		"residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney", "residentialState": "NSW", "residentialPostCode": "2000",
		"taxFileNumber": "123456782", "employmentType": "FullTime", "australianResident": true, "claimTaxFreeThreshold": true,
		"paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Sydney", "locations": "Sydney|Melbourne",
		"rate": 35.1234, "rateUnit": "Hourly", "hoursPerWeek": 38,
		"bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first + " " + surname,
		"bankAccount1_AllocatedPercentage": 100,
		"superFund1_ProductCode":           "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877",
		"superThresholdAmount": 450, "taxCategory": "DailyCasual", "leaveAccrualStartDateType": "EmployeeStartDate",
		"tags": "kitchen|nights",
	}
}

func TestEmployeeAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEmployeeEnv(t, d)
		s, key, B := e.s, e.key, e.B
		U := B + "/employee/unstructured"

		// 200 create, read back equal.
		body := complete("Ann", "Lee")
		body["externalId"] = "EMP-1"
		body["externalReferenceId"] = "dep-77"
		body["source"] = "Deputy"
		res := s.Do("POST", U, key, body).Expect(t, 200).Map(t)
		if res["status"] != "Active" || res["operationType"] != "Created" {
			t.Fatalf("create result %v", res)
		}
		ann := int64(res["id"].(float64))
		got := s.Do("GET", fmt.Sprintf("%s/%d", U, ann), key, nil).Expect(t, 200).Map(t)
		for k, want := range body {
			if fmt.Sprint(got[k]) != fmt.Sprint(want) {
				t.Errorf("%s = %v, want %v", k, got[k], want)
			}
		}
		if got["status"] != "Active" || got["dateCreated"] == nil || got["medicareLevySurchargeWithholdingTier"] != nil {
			t.Errorf("read back %v", got)
		}

		// Partial update: only the members sent change.
		s.Do("PUT", fmt.Sprintf("%s/%d", U, ann), key, map[string]any{"mobilePhone": "0411 111 111", "middleName": "Jo"}).Expect(t, 200)
		s.Do("PUT", fmt.Sprintf("%s/%d", U, ann), key, map[string]any{"middleName": "(clear)", "homePhone": nil}).Expect(t, 200)
		got = s.Do("GET", fmt.Sprintf("%s/%d", U, ann), key, nil).Expect(t, 200).Map(t)
		if got["mobilePhone"] != "0411 111 111" || got["middleName"] != "" || got["surname"] != "Lee" || got["taxFileNumber"] != "123456782" || got["rate"] != 35.1234 {
			t.Fatalf("after partial updates %v", got)
		}

		// Create-or-update matches by TFN (AU Standard) and updates.
		res = s.Do("POST", U, key, map[string]any{"taxFileNumber": "123456782", "jobTitle": "Chef"}).Expect(t, 200).Map(t)
		if int64(res["id"].(float64)) != ann || res["operationType"] != "Updated" {
			t.Fatalf("match by TFN %v", res)
		}
		bob := int64(s.Do("POST", U, key, map[string]any{"firstName": "Bob", "surname": "Ng", "primaryLocation": "Melbourne"}).Expect(t, 200).Map(t)["id"].(float64))
		zed := int64(s.Do("POST", U+"?matchType=None", key, map[string]any{"firstName": "Zed", "surname": "Adams"}).Expect(t, 200).Map(t)["id"].(float64))

		var list []map[string]any
		s.Do("GET", U+"?$filter="+url.QueryEscape("FirstName eq 'Ann' and startswith(Surname,'l')"), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["jobTitle"] != "Chef" {
			t.Fatalf("filtered list %v", list)
		}
		s.Do("GET", B+"/employee/details?$orderby=surname&$top=2", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || list[0]["surname"] != "Adams" || list[1]["surname"] != "Lee" {
			t.Fatalf("ordered details %v", list)
		}
		s.Do("GET", B+"/employee/details?$orderby=surname%20desc&$skip=1&$top=1", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["surname"] != "Lee" {
			t.Fatalf("skip/top details %v", list)
		}
		s.Do("GET", fmt.Sprintf("%s?filter.locationId=%d", U, e.melb), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 {
			t.Fatalf("location filter %v", list)
		}
		s.Do("GET", fmt.Sprintf("%s?payScheduleId=%d", U, e.schedule), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("pay schedule filter %v", list)
		}
		s.Do("GET", U+"?$filter="+url.QueryEscape("DateOfBirth lt datetime'2000-01-01T00:00:00' and Status eq 'Active'"), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("date filter %v", list)
		}
		testkit.ExpectProblem(t, s.Do("GET", U+"?$filter="+url.QueryEscape("SuperThresholdAmount ge 450M"), key, nil), 400, "$filter")
		s.Do("GET", U+"?$filter="+url.QueryEscape("TaxCategory eq 'DailyCasual' and MedicareLevySurchargeWithholdingTier eq null and AustralianResident"), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("enum/bool filter %v", list)
		}

		// Lookups.
		for _, p := range []string{U + "/externalid/EMP-1", B + "/employee?externalId=EMP-1", U + "/externalreferenceid/dep-77/deputy"} {
			if s.Do("GET", p, key, nil).Expect(t, 200).Map(t)["id"].(float64) != float64(ann) {
				t.Fatalf("%s did not find ann", p)
			}
		}
		if det := s.Do("GET", fmt.Sprintf("%s/employee/%d/details", B, ann), key, nil).Expect(t, 200).Map(t); det["emailAddress"] != "Ann@example.com" {
			t.Fatalf("details %v", det)
		}
		s.Do("GET", fmt.Sprintf("%s/employee/%d/location", B, ann), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || list[0]["name"] != "Sydney" || list[1]["name"] != "Melbourne" {
			t.Fatalf("employee locations %v", list)
		}

		// Terminate by end date, then activate.
		r := s.Do("PUT", fmt.Sprintf("%s/%d", U, ann), key, map[string]any{"endDate": "2026-10-31T00:00:00", "terminationReason": "Redundancy"}).Expect(t, 200).Map(t)
		if r["status"] != "Terminated" {
			t.Fatalf("terminate %v", r)
		}
		s.Do("POST", fmt.Sprintf("%s/employee/activate/%d", B, ann), key, nil).Expect(t, 200)
		if got = s.Do("GET", fmt.Sprintf("%s/%d", U, ann), key, nil).Expect(t, 200).Map(t); got["status"] != "Active" || got["endDate"] != nil {
			t.Fatalf("after activate %v", got)
		}

		_, bobKey := s.NewUser("bob@example.com")
		other := s.NewBusiness(bobKey, "Bob Ltd", "AU")
		OB := testkit.BusinessPath(other)
		uk := s.NewBusiness(key, "Alice UK", "UK")
		nz := s.NewBusiness(key, "Alice NZ", "NZ")
		sg := s.NewBusiness(key, "Alice SG", "SG")
		UK, NZ, SG := fmt.Sprintf("/api/v2/business/%d/employee/unstructured", uk), fmt.Sprintf("/api/v2/business/%d/employee/unstructured", nz), fmt.Sprintf("/api/v2/business/%d/employee/unstructured", sg)
		name := map[string]any{"firstName": "X", "surname": "Y"}
		with := func(kv ...any) map[string]any {
			m := map[string]any{}
			for k, v := range name {
				m[k] = v
			}
			for i := 0; i < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return m
		}
		s.RunCases(t, []testkit.Case{
			{Name: "bad TFN", Method: "POST", Path: U, Key: key, Body: with("taxFileNumber", "123456789"), Status: 400, Field: "taxFileNumber"},
			{Name: "UK member in AU", Method: "POST", Path: U, Key: key, Body: with("nationalInsuranceNumber", "AB123456C"), Status: 400, Field: "nationalInsuranceNumber"},
			{Name: "unknown pay schedule", Method: "POST", Path: U, Key: key, Body: with("paySchedule", "Fortnightly"), Status: 400, Field: "paySchedule"},
			{Name: "unknown location in list", Method: "POST", Path: U, Key: key, Body: with("locations", "Sydney|Perth"), Status: 400, Field: "locations"},
			{Name: "unknown work type", Method: "POST", Path: U, Key: key, Body: with("workTypes", "Nope"), Status: 400, Field: "workTypes"},
			{Name: "missing surname", Method: "POST", Path: U + "?matchType=None", Key: key, Body: map[string]any{"firstName": "X"}, Status: 400, Field: "surname"},
			{Name: "bad employment type", Method: "POST", Path: U, Key: key, Body: with("employmentType", "Sometimes"), Status: 400, Field: "employmentType"},
			{Name: "bad NI", Method: "POST", Path: UK, Key: key, Body: with("nationalInsuranceNumber", "AB12345"), Status: 400, Field: "nationalInsuranceNumber"},
			{Name: "bad UK tax code", Method: "POST", Path: UK, Key: key, Body: with("taxCode", "12X7Q"), Status: 400, Field: "taxCode"},
			{Name: "AU member in UK", Method: "POST", Path: UK, Key: key, Body: with("taxFileNumber", "123456782"), Status: 400, Field: "taxFileNumber"},
			{Name: "good UK", Method: "POST", Path: UK, Key: key, Body: with("nationalInsuranceNumber", "ab 12 34 56 c", "taxCode", "1257L", "nationalInsuranceCategory", "a"), Status: 200},
			{Name: "bad IRD", Method: "POST", Path: NZ, Key: key, Body: with("taxCodeDeclaration_IrdNumber", "136410133"), Status: 400, Field: "taxCodeDeclaration_IrdNumber"},
			{Name: "good IRD", Method: "POST", Path: NZ, Key: key, Body: with("taxCodeDeclaration_IrdNumber", "136-410-132", "taxCodeDeclaration_TaxCode", "M SL"), Status: 200},
			{Name: "bad NRIC", Method: "POST", Path: SG, Key: key, Body: with("nationalRegistrationIdentityNumber", "S1234567A"), Status: 400, Field: "nationalRegistrationIdentityNumber"},
			{Name: "good NRIC", Method: "POST", Path: SG, Key: key, Body: with("nationalRegistrationIdentityNumber", "s1234567d", "cpfExempt", false), Status: 200},
			{Name: "top over 100", Method: "GET", Path: U + "?$top=101", Key: key, Status: 400, Field: "$top"},
			{Name: "unknown filter member", Method: "GET", Path: U + "?$filter=" + url.QueryEscape("Shoe eq 'x'"), Key: key, Status: 400, Field: "$filter"},
			{Name: "unknown orderby member", Method: "GET", Path: U + "?$orderby=Rate", Key: key, Status: 400, Field: "$orderby"},
			{Name: "anonymous", Method: "GET", Path: U, Status: 401},
			{Name: "other tenant list", Method: "GET", Path: U, Key: bobKey, Status: 404},
			{Name: "other tenant get via own business", Method: "GET", Path: fmt.Sprintf("%s/employee/unstructured/%d", OB, ann), Key: bobKey, Status: 404},
			{Name: "other tenant put via own business", Method: "PUT", Path: fmt.Sprintf("%s/employee/unstructured/%d", OB, ann), Key: bobKey, Body: map[string]any{"surname": "Hacked"}, Status: 404},
			{Name: "other tenant delete via own business", Method: "DELETE", Path: fmt.Sprintf("%s/employee/%d", OB, ann), Key: bobKey, Status: 404},
			{Name: "other tenant details", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/details", OB, ann), Key: bobKey, Status: 404},
			{Name: "other tenant locations", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/location", OB, ann), Key: bobKey, Status: 404},
			{Name: "other tenant external id", Method: "GET", Path: OB + "/employee/unstructured/externalid/EMP-1", Key: bobKey, Status: 404},
			{Name: "unknown employee", Method: "GET", Path: U + "/999999", Key: key, Status: 404},
			{Name: "duplicate external id", Method: "POST", Path: U + "?matchType=None", Key: key, Body: with("externalId", "EMP-1"), Status: 409},
			{Name: "activate incomplete", Method: "POST", Path: fmt.Sprintf("%s/employee/activate/%d", B, bob), Key: key, Status: 409},
			{Name: "pay schedule in use", Method: "DELETE", Path: fmt.Sprintf("%s/payschedule/%d", B, e.schedule), Key: key, Status: 409},
			{Name: "terminated twice keeps 200 via PUT", Method: "PUT", Path: fmt.Sprintf("%s/%d", U, zed), Key: key, Body: map[string]any{"endDate": "2026-10-01T00:00:00"}, Status: 200},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/employee/%d", B, zed), Key: key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", U, zed), Key: key, Status: 404},
			{Name: "deleted again", Method: "DELETE", Path: fmt.Sprintf("%s/employee/%d", B, zed), Key: key, Status: 404},
		})

		// A restricted user sees and changes only the employees of their
		// locations, in lists and by id.
		_, carolKey := s.NewUser("carol@example.com")
		s.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ViewEmployeeDetails,EditBasicEmployeeDetails"}}}).Expect(t, 200)
		s.Do("GET", U, carolKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["firstName"] != "Ann" {
			t.Fatalf("restricted list %v", list)
		}
		s.Do("GET", B+"/employee/details?$orderby=surname", carolKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("restricted details %v", list)
		}
		s.RunCases(t, []testkit.Case{
			{Name: "restricted get own", Method: "GET", Path: fmt.Sprintf("%s/%d", U, ann), Key: carolKey, Status: 200},
			{Name: "restricted get other", Method: "GET", Path: fmt.Sprintf("%s/%d", U, bob), Key: carolKey, Status: 404},
			{Name: "restricted put other", Method: "PUT", Path: fmt.Sprintf("%s/%d", U, bob), Key: carolKey, Body: map[string]any{"jobTitle": "x"}, Status: 404},
			{Name: "restricted delete other", Method: "DELETE", Path: fmt.Sprintf("%s/employee/%d", B, bob), Key: carolKey, Status: 404},
			{Name: "restricted create", Method: "POST", Path: U + "?matchType=None", Key: carolKey, Body: with(), Status: 403},
			{Name: "restricted put own contact details", Method: "PUT", Path: fmt.Sprintf("%s/%d", U, ann), Key: carolKey, Body: map[string]any{"mobilePhone": "0400 000 001", "preferredName": "Annie"}, Status: 200},
			// EditBasicEmployeeDetails covers names, contact details and addresses only.
			{Name: "restricted put own job title", Method: "PUT", Path: fmt.Sprintf("%s/%d", U, ann), Key: carolKey, Body: map[string]any{"jobTitle": "Head chef"}, Status: 403, Check: func(t *testing.T, r *testkit.Response) {
				if !strings.Contains(string(r.Body), "EditAllEmployeeDetails") {
					t.Fatalf("403 does not name the permission: %s", r.Body)
				}
			}},
		})

		// Restricted by an employee group (Tag filter) instead.
		grp := int64(s.Do("POST", B+"/employeegroup", key, map[string]any{"name": "Night shift",
			"filters": []any{map[string]any{"filterType": "Tag", "operator": "In", "value": "nights"}}}).Expect(t, 200).Map(t)["id"].(float64))
		_, daveKey := s.NewUser("dave@example.com")
		s.Do("POST", B+"/access", key, map[string]any{"email": "dave@example.com", "accessType": "Restricted",
			"employeeGroups": []any{map[string]any{"employeeGroupId": grp, "permissions": "ViewEmployeeDetails"}}}).Expect(t, 200)
		s.Do("GET", U, daveKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["firstName"] != "Ann" {
			t.Fatalf("group-restricted list %v", list)
		}
		testkit.ExpectProblem(t, s.Do("GET", fmt.Sprintf("%s/%d", U, bob), daveKey, nil), 404, "")

		// Employee groups match on the employee's stored data (here: the
		// Melbourne location, which both Ann and Bob work at).
		mel := int64(s.Do("POST", B+"/employeegroup", key, map[string]any{"name": "Melbourne staff",
			"filters": []any{map[string]any{"filterType": "Location", "operator": "In", "value": fmt.Sprint(e.melb)}}}).Expect(t, 200).Map(t)["id"].(float64))
		detail := s.Do("GET", fmt.Sprintf("%s/employeegroup/%d", B, mel), key, nil).Expect(t, 200).Map(t)
		if m, _ := detail["matchingEmployees"].([]any); len(m) != 2 {
			t.Fatalf("group members %v", detail)
		}
	})
}

// TestEmployeeEvents: create, update and terminate record their web hook
// events in the same transaction.
func TestEmployeeEvents(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEmployeeEnv(t, d)
		s, key, U := e.s, e.key, e.B+"/employee/unstructured"
		s.Do("POST", e.B+"/webhookregistrations", key, map[string]any{"webHookUri": "http://127.0.0.1:9/hook", "secret": "0123456789abcdef0123456789abcdef", "filters": []string{"*"}}).Expect(t, 200)
		id := int64(s.Do("POST", U, key, complete("Ann", "Lee")).Expect(t, 200).Map(t)["id"].(float64))
		s.Do("PUT", fmt.Sprintf("%s/%d", U, id), key, map[string]any{"jobTitle": "Chef"}).Expect(t, 200)
		s.Do("PUT", fmt.Sprintf("%s/%d", U, id), key, map[string]any{"endDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("POST", U+"?matchType=None", key, map[string]any{"firstName": "X", "surname": "Y", "taxFileNumber": "1"}), 400, "taxFileNumber")
		for _, ev := range []string{"EmployeeCreated", "EmployeeUpdated", "EmployeeTerminated"} {
			var n int
			if err := d.R.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = $1`, ev).Scan(&n); err != nil || n != 1 {
				t.Errorf("%s deliveries = %d, %v", ev, n, err)
			}
		}
	})
}

// TestEmployeeConcurrentPartialUpdates: two partial updates of different
// members at the same time both land (the version-checked update re-reads
// and reapplies instead of overwriting).
func TestEmployeeConcurrentPartialUpdates(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEmployeeEnv(t, d)
		s, key, U := e.s, e.key, e.B+"/employee/unstructured"
		for round := 0; round < 5; round++ {
			id := int64(s.Do("POST", U+"?matchType=None", key, map[string]any{"firstName": "Ann", "surname": fmt.Sprint("Lee", round)}).Expect(t, 200).Map(t)["id"].(float64))
			path := fmt.Sprintf("%s/%d", U, id)
			var wg sync.WaitGroup
			members := []string{"jobTitle", "mobilePhone", "homePhone", "workPhone", "middleName", "preferredName"}
			codes := make([]int, len(members))
			for i, m := range members {
				wg.Add(1)
				go func(i int, m string) {
					defer wg.Done()
					codes[i] = s.Do("PUT", path, key, map[string]any{m: "v-" + m}).Status
				}(i, m)
			}
			wg.Wait()
			got := s.Do("GET", path, key, nil).Expect(t, 200).Map(t)
			for i, m := range members {
				if codes[i] != 200 || got[m] != "v-"+m {
					t.Fatalf("round %d: %s = %v (status %d); lost update", round, m, got[m], codes[i])
				}
			}
		}
	})
}
