package httpapi_test

import (
	"bufio"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// completeAreas are the catalogue areas whose every operation must be
// served. An area joins the list when its issue is done.
var completeAreas = map[string]bool{
	"auth":    true,
	"user":    true,
	"brand":   true,
	"webhook": true,
}

// completeSupporting lists supporting operations (area "supporting") that
// are served, by method and path.
var completeSupporting = map[string]bool{
	"GET /oauth/authorise":     true,
	"POST /oauth/authorise":    true,
	"POST /oauth/token/revoke": true,
}

var paramRE = regexp.MustCompile(`\{[^}]*\}`)

func normalise(method, path string) string {
	return strings.ToUpper(method) + " " + strings.ToLower(paramRE.ReplaceAllString(path, "{}"))
}

func TestOperationCoverage(t *testing.T) {
	s := testkit.NewServer(t, testkit.NewDB(t, db.SQLite))
	served := map[string]bool{}
	for path, item := range s.API.Huma().OpenAPI().Paths {
		for _, m := range []struct {
			method string
			op     *huma.Operation
		}{{"GET", item.Get}, {"POST", item.Post}, {"PUT", item.Put}, {"DELETE", item.Delete}, {"PATCH", item.Patch}} {
			if m.op != nil {
				served[normalise(m.method, path)] = true
			}
		}
	}
	f, err := os.Open("../../api/operations.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type tally struct{ served, total int }
	byArea := map[string]*tally{}
	var missing []string
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 4 {
			continue
		}
		method, path, area := cols[0], cols[1], cols[2]
		if byArea[area] == nil {
			byArea[area] = &tally{}
		}
		byArea[area].total++
		key := normalise(method, path)
		if served[key] {
			byArea[area].served++
			continue
		}
		if completeAreas[area] || completeSupporting[method+" "+path] {
			missing = append(missing, method+" "+path+" ("+area+")")
		}
	}
	areas := make([]string, 0, len(byArea))
	for a := range byArea {
		areas = append(areas, a)
	}
	sort.Strings(areas)
	total, all := 0, 0
	for _, a := range areas {
		t.Logf("%-11s %3d / %3d", a, byArea[a].served, byArea[a].total)
		total += byArea[a].served
		all += byArea[a].total
	}
	t.Logf("%-11s %3d / %3d", "TOTAL", total, all)
	if len(missing) > 0 {
		t.Fatalf("operations of complete areas not served:\n%s", strings.Join(missing, "\n"))
	}
}
