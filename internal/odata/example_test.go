package odata_test

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/odata"
)

type location struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Country  string `json:"country"`
	IsGlobal bool   `json:"isGlobal"`
}

// A client's list-query options applied to rows already loaded: members are
// the DTO's JSON names in any case (KeyPay clients send .NET names), and
// startswith is case-insensitive as it is on the real API.
func ExampleApply() {
	rows := []location{
		{1, "Head office", "Australia", true},
		{2, "Warehouse", "Australia", false},
		{3, "Hobart shop", "Australia", false},
		{4, "Wellington", "New Zealand", false},
	}
	q, err := odata.Parse("2", "", "Name desc", "Country eq 'Australia' and not IsGlobal or startswith(Name, 'h')")
	if err != nil {
		fmt.Println(err)
		return
	}
	page, err := odata.Apply(rows, q)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range page {
		fmt.Println(l.ID, l.Name)
	}
	// Output:
	// 2 Warehouse
	// 3 Hobart shop
}

// The same options compiled for a list that lives in SQL: only whitelisted
// members reach the statement, and every client value is a bound parameter.
func ExampleCompileSQL() {
	w := odata.Whitelist{
		ID: "l.id",
		Columns: map[string]odata.Column{
			"name":    {SQL: "l.name", Type: odata.ColString},
			"country": {SQL: "l.country", Type: odata.ColString},
		},
	}
	q, _ := odata.Parse("20", "40", "Name", "Country eq 'Australia'")
	s, err := odata.CompileSQL(q, w, 2) // $1 is the statement's own business id
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Where)
	fmt.Println(s.OrderBy)
	fmt.Println(s.Args, s.Limit, s.Offset)

	// A member outside the whitelist is the client's error, naming it.
	q, _ = odata.Parse("", "", "", "Salary gt 1000")
	_, err = odata.CompileSQL(q, w, 2)
	fmt.Println(err)
	// Output:
	// (l.country = $2)
	// l.name ASC, l.id ASC
	// [Australia] 20 40
	// invalid $filter: unknown member 'Salary'
}
