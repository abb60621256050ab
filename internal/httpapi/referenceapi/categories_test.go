package referenceapi_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// coreEnv is the standard two-tenant bundle with the helpers the
// categories tests share.
type coreEnv struct{ *testkit.Bundle }

func newCoreEnv(t *testing.T, d *db.DB, region string) *coreEnv {
	return &coreEnv{testkit.NewBundle(t, d, region)}
}

// create posts body to B+path and returns the created record.
func (e *coreEnv) create(t *testing.T, path string, body any) map[string]any {
	t.Helper()
	return e.Do("POST", e.B+path, e.Key, body).Expect(t, 200).Map(t)
}

func coreID(m map[string]any) int64 { return int64(m["id"].(float64)) }

// coreList decodes a list reply.
func coreList(t *testing.T, r *testkit.Response) []map[string]any {
	t.Helper()
	var list []map[string]any
	r.JSON(t, &list)
	return list
}

// coreNames checks a list reply holds exactly the named records, in order.
func coreNames(want ...string) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		t.Helper()
		list := coreList(t, r)
		got := make([]string, len(list))
		for i, m := range list {
			got[i] = fmt.Sprint(m["name"])
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("names %v, want %v", got, want)
		}
	}
}

// coreHas checks members of an object reply.
func coreHas(want map[string]any) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		t.Helper()
		m := r.Map(t)
		for k, v := range want {
			if fmt.Sprint(m[k]) != fmt.Sprint(v) {
				t.Fatalf("%s = %v, want %v in %v", k, m[k], v, m)
			}
		}
	}
}

// coreUse records a row of another area referring to a record, as areas
// do with reference.SaveRefs.
func (e *coreEnv) coreUse(t *testing.T, fromKind string, fromID int64, kind string, id int64) {
	t.Helper()
	err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
		return record.SaveRefs(context.Background(), q, e.Biz, fromKind, fromID, []record.Ref{{Field: "x", Kind: kind, ID: id}})
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (e *coreEnv) employee(t *testing.T, bizID int64, first, surname, status, ext string) int64 {
	t.Helper()
	return e.SeedEmployee(t, e.DB, bizID, first, surname, status, ext)
}

func TestCoreLeaveCategories(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "AU")
		LC := e.B + "/leavecategory"
		taken := coreID(e.create(t, "/paycategory", map[string]any{"name": "Annual Leave Taken"}))
		annual := e.create(t, "/leavecategory", map[string]any{"name": "Annual Leave", "units": 0.076923, "unitType": "hoursperhourworked",
			"automaticallyAccrues": true, "transferToPayCategoryId": taken, "leaveLoading": 17.5,
			"leaveAccrualRule": map[string]any{"capType": "Limited", "unitCap": 304, "accrualType": "Ongoing"}})
		annualID := coreID(annual)
		if annual["unitType"] != "HoursPerHourWorked" || annual["leaveUnitType"] != "Hours" || annual["leaveCategoryType"] != "Standard" {
			t.Fatalf("created %v", annual)
		}
		personal := coreID(e.create(t, "/leavecategory", map[string]any{"name": "Personal/Carer's Leave", "units": 0.038462,
			"leaveCategoryType": "PersonalCarersLeave", "leaveEntitlement": map[string]any{"carryOverType": "UpTo", "carryOverAmount": 10,
				"leaveEntitlementTiers": []map[string]any{{"accrualStartAfter": 1, "accrualAmount": 5}}}}))
		otherID := coreID(e.Do("POST", e.OtherB+"/leavecategory", e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t))
		wt := coreID(e.create(t, "/worktype", map[string]any{"name": "Sick", "mappingType": "LeaveCategory", "leaveCategoryId": personal}))

		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", LC, annualID), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				rule := m["leaveAccrualRule"].(map[string]any)
				if m["units"] != 0.076923 || m["transferToPayCategoryId"] != float64(taken) || m["leaveLoading"] != 17.5 ||
					rule["capType"] != "Limited" || rule["unitCap"] != 304.0 || rule["id"] != float64(annualID) || rule["carryOverBehaviour"] != "CarryEntireAmount" {
					t.Fatalf("read back %v", m)
				}
			}},
			{Name: "entitlement tiers numbered", Method: "GET", Path: fmt.Sprintf("%s/%d", LC, personal), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				ent := r.Map(t)["leaveEntitlement"].(map[string]any)
				tier := ent["leaveEntitlementTiers"].([]any)[0].(map[string]any)
				if ent["carryOverType"] != "UpTo" || tier["id"] != 1.0 || tier["accrualStartAfterUnitType"] != "Year" {
					t.Fatalf("entitlement %v", ent)
				}
			}},
			{Name: "partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", LC, annualID), Key: e.Key, Body: map[string]any{"leaveLoading": 0},
				Status: 200, Check: coreHas(map[string]any{"name": "Annual Leave", "leaveLoading": 0, "units": 0.076923})},
			{Name: "update visible", Method: "GET", Path: fmt.Sprintf("%s/%d", LC, annualID), Key: e.Key, Status: 200, Check: coreHas(map[string]any{"leaveLoading": 0})},
			{Name: "list", Method: "GET", Path: LC, Key: e.Key, Status: 200, Check: coreNames("Annual Leave", "Personal/Carer's Leave")},
			{Name: "list $filter", Method: "GET", Path: LC + "?$filter=LeaveCategoryType%20eq%20'PersonalCarersLeave'", Key: e.Key, Status: 200, Check: coreNames("Personal/Carer's Leave")},
			{Name: "list $top $skip", Method: "GET", Path: LC + "?$orderby=Name%20desc&$top=1&$skip=1", Key: e.Key, Status: 200, Check: coreNames("Annual Leave")},
			{Name: "no name", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"units": 1}, Status: 400, Field: "name"},
			{Name: "bad unit type", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"name": "X", "unitType": "Fortnights"}, Status: 400, Field: "unitType"},
			{Name: "too many hours per hour", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"name": "X", "units": 1.5}, Status: 400, Field: "units"},
			{Name: "limited cap without cap", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"name": "X", "leaveAccrualRule": map[string]any{"capType": "Limited"}},
				Status: 400, Field: "leaveAccrualRule.unitCap"},
			{Name: "pay category of another business", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"name": "X", "transferToPayCategoryId": otherID},
				Status: 400, Field: "transferToPayCategoryId"},
			{Name: "contingent after entitlement", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"name": "X", "contingentPeriod": 12, "entitlementPeriod": 10},
				Status: 400, Field: "contingentPeriod"},
			{Name: "UK-only type in AU", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"name": "X", "leaveCategoryType": "StatutorySickLeave"},
				Status: 400, Field: "leaveCategoryType"},
			{Name: "duplicate name", Method: "POST", Path: LC, Key: e.Key, Body: map[string]any{"name": "annual leave"}, Status: 409},
			{Name: "other tenant's business", Method: "GET", Path: fmt.Sprintf("%s/leavecategory/%d", e.OtherB, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's record", Method: "GET", Path: fmt.Sprintf("%s/%d", LC, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's update", Method: "PUT", Path: fmt.Sprintf("%s/%d", LC, otherID), Key: e.Key, Body: map[string]any{"name": "Mine"}, Status: 404},
			{Name: "pay category in use", Method: "DELETE", Path: fmt.Sprintf("%s/paycategory/%d", e.B, taken), Key: e.Key, Status: 409},
			{Name: "in use by a work type", Method: "DELETE", Path: fmt.Sprintf("%s/%d", LC, personal), Key: e.Key, Status: 409},
			{Name: "delete work type", Method: "DELETE", Path: fmt.Sprintf("%s/worktype/%d", e.B, wt), Key: e.Key, Status: 200},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", LC, personal), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", LC, personal), Key: e.Key, Status: 404},
			{Name: "anonymous", Method: "GET", Path: LC, Status: 401},
		})
	})
}

