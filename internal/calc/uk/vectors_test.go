package uk

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

func readVectors(t testing.TB, name string) []calc.Vector {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []calc.Vector
	for i, rec := range recs[1:] {
		if len(rec) != 6 {
			t.Fatalf("%s line %d: %d columns", name, i+2, len(rec))
		}
		v := calc.Vector{Line: i + 2, Region: rec[0], Period: rec[1], Code: rec[2], Source: rec[5]}
		if v.Gross, err = payroll.ParseMoney(rec[3]); err != nil {
			t.Fatal(err)
		}
		if v.Expected, err = payroll.ParseMoney(rec[4]); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// knownWrong lists rows whose expected value the rules file's own formula
// shows to be wrong (file:line -> reason); they must still compute.
var knownWrong = map[string]string{}

func checkFile(t *testing.T, name string) {
	rows := readVectors(t, name)
	e := New().(calc.VectorChecker)
	pass, fail := 0, 0
	for _, v := range rows {
		key := name + ":" + strconv.Itoa(v.Line)
		got, rule, err := e.CheckVector(v)
		if err != nil {
			t.Errorf("%s: %v", key, err)
			fail++
			continue
		}
		if rule == nil || rule.Code == "" || rule.Source == "" {
			t.Errorf("%s: no rule", key)
		}
		if !got.Equal(v.Expected) {
			if why, ok := knownWrong[key]; ok {
				t.Logf("%s: known wrong vector (%s): got %s, file %s", key, why, got, v.Expected)
				continue
			}
			fail++
			t.Errorf("%s: %s %s %s gross %s: got %s, want %s", key, v.Region, v.Period, v.Code, v.Gross, got, v.Expected)
			continue
		}
		pass++
	}
	t.Logf("%s: %d UK rows, %d exact, %d fail", name, len(rows), pass, fail)
}

func TestVectorsSample2025(t *testing.T) { checkFile(t, "vectors-sample-uk.csv") }
func TestVectorsSample2026(t *testing.T) { checkFile(t, "vectors-sample-2026-27-uk.csv") }
func TestHMRCPAYE2025(t *testing.T)      { checkFile(t, "hmrc-paye-2025-26.csv") }
func TestHMRCNIC2025(t *testing.T)       { checkFile(t, "hmrc-nic-2025-26.csv") }

// The testdata copies are exactly the UK rows of the shared reference
// files (when they are on this machine): a changed reference file shows up
// here instead of silently testing stale rows.
func TestSampleCopiesMatchReference(t *testing.T) {
	for copyName, ref := range map[string]string{
		"vectors-sample-uk.csv":         "/work/shared/reference/vectors-sample.csv",
		"vectors-sample-2026-27-uk.csv": "/work/shared/reference/vectors-sample-2026-27.csv",
	} {
		b, err := os.ReadFile(ref)
		if err != nil {
			t.Skipf("reference file not available: %v", err)
		}
		lines := strings.SplitAfter(string(b), "\n")
		want := lines[0]
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "UK") {
				want += l
			}
		}
		got, err := os.ReadFile(filepath.Join("testdata", copyName))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("testdata/%s differs from the UK rows of %s", copyName, ref)
		}
	}
}
