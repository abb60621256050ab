// Package version says which build of payrolld is running, for
// `payrolld version`, the start-up log line and GET /healthz.
//
// A release build is stamped with
//
//	go build -ldflags "-X github.com/payrolld/payrolld/internal/version.stamp=v1.2.3" ./cmd/payrolld
//
// Without a stamp the version is what the Go toolchain recorded in the
// binary: the module version `go build` derives from the repository (a
// pseudo-version such as v0.0.0-20261129065200-0123456789ab, "+dirty" when
// the tree had uncommitted changes), else the commit and whether the tree
// was modified, else "devel" (a `go run` or test binary records no
// revision).
package version

import (
	"runtime/debug"
	"sync"
)

// stamp is set at link time for release builds (see the package comment).
var stamp string

// String returns the running build's version.
var String = sync.OnceValue(func() string {
	bi, _ := debug.ReadBuildInfo()
	return describe(stamp, bi)
})

// describe is String over explicit inputs, for tests.
func describe(stamp string, bi *debug.BuildInfo) string {
	if stamp != "" {
		return stamp
	}
	if bi == nil {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev string
	var dirty bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	v := "devel-" + rev
	if dirty {
		v += "-dirty"
	}
	return v
}