func TestCoreEmployingEntities(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "AU")
		EE := e.B + "/employingentity"
		main := coreID(e.create(t, "/employingentity", map[string]any{"name": "Alice Pty Ltd", "abn": "51 824 753 556", "state": "nsw",
			"contactEmailAddress": "pay@alice.example", "externalReferenceId": "E1"}))
		old := coreID(e.create(t, "/employingentity", map[string]any{"name": "Alice Holdings", "isActive": false}))
		otherID := coreID(e.Do("POST", e.OtherB+"/employingentity", e.OtherKey, map[string]any{"name": "Bob Pty Ltd"}).Expect(t, 200).Map(t))
		nz := fmt.Sprintf("/api/v2/business/%d/employingentity", e.NewBusiness(e.Key, "Alice NZ", "NZ"))
		uk := fmt.Sprintf("/api/v2/business/%d/employingentity", e.NewBusiness(e.Key, "Alice UK", "UK"))

		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", EE, main), Key: e.Key, Status: 200,
				Check: coreHas(map[string]any{"name": "Alice Pty Ltd", "abn": "51 824 753 556", "state": "NSW", "isActive": true, "externalReferenceId": "E1"})},
			{Name: "list leaves out inactive", Method: "GET", Path: EE, Key: e.Key, Status: 200, Check: coreNames("Alice Pty Ltd")},
			{Name: "includeInactive", Method: "GET", Path: EE + "?includeInactive=true", Key: e.Key, Status: 200, Check: coreNames("Alice Pty Ltd", "Alice Holdings")},
			{Name: "query", Method: "GET", Path: EE + "?IncludeInactive=true&query=holdings", Key: e.Key, Status: 200, Check: coreNames("Alice Holdings")},
			{Name: "query by ABN", Method: "GET", Path: EE + "?query=51824753556", Key: e.Key, Status: 200, Check: coreNames("Alice Pty Ltd")},
			{Name: "OData", Method: "GET", Path: EE + "?includeInactive=true&$orderby=Name&$top=1", Key: e.Key, Status: 200, Check: coreNames("Alice Holdings")},
			{Name: "partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", EE, old), Key: e.Key, Body: map[string]any{"isActive": true}, Status: 200,
				Check: coreHas(map[string]any{"name": "Alice Holdings", "isActive": true})},
			{Name: "reactivated is listed", Method: "GET", Path: EE, Key: e.Key, Status: 200, Check: coreNames("Alice Pty Ltd", "Alice Holdings")},
			{Name: "bad ABN checksum", Method: "POST", Path: EE, Key: e.Key, Body: map[string]any{"name": "X", "abn": "51 824 753 557"}, Status: 400, Field: "abn"},
			{Name: "not a state", Method: "POST", Path: EE, Key: e.Key, Body: map[string]any{"name": "X", "state": "Queensland"}, Status: 400, Field: "state"},
			{Name: "no name", Method: "POST", Path: EE, Key: e.Key, Body: map[string]any{"abn": "51824753556"}, Status: 400, Field: "name"},
			{Name: "bad email", Method: "POST", Path: EE, Key: e.Key, Body: map[string]any{"name": "X", "contactEmailAddress": "nobody"}, Status: 400, Field: "contactEmailAddress"},
			{Name: "FBT exempt without type", Method: "POST", Path: EE, Key: e.Key, Body: map[string]any{"name": "X", "isExemptFromFringeBenefitsTax": true},
				Status: 400, Field: "fbtExemptOrganisationType"},
			{Name: "FBT exempt", Method: "POST", Path: EE, Key: e.Key, Body: map[string]any{"name": "Charity", "isExemptFromFringeBenefitsTax": true,
				"fbtExemptOrganisationType": "publicbenevolentinstitution"}, Status: 200, Check: coreHas(map[string]any{"fbtExemptOrganisationType": "PublicBenevolentInstitution"})},
			{Name: "ABN checksum and states are AU only", Method: "POST", Path: nz, Key: e.Key,
				Body: map[string]any{"name": "Alice Ltd", "abn": "12345", "state": "Canterbury", "nzbn": "9429041234567", "irdNumber": "49-091-850"}, Status: 200,
				Check: coreHas(map[string]any{"nzbn": "9429041234567", "state": "Canterbury"})},
			{Name: "bad NZBN", Method: "POST", Path: nz, Key: e.Key, Body: map[string]any{"name": "X", "nzbn": "12345"}, Status: 400, Field: "nzbn"},
			{Name: "UK has PAYE schemes instead", Method: "GET", Path: uk, Key: e.Key, Status: 400, Field: "region"},
			{Name: "UK create", Method: "POST", Path: uk, Key: e.Key, Body: map[string]any{"name": "Alice Ltd"}, Status: 400, Field: "region"},
			{Name: "duplicate name", Method: "POST", Path: EE, Key: e.Key, Body: map[string]any{"name": "ALICE PTY LTD"}, Status: 409},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", EE, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's delete", Method: "DELETE", Path: fmt.Sprintf("%s/employingentity/%d", e.OtherB, otherID), Key: e.Key, Status: 404},
			{Name: "group uses it", Method: "POST", Path: e.B + "/employeegroup", Key: e.Key,
				Body: map[string]any{"name": "Main entity", "filters": []map[string]any{{"filterType": "EmployingEntity", "value": fmt.Sprint(main)}}}, Status: 200},
			{Name: "delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", EE, main), Key: e.Key, Status: 409},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", EE, old), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", EE, old), Key: e.Key, Status: 404},
		})
	})
}

