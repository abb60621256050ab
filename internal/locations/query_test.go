package locations_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestQueryMatchesInMemory: every query shape B/location accepts gives, in
// SQL, exactly the locations (same order, same members, fully qualified
// names included) the in-memory path gives over the whole collection.
func TestQueryMatchesInMemory(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := testkit.NewServer(t, d)
		bizID := s.NewBusiness(s.AdminKey, "Tree Pty Ltd", "AU")
		other := s.NewBusiness(s.AdminKey, "Other Pty Ltd", "AU")
		biz := business.Business{ID: bizID, Region: "AU"}
		locs := s.Reference.Locations
		r := rand.New(rand.NewPCG(1, 2))
		names := []string{"Depot", "depot", "DEPOT", "Kitchen", "Bar", "Head Office", "50% Store", "a_b", `c\d`, "O'Neil", "Zed", "Ünï"}
		states := []string{"NSW", "VIC", "QLD", "nsw", ""}
		var ids []int64
		for i := 0; i < 220; i++ {
			l := locations.Location{Name: fmt.Sprintf("%s %d", names[r.IntN(len(names))], i), State: states[r.IntN(len(states))],
				Country: []string{"Australia", "New Zealand", ""}[r.IntN(3)], IsGlobal: r.IntN(4) == 0, IsRollupReportingLocation: r.IntN(3) == 0,
				Source: []string{"None", "Xero", ""}[r.IntN(3)], GeneralLedgerMappingCode: fmt.Sprintf("GL-%d", r.IntN(20))}
			if r.IntN(2) == 0 {
				l.ExternalID = fmt.Sprintf("ext-%03d", r.IntN(500))
			}
			if len(ids) > 0 && r.IntN(3) > 0 {
				p := ids[r.IntN(len(ids))]
				l.ParentID = &p
			}
			created, err := locs.Create(ctx, biz, 0, &l)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, created.ID)
		}
		if _, err := locs.Create(ctx, business.Business{ID: other, Region: "AU"}, 0, &locations.Location{Name: "Depot 1"}); err != nil {
			t.Fatal(err)
		}
		// A rename and a move after the fact: the typed columns follow.
		if _, err := locs.Update(ctx, biz, 0, ids[3], func(l *locations.Location) error { l.Name = "Renamed"; l.State = "WA"; return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := locs.Update(ctx, biz, 0, ids[10], func(l *locations.Location) error { l.ParentID = nil; return nil }); err != nil {
			t.Fatal(err)
		}
		all, err := locs.List(ctx, biz, 0)
		if err != nil {
			t.Fatal(err)
		}
		nonEmpty := 0
		for _, c := range []struct{ top, skip, orderby, filter string }{
			{"", "", "", ""}, {"20", "", "", ""}, {"20", "200", "", ""}, {"", "", "name", ""}, {"", "", "Name desc", ""},
			{"", "", "state, name desc", ""}, {"", "", "parentId, id desc", ""}, {"", "", "parentId desc", ""},
			{"", "", "isGlobal desc, country, externalId", ""}, {"10", "5", "externalId", "externalId ne ''"},
			{"", "", "", "name eq 'Renamed'"}, {"", "", "", "State eq 'NSW'"}, {"", "", "", "state ne 'NSW'"},
			{"", "", "", "tolower(state) eq 'nsw'"}, {"", "", "", "toupper(country) eq 'AUSTRALIA'"},
			{"", "", "", "startswith(name, 'depot')"}, {"", "", "", "endswith(name, '1')"}, {"", "", "", "substringof('%', name)"},
			{"", "", "", "substringof('_', name)"}, {"", "", "", `substringof('\', name)`}, {"", "", "", "substringof('''', name)"},
			{"", "", "", "parentId eq null"}, {"", "", "", "parentId ne null"}, {"", "", "", fmt.Sprintf("parentId eq %d", ids[0])},
			{"", "", "", fmt.Sprintf("parentId gt %d", ids[50])}, {"", "", "", fmt.Sprintf("id le %d.5", ids[30])},
			{"", "", "", fmt.Sprintf("id eq '%d'", ids[7])}, {"", "", "", "isGlobal"}, {"", "", "", "not isGlobal and isRollupReportingLocation"},
			{"", "", "", "isGlobal eq false or country eq 'New Zealand'"}, {"", "", "", "not (state eq 'VIC' or state eq 'QLD')"},
			{"", "", "", "(state eq 'VIC' or state eq 'QLD') and startswith(name, 'K') and source ne 'Xero'"},
			{"", "", "", "name gt 'K' and name lt 'a'"}, {"", "", "", "generalLedgerMappingCode ge 'GL-15'"},
			{"", "", "", "externalAccountingLocationId eq ''"}, {"", "", "", "externalId eq null"},
			{"5", "0", "name", "fullyQualifiedName eq 'x'"}, {"", "", "fullyQualifiedName", ""},
			{"", "", "", "startswith(fullyQualifiedName, 'depot')"},
		} {
			name := fmt.Sprintf("top=%s skip=%s orderby=%s filter=%s", c.top, c.skip, c.orderby, c.filter)
			q, err := odata.Parse(c.top, c.skip, c.orderby, c.filter)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want, err := odata.Apply(all, q)
			if err != nil {
				t.Fatalf("%s: in memory: %v", name, err)
			}
			got, err := s.Reference.Query(ctx, biz, q)
			if err != nil {
				t.Fatalf("%s: SQL: %v", name, err)
			}
			if len(want) > 0 {
				nonEmpty++
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: got %d locations, want %d\n got  %+v\n want %+v", name, len(got), len(want), first(got), first(want))
			}
		}

		if nonEmpty < 35 {
			t.Errorf("only %d query shapes matched anything: the data does not exercise them", nonEmpty)
		}

		// Over HTTP: the same page, 400s naming the member.
		v := url.Values{"$filter": {"startswith(name, 'depot') and parentId ne null"}, "$orderby": {"name desc"}, "$top": {"7"}}
		res := s.Do("GET", fmt.Sprintf("/api/v2/business/%d/location?%s", bizID, v.Encode()), s.AdminKey, nil).Expect(t, 200)
		var page []locations.Location
		res.JSON(t, &page)
		q, _ := odata.Parse("7", "", "name desc", "startswith(name, 'depot') and parentId ne null")
		want, _ := odata.Apply(all, q)
		if !reflect.DeepEqual(page, want) {
			t.Errorf("HTTP page differs:\n got  %+v\n want %+v", first(page), first(want))
		}
		for _, bad := range []struct{ param, value, want string }{
			{"$filter", "nope eq 1", "unknown member 'nope'"},
			{"$orderby", "nope", "unknown member 'nope'"},
			{"$filter", "name eq 5", "cannot compare"},
			{"$filter", "defaultShiftConditionIds eq 5", "defaultShiftConditionIds"},
			{"$top", "101", "must not exceed 100"},
		} {
			res := s.Do("GET", fmt.Sprintf("/api/v2/business/%d/location?%s=%s", bizID, bad.param, url.QueryEscape(bad.value)), s.AdminKey, nil)
			testkit.ExpectProblem(t, res, 400, bad.param)
			if m := res.Map(t); !strings.Contains(fmt.Sprint(m["detail"], m["message"], m["errors"]), bad.want) {
				t.Errorf("%s=%s: %s, want %q", bad.param, bad.value, res.Body, bad.want)
			}
		}
	})
}

func first(ls []locations.Location) []locations.Location { return ls[:min(len(ls), 3)] }
