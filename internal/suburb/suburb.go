// Package suburb is the suburb register behind the self-service address
// lookups (GET S/lookup/suburb, S/lookup/suburbs, S/lookup/addresses/{id}).
//
// No national gazetteer ships with the service: the usable ones (Australia
// Post's, the ABS's, NZ Post's, Royal Mail's) are licensed data an operator
// obtains and loads with `payrolld admin import-suburbs -file F.csv`. On top
// of it every business sees the suburbs its own employees' residential and
// postal addresses name, queued when an address is saved and learned by
// the next lookup, so the lookups answer from the first address entered
// and never from another business's data.
package suburb

import (
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/lookup"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Suburb is SuburbModel.
type Suburb struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	State     string `json:"state"`
	Postcode  string `json:"postcode"`
	Country   string `json:"country"`
	CountryID string `json:"countryId"`
}

// Service reads and fills the register.
type Service struct{ DB *db.DB }

// Query selects suburbs: Term is the start of a name or a postcode (any
// case); CountryID an ISO 3166-1 alpha-2 code, the business's country when
// empty.
type Query struct {
	Term, CountryID string
	Page, PageSize  int
}

// MaxPageSize bounds a page.
const MaxPageSize = 100

// Search returns a page of the suburbs biz sees that q selects, by name,
// state and postcode, and how many there are in all.
func (s *Service) Search(ctx context.Context, biz business.Business, q Query) (_ []Suburb, total int, err error) {
	defer payroll.Wrap(&err, "searching suburbs of business %d", biz.ID)
	if q.Page < 1 {
		return nil, 0, payroll.Invalid("pageNum", "pageNum must be 1 or more")
	}
	if q.PageSize < 1 || q.PageSize > MaxPageSize {
		return nil, 0, payroll.Invalid("pageSize", "pageSize must be 1 to %d", MaxPageSize)
	}
	country, err := countryOf(biz, q.CountryID)
	if err != nil {
		return nil, 0, err
	}
	prefix := likePrefix(q.Term)
	if err := s.learn(ctx, biz); err != nil {
		return nil, 0, err
	}
	st := s.DB.Queries()
	n, err := st.CountSuburbs(ctx, store.CountSuburbsParams{BusinessID: biz.ID, CountryID: country.ID, Prefix: prefix})
	if err != nil {
		return nil, 0, err
	}
	rows, err := st.SearchSuburbs(ctx, store.SearchSuburbsParams{BusinessID: biz.ID, CountryID: country.ID, Prefix: prefix,
		Off: int32((q.Page - 1) * q.PageSize), Lim: int32(q.PageSize)})
	out := make([]Suburb, 0, len(rows))
	for _, r := range rows {
		out = append(out, view(r))
	}
	return out, int(n), err
}

// Match is the one suburb biz sees named name (any case), in state and
// with postcode when they are given; 404 when there is none.
func (s *Service) Match(ctx context.Context, biz business.Business, name, state, postcode, countryID string) (_ Suburb, err error) {
	defer payroll.Wrap(&err, "finding suburb %q of business %d", name, biz.ID)
	name, state, postcode = strings.TrimSpace(name), strings.TrimSpace(state), strings.TrimSpace(postcode)
	if name == "" {
		return Suburb{}, payroll.Invalid("suburb", "suburb is required")
	}
	country, err := countryOf(biz, countryID)
	if err != nil {
		return Suburb{}, err
	}
	if err := s.learn(ctx, biz); err != nil {
		return Suburb{}, err
	}
	r, err := s.DB.Queries().MatchSuburb(ctx, store.MatchSuburbParams{BusinessID: biz.ID,
		CountryID: country.ID, SearchName: strings.ToUpper(name), State: strings.ToUpper(state), Postcode: postcode})
	return found(r, err)
}

// Get is suburb id if biz sees it (the gazetteer's or its own), else 404.
func (s *Service) Get(ctx context.Context, biz business.Business, id int64) (_ Suburb, err error) {
	defer payroll.Wrap(&err, "reading suburb %d of business %d", id, biz.ID)
	return found(s.DB.Queries().GetSuburb(ctx, store.GetSuburbParams{ID: id, BusinessID: biz.ID}))
}

// found is the suburb a one-row read found, or 404.
func found(r store.Suburb, err error) (Suburb, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return Suburb{}, payroll.NotFound("suburb")
	}
	if err != nil {
		return Suburb{}, err
	}
	return view(r), nil
}

// view is a stored suburb on the wire, with its country's name.
func view(r store.Suburb) Suburb {
	c, _ := lookup.Country(r.CountryID)
	return Suburb{ID: r.ID, Name: r.Name, State: r.State, Postcode: r.Postcode, Country: c.Name, CountryID: r.CountryID}
}

