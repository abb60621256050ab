package vectors_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/calc/vectors"
	"github.com/payrolld/payrolld/internal/payroll"
)

var files = []string{"vectors-sample.csv", "vectors-sample-2026-27.csv"}

// Every row of a registered region passes; every row of an unregistered
// region is reported as failed (not skipped); nothing is lost.
func TestSampleFiles(t *testing.T) {
	t.Parallel()
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name)
			rows, unregistered := countRows(t, path)
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var out bytes.Buffer
			rep, err := vectors.Check(f, &out)
			if err != nil {
				t.Fatal(err)
			}
			for _, fl := range rep.Failures {
				if _, err := engine.For(fl.Region); err == nil {
					t.Errorf("registered region row failed: %s", fl)
				}
			}
			if rep.Failed != unregistered {
				t.Errorf("%d failed, want %d (the rows of unregistered regions)", rep.Failed, unregistered)
			}
			if rep.Passed+rep.Failed != rows {
				t.Errorf("%d passed + %d failed != %d rows", rep.Passed, rep.Failed, rows)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if last := lines[len(lines)-1]; last != rep.Summary() {
				t.Errorf("last line %q, want %q", last, rep.Summary())
			}
			if len(lines) != rep.Failed+1 {
				t.Errorf("%d report lines for %d failures", len(lines), rep.Failed)
			}
			t.Logf("%s: %s", name, rep.Summary())
		})
	}
}

// The AU rows are all there and all pass (the AU engine is registered in
// this branch).
func TestAURowsPass(t *testing.T) {
	t.Parallel()
	for _, name := range files {
		var au bytes.Buffer
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		au.WriteString(lines[0] + "\n")
		n := 0
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "AU,") {
				au.WriteString(l + "\n")
				n++
			}
		}
		rep, err := vectors.Check(&au, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 || rep.Passed != n || rep.Failed != 0 {
			t.Errorf("%s: %d AU rows: %s %v", name, n, rep.Summary(), rep.Failures)
		}
	}
}

func countRows(t *testing.T, path string) (rows, unregistered int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs[1:] {
		rows++
		if _, err := engine.For(r[0]); err != nil {
			unregistered++
		}
	}
	return rows, unregistered
}

// Rows that cannot be computed fail, with the reason; a wrong value fails
// with expected, got and rule.
func TestUncomputableRowsFail(t *testing.T) {
	t.Parallel()
	in := `region,period,scale_or_code,gross,expected_withholding,source
XX,weekly,scale2,1000.00,143,no such region
AU,weekly,scale9,1000.00,143,no such scale
AU,fortnightly-ish,scale2,1000.00,143,no such period
AU,weekly;1999-00,scale2,1000.00,143,no such year
AU,weekly,scale2,abc,143,bad gross
AU,weekly,scale2,1000.00
AU,weekly,scale2,1000.00,144,"wrong value, quoted"
AU,weekly,scale2,1000.00,143,right
`
	var out bytes.Buffer
	rep, err := vectors.Check(strings.NewReader(in), &out)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Passed != 1 || rep.Failed != 7 {
		t.Fatalf("%s\n%s", rep.Summary(), out.String())
	}
	text := out.String()
	for _, want := range []string{
		`line 2: XX,weekly,scale2,1000.00: expected 143, FAILED: no calculation engine for region "XX"`,
		`line 3: `, `line 4: `, `line 5: `, `line 6: `, `line 7: `,
		"line 8: AU,weekly,scale2,1000.00: expected 144, got 143 [au.payg.schedule1:",
		"\n1 passed, 7 failed\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
}

func TestBadHeader(t *testing.T) {
	t.Parallel()
	if _, err := vectors.Check(strings.NewReader("a,b,c\n"), nil); err == nil {
		t.Fatal("no error for a wrong header")
	}
}

// An engine that panics fails its row and the check goes on.
func TestPanickingEngineFailsRow(t *testing.T) {
	t.Parallel()
	lookup := func(string) (calc.Engine, error) { return panicky{}, nil }
	in := "region,period,scale_or_code,gross,expected_withholding,source\nZZ,weekly,x,1,1,s\nZZ,weekly,x,1,1,s\n"
	rep, err := vectors.CheckWith(lookup, strings.NewReader(in), nil)
	if err != nil || rep.Failed != 2 {
		t.Fatalf("%v %s", err, rep.Summary())
	}
}

type panicky struct{}

func (panicky) Region() string                                             { return "ZZ" }
func (panicky) TaxYear(*calc.Input) (string, error)                        { return "", nil }
func (panicky) Calculate(*calc.Input) (calc.Result, error)                 { return calc.Result{}, nil }
func (panicky) CheckVector(calc.Vector) (payroll.Money, *calc.Rule, error) { panic("boom") }
