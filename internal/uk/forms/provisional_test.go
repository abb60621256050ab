package forms

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A P60 is an end of year certificate: before the tax year has ended
// (5 April) it is the year to date and says so on its face.
func TestP60ProvisionalUntilTheYearEnds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		now  time.Time
		want bool
	}{
		{time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), false},
		{time.Date(2027, 4, 5, 23, 59, 0, 0, time.UTC), false},
		{time.Date(2027, 4, 6, 0, 0, 0, 0, time.UTC), true},
	} {
		if got := yearEnded(c.now, 2026); got != c.want {
			t.Errorf("tax year 2026/27 ended at %s = %v, want %v", c.now, got, c.want)
		}
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed (apt-get install poppler-utils): the PDF's text is not read")
	}
	text := func(f P60) string {
		b, err := renderP60(f)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "p60.pdf")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(string(out)), " ")
	}
	f := P60{TaxYear: "2026/27", FinancialYearEnding: 2027, Employee: Person{FirstName: "Mary", Surname: "Jones"}, IsProvisional: true}
	if got := text(f); !strings.Contains(got, "PROVISIONAL: tax year 2026/27 has not ended") || !strings.Contains(got, "after 5 April 2027") {
		t.Errorf("provisional P60 does not say so: %s", got)
	}
	f.IsProvisional = false
	if got := text(f); strings.Contains(got, "PROVISIONAL") {
		t.Errorf("final P60 says provisional: %s", got)
	}
}