func TestCoreEmployerLiabilityCategories(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "AU")
		EL := e.B + "/employerliabilitycategory"
		wc := e.create(t, "/employerliabilitycategory", map[string]any{"name": "Workers Compensation", "hideFromPaySlips": true, "canBeDeleted": false})
		wcID := coreID(wc)
		if wc["canBeDeleted"] != true {
			t.Fatalf("created %v", wc)
		}
		pt := coreID(e.create(t, "/employerliabilitycategory", map[string]any{"name": "Payroll Tax", "externalReferenceId": "PT"}))
		otherID := coreID(e.Do("POST", e.OtherB+"/employerliabilitycategory", e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t))
		e.coreUse(t, "employee_liability", 1, record.KindEmployerLiabilityCategory, pt)

		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", EL, wcID), Key: e.Key, Status: 200,
				Check: coreHas(map[string]any{"name": "Workers Compensation", "hideFromPaySlips": true, "canBeDeleted": true})},
			{Name: "in use cannot be deleted", Method: "GET", Path: fmt.Sprintf("%s/%d", EL, pt), Key: e.Key, Status: 200, Check: coreHas(map[string]any{"canBeDeleted": false})},
			{Name: "partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", EL, wcID), Key: e.Key, Body: map[string]any{"includeInShiftCosts": true}, Status: 200,
				Check: coreHas(map[string]any{"name": "Workers Compensation", "includeInShiftCosts": true, "hideFromPaySlips": true})},
			{Name: "list $filter", Method: "GET", Path: EL + "?$filter=CanBeDeleted%20eq%20false", Key: e.Key, Status: 200, Check: coreNames("Payroll Tax")},
			{Name: "list $top", Method: "GET", Path: EL + "?$top=1", Key: e.Key, Status: 200, Check: coreNames("Workers Compensation")},
			{Name: "no name", Method: "POST", Path: EL, Key: e.Key, Body: map[string]any{"hideFromPaySlips": true}, Status: 400, Field: "name"},
			{Name: "long reference", Method: "POST", Path: EL, Key: e.Key, Body: map[string]any{"name": "X", "externalReferenceId": fmt.Sprintf("%051d", 0)}, Status: 400, Field: "externalReferenceId"},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", EL, otherID), Key: e.Key, Status: 404},
			{Name: "delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", EL, pt), Key: e.Key, Status: 409},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", EL, wcID), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", EL, wcID), Key: e.Key, Status: 404},
		})
	})
}

func TestCoreDeductionCategories(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "AU")
		DC := e.B + "/deductioncategory"
		union := e.create(t, "/deductioncategory", map[string]any{"name": "Union Fees", "paymentSummaryClassification": "unionorprofessionalassociationfees"})
		unionID := coreID(union)
		if union["sgcCalculationImpact"] != "None" || union["paymentSummaryClassification"] != "UnionOrProfessionalAssociationFees" || union["inUse"] != false {
			t.Fatalf("created %v", union)
		}
		sacrifice := coreID(e.create(t, "/deductioncategory", map[string]any{"name": "Salary Sacrifice Super", "taxExempt": true, "isResc": true,
			"paymentSummaryClassification": "SalarySacrificeSuperannuation", "sgcCalculationImpact": "ReducesOTE"}))
		if m := e.create(t, "/deductioncategory", map[string]any{"name": "Post-Tax", "isSystem": true}); m["isSystem"] != false {
			t.Fatalf("a client made a system category: %v", m)
		}
		otherID := coreID(e.Do("POST", e.OtherB+"/deductioncategory", e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t))
		e.coreUse(t, "employee_deduction", 7, record.KindDeductionCategory, sacrifice)

		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", DC, sacrifice), Key: e.Key, Status: 200,
				Check: coreHas(map[string]any{"taxExempt": true, "isResc": true, "sgcCalculationImpact": "ReducesOTE", "inUse": true})},
			{Name: "partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", DC, unionID), Key: e.Key, Body: map[string]any{"externalId": "UF"}, Status: 200,
				Check: coreHas(map[string]any{"name": "Union Fees", "externalId": "UF", "paymentSummaryClassification": "UnionOrProfessionalAssociationFees"})},
			{Name: "list $filter", Method: "GET", Path: DC + "?$filter=TaxExempt%20eq%20true", Key: e.Key, Status: 200, Check: coreNames("Salary Sacrifice Super")},
			{Name: "list $skip", Method: "GET", Path: DC + "?$skip=2", Key: e.Key, Status: 200, Check: coreNames("Post-Tax")},
			{Name: "paged", Method: "GET", Path: DC + "/paged?$top=2&$skip=2", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["currentPage"] != 2.0 || m["pageSize"] != 2.0 || m["pageCount"] != 2.0 || m["itemCount"] != 3.0 || len(m["items"].([]any)) != 1 {
					t.Fatalf("paged %v", m)
				}
			}},
			{Name: "bad classification", Method: "POST", Path: DC, Key: e.Key, Body: map[string]any{"name": "X", "paymentSummaryClassification": "Bribes"}, Status: 400, Field: "paymentSummaryClassification"},
			{Name: "bad sgc impact", Method: "POST", Path: DC, Key: e.Key, Body: map[string]any{"name": "X", "sgcCalculationImpact": "IncreasesOTE"}, Status: 400, Field: "sgcCalculationImpact"},
			{Name: "salary sacrifice after tax", Method: "POST", Path: DC, Key: e.Key,
				Body: map[string]any{"name": "X", "paymentSummaryClassification": "SalarySacrificeOtherEmployeeBenefits"}, Status: 400, Field: "taxExempt"},
			{Name: "RESC that is not super", Method: "POST", Path: DC, Key: e.Key, Body: map[string]any{"name": "X", "isResc": true}, Status: 400, Field: "isResc"},
			{Name: "no name", Method: "POST", Path: DC, Key: e.Key, Body: map[string]any{}, Status: 400, Field: "name"},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", DC, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's paged", Method: "GET", Path: e.OtherB + "/deductioncategory/paged", Key: e.Key, Status: 404},
			{Name: "delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", DC, sacrifice), Key: e.Key, Status: 409},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", DC, unionID), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", DC, unionID), Key: e.Key, Status: 404},
		})
	})
}

