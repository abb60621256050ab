package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// CRUD describes a reference collection's operations. Registering one
// serves, under Path: POST (create), GET (list, OData when OData is set),
// GET/PUT/DELETE Path/{IDParam}. PUT is a partial update: members the body
// omits keep their values.
type CRUD[T any, P record.Ptr[T]] struct {
	Coll record.Collection[T, P]
	Path string // e.g. /api/v2/business/{businessId}/worktype
	// Item is the record's path, spelled out in full (Path + "/{id}") so a
	// grep of an operation's path finds its registration.
	Item        string
	IDParam     string // default "id"
	ParentParam string // path parameter of the parent record, for child kinds
	Tag         string
	Ops         string // subset of "LCRUD" (list, create, read, update, delete); default all
	// Read is what list and read need: BusinessReference for what a
	// restricted user's permitted work needs, BusinessAdmin for sensitive
	// settings. Writes always need BusinessAdmin (reference data and
	// settings are the unrestricted users').
	Read  Needs
	OData bool // list supports $filter/$orderby/$top/$skip
	// Query, when set, serves the OData list in SQL (collections that grow
	// with headcount) instead of List + ApplyOData in memory.
	Query func(ctx context.Context, biz business.Business, parentID int64, q odata.Query) ([]T, error)
}

// CRUDBody is the input of create and update.
type CRUDBody[T any] struct {
	BusinessPath
	Body    T
	RawBody []byte
}

type crudList struct {
	BusinessPath
	ODataQuery
}

// PathID reads an integer path parameter; anything else names no record (404).
func PathID(ctx context.Context, name, what string) (int64, error) {
	rc := chi.RouteContext(ctx)
	if rc == nil {
		return 0, payroll.NotFound(what)
	}
	id, err := strconv.ParseInt(rc.URLParam(name), 10, 64)
	if err != nil {
		return 0, payroll.NotFound(what)
	}
	return id, nil
}

// EmployeePathID is the {employeeId} of the path (404 when not an id).
func EmployeePathID(ctx context.Context) (int64, error) { return PathID(ctx, "employeeId", "employee") }

// EmployeeRecordPathIDs are the {employeeId} and one record's id (path
// parameter name, a what for the 404) of an E/ record path.
func EmployeeRecordPathIDs(ctx context.Context, name, what string) (employeeID, id int64, err error) {
	if employeeID, err = EmployeePathID(ctx); err != nil {
		return 0, 0, err
	}
	id, err = PathID(ctx, name, what)
	return employeeID, id, err
}

// QueryDate parses an optional date query parameter: zero when absent, a
// 400 naming member when it is not a date.
func QueryDate(member, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	d, err := payroll.ParseDateTime(s)
	if err != nil {
		return time.Time{}, payroll.Invalid(member, "%s: %v", member, err)
	}
	return d.Time, nil
}

// QueryDates parses the optional fromDate and toDate query members (zero
// when absent), a 400 naming the one that is not a date.
func QueryDates(from, to string) (time.Time, time.Time, error) {
	f, err := QueryDate("fromDate", from)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	t, err := QueryDate("toDate", to)
	return f, t, err
}

// CurrentBusiness is the business the request addresses (authorised by
// the authenticate middleware).
func CurrentBusiness(ctx context.Context) business.Business {
	acc, _ := business.AccessFrom(ctx)
	return acc.Business
}

// EmptyObject is the {} body some operations answer with.
type EmptyObject struct{}

// BodyOf is the output of an operation that answers with a JSON body.
type BodyOf[T any] struct{ Body T }

// PathParams documents integer path parameters huma cannot see (handlers
// read them with PathID).
func PathParams(names ...string) []*huma.Param {
	var out []*huma.Param
	for _, n := range names {
		if n != "" {
			out = append(out, &huma.Param{Name: n, In: "path", Required: true, Schema: &huma.Schema{Type: "integer", Format: "int64"}})
		}
	}
	return out
}

