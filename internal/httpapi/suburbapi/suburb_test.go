package suburbapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/suburb"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The suburb lookups: a business sees the gazetteer and the suburbs of its
// own employees' addresses, never another business's; the doors are those
// of every S/ operation.
func TestSuburbLookups(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		ctx := context.Background()
		// The operator's gazetteer: two Richmonds, a Richmond Hill in NZ
		// (another country) and a name with a LIKE wildcard in it.
		n, err := (&suburb.Service{DB: d}).Import(ctx, strings.NewReader("postcode,name,state,country\n"+
			"3121,Richmond,VIC,\n5033,Richmond,SA,AU\n7020,Richmond,TAS,\n4740,Richmond Hill,QLD,AU\n9999,Test_Town,NSW,AU\n3121,Richmond,VIC,AU\n"), "AU")
		if err != nil || n != 5 {
			t.Fatalf("import: %d added (the duplicate VIC row is kept once), %v", n, err)
		}
		if _, err := (&suburb.Service{DB: d}).Import(ctx, strings.NewReader("name,state,postcode,country\nX,Y,1,ZZZ\n"), "AU"); err == nil {
			t.Fatal("an unknown country must refuse the file")
		}
		id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
		ann := id(b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, map[string]any{"firstName": "Ann", "surname": "Tester",
			"residentialStreetAddress": "1 Swan St", "residentialSuburb": "Richmond", "residentialState": "VIC", "residentialPostCode": "3121",
			"postalStreetAddress": "PO Box 5", "postalSuburb": "Abbotsford", "postalState": "VIC", "postalPostCode": "3067"}))
		ben := id(b.Do("POST", b.OtherB+"/employee/unstructured?matchType=None", b.OtherKey, map[string]any{"firstName": "Ben", "surname": "Other",
			"residentialSuburb": "Abbotsbury", "residentialState": "NSW", "residentialPostCode": "2176"}))
		SA, SB := fmt.Sprintf("/api/v2/ess/%d", ann), fmt.Sprintf("/api/v2/ess/%d", ben)

		type page struct {
			ItemCount, PageCount, CurrentPage, PageSize int
			Items                                       []suburb.Suburb
		}
		search := func(q string) page {
			var p page
			b.Do("GET", SA+"/lookup/suburbs?"+q, b.Key, nil).Expect(t, 200).JSON(t, &p)
			return p
		}
		p := search("term=rich&pageSize=2")
		if p.ItemCount != 4 || p.PageCount != 2 || len(p.Items) != 2 || p.Items[0].Name != "Richmond" || p.Items[0].State != "SA" ||
			p.Items[1].State != "TAS" || p.Items[0].Country != "Australia" || p.Items[0].CountryID != "AU" {
			t.Fatalf("page 1 of rich: %+v", p)
		}
		if p := search("term=rich&pageSize=2&pageNum=2"); len(p.Items) != 2 || p.Items[0].State != "VIC" || p.Items[1].Name != "Richmond Hill" {
			t.Fatalf("page 2 of rich: %+v", p)
		}
		// Ann's postal suburb is learned for her business only; her
		// residential one is the gazetteer's (listed once).
		if p := search("term=abbots"); p.ItemCount != 1 || p.Items[0].Name != "Abbotsford" || p.Items[0].Postcode != "3067" {
			t.Fatalf("abbots in Alice's business: %+v", p)
		}
		if p := search("term=3121"); p.ItemCount != 1 || p.Items[0].Name != "Richmond" {
			t.Fatalf("by postcode: %+v", p)
		}
		if p := search("term=test_"); p.ItemCount != 1 || p.Items[0].Name != "Test_Town" {
			t.Fatalf("an underscore is a character, not a wildcard: %+v", p)
		}
		if p := search("term=tes%25"); p.ItemCount != 0 {
			t.Fatalf("a percent sign is a character, not a wildcard: %+v", p)
		}
		if p := search("term=rich&countryId=nz"); p.ItemCount != 0 || p.Items == nil {
			t.Fatalf("no NZ suburbs loaded: %+v", p)
		}
		var other page
		b.Do("GET", SB+"/lookup/suburbs?term=abbots", b.OtherKey, nil).Expect(t, 200).JSON(t, &other)
		if other.ItemCount != 1 || other.Items[0].Name != "Abbotsbury" {
			t.Fatalf("Bob sees his own employees' suburb and not Alice's: %+v", other)
		}
		var one struct{ Result suburb.Suburb }
		b.Do("GET", SA+"/lookup/suburb?suburb=RICHMOND&state=vic", b.Key, nil).Expect(t, 200).JSON(t, &one)
		if one.Result.Postcode != "3121" || one.Result.State != "VIC" {
			t.Fatalf("exact match: %+v", one)
		}
		var addr map[string]any
		rich := one.Result.ID
		addr = b.Do("GET", fmt.Sprintf("%s/lookup/addresses/%d", SA, rich), b.Key, nil).Expect(t, 200).Map(t)
		if addr["suburb"] != "Richmond" || addr["state"] != "VIC" || addr["postcode"] != "3121" || addr["suburbId"] != float64(rich) ||
			addr["isOutOfRegion"] != false || addr["streetAddress"] != "" || addr["countryId"] != "AU" {
			t.Fatalf("address of a suburb: %v", addr)
		}
		learned := search("term=abbotsford").Items[0].ID
		// A later address is learned by the next lookup, in the country
		// it names by name; an overseas residential address names no
		// suburb of the register, and the old suburbs stay.
		b.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", b.B, ann), b.Key, map[string]any{
			"residentialSuburb": "Kewbury", "residentialState": "", "residentialPostCode": "99", "residentialCountry": "NZ", "residentialAddressIsOverseas": true,
			"postalSuburb": "Collingwood", "postalState": "", "postalPostCode": "7073", "postalCountry": "New Zealand"}).Expect(t, 200)
		if p := search("term=colling&countryId=NZ"); p.ItemCount != 1 || p.Items[0].Name != "Collingwood" || p.Items[0].CountryID != "NZ" {
			t.Fatalf("an address naming its country by name: %+v", p)
		}
		if p := search("term=colling"); p.ItemCount != 0 {
			t.Fatalf("an NZ suburb is not an AU one: %+v", p)
		}
		if p := search("term=kewbury&countryId=NZ"); p.ItemCount != 0 {
			t.Fatalf("an overseas residential address: %+v", p)
		}
		if p := search("term=abbotsford"); p.ItemCount != 1 || p.Items[0].ID != learned {
			t.Fatalf("a suburb learned before stays: %+v", p)
		}
		b.RunCases(t, []testkit.Case{
			{Name: "search, page 0", Method: "GET", Path: SA + "/lookup/suburbs?term=a&pageNum=0", Key: b.Key, Status: 400, Field: "pageNum"},
			{Name: "search, page too large", Method: "GET", Path: SA + "/lookup/suburbs?term=a&pageSize=101", Key: b.Key, Status: 400, Field: "pageSize"},
			{Name: "search, unknown country", Method: "GET", Path: SA + "/lookup/suburbs?term=a&countryId=XX", Key: b.Key, Status: 400, Field: "countryId"},
			{Name: "match without a name", Method: "GET", Path: SA + "/lookup/suburb?state=VIC", Key: b.Key, Status: 400, Field: "suburb"},
			{Name: "no such suburb", Method: "GET", Path: SA + "/lookup/suburb?suburb=Nowhere", Key: b.Key, Status: 404},
			{Name: "wrong state", Method: "GET", Path: SA + "/lookup/suburb?suburb=Richmond%20Hill&state=VIC", Key: b.Key, Status: 404},
			{Name: "another business's learned suburb", Method: "GET", Path: fmt.Sprintf("%s/lookup/addresses/%d", SB, learned), Key: b.OtherKey, Status: 404},
			{Name: "unknown suburb id", Method: "GET", Path: SA + "/lookup/addresses/999999", Key: b.Key, Status: 404},
			{Name: "other tenant's employee", Method: "GET", Path: SB + "/lookup/suburbs?term=a", Key: b.Key, Status: 404},
			{Name: "anonymous", Method: "GET", Path: SA + "/lookup/suburbs?term=a", Status: 401},
			{Name: "gazetteer suburb from another business", Method: "GET", Path: fmt.Sprintf("%s/lookup/addresses/%d", SB, rich), Key: b.OtherKey, Status: 200},
		})
	})
}