func TestCoreExpenseCategories(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "AU")
		EC := e.B + "/employeeexpensecategory"
		travel := e.create(t, "/employeeexpensecategory", map[string]any{"name": "Travel", "taxCode": "gst", "description": "Fares", "taxRate": 99})
		travelID := coreID(travel)
		if travel["taxCode"] != "GST" || travel["taxRate"] != 10.0 {
			t.Fatalf("created %v", travel)
		}
		meals := coreID(e.create(t, "/employeeexpensecategory", map[string]any{"name": "Meals"}))
		otherID := coreID(e.Do("POST", e.OtherB+"/employeeexpensecategory", e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t))
		uk := e.NewBusiness(e.Key, "Alice UK", "UK")
		UKEC := fmt.Sprintf("/api/v2/business/%d/employeeexpensecategory", uk)
		e.coreUse(t, "employee_expense", 3, record.KindExpenseCategory, meals)

		taxCodes := func(want map[string]float64) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				got := map[string]float64{}
				for _, c := range coreList(t, r) {
					if c["name"] == "" || c["description"] == "" {
						t.Fatalf("tax code %v", c)
					}
					got[c["id"].(string)] = c["taxRate"].(float64)
				}
				for id, rate := range want {
					if r, ok := got[id]; !ok || r != rate {
						t.Fatalf("tax codes %v, want %s at %v", got, id, rate)
					}
				}
			}
		}
		e.RunCases(t, []testkit.Case{
			{Name: "AU tax codes", Method: "GET", Path: EC + "/taxcodes", Key: e.Key, Status: 200, Check: taxCodes(map[string]float64{"GST": 10, "FRE": 0, "N-T": 0})},
			{Name: "UK tax codes", Method: "GET", Path: UKEC + "/taxcodes", Key: e.Key, Status: 200, Check: taxCodes(map[string]float64{"S": 20, "R": 5, "Z": 0})},
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", EC, travelID), Key: e.Key, Status: 200,
				Check: coreHas(map[string]any{"name": "Travel", "description": "Fares", "taxCode": "GST", "taxRate": 10})},
			{Name: "change tax code", Method: "PUT", Path: fmt.Sprintf("%s/%d", EC, travelID), Key: e.Key, Body: map[string]any{"taxCode": "FRE"}, Status: 200,
				Check: coreHas(map[string]any{"name": "Travel", "taxCode": "FRE", "taxRate": 0})},
			{Name: "no tax code, no rate", Method: "GET", Path: fmt.Sprintf("%s/%d", EC, meals), Key: e.Key, Status: 200, Check: coreHas(map[string]any{"taxRate": nil})},
			{Name: "list $filter", Method: "GET", Path: EC + "?$filter=TaxCode%20eq%20'FRE'", Key: e.Key, Status: 200, Check: coreNames("Travel")},
			{Name: "paged", Method: "GET", Path: EC + "/paged?$top=1", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["itemCount"] != 2.0 || m["pageCount"] != 2.0 || m["currentPage"] != 1.0 || len(m["items"].([]any)) != 1 {
					t.Fatalf("paged %v", m)
				}
			}},
			{Name: "unknown tax code", Method: "POST", Path: EC, Key: e.Key, Body: map[string]any{"name": "X", "taxCode": "VAT20"}, Status: 400, Field: "taxCode"},
			{Name: "another region's code", Method: "POST", Path: UKEC, Key: e.Key, Body: map[string]any{"name": "X", "taxCode": "GST"}, Status: 400, Field: "taxCode"},
			{Name: "UK VAT code", Method: "POST", Path: UKEC, Key: e.Key, Body: map[string]any{"name": "Hotel", "taxCode": "s"}, Status: 200,
				Check: coreHas(map[string]any{"taxCode": "S", "taxRate": 20})},
			{Name: "no name", Method: "POST", Path: EC, Key: e.Key, Body: map[string]any{"taxCode": "GST"}, Status: 400, Field: "name"},
			{Name: "duplicate name", Method: "POST", Path: EC, Key: e.Key, Body: map[string]any{"name": "travel"}, Status: 409},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", EC, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's tax codes", Method: "GET", Path: e.OtherB + "/employeeexpensecategory/taxcodes", Key: e.Key, Status: 404},
			{Name: "delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", EC, meals), Key: e.Key, Status: 409},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", EC, travelID), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", EC, travelID), Key: e.Key, Status: 404},
		})
	})
}

