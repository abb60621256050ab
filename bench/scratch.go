package bench

import (
	"database/sql"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// ScratchDSN is a throw-away database for a load script: a SQLite file in
// a temporary directory when pgBase is empty, otherwise a fresh schema
// named for the script in the PostgreSQL database pgBase. cleanup removes
// it.
func ScratchDSN(name, pgBase string) (dsn string, cleanup func(), err error) {
	if pgBase == "" {
		dir, err := os.MkdirTemp("", "payrolld-"+name+"-")
		if err != nil {
			return "", nil, err
		}
		return filepath.Join(dir, "bench.db"), func() { os.RemoveAll(dir) }, nil
	}
	admin, err := sql.Open("pgx", pgBase)
	if err != nil {
		return "", nil, err
	}
	schema := name + "_" + strings.ToLower(payroll.NewHexID()[:12])
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		return "", nil, err
	}
	u, err := url.Parse(pgBase)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	}, nil
}
