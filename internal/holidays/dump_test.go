package holidays

import (
	"fmt"
	"os"
	"testing"
)

func TestDump(t *testing.T) {
	if os.Getenv("HDUMP") == "" {
		t.Skip()
	}
	for _, c := range []string{"AU", "NZ", "UK", "SG"} {
		for y := 2026; y <= 2028; y++ {
			for _, h := range Calendar(c, y) {
				obs := ""
				if h.Substituted() {
					obs = fmt.Sprintf(" -> %s %s also=%v", h.Observed.Format("Mon 2006-01-02"), h.ObservedName, h.AlsoOnDate)
				}
				fmt.Printf("%s %s %-40s %s%s [%s]\n", c, h.Date.Format("Mon 2006-01-02"), h.Name, h.Jurisdiction(), obs, h.Status)
			}
		}
	}
}

func TestDumpDays(t *testing.T) {
	if os.Getenv("HDUMP") == "" {
		t.Skip()
	}
	for _, c := range []string{"AU", "SG"} {
		for _, d := range Days(c, 2027) {
			fmt.Printf("%s %s %-40s %v sub=%q %s\n", c, d.Date.Format("Mon 2006-01-02"), d.Name, d.Regions, d.SubstituteFor, d.Source)
		}
	}
}