func TestCoreQualifications(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "NZ")
		Q := e.B + "/qualification"
		forklift := coreID(e.create(t, "/qualification", map[string]any{"name": "Forklift Licence"}))
		firstAid := coreID(e.create(t, "/qualification", map[string]any{"name": "First Aid"}))
		otherID := coreID(e.Do("POST", e.OtherB+"/qualification", e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t))
		e.coreUse(t, "employee_qualification", 1, record.KindQualification, firstAid)

		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", Q, forklift), Key: e.Key, Status: 200, Check: coreHas(map[string]any{"name": "Forklift Licence", "id": forklift})},
			{Name: "update", Method: "PUT", Path: fmt.Sprintf("%s/%d", Q, forklift), Key: e.Key, Body: map[string]any{"name": "Forklift Licence (LF)"}, Status: 200,
				Check: coreHas(map[string]any{"name": "Forklift Licence (LF)"})},
			{Name: "list $orderby", Method: "GET", Path: Q + "?$orderby=Name", Key: e.Key, Status: 200, Check: coreNames("First Aid", "Forklift Licence (LF)")},
			{Name: "list $filter", Method: "GET", Path: Q + "?$filter=Name%20eq%20'First%20Aid'", Key: e.Key, Status: 200, Check: coreNames("First Aid")},
			{Name: "no name", Method: "POST", Path: Q, Key: e.Key, Body: map[string]any{"name": " "}, Status: 400, Field: "name"},
			{Name: "too long", Method: "POST", Path: Q, Key: e.Key, Body: map[string]any{"name": fmt.Sprintf("%0101d", 0)}, Status: 400, Field: "name"},
			{Name: "duplicate", Method: "POST", Path: Q, Key: e.Key, Body: map[string]any{"name": "first aid"}, Status: 409},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", Q, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's list", Method: "GET", Path: e.OtherB + "/qualification", Key: e.Key, Status: 404},
			{Name: "delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", Q, firstAid), Key: e.Key, Status: 409},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", Q, forklift), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", Q, forklift), Key: e.Key, Status: 404},
		})
	})
}

func TestCoreEmployeeGroups(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "AU")
		G := e.B + "/employeegroup"
		ann := e.employee(t, e.Biz, "Ann", "Lee", "Active", "A1")
		ben := e.employee(t, e.Biz, "Ben", "Ng", "Incomplete", "")
		cat := e.employee(t, e.Biz, "Cat", "Old", "Terminated", "")
		bob := e.employee(t, e.Other, "Bob", "Theirs", "Active", "")
		sydney := coreID(e.create(t, "/location", map[string]any{"name": "Sydney"}))
		pick := e.create(t, "/employeegroup", map[string]any{"name": "Picked", "filters": []map[string]any{
			{"filterType": "employee", "value": fmt.Sprintf(" %d, %d,%d ", ann, ben, cat)}}})
		pickID := coreID(pick)
		if pick["filterCombinationStrategy"] != "Or" || pick["matchingEmployees"] != nil {
			t.Fatalf("created %v", pick)
		}
		if f := pick["filters"].([]any)[0].(map[string]any); f["filterType"] != "Employee" || f["operator"] != "In" || f["value"] != fmt.Sprintf("%d,%d,%d", ann, ben, cat) {
			t.Fatalf("filter %v", f)
		}
		notAnn := coreID(e.create(t, "/employeegroup", map[string]any{"name": "Not Ann", "filters": []map[string]any{
			{"filterType": "Employee", "operator": "NotIn", "value": fmt.Sprint(ann)}}}))
		sydneyAnn := coreID(e.create(t, "/employeegroup", map[string]any{"name": "Sydney and Ann", "filterCombinationStrategy": "And",
			"filters": []map[string]any{{"filterType": "Location", "value": fmt.Sprint(sydney)}, {"filterType": "Employee", "value": fmt.Sprint(ann)}}}))
		sydneyOrAnn := coreID(e.create(t, "/employeegroup", map[string]any{"name": "Sydney or Ann", "filterCombinationStrategy": "Or",
			"filters": []map[string]any{{"filterType": "LocationOrParents", "value": fmt.Sprint(sydney)}, {"filterType": "Employee", "value": fmt.Sprint(ann)}}}))
		otherID := coreID(e.Do("POST", e.OtherB+"/employeegroup", e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t))

		members := func(want ...int64) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				var g struct {
					Name              string
					MatchingEmployees []struct {
						ID         int64  `json:"id"`
						ExternalID string `json:"externalId"`
						Name       string `json:"name"`
					} `json:"matchingEmployees"`
				}
				r.JSON(t, &g)
				var got []int64
				for _, m := range g.MatchingEmployees {
					got = append(got, m.ID)
					if m.ID == ann && (m.Name != "Ann Lee" || m.ExternalID != "A1") {
						t.Fatalf("member %+v", m)
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s matches %v, want %v", g.Name, got, want)
				}
			}
		}
		e.RunCases(t, []testkit.Case{
			{Name: "in: terminated left out", Method: "GET", Path: fmt.Sprintf("%s/%d", G, pickID), Key: e.Key, Status: 200, Check: members(ann, ben)},
			{Name: "not in", Method: "GET", Path: fmt.Sprintf("%s/%d", G, notAnn), Key: e.Key, Status: 200, Check: members(ben)},
			{Name: "and with an unanswerable filter", Method: "GET", Path: fmt.Sprintf("%s/%d", G, sydneyAnn), Key: e.Key, Status: 200, Check: members()},
			{Name: "or with an unanswerable filter", Method: "GET", Path: fmt.Sprintf("%s/%d", G, sydneyOrAnn), Key: e.Key, Status: 200, Check: members(ann)},
			{Name: "list has no members", Method: "GET", Path: G, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				list := coreList(t, r)
				if len(list) != 4 || list[0]["matchingEmployees"] != nil {
					t.Fatalf("list %v", list)
				}
			}},
			{Name: "list $filter", Method: "GET", Path: G + "?$filter=FilterCombinationStrategy%20eq%20'And'", Key: e.Key, Status: 200, Check: coreNames("Sydney and Ann")},
			{Name: "list $top $skip", Method: "GET", Path: G + "?$top=2&$skip=1", Key: e.Key, Status: 200, Check: coreNames("Not Ann", "Sydney and Ann")},
			{Name: "update to And", Method: "PUT", Path: fmt.Sprintf("%s/%d", G, pickID), Key: e.Key, Body: map[string]any{"filterCombinationStrategy": "and"}, Status: 200,
				Check: coreHas(map[string]any{"name": "Picked", "filterCombinationStrategy": "And"})},
			{Name: "replace filters", Method: "PUT", Path: fmt.Sprintf("%s/%d", G, pickID), Key: e.Key,
				Body: map[string]any{"filters": []map[string]any{{"filterType": "Employee", "value": fmt.Sprint(ben)}}}, Status: 200},
			{Name: "update visible", Method: "GET", Path: fmt.Sprintf("%s/%d", G, pickID), Key: e.Key, Status: 200, Check: members(ben)},
			{Name: "no name", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"filters": []map[string]any{}}, Status: 400, Field: "name"},
			{Name: "bad filter type", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "Shoe", "value": "1"}}},
				Status: 400, Field: "filters[0].filterType"},
			{Name: "bad operator", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "Tag", "operator": "Like", "value": "a"}}},
				Status: 400, Field: "filters[0].operator"},
			{Name: "empty value", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "Tag", "value": " , "}}},
				Status: 400, Field: "filters[0].value"},
			{Name: "id that is not a number", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "Tag", "value": "x"}, {"filterType": "PaySchedule", "value": "weekly"}}},
				Status: 400, Field: "filters[1].value"},
			{Name: "bad employment type", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "EmploymentType", "value": "FullTime,Gig"}}},
				Status: 400, Field: "filters[0].value"},
			{Name: "employment types canonical", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "Staff", "filters": []map[string]any{{"filterType": "EmploymentType", "value": "fulltime, parttime"}}},
				Status: 200, Check: func(t *testing.T, r *testkit.Response) {
					if f := r.Map(t)["filters"].([]any)[0].(map[string]any); f["value"] != "FullTime,PartTime" {
						t.Fatalf("filter %v", f)
					}
				}},
			{Name: "missing location", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "Location", "value": fmt.Sprint(sydney + 1000)}}},
				Status: 400, Field: "filters[0].value"},
			{Name: "missing pay schedule", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "PaySchedule", "value": "999999"}}},
				Status: 400, Field: "filters[0].value"},
			{Name: "another business's employee", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "Employee", "value": fmt.Sprintf("%d,%d", ann, bob)}}},
				Status: 400, Field: "filters[0].value"},
			{Name: "duplicate name", Method: "POST", Path: G, Key: e.Key, Body: map[string]any{"name": "picked"}, Status: 409},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", G, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's group in theirs", Method: "GET", Path: fmt.Sprintf("%s/employeegroup/%d", e.OtherB, otherID), Key: e.Key, Status: 404},
			{Name: "other tenant's delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", G, otherID), Key: e.Key, Status: 404},
			{Name: "non-numeric id", Method: "GET", Path: G + "/abc", Key: e.Key, Status: 404},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", G, notAnn), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", G, notAnn), Key: e.Key, Status: 404},
		})
		// The location is in use by the groups that filter on it, so the
		// location collection will answer 409 when it is deleted.
		var uses int
		if err := d.W.QueryRow(`SELECT COUNT(*) FROM record_refs WHERE to_kind = $1 AND to_id = $2`, record.KindLocation, sydney).Scan(&uses); err != nil || uses != 2 {
			t.Fatalf("location used by %d groups (%v), want 2", uses, err)
		}
	})
}

