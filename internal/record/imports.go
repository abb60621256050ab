package record

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ImportResult reports a successful bulk import.
type ImportResult struct {
	Imported int     `json:"imported"`
	IDs      []int64 `json:"ids"`
}

// MaxImportRows bounds one import.
const MaxImportRows = 5000

// ImportCSV creates one record per data row of a CSV file, all or nothing:
// the header row names the model's members (wire names, any case, spaces
// and underscores ignored); every row is validated and any failure rejects
// the whole file with a 400 whose errors name "row N.member". Rows are
// numbered as a spreadsheet shows them (the header is row 1).
func ImportCSV[T any, P Ptr[T]](ctx context.Context, c Collection[T, P], biz business.Business, r io.Reader) (ImportResult, error) {
	if err := c.Gate(biz); err != nil {
		return ImportResult{}, err
	}
	rows, err := ReadCSV(r)
	if err != nil {
		return ImportResult{}, err
	}
	members := jsonMembers(reflect.TypeOf((*T)(nil)).Elem())
	header := rows[0]
	cols := make([]member, len(header))
	for i, h := range header {
		m, ok := members[NormHeader(h)]
		if !ok {
			return ImportResult{}, payroll.Invalid("file", "column %q is not a member of %s", strings.TrimSpace(h), Plural(c.Label))
		}
		cols[i] = m
	}
	var out ImportResult
	rowErrs := map[string][]string{}
	err = c.S.DB.InTx(ctx, func(q *store.Queries) error {
		for n, row := range rows[1:] {
			rowNo := n + 2
			obj := map[string]any{}
			for i, cell := range row {
				if i >= len(cols) || strings.TrimSpace(cell) == "" {
					continue
				}
				v, err := cols[i].convert(strings.TrimSpace(cell))
				if err != nil {
					rowErrs[fmt.Sprintf("row %d.%s", rowNo, cols[i].name)] = []string{err.Error()}
					continue
				}
				obj[cols[i].name] = v
			}
			raw, _ := json.Marshal(obj)
			var v T
			if err := json.Unmarshal(raw, &v); err != nil {
				rowErrs[fmt.Sprintf("row %d", rowNo)] = []string{err.Error()}
				continue
			}
			created, err := c.CreateInTx(ctx, q, biz.ID, 0, &v)
			if collectItemError(rowErrs, fmt.Sprintf("row %d", rowNo), err) {
				continue
			}
			if err != nil {
				return err
			}
			out.IDs = append(out.IDs, P(&created).GetID())
		}
		if len(rowErrs) > 0 {
			return &payroll.Error{Kind: payroll.KindInvalid, Field: "file", Fields: rowErrs,
				Message: fmt.Sprintf("%d row error(s); nothing was imported", len(rowErrs))}
		}
		return nil
	})
	if err != nil {
		return ImportResult{}, err
	}
	out.Imported = len(out.IDs)
	return out, nil
}

// CreateAll creates items in one transaction, all or nothing: every item is
// validated and the errors of all of them are reported together, keyed
// "[i].member".
func CreateAll[T any, P Ptr[T]](ctx context.Context, c Collection[T, P], biz business.Business, items []T) ([]T, error) {
	if err := c.Gate(biz); err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, payroll.Invalid("body", "at least one %s is required", c.Label)
	}
	if len(items) > MaxImportRows {
		return nil, payroll.Invalid("body", "at most %d %s can be created at once", MaxImportRows, Plural(c.Label))
	}
	out := make([]T, 0, len(items))
	errs := map[string][]string{}
	err := c.S.DB.InTx(ctx, func(q *store.Queries) error {
		for i := range items {
			created, err := c.CreateInTx(ctx, q, biz.ID, 0, &items[i])
			if collectItemError(errs, fmt.Sprintf("[%d]", i), err) {
				continue
			}
			if err != nil {
				return err
			}
			out = append(out, created)
		}
		if len(errs) > 0 {
			return &payroll.Error{Kind: payroll.KindInvalid, Field: "body", Fields: errs,
				Message: fmt.Sprintf("%d of %d items are invalid; nothing was created", len(errs), len(items))}
		}
		return nil
	})
	return out, err
}

// collectItemError files an invalid or conflicting item's errors under
// prefix ("[3]", "row 4") and reports true; other errors are not the
// item's fault and are left to the caller.
func collectItemError(errs map[string][]string, prefix string, err error) bool {
	var pe *payroll.Error
	if !errors.As(err, &pe) || pe.Kind != payroll.KindInvalid && pe.Kind != payroll.KindConflict {
		return false
	}
	fields := pe.Fields
	if fields == nil {
		fields = map[string][]string{pe.Field: {pe.Message}}
	}
	for f, msgs := range fields {
		key := prefix
		if f != "" {
			key += "." + f
		}
		errs[key] = append(errs[key], msgs...)
	}
	return true
}

func ReadCSV(r io.Reader) ([][]string, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var rows [][]string
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, payroll.Invalid("file", "not a CSV file: %s", err.Error())
		}
		if len(rows) > MaxImportRows {
			return nil, payroll.Invalid("file", "at most %d rows can be imported at once", MaxImportRows)
		}
		rows = append(rows, rec)
	}
	if len(rows) < 2 {
		return nil, payroll.Invalid("file", "the file needs a header row and at least one data row")
	}
	if len(rows[0]) > 0 {
		rows[0][0] = strings.TrimPrefix(rows[0][0], "\ufeff") // spreadsheet BOM
	}
	return rows, nil
}

// headerSeparators are dropped from a header by NormHeader. One Replacer
// for the process (safe for concurrent use): building one per call was
// most of the cost of parsing the built-in super fund registry, which
// every API build does (~3% of a payrunapi test's CPU).
var headerSeparators = strings.NewReplacer(" ", "", "_", "", "-", "")

func NormHeader(h string) string {
	return strings.ToLower(headerSeparators.Replace(strings.TrimSpace(h)))
}

type member struct {
	name string
	typ  reflect.Type
}

// convert turns a cell into the JSON value the member's Go type reads.
func (m member) convert(cell string) (any, error) {
	t := m.typ
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		if v, ok := map[string]bool{"yes": true, "y": true, "no": false, "n": false}[strings.ToLower(cell)]; ok {
			return v, nil
		}
		b, err := strconv.ParseBool(strings.ToLower(cell))
		if err != nil {
			return nil, fmt.Errorf("%q is not true or false", cell)
		}
		return b, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseInt(cell, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", cell)
		}
		return n, nil
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(cell, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", cell)
		}
		return f, nil
	case reflect.Slice:
		parts := strings.FieldsFunc(cell, func(r rune) bool { return r == '|' || r == ';' })
		out := make([]any, 0, len(parts))
		for _, p := range parts {
			v, err := member{name: m.name, typ: t.Elem()}.convert(strings.TrimSpace(p))
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
	return cell, nil // strings, dates (payroll.DateTime parses text) and enums
}

// jsonMembers maps normalised wire names to members of struct type t,
// following embedded structs.
func jsonMembers(t reflect.Type) map[string]member {
	out := map[string]member{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			for k, v := range jsonMembers(f.Type) {
				out[k] = v
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if f.Tag.Get("readOnly") == "true" {
			continue
		}
		out[NormHeader(name)] = member{name: name, typ: f.Type}
	}
	return out
}
