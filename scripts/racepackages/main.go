// Command racepackages prints the import paths of the packages under
// internal/ whose own (non-test) code shares memory between goroutines: it
// starts a goroutine or imports sync or sync/atomic. CI runs every test of
// these under the race detector (.ci/run); the rest of the suite runs
// without it. Reading the source keeps the list current: a package that
// starts its first goroutine is raced from that commit on.
//
// With -tests REGEXP DIR..., it prints instead the packages under the DIRs
// that declare a test whose name matches REGEXP and are not in the list
// above (those run whole): CI races the concurrent-request tests of the
// API packages by name, and a -race test binary is built only for the
// packages that have one (building and linking the other API packages'
// binaries under -race, to run no test, was minutes of CI).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

const module = "github.com/payrolld/payrolld"

func main() {
	tests := flag.String("tests", "", "print the packages under the given directories with a test matching this regexp, not in the list")
	flag.Parse()
	pkgs, err := find("internal")
	if err == nil && *tests != "" {
		pkgs, err = withTests(regexp.MustCompile(*tests), flag.Args(), pkgs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "racepackages:", err)
		os.Exit(2)
	}
	for _, p := range pkgs {
		fmt.Println(p)
	}
}

// find walks root and returns the import paths of the directories with a
// non-test Go file that shares memory.
func find(root string) ([]string, error) {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		dir := filepath.Dir(path)
		if seen[dir] {
			return nil
		}
		shares, err := sharesMemory(path)
		if err != nil {
			return err
		}
		if shares {
			seen[dir] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []string
	for dir := range seen {
		out = append(out, module+"/"+filepath.ToSlash(dir))
	}
	sort.Strings(out)
	return out, nil
}

// sharesMemory reports whether the file imports sync or sync/atomic or
// contains a go statement.
func sharesMemory(path string) (bool, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return false, err
	}
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "sync" || p == "sync/atomic" {
			return true, nil
		}
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.GoStmt); ok {
			found = true
		}
		return !found
	})
	return found, nil
}

// withTests returns the packages in the directories under roots whose test
// files declare a Test function matching re, leaving out those in whole.
func withTests(re *regexp.Regexp, roots, whole []string) ([]string, error) {
	skip := map[string]bool{}
	for _, p := range whole {
		skip[p] = true
	}
	seen := map[string]bool{}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
				return err
			}
			pkg := module + "/" + filepath.ToSlash(filepath.Dir(path))
			if seen[pkg] || skip[pkg] {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") && re.MatchString(fn.Name.Name) {
					seen[pkg] = true
					break
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out, nil
}
