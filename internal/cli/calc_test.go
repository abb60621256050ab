package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/cli"
)

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cli.Main(context.Background(), args, func(string) string { return "" }, &out, &errb)
	return code, out.String(), errb.String()
}

func vectorFile(name string) string {
	return filepath.Join("..", "calc", "vectors", "testdata", name)
}

func TestCalcCheck(t *testing.T) {
	t.Parallel()
	// Every row of both published samples computes to its expected figure
	// (the acceptance: 215 and 46 rows, every region).
	for _, c := range []struct{ file, summary string }{
		{"vectors-sample.csv", "215 passed, 0 failed"},
		{"vectors-sample-2026-27.csv", "46 passed, 0 failed"},
	} {
		code, out, errs := runCLI(t, "calc", "check", vectorFile(c.file))
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || lines[len(lines)-1] != c.summary {
			t.Errorf("%s: exit %d, last line %q, want 0 and %q\n%s\n%s", c.file, code, lines[len(lines)-1], c.summary, out, errs)
		}
	}
	// A wrong expectation and a row no engine knows both fail (never
	// skipped), with exit status 1.
	bad := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(bad, []byte("region,period,scale_or_code,gross,expected_withholding,source\n"+
		"AU,weekly,scale2,864.99,100,wrong on purpose\nXX,weekly,scale2,100.00,0,no such region\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "calc", "check", bad)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || lines[len(lines)-1] != "0 passed, 2 failed" {
		t.Errorf("bad file: exit %d, last line %q, want 1 and \"0 passed, 2 failed\"\n%s", code, lines[len(lines)-1], out)
	}
	// Only AU rows: all pass, exit 0.
	data, err := os.ReadFile(vectorFile("vectors-sample.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var au strings.Builder
	for i, l := range strings.Split(string(data), "\n") {
		if i == 0 || strings.HasPrefix(l, "AU,") {
			au.WriteString(l + "\n")
		}
	}
	path := filepath.Join(t.TempDir(), "au.csv")
	if err := os.WriteFile(path, []byte(au.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCLI(t, "calc", "check", path); code != 0 || out != "16 passed, 0 failed\n" {
		t.Errorf("AU only: exit %d, %q %s", code, out, errs)
	}
	// A wrong expected value is reported with expected, got and rule.
	wrong := strings.Replace(au.String(), "AU,weekly,scale1,100.00,16,", "AU,weekly,scale1,100.00,17,", 1)
	if err := os.WriteFile(path, []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "calc", "check", path)
	if code != 1 || !strings.Contains(out, "line 2: AU,weekly,scale1,100.00: expected 17, got 16 [au.payg.schedule1:") ||
		!strings.HasSuffix(out, "15 passed, 1 failed\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if code, _, _ := runCLI(t, "calc", "check", "no-such-file.csv"); code != 1 {
		t.Errorf("missing file: exit %d", code)
	}
}

const employeePeriod = `{
  "region": "AU",
  "payment_date": "2025-10-15",
  "frequency": "weekly",
  "earnings": [
    {"category": "Ordinary hours", "kind": "Ordinary", "amount": 1000, "hours": 38},
    {"category": "Overtime", "kind": "Overtime", "amount": 100}
  ],
  "pre_tax": 100,
  "au": {"scale": "scale2", "stsl": true, "ytd": {"super_base": 10000}}
}`

func TestCalcExplain(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(path, []byte(employeePeriod), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "calc", "explain", "-in", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Region  string
		TaxYear string `json:"tax_year"`
		Figures []struct {
			Code   string
			Amount json.Number
			Rule   struct{ Code, Text, Source string }
			Terms  []struct {
				Name  string
				Value json.Number
			}
		}
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := map[string]string{}
	for _, f := range res.Figures {
		if f.Rule.Code == "" || f.Rule.Source == "" {
			t.Errorf("%s without rule", f.Code)
		}
		got[f.Code] = f.Amount.String()
	}
	// Taxable 1,000 (1,100 less 100 sacrificed): Schedule 1 143, no STSL
	// below $1,288 a week; super 12% of OTE 1,000.
	want := map[string]string{"taxable": "1000", "payg.schedule1": "143", "stsl": "0", "payg": "143",
		"super.guarantee": "120", "leave.annual.hours": "2.923074"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %s, want %s", k, got[k], v)
		}
	}
	if res.TaxYear != "2025-26" {
		t.Errorf("tax year %q", res.TaxYear)
	}

	code, out, errs = runCLI(t, "calc", "explain", "-format", "text", "-in", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, s := range []string{"AU 2025-26", "FIGURE", "payg.schedule1", "x (whole dollars + 99c)", "1000.99",
		"source: ATO Schedule 1 (NAT 1004)", "super.guarantee"} {
		if !strings.Contains(out, s) {
			t.Errorf("text output lacks %q:\n%s", s, out)
		}
	}

	// Bad inputs: exit 1 with a message, never a panic.
	for _, body := range []string{
		`{"region": "AU", "payment_date": "15/10/2025"}`,
		`{"region": "XX", "payment_date": "2025-10-15", "frequency": "Weekly"}`,
		`{"region": "AU", "payment_date": "2025-10-15", "frequency": "Weekly", "au": {"scael": "scale2"}}`,
		`{"region": "AU", "payment_date": "2030-10-15", "frequency": "Weekly", "au": {"scale": "scale2"}}`,
		`not json`,
	} {
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errs := runCLI(t, "calc", "explain", "-in", path); code != 1 || errs == "" {
			t.Errorf("%s: exit %d %q", body, code, errs)
		}
	}
	if code, _, _ := runCLI(t, "calc", "explain", "-format", "xml", "-in", path); code != 1 {
		t.Errorf("-format xml: exit %d", code)
	}
	if code, _, _ := runCLI(t, "calc", "bogus"); code != 1 {
		t.Errorf("unknown subcommand: exit %d", code)
	}
}

// The sample inputs the README points a newcomer to stay valid, and
// their figures are the statute's (2026-27, derived by hand):
//   - AU weekly, scale 2: x = 1,400 − 50 sacrificed = 1,350 → 1,350.99;
//     0.32 × 1,350.99 − 181.7319 = 250.58 → 251; STSL 0.15 × 1,350.99 −
//     200.5615 = 2.09 → 2; withheld 253.
//   - UK monthly, 1257L month 1: free pay 1,048.25, taxable 2,451 (whole
//     pounds), 20% = 490.20; employee NI 8% × (3,500 − 1,048) = 196.16;
//     Plan 2 9% × (3,500 − 2,448.75) = 94.61 → 94 (whole pounds down).
func TestCalcExplainExamples(t *testing.T) {
	t.Parallel()
	cases := map[string]map[string]string{
		"calc-au-weekly.json":  {"payg": "253", "stsl": "2"},
		"calc-uk-monthly.json": {"paye": "490.2", "ni.employee": "196.16", "studentloan.plan2": "94"},
	}
	for file, want := range cases {
		code, out, errs := runCLI(t, "calc", "explain", "-in", filepath.Join("..", "..", "docs", "examples", file))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", file, code, errs)
		}
		var res struct {
			Figures []struct {
				Code   string
				Amount json.Number
			}
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got := map[string]string{}
		for _, f := range res.Figures {
			got[f.Code] = f.Amount.String()
		}
		for code, amount := range want {
			if got[code] != amount {
				t.Errorf("%s: %s = %q, want %s (all: %v)", file, code, got[code], amount, got)
			}
		}
	}
}