// RegisterCRUD serves a collection.
func RegisterCRUD[T any, P record.Ptr[T]](a *API, c CRUD[T, P]) {
	if c.IDParam == "" {
		c.IDParam = "id"
	}
	if c.Ops == "" {
		c.Ops = "LCRUD"
	}
	label := c.Coll.Label
	item := c.Item
	if item != c.Path+"/{"+c.IDParam+"}" && strings.ContainsAny(c.Ops, "RUD") {
		panic("httpapi: CRUD " + c.Path + ": Item must be " + c.Path + "/{" + c.IDParam + "}, got " + item)
	}
	tags := []string{c.Tag}
	parent := func(ctx context.Context) (int64, error) {
		if c.ParentParam == "" {
			return 0, nil
		}
		return PathID(ctx, c.ParentParam, strings.ReplaceAll(c.Coll.ParentKind, "_", " "))
	}
	ids := func(ctx context.Context) (business.Business, int64, int64, error) {
		p, err := parent(ctx)
		if err != nil {
			return business.Business{}, 0, 0, err
		}
		id, err := PathID(ctx, c.IDParam, label)
		return CurrentBusiness(ctx), p, id, err
	}
	if strings.Contains(c.Ops, "L") {
		desc := "Lists the " + plural(label) + " of the business."
		if c.OData {
			desc += " Supports OData $filter, $orderby, $top, $skip."
		}
		Register(a, c.Read, huma.Operation{Method: http.MethodGet, Path: c.Path, Tags: tags, Summary: "List " + plural(label),
			Description: desc, Parameters: PathParams(c.ParentParam)},
			func(ctx context.Context, in *crudList) (*BodyOf[[]T], error) {
				p, err := parent(ctx)
				if err != nil {
					return nil, err
				}
				if c.Query != nil {
					q, err := ParseOData(&in.ODataQuery)
					if err != nil {
						return nil, err
					}
					list, err := c.Query(ctx, CurrentBusiness(ctx), p, q)
					return &BodyOf[[]T]{list}, ODataErr(err)
				}
				list, err := c.Coll.List(ctx, CurrentBusiness(ctx), p)
				if err != nil {
					return nil, err
				}
				if c.OData {
					list, err = ApplyOData(&in.ODataQuery, list)
				}
				return &BodyOf[[]T]{list}, err
			})
	}
	if strings.Contains(c.Ops, "C") {
		Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: c.Path, Tags: tags, Summary: "Create a " + label,
			Parameters: PathParams(c.ParentParam)},
			func(ctx context.Context, in *CRUDBody[T]) (*BodyOf[T], error) {
				p, err := parent(ctx)
				if err != nil {
					return nil, err
				}
				v, err := c.Coll.Create(ctx, CurrentBusiness(ctx), p, &in.Body)
				return &BodyOf[T]{v}, err
			})
	}
	if strings.Contains(c.Ops, "R") {
		Register(a, c.Read, huma.Operation{Method: http.MethodGet, Path: item, Tags: tags, Summary: "Get a " + label,
			Parameters: PathParams(c.ParentParam, c.IDParam)},
			func(ctx context.Context, _ *BusinessPath) (*BodyOf[T], error) {
				biz, p, id, err := ids(ctx)
				if err != nil {
					return nil, err
				}
				v, err := c.Coll.Get(ctx, biz, p, id)
				return &BodyOf[T]{v}, err
			})
	}
	if strings.Contains(c.Ops, "U") {
		op := huma.Operation{Method: http.MethodPut, Path: item, Tags: tags, Summary: "Update a " + label,
			Description: "Members the body omits keep their values.", Parameters: PathParams(c.ParentParam, c.IDParam)}
		PartialBody(&op)
		Register(a, BusinessAdmin, op,
			func(ctx context.Context, in *CRUDBody[T]) (*BodyOf[T], error) {
				biz, p, id, err := ids(ctx)
				if err != nil {
					return nil, err
				}
				v, err := c.Coll.Update(ctx, biz, p, id, func(cur *T) error { return MergeJSON(cur, in.RawBody) })
				return &BodyOf[T]{v}, err
			})
	}
	if strings.Contains(c.Ops, "D") {
		Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: item, Tags: tags, Summary: "Delete a " + label,
			Description: "A " + label + " still in use answers 409.", Parameters: PathParams(c.ParentParam, c.IDParam)},
			func(ctx context.Context, _ *BusinessPath) (*struct{}, error) {
				biz, p, id, err := ids(ctx)
				if err != nil {
					return nil, err
				}
				return nil, c.Coll.Delete(ctx, biz, p, id)
			})
	}
}

