package my_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/calc/vectors"
)

// Every row of the MY vector file (LHDN's worked PCB example, the KWSP
// Third Schedule, PERKESO's SOCSO/EIS/LINDUNG 24 Jam schedules, the HRD
// levy and formula-derived PCB cases) passes through the registered
// engine, as `payrolld calc check` runs it.
func TestVectorFile(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join("testdata", "vectors-my-2026.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	rep, err := vectors.Check(f, &out)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != 0 {
		t.Errorf("%s\n%s", rep.Summary(), out.String())
	}
	if rep.Passed < 30 {
		t.Errorf("%d rows pass; the file should hold at least 30", rep.Passed)
	}
	t.Log(strings.TrimSpace(out.String()))
}
