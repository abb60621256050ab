// Package vectors checks engines against a test vector file: the CSV of
// payroll-rules.md section 7 (header region,period,scale_or_code,gross,
// expected_withholding,source; quoted fields allowed).
//
// Every row is computed by its region's registered engine (calc/engine);
// a row that cannot be computed (no engine for the region, an engine that
// is not a calc.VectorChecker, a row kind the engine does not know, a
// malformed row) counts as failed, never as skipped.
package vectors

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Header is the vector file's first line.
var Header = []string{"region", "period", "scale_or_code", "gross", "expected_withholding", "source"}

// Failure is one row that did not produce its expected value.
type Failure struct {
	Line     int
	Row      string // region,period,scale_or_code,gross as in the file
	Region   string
	Expected string
	Got      string     // empty when Err is set
	Rule     *calc.Rule // the rule the engine applied, when it computed
	Err      error      // why the row could not be computed
}

func (f Failure) String() string {
	if f.Err != nil {
		return fmt.Sprintf("line %d: %s: expected %s, FAILED: %v", f.Line, f.Row, f.Expected, f.Err)
	}
	rule := ""
	if f.Rule != nil {
		rule = fmt.Sprintf(" [%s: %s; %s]", f.Rule.Code, f.Rule.Text, f.Rule.Source)
	}
	return fmt.Sprintf("line %d: %s: expected %s, got %s%s", f.Line, f.Row, f.Expected, f.Got, rule)
}

// Report is the outcome of a file.
type Report struct {
	Passed, Failed int
	Failures       []Failure
}

// Summary is the report's last line.
func (r Report) Summary() string { return fmt.Sprintf("%d passed, %d failed", r.Passed, r.Failed) }

// Lookup finds the engine of a region (engine.For in production).
type Lookup func(region string) (calc.Engine, error)

// Check runs every row of the file with the registered engines, writes each
// failure and then the line "N passed, M failed" to w (when w is not nil).
// The error is for a file that cannot be read at all (no or wrong header).
func Check(r io.Reader, w io.Writer) (Report, error) { return CheckWith(engine.For, r, w) }

// CheckWith is Check with the given engine lookup.
func CheckWith(lookup Lookup, r io.Reader, w io.Writer) (Report, error) {
	var rep Report
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1 // a short row is a failed row, not a broken file
	head, err := cr.Read()
	if err != nil {
		return rep, fmt.Errorf("vector file: reading header: %w", err)
	}
	if len(head) > 0 {
		head[0] = strings.TrimPrefix(head[0], "\ufeff")
	}
	if !equalFold(head, Header) {
		return rep, fmt.Errorf("vector file: header %q, want %q", strings.Join(head, ","), strings.Join(Header, ","))
	}
	fail := func(f Failure) {
		rep.Failed++
		rep.Failures = append(rep.Failures, f)
		if w != nil {
			fmt.Fprintln(w, f)
		}
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			fail(Failure{Line: line, Row: "(unreadable)", Err: err})
			if pe == nil {
				break // not a CSV error: the reader cannot go on
			}
			continue
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		f, ok := checkRow(lookup, line, rec)
		if ok {
			rep.Passed++
		} else {
			fail(f)
		}
	}
	if w != nil {
		fmt.Fprintln(w, rep.Summary())
	}
	return rep, nil
}

func checkRow(lookup Lookup, line int, rec []string) (Failure, bool) {
	f := Failure{Line: line}
	if len(rec) >= 4 {
		f.Row = strings.Join(rec[:4], ",")
		f.Region = rec[0]
	} else {
		f.Row = strings.Join(rec, ",")
	}
	if len(rec) != len(Header) {
		f.Err = fmt.Errorf("%d fields, want %d", len(rec), len(Header))
		return f, false
	}
	f.Expected = rec[4]
	gross, err := payroll.ParseMoney(strings.TrimSpace(rec[3]))
	if err != nil {
		f.Err = fmt.Errorf("gross: %w", err)
		return f, false
	}
	want, err := payroll.ParseMoney(strings.TrimSpace(rec[4]))
	if err != nil {
		f.Err = fmt.Errorf("expected_withholding: %w", err)
		return f, false
	}
	e, err := lookup(strings.TrimSpace(rec[0]))
	if err != nil {
		f.Err = err
		return f, false
	}
	vc, ok := e.(calc.VectorChecker)
	if !ok {
		f.Err = fmt.Errorf("the %s engine does not check vectors", e.Region())
		return f, false
	}
	v := calc.Vector{Line: line, Region: strings.TrimSpace(rec[0]), Period: strings.TrimSpace(rec[1]),
		Code: strings.TrimSpace(rec[2]), Gross: gross, Expected: want, Source: rec[5]}
	got, rule, err := checkVector(vc, v)
	if err != nil {
		f.Err = err
		return f, false
	}
	if !got.Equal(want) {
		f.Got, f.Rule = got.String(), rule
		return f, false
	}
	return f, true
}

// checkVector turns an engine panic into a failed row: one bad row must not
// hide the rest of the report.
func checkVector(vc calc.VectorChecker, v calc.Vector) (got payroll.Money, rule *calc.Rule, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("engine panic: %v", p)
		}
	}()
	return vc.CheckVector(v)
}

func equalFold(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(strings.TrimSpace(a[i]), b[i]) {
			return false
		}
	}
	return true
}
