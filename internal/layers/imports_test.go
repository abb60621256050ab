package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportsGrouped keeps every import block of the module (tests
// included; sqlc's generated internal/store excepted) in three groups, in
// this order, separated by blank lines: the standard library, third-party
// modules, this module (what goimports -local github.com/payrolld/payrolld
// keeps), so a file's dependencies on the rest of the tree are visible at
// a glance.
func TestImportsGrouped(t *testing.T) {
	t.Parallel()
	group := func(path string) int {
		switch {
		case strings.HasPrefix(path, "github.com/payrolld/payrolld"):
			return 2
		case strings.Contains(strings.SplitN(path, "/", 2)[0], "."):
			return 1
		}
		return 0
	}
	names := [...]string{"standard library", "third party", "this module"}
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || n == "node_modules" || (strings.HasPrefix(n, ".") && n != "." && n != "..") ||
				filepath.ToSlash(path) == "../../internal/store" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		prevLine, prev := 0, -1
		for _, im := range f.Imports {
			g := group(strings.Trim(im.Path.Value, `"`))
			line := fset.Position(im.Pos()).Line
			if im.Doc != nil {
				line = fset.Position(im.Doc.Pos()).Line
			}
			sameGroup := prevLine != 0 && line == prevLine+1
			switch {
			case sameGroup && g != prev:
				t.Errorf("%s: %s mixes %s and %s imports in one group", path, im.Path.Value, names[prev], names[g])
			case !sameGroup && prev > g:
				t.Errorf("%s: the %s group (%s) comes after the %s group", path, names[g], im.Path.Value, names[prev])
			}
			prevLine, prev = fset.Position(im.End()).Line, g
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 500 {
		t.Fatalf("only %d Go files read", files)
	}
}