// PagedResult is the page-number list shape some operations answer with.
type PagedResult[T any] struct {
	CurrentPage     int       `json:"currentPage"`
	PageSize        int       `json:"pageSize"`
	PageCount       int       `json:"pageCount"`
	ItemCount       int       `json:"itemCount"`
	ItemCountFuture CountWrap `json:"itemCountFuture"`
	Items           []T       `json:"items"`
}

// CountWrap is {value: n}.
type CountWrap struct {
	Value int `json:"value"`
}

// paged applies an OData query to items and reports the page it chose:
// $top is the page size, $skip/$top the page.
func paged[T any](q *ODataQuery, items []T) (PagedResult[T], error) {
	parsed, err := ParseOData(q)
	if err != nil {
		return PagedResult[T]{}, err
	}
	total, err := countOData(items, parsed)
	if err != nil {
		return PagedResult[T]{}, err
	}
	page, err := applyParsed(items, parsed)
	if err != nil {
		return PagedResult[T]{}, err
	}
	size := parsed.Top
	pages := 0
	if size > 0 {
		pages = (total + size - 1) / size
	}
	current := 1
	if size > 0 {
		current = parsed.Skip/size + 1
	}
	return PagedResult[T]{CurrentPage: current, PageSize: size, PageCount: pages, ItemCount: total,
		ItemCountFuture: CountWrap{Value: total}, Items: page}, nil
}

// RegisterPaged serves GET path as the paged form of a collection's list,
// with what reading it needs.
func RegisterPaged[T any, P record.Ptr[T]](a *API, read Needs, coll record.Collection[T, P], path, tag string) {
	Register(a, read, huma.Operation{Method: http.MethodGet, Path: path, Tags: []string{tag},
		Summary: "List " + plural(coll.Label) + " (paged)", Description: "Paged by OData $top (page size) and $skip; $filter and $orderby apply."},
		func(ctx context.Context, in *crudList) (*BodyOf[PagedResult[T]], error) {
			list, err := coll.List(ctx, CurrentBusiness(ctx), 0)
			if err != nil {
				return nil, err
			}
			p, err := paged(&in.ODataQuery, list)
			return &BodyOf[PagedResult[T]]{p}, err
		})
}

// SettingsOps describes a settings document's operations: GET Path and a
// write (POST or PUT) that merges the body onto the current value.
type SettingsOps[T any] struct {
	Settings    record.Settings[T]
	Path        string
	WriteMethod string // http.MethodPost or http.MethodPut; "" = read-only
	Tag         string
	Summary     string // e.g. "timesheet rounding rules"
	// Read is what reading needs (BusinessReference or BusinessAdmin);
	// the write always needs BusinessAdmin.
	Read Needs
}

// RegisterSettings serves a settings document.
func RegisterSettings[T any](a *API, s SettingsOps[T]) {
	tags := []string{s.Tag}
	Register(a, s.Read, huma.Operation{Method: http.MethodGet, Path: s.Path, Tags: tags, Summary: "Get " + s.Summary},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[T], error) {
			v, err := s.Settings.Get(ctx, CurrentBusiness(ctx), "")
			return &BodyOf[T]{v}, err
		})
	if s.WriteMethod == "" {
		return
	}
	op := huma.Operation{Method: s.WriteMethod, Path: s.Path, Tags: tags, Summary: "Save " + s.Summary,
		Description: "Members the body omits keep their values."}
	PartialBody(&op)
	Register(a, BusinessAdmin, op,
		func(ctx context.Context, in *CRUDBody[T]) (*BodyOf[T], error) {
			v, err := s.Settings.Update(ctx, CurrentBusiness(ctx), "", func(cur *T) error { return MergeJSON(cur, in.RawBody) })
			return &BodyOf[T]{v}, err
		})
}

func plural(s string) string { return record.Plural(s) }
