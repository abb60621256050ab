package httpapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestHTTPLayerAsksServices: the HTTP layer (internal/httpapi and its area
// packages) imports neither the store nor the database packages and holds
// no SQL: it asks services, which own their statements and their errors
// (a database failure is never read as "not found" here).
func TestHTTPLayerAsksServices(t *testing.T) {
	t.Parallel()
	forbidden := map[string]bool{
		"github.com/payrolld/payrolld/internal/store": true,
		"github.com/payrolld/payrolld/internal/db":    true,
		"database/sql": true,
	}
	// The statement shapes, not the verbs alone: an operation summary such
	// as "Delete attachment from leave request" is not SQL.
	sqlText := regexp.MustCompile(`(?is)^\s*(select\s+[\w*,.()\s]+?\s+from\s+\w+|insert\s+into\s+\w+|update\s+\w+\s+set\s|delete\s+from\s+\w+|with\s+\w+\s+as\s*\()`)
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		n++
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); forbidden[p] {
				t.Errorf("%s imports %s", path, p)
			}
		}
		ast.Inspect(f, func(node ast.Node) bool {
			if lit, ok := node.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && sqlText.MatchString(s) {
					t.Errorf("%s: SQL in the HTTP layer: %.60q", fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d files read", n)
	}
}
