package pay

import (
	"testing"

	"github.com/payrolld/payrolld/internal/payroll"
)

// ATO Schedule 11, "ETP reporting": a code R payment after an ETP for the
// same termination in an earlier income year is S, a code O payment P;
// death benefit codes stay. The reported code follows the run's figures.
func TestETPCodeLaterYear(t *testing.T) {
	for in, want := range map[string]string{"R": "S", "O": "P", "S": "S", "P": "P", "D": "D", "N": "N", "T": "T"} {
		if got := ETPCodeLaterYear(in); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
	w := map[string]payroll.Money{"S": payroll.MustMoney("68500")}
	if got := ETPReportedCode("R", w); got != "S" {
		t.Errorf("R with an S figure: %s, want S", got)
	}
	if got := ETPReportedCode("R", map[string]payroll.Money{"R": payroll.MustMoney("1")}); got != "R" {
		t.Errorf("R with an R figure: %s, want R", got)
	}
	if got := ETPReportedCode("O", w); got != "O" {
		t.Errorf("O with only an S figure: %s, want O", got)
	}
}
