package conformance_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseEmployeePayRecords calls the employee's opening balances, recurring tax
// adjustments and earnings line splits (E/openingbalances,
// E/taxadjustment, E/earningslinesplit) and checks their shapes.
func exerciseEmployeePayRecords(t *testing.T, r *run, b *testkit.Bundle) {
	t.Helper()
	key, biz := b.Key, b.Biz
	B := "/api/v2/business/{businessId}"
	E := B + "/employee/{employeeId}"
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Opal", "surname": "Opening"}, biz, "?matchType=None"))
	leave := r.id(r.call(key, "POST", B+"/leavecategory", map[string]any{"name": "Emp2 annual"}, biz))

	r.call(key, "GET", E+"/openingbalances", nil, biz, emp)
	r.call(key, "POST", E+"/openingbalances", map[string]any{"financialYearStartingYear": 2026, "grossEarnings": 1000, "paygWithholdingAmount": 150,
		"leaveBalances": []any{map[string]any{"leaveCategoryId": leave, "amount": 7.6}},
		"etps":          []any{map[string]any{"etpType": "O", "taxableComponent": 100, "taxWithheld": 32, "paymentDate": "2026-08-01T00:00:00"}}}, biz, emp)
	r.call(key, "GET", E+"/openingbalances", nil, biz, emp)

	adj := r.id(r.call(key, "POST", E+"/taxadjustment", map[string]any{"adjustmentType": "Fixed", "amount": 20, "fromDate": "2026-10-01T00:00:00"}, biz, emp))
	r.call(key, "GET", E+"/taxadjustment", nil, biz, emp)
	r.call(key, "GET", E+"/taxadjustment/{id}", nil, biz, emp, adj)
	r.call(key, "PUT", E+"/taxadjustment/{id}", map[string]any{"adjustmentType": "PercentageGross", "amount": 2, "maximumAmountPaid": 100}, biz, emp, adj)
	r.call(key, "DELETE", E+"/taxadjustment/{id}", nil, biz, emp, adj)

	loc := r.id(r.call(key, "POST", B+"/location", map[string]any{"name": "Emp2 depot"}, biz))
	r.call(key, "POST", E+"/earningslinesplit", map[string]any{"locationId": loc, "allocatedPercentage": 40}, biz, emp)
	r.call(key, "GET", E+"/earningslinesplit", nil, biz, emp)
	r.call(key, "GET", E+"/earningslinesplit/{locationId}", nil, biz, emp, loc)
	r.call(key, "PUT", E+"/earningslinesplit/{locationId}", map[string]any{"allocatedPercentage": 50}, biz, emp, loc)
	r.call(key, "DELETE", E+"/earningslinesplit/{locationId}", nil, biz, emp, loc)

	dim := r.id(r.call(key, "POST", B+"/dimension", map[string]any{"name": "Emp2 department"}, biz))
	val := r.id(r.call(key, "POST", B+"/dimension/{dimensionId}/value", map[string]any{"name": "Emp2 sales"}, biz, dim))
	r.call(key, "POST", E+"/earningslinesplit/dimension", map[string]any{"reportingDimensionValueIds": []int64{val}, "allocatedPercentage": 30}, biz, emp)
	r.call(key, "PUT", E+"/earningslinesplit/dimension", map[string]any{"reportingDimensionValueIds": []int64{val}, "allocatedPercentage": 35}, biz, emp)
	r.call(key, "GET", E+"/earningslinesplit/dimension", nil, biz, emp)
	r.call(key, "GET", E+"/earningslinesplit/dimension/{dimensionId}/value/{dimensionValueId}", nil, biz, emp, dim, val)
	r.call(key, "DELETE", E+"/earningslinesplit/dimension/{dimensionId}/value/{dimensionValueId}", nil, biz, emp, dim, val)
}