// learn moves the suburbs the business's employees' addresses have named
// since the last lookup (queued by the employees' triggers, migration
// 00890) into its part of the register, in the country each address names
// by code or name, or the business's own when it names none; an address
// in a country the register does not know is dropped. Without anything
// queued it is one read: a lookup costs the same at any headcount.
func (s *Service) learn(ctx context.Context, biz business.Business) error {
	queued, err := s.DB.Queries().HasSuburbsToLearn(ctx, biz.ID)
	if err != nil || !queued {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		for {
			rows, err := q.ListSuburbsToLearn(ctx, store.ListSuburbsToLearnParams{BusinessID: biz.ID, Lim: learnBatch})
			if err != nil || len(rows) == 0 {
				return err
			}
			for _, r := range rows {
				if c, ok := addressCountry(biz, r.Country); ok {
					if err := q.LearnSuburb(ctx, store.LearnSuburbParams{BusinessID: sql.NullInt64{Int64: biz.ID, Valid: true},
						CountryID: c, Name: r.Name, State: r.State, Postcode: r.Postcode}); err != nil {
						return err
					}
				}
				if err := q.DeleteSuburbToLearn(ctx, r.ID); err != nil {
					return err
				}
			}
		}
	})
}

// learnBatch bounds the queued suburbs read at once.
const learnBatch = 500

// addressCountry is the register's country of an address whose country
// is written as written (in capitals): an alpha-2 code, a country's name,
// or nothing for the business's own country.
func addressCountry(biz business.Business, written string) (string, bool) {
	if written == "" {
		written = regionCountry[biz.Region]
	}
	if c, ok := lookup.Country(written); ok {
		return c.ID, true
	}
	id, ok := countryByName[written]
	return id, ok
}

// countryByName maps each country's name in capitals to its code.
var countryByName = func() map[string]string {
	m := map[string]string{}
	for _, c := range lookup.Countries() {
		m[strings.ToUpper(c.Name)] = c.ID
	}
	return m
}()

// Import loads a gazetteer from CSV with a header naming the columns
// name, state, postcode and, optionally, country (alpha-2; defaultCountry
// when absent or empty), in any order. A suburb already there is kept.
// It returns how many rows were added.
func (s *Service) Import(ctx context.Context, r io.Reader, defaultCountry string) (added int, err error) {
	defer payroll.Wrap(&err, "importing suburbs")
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return 0, fmt.Errorf("reading the header: %w", err)
	}
	col := map[string]int{}
	for i, h := range head {
		col[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))] = i
	}
	for _, c := range []string{"name", "state", "postcode"} {
		if _, ok := col[c]; !ok {
			return 0, fmt.Errorf("the header has no %q column (want name, state, postcode[, country])", c)
		}
	}
	field := func(rec []string, c string) string {
		if i, ok := col[c]; ok && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	line := 1
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		for {
			rec, err := cr.Read()
			line++
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			p := store.ImportSuburbParams{Name: field(rec, "name"), State: field(rec, "state"), Postcode: field(rec, "postcode"), CountryID: strings.ToUpper(field(rec, "country"))}
			if p.CountryID == "" {
				p.CountryID = strings.ToUpper(defaultCountry)
			}
			if _, ok := lookup.Country(p.CountryID); !ok {
				return fmt.Errorf("line %d: country %q is not an ISO 3166-1 alpha-2 code", line, p.CountryID)
			}
			if p.Name == "" {
				return fmt.Errorf("line %d: the name is empty", line)
			}
			n, err := q.ImportSuburb(ctx, p)
			if err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
			added += int(n)
		}
	})
	return added, err
}

// countryOf is the country a lookup is in: id (any case) when given, else
// the business's region's country.
func countryOf(biz business.Business, id string) (lookup.NameID, error) {
	if id == "" {
		id = regionCountry[biz.Region]
	}
	c, ok := lookup.Country(strings.ToUpper(strings.TrimSpace(id)))
	if !ok {
		return c, payroll.Invalid("countryId", "countryId %q is not an ISO 3166-1 alpha-2 country code", id)
	}
	return c, nil
}

var regionCountry = map[string]string{calc.AU: "AU", calc.UK: "GB", calc.NZ: "NZ", calc.SG: "SG"}

// likePrefix is term as a LIKE pattern matching what starts with it, in
// capitals, its own % and _ escaped with '\'.
func likePrefix(term string) string {
	t := strings.ToUpper(strings.TrimSpace(term))
	t = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(t)
	return t + "%"
}

// InRegion says whether countryID is the country of biz's region.
func InRegion(biz business.Business, countryID string) bool {
	return regionCountry[biz.Region] == countryID
}