func TestCoreDimensions(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "UK")
		D := e.B + "/dimension"
		dept := coreID(e.create(t, "/dimension", map[string]any{"name": "Department", "externalId": "DEPT"}))
		project := coreID(e.create(t, "/dimension", map[string]any{"name": "Project"}))
		V := fmt.Sprintf("%s/%d/value", D, dept)
		ann := e.employee(t, e.Biz, "Ann", "Lee", "Active", "")
		sales := e.create(t, fmt.Sprintf("/dimension/%d/value", dept), map[string]any{"name": "Sales"})
		salesID := coreID(sales)
		if sales["reportingDimensionId"] != float64(dept) || sales["allEmployees"] != true || sales["filterCombinationStrategy"] != "Or" {
			t.Fatalf("created %v", sales)
		}
		ops := coreID(e.create(t, fmt.Sprintf("/dimension/%d/value", dept), map[string]any{"name": "Operations", "specificEmployees": fmt.Sprint(ann),
			"filters": []map[string]any{{"filterType": "EmploymentType", "value": "Casual"}}}))
		apollo := coreID(e.create(t, fmt.Sprintf("/dimension/%d/value", project), map[string]any{"name": "Apollo"}))
		otherDim := coreID(e.Do("POST", e.OtherB+"/dimension", e.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200).Map(t))
		e.coreUse(t, "earnings_line_split", 1, record.KindDimensionValue, apollo)

		e.RunCases(t, []testkit.Case{
			{Name: "read dimension", Method: "GET", Path: fmt.Sprintf("%s/%d", D, dept), Key: e.Key, Status: 200, Check: coreHas(map[string]any{"name": "Department", "externalId": "DEPT"})},
			{Name: "update dimension", Method: "PUT", Path: fmt.Sprintf("%s/%d", D, dept), Key: e.Key, Body: map[string]any{"name": "Departments"}, Status: 200,
				Check: coreHas(map[string]any{"name": "Departments", "externalId": "DEPT"})},
			{Name: "list dimensions $filter", Method: "GET", Path: D + "?$filter=ExternalId%20eq%20'DEPT'", Key: e.Key, Status: 200, Check: coreNames("Departments")},
			{Name: "list dimensions $top $skip", Method: "GET", Path: D + "?$top=1&$skip=1", Key: e.Key, Status: 200, Check: coreNames("Project")},
			{Name: "read value", Method: "GET", Path: fmt.Sprintf("%s/%d", V, ops), Key: e.Key, Status: 200,
				Check: coreHas(map[string]any{"name": "Operations", "allEmployees": false, "specificEmployees": fmt.Sprint(ann), "reportingDimensionId": dept})},
			{Name: "update value", Method: "PUT", Path: fmt.Sprintf("%s/%d", V, salesID), Key: e.Key, Body: map[string]any{"externalId": "S"}, Status: 200,
				Check: coreHas(map[string]any{"name": "Sales", "externalId": "S", "reportingDimensionId": dept})},
			{Name: "list values", Method: "GET", Path: V, Key: e.Key, Status: 200, Check: coreNames("Sales", "Operations")},
			{Name: "list values $filter", Method: "GET", Path: V + "?$filter=AllEmployees%20eq%20false", Key: e.Key, Status: 200, Check: coreNames("Operations")},
			{Name: "value of another dimension", Method: "GET", Path: fmt.Sprintf("%s/%d", V, apollo), Key: e.Key, Status: 404},
			{Name: "value under a missing dimension", Method: "GET", Path: fmt.Sprintf("%s/%d/value", D, 999999), Key: e.Key, Status: 404},
			{Name: "values of another tenant's dimension", Method: "GET", Path: fmt.Sprintf("%s/%d/value", D, otherDim), Key: e.Key, Status: 404},
			{Name: "value with unknown employee", Method: "POST", Path: V, Key: e.Key, Body: map[string]any{"name": "X", "specificEmployees": "999999"}, Status: 400, Field: "specificEmployees"},
			{Name: "value with bad filter", Method: "POST", Path: V, Key: e.Key, Body: map[string]any{"name": "X", "filters": []map[string]any{{"filterType": "EmployingEntity", "value": "999999"}}},
				Status: 400, Field: "filters[0].value"},
			{Name: "value without name", Method: "POST", Path: V, Key: e.Key, Body: map[string]any{"externalId": "x"}, Status: 400, Field: "name"},
			{Name: "same value name in another dimension", Method: "POST", Path: fmt.Sprintf("%s/%d/value", D, project), Key: e.Key, Body: map[string]any{"name": "Sales"}, Status: 200},
			{Name: "duplicate value name", Method: "POST", Path: V, Key: e.Key, Body: map[string]any{"name": "SALES"}, Status: 409},
			{Name: "dimension without name", Method: "POST", Path: D, Key: e.Key, Body: map[string]any{}, Status: 400, Field: "name"},
			{Name: "duplicate dimension", Method: "POST", Path: D, Key: e.Key, Body: map[string]any{"name": "project"}, Status: 409},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", D, otherDim), Key: e.Key, Status: 404},
			{Name: "other tenant's delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", D, otherDim), Key: e.Key, Status: 404},
			{Name: "delete dimension with a value in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", D, project), Key: e.Key, Status: 409},
			{Name: "nothing of it was deleted", Method: "GET", Path: fmt.Sprintf("%s/%d/value", D, project), Key: e.Key, Status: 200, Check: coreNames("Apollo", "Sales")},
			{Name: "delete value", Method: "DELETE", Path: fmt.Sprintf("%s/%d", V, salesID), Key: e.Key, Status: 200},
			{Name: "deleted value is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", V, salesID), Key: e.Key, Status: 404},
			{Name: "delete dimension with its values", Method: "DELETE", Path: fmt.Sprintf("%s/%d", D, dept), Key: e.Key, Status: 200},
			{Name: "deleted dimension is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", D, dept), Key: e.Key, Status: 404},
			{Name: "its values went with it", Method: "GET", Path: fmt.Sprintf("%s/%d", V, ops), Key: e.Key, Status: 404},
		})
		var n int
		if err := d.W.QueryRow(`SELECT COUNT(*) FROM records WHERE business_id = $1 AND kind = $2 AND parent_id = $3`, e.Biz, record.KindDimensionValue, dept).Scan(&n); err != nil || n != 0 {
			t.Fatalf("values of the deleted dimension left: %d %v", n, err)
		}
	})
}

