package bench

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// benchLocations is the size of the business in BenchmarkListLocations.
const benchLocations = 50_000

// seedLocations stores n locations (50 roots, the rest two levels below
// them) in one transaction, the way Collection.Create stores them (record
// row, typed locations row), without its per-record checks.
func seedLocations(ctx context.Context, d *db.DB, bizID int64, n int) error {
	states := []string{"NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"}
	now := time.Now().UTC()
	return d.InTx(ctx, func(q *store.Queries) error {
		var ids []int64
		for i := 0; i < n; i++ {
			l := locations.Location{Name: fmt.Sprintf("Store %d", i), ExternalID: fmt.Sprintf("S-%06d", i), State: states[i%len(states)],
				Country: "Australia", Source: "None", DefaultShiftConditionIDs: []int64{}}
			switch {
			case i < 50:
			case i < 2050:
				p := ids[i%50]
				l.ParentID = &p
			default:
				p := ids[50+i%2000]
				l.ParentID = &p
			}
			data, err := json.Marshal(&l)
			if err != nil {
				return err
			}
			r, err := q.CreateRecord(ctx, store.CreateRecordParams{BusinessID: bizID, Kind: record.KindLocation, Name: l.Name,
				ExternalID: l.ExternalID, Data: string(data), CreatedAt: now})
			if err != nil {
				return err
			}
			var parent sql.NullInt64
			if l.ParentID != nil {
				parent = sql.NullInt64{Int64: *l.ParentID, Valid: true}
			}
			if err := q.SaveLocationRow(ctx, store.SaveLocationRowParams{ID: r.ID, BusinessID: bizID, ParentID: parent, Name: l.Name,
				ExternalID: l.ExternalID, Source: l.Source, State: l.State, Country: l.Country}); err != nil {
				return err
			}
			if err := q.CreateRecordRef(ctx, store.CreateRecordRefParams{BusinessID: bizID, FromKind: record.KindLocation, FromID: r.ID,
				Field: "parentId", ToKind: record.KindLocation, ToID: parent.Int64}); parent.Valid && err != nil {
				return err
			}
			ids = append(ids, r.ID)
		}
		return nil
	})
}

// inMemoryList is B/location as it was before lists moved to SQL: every
// location loaded and decoded, every fully qualified name computed from
// the whole tree, then the OData options applied in memory.
func inMemoryList(ctx context.Context, d *db.DB, coll record.Collection[locations.Location, *locations.Location], bizID int64, q odata.Query) ([]locations.Location, error) {
	rows, err := d.Queries().ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindLocation})
	if err != nil {
		return nil, err
	}
	all := make([]locations.Location, 0, len(rows))
	tree := map[int64]locations.Location{}
	for _, r := range rows {
		l, err := coll.Decode(r)
		if err != nil {
			return nil, err
		}
		all = append(all, l)
		tree[l.ID] = l
	}
	for i := range all {
		var names []string
		for id, n := all[i].ID, 0; id != 0 && n < 100; n++ {
			l := tree[id]
			names = append([]string{l.Name}, names...)
			id = record.Deref(l.ParentID)
		}
		all[i].FullyQualifiedName = strings.Join(names, "/")
	}
	return odata.Apply(all, q)
}

// BenchmarkListLocations: GET B/location with $filter and $top=20 over a
// business with 50,000 locations, served in SQL (sql/*), against the old
// load-everything path reproduced in process (inmemory/*, no HTTP).
//
//	go test ./bench -run '^$' -bench ListLocations -benchtime 20x
func BenchmarkListLocations(b *testing.B) {
	ctx := context.Background()
	d := openBenchDB(b)
	f, err := NewFixture(ctx, d)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if err := seedLocations(ctx, d, f.BusinessID, benchLocations); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d locations on %s in %s", benchLocations, d.Dialect, time.Since(start).Round(time.Millisecond))
	queries := []struct{ name, filter, orderby string }{
		{"name-eq", "Name eq 'Store 43210'", ""},
		{"state-startswith-orderby", "State eq 'VIC' and startswith(Name, 'store 4')", "Name"},
		{"substringof-scan", "substringof('999', Name)", ""},
		{"parent-orderby-desc", "ParentId eq 60 or ParentId eq 61", "ExternalId desc"},
	}
	for _, qc := range queries {
		v := url.Values{"$filter": {qc.filter}, "$top": {"20"}}
		if qc.orderby != "" {
			v.Set("$orderby", qc.orderby)
		}
		path := fmt.Sprintf("/api/v2/business/%d/location?%s", f.BusinessID, v.Encode())
		b.Run("sql/"+qc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Authorization", BasicAuth(f.Key))
				rec := httptest.NewRecorder()
				f.App.Handler.ServeHTTP(rec, req)
				if rec.Code != 200 || rec.Body.Len() < 10 {
					b.Fatalf("%d %s", rec.Code, rec.Body)
				}
			}
		})
		b.Run("inmemory/"+qc.name, func(b *testing.B) {
			q, err := odata.Parse("20", "", qc.orderby, qc.filter)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := inMemoryList(ctx, d, f.App.Reference.Locations, f.BusinessID, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// The SQL page and the old path agree on this data too.
	biz := business.Business{ID: f.BusinessID, Region: "AU"}
	for _, qc := range queries {
		q, _ := odata.Parse("20", "", qc.orderby, qc.filter)
		got, err := f.App.Reference.Query(ctx, biz, q)
		if err != nil {
			b.Fatal(err)
		}
		want, err := inMemoryList(ctx, d, f.App.Reference.Locations, f.BusinessID, q)
		if err != nil {
			b.Fatal(err)
		}
		if len(got) == 0 || !reflect.DeepEqual(got, want) {
			b.Fatalf("%s: SQL and in-memory pages differ:\n%+v\n%+v", qc.name, got, want)
		}
	}
}
