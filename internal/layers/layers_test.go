package layers

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/payrolld/payrolld/internal/"

// TestLayering reads the imports of every package under internal/ (not
// its tests: a test may import anything) and fails on a package Order
// does not place, on a pattern of Order that places nothing, and on an
// import of a package from a higher layer.
func TestLayering(t *testing.T) {
	t.Parallel()
	imports := map[string][]string{} // package -> its internal imports, relative to internal/
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != ".." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil // no package here, or tests only
			}
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(filepath.Clean(path), ".."+string(filepath.Separator)))
		var own []string
		for _, imp := range p.Imports {
			if r, ok := strings.CutPrefix(imp, module); ok {
				own = append(own, r)
			}
		}
		imports[rel] = own
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 100 {
		t.Fatalf("only %d packages read", len(imports))
	}
	used := map[string]bool{}
	for pkg, own := range imports {
		layer, pattern := Of(pkg)
		if layer < 0 {
			t.Errorf("internal/%s is in no layer: place it in layers.Order (and the table in docs/architecture.md)", pkg)
			continue
		}
		used[pattern] = true
		for _, imp := range own {
			if l, _ := Of(imp); l > layer {
				t.Errorf("internal/%s (layer %q) imports internal/%s (layer %q, higher): move what it needs down, or have the higher layer supply it at wiring",
					pkg, Order[layer].Name, imp, Order[l].Name)
			}
		}
	}
	for _, l := range Order {
		for _, p := range l.Packages {
			if !used[p] {
				t.Errorf("layers.Order places %q (layer %q) but no package under internal/ matches it", p, l.Name)
			}
		}
	}
}

// TestOf: exact names win over subtrees, longer subtrees over shorter.
func TestOf(t *testing.T) {
	t.Parallel()
	for pkg, want := range map[string]string{
		"uk":                  "business setup",
		"uk/rti":              "employee areas",
		"employee":            "employee",
		"employee/payrate":    "employee records",
		"httpapi":             "http",
		"httpapi/inputpolicy": "http",
		"httpapi/essapi":      "http areas",
		"calc/au":             "foundation",
		"calc":                "foundation",
		"payrun":              "pay runs",
	} {
		if l, _ := Of(pkg); l < 0 || Order[l].Name != want {
			t.Errorf("Of(%q) = %d, want layer %q", pkg, l, want)
		}
	}
	if l, _ := Of("nowhere"); l != -1 {
		t.Errorf("Of(nowhere) = %d, want -1", l)
	}
}