func TestCoreSetupDefaults(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newCoreEnv(t, d, "AU")
		ctx := context.Background()
		type want struct {
			region       string
			payCats      []string
			leaveCats    []string
			entityABN    string
			paidThrough  map[string]string // leave category -> pay category
			parentOf     map[string]string // pay category -> parent
			leaveUnits   map[string]float64
			leaveTypes   []string // leaveCategoryType values allowed for the region's model
			deductionCat string
		}
		cases := []want{
			{region: "AU", payCats: []string{"Ordinary Hours", "Overtime 1.5x", "Overtime 2x", "Public Holiday Worked", "Public Holiday Not Worked", "Annual Leave Taken"},
				leaveCats: []string{"Annual Leave", "Personal/Carer's Leave", "Long Service Leave", "Unpaid Leave"}, entityABN: "51 824 753 556",
				paidThrough: map[string]string{"Annual Leave": "Annual Leave Taken", "Personal/Carer's Leave": "Personal/Carer's Leave Taken"},
				parentOf:    map[string]string{"Overtime 1.5x": "Ordinary Hours", "Overtime 2x": "Ordinary Hours"},
				leaveUnits:  map[string]float64{"Annual Leave": 0.076923, "Personal/Carer's Leave": 0.038462},
				leaveTypes:  []string{"Standard", "LongServiceLeave", "PersonalCarersLeave"}, deductionCat: "Salary Sacrifice (Superannuation)"},
			{region: "UK", payCats: []string{"Basic Pay", "Overtime 1.5x", "Holiday Pay"}, leaveCats: []string{"Holiday", "Holiday (Irregular Hours)", "Statutory Sick Leave"},
				paidThrough: map[string]string{"Holiday": "Holiday Pay"}, parentOf: map[string]string{"Overtime 1.5x": "Basic Pay"},
				leaveUnits: map[string]float64{"Holiday": 5.6, "Holiday (Irregular Hours)": 0.1207}, deductionCat: "Pre-Tax Deduction"},
			{region: "NZ", payCats: []string{"Ordinary Hours", "Public Holiday Worked", "Annual Leave Pay"}, leaveCats: []string{"Annual Leave", "Sick Leave", "Alternative Holiday"},
				paidThrough: map[string]string{"Sick Leave": "Sick Leave Pay"}, parentOf: map[string]string{"Public Holiday Worked": "Ordinary Hours"},
				leaveUnits: map[string]float64{"Annual Leave": 4, "Sick Leave": 10}, deductionCat: "Post-Tax Deduction"},
			{region: "SG", payCats: []string{"Basic Pay", "Overtime 1.5x", "Public Holiday Worked"}, leaveCats: []string{"Annual Leave", "Sick Leave (Outpatient)", "Hospitalisation Leave", "Childcare Leave"},
				parentOf: map[string]string{"Overtime 1.5x": "Basic Pay"}, leaveUnits: map[string]float64{"Annual Leave": 7, "Hospitalisation Leave": 60}, deductionCat: "Post-Tax Deduction"},
			{region: "MY", payCats: []string{"Basic Pay", "Overtime 1.5x (Normal Day)", "Overtime 3x (Public Holiday)"}, leaveCats: []string{"Annual Leave", "Sick Leave", "Hospitalisation Leave"},
				parentOf: map[string]string{"Overtime 3x (Public Holiday)": "Basic Pay"}, leaveUnits: map[string]float64{"Annual Leave": 8, "Sick Leave": 14}, deductionCat: "Post-Tax Deduction"},
		}
		for _, c := range cases {
			t.Run(c.region, func(t *testing.T) {
				id := e.NewBusiness(e.Key, "Defaults "+c.region, c.region)
				biz := business.Business{ID: id, Name: "Defaults " + c.region, Region: c.region,
					Details: business.Details{LegalName: "Defaults " + c.region + " Ltd", State: "nsw", ContactEmailAddress: "broken@"}}
				if c.region == "AU" {
					biz.Details.ABN = c.entityABN
				}
				if err := e.Reference.SetupDefaults(ctx, biz); err != nil {
					t.Fatal(err)
				}
				// A second run keeps what is there and adds nothing.
				if err := e.Reference.SetupDefaults(ctx, biz); err != nil {
					t.Fatal(err)
				}
				base := testkit.BusinessPath(id)
				byName := func(path string) map[string]map[string]any {
					out := map[string]map[string]any{}
					for _, m := range coreList(t, e.Do("GET", base+path, e.Key, nil).Expect(t, 200)) {
						if out[m["name"].(string)] != nil {
							t.Fatalf("%s twice in %s", m["name"], path)
						}
						out[m["name"].(string)] = m
					}
					return out
				}
				pay, leave := byName("/paycategory"), byName("/leavecategory")
				for _, n := range c.payCats {
					if pay[n] == nil {
						t.Fatalf("no pay category %q in %v", n, pay)
					}
				}
				for _, n := range c.leaveCats {
					if leave[n] == nil {
						t.Fatalf("no leave category %q in %v", n, leave)
					}
				}
				for child, parent := range c.parentOf {
					if pay[child]["parentId"] != pay[parent]["id"] {
						t.Fatalf("%s parent %v, want %s", child, pay[child]["parentId"], parent)
					}
				}
				for l, p := range c.paidThrough {
					if leave[l]["transferToPayCategoryId"] != pay[p]["id"] {
						t.Fatalf("%s paid through %v, want %s", l, leave[l]["transferToPayCategoryId"], p)
					}
				}
				for l, u := range c.leaveUnits {
					if leave[l]["units"] != u {
						t.Fatalf("%s units %v, want %v", l, leave[l]["units"], u)
					}
				}
				if c.leaveTypes != nil {
					for n, l := range leave {
						if !slices.Contains(c.leaveTypes, l["leaveCategoryType"].(string)) {
							t.Fatalf("%s has type %v, unknown to %s clients", n, l["leaveCategoryType"], c.region)
						}
					}
				}
				if byName("/deductioncategory")[c.deductionCat] == nil {
					t.Fatalf("no deduction category %q", c.deductionCat)
				}
				// Defaults are ordinary records: in use where they are used.
				for _, p := range c.paidThrough {
					testkit.ExpectProblem(t, e.Do("DELETE", fmt.Sprintf("%s/paycategory/%d", base, coreID(pay[p])), e.Key, nil), 409, "")
				}
				if c.region == "UK" {
					testkit.ExpectProblem(t, e.Do("GET", base+"/employingentity", e.Key, nil), 400, "region")
					return // no employing entities in the UK
				}
				entities := byName("/employingentity")
				ent := entities["Defaults "+c.region+" Ltd"]
				if len(entities) != 1 || ent == nil || ent["abn"] != c.entityABN || ent["contactEmailAddress"] != "" {
					t.Fatalf("employing entities %v", entities)
				}
				if c.region == "AU" && ent["state"] != "NSW" {
					t.Fatalf("entity state %v", ent["state"])
				}
			})
		}
	})
}

// Deduction categories import from CSV all or nothing, validated like the API.
func TestCoreDeductionCategoryImport(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, key := s.NewUser("alice@example.com")
		biz := s.NewBusiness(key, "Alice", "AU")
		path := fmt.Sprintf("/api/v2/business/%d/import/deduction-categories", biz)
		post := func(csv string) *testkit.Response { return s.Upload(path, key, "deductions.csv", []byte(csv)) }
		testkit.ExpectProblem(t, post("name,taxExempt\nUnion fees,false\nGiving,sometimes\n"), 400, "row 3.taxExempt")
		var list []map[string]any
		s.Do("GET", fmt.Sprintf("/api/v2/business/%d/deductioncategory", biz), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("failed import stored %d categories", len(list))
		}
		if r := post("name,taxExempt\nUnion fees,false\nWorkplace giving,false\n").Expect(t, 200).Map(t); r["imported"] != 2.0 {
			t.Fatalf("import = %v", r)
		}
		s.Do("GET", fmt.Sprintf("/api/v2/business/%d/deductioncategory", biz), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 {
			t.Fatalf("imported %v", list)
		}
	})
}
