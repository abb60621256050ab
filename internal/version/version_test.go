package version

import (
	"runtime/debug"
	"testing"
)

func TestDescribe(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	cases := []struct {
		name  string
		stamp string
		bi    *debug.BuildInfo
		want  string
	}{
		{"stamped release wins", "v1.4.0", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-x"}}, "v1.4.0"},
		{"go build pseudo-version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261129065200-0123456789ab+dirty"}},
			"v0.0.0-20261129065200-0123456789ab+dirty"},
		{"devel with a revision", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: settings("vcs.revision", "0123456789abcdef0123", "vcs.modified", "false")}, "devel-0123456789ab"},
		{"devel with a modified tree", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: settings("vcs.revision", "0123456789abcdef0123", "vcs.modified", "true")}, "devel-0123456789ab-dirty"},
		{"go run: nothing recorded", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{"no build info", "", nil, "devel"},
	}
	for _, c := range cases {
		if got := describe(c.stamp, c.bi); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	if String() == "" {
		t.Error("String() is empty")
	}
}
