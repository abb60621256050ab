package testdb

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	mathrand "math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Migrated templates, built once per migration set and shared by every
// test process: a SQLite file under the temporary directory, a PostgreSQL
// database payrolld_tmpl_<digest>. Their names carry db.MigrationsDigest,
// so adding or editing a migration builds a new one.

var sqliteTemplate struct {
	once sync.Once
	path string
	err  error
}

// copySQLiteTemplate writes a migrated database to dst.
func copySQLiteTemplate(dst string) error {
	t := &sqliteTemplate
	t.once.Do(func() { t.path, t.err = buildSQLiteTemplate() })
	if t.err != nil {
		return t.err
	}
	return copyFile(t.path, dst)
}

func buildSQLiteTemplate() (string, error) {
	dir := filepath.Join(os.TempDir(), "payrolld-test-templates")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	final := filepath.Join(dir, "sqlite-"+db.MigrationsDigest(db.SQLite)+".db")
	if _, err := os.Stat(final); err == nil {
		return final, nil
	}
	// Build under a unique name and rename: processes building at once
	// each produce an identical file, and none reads a half-built one.
	work := filepath.Join(dir, "build-"+payroll.NewHexID()[:12]+".db")
	defer func() {
		for _, suffix := range []string{"", "-wal", "-shm"} {
			_ = os.Remove(work + suffix)
		}
	}()
	ctx := context.Background()
	d, err := db.Open(ctx, work)
	if err != nil {
		return "", err
	}
	_, err = d.Migrate(ctx, db.MigrateOptions{NoLock: true})
	// Closing the last connection checkpoints the WAL into the main file.
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(work + "-wal"); err == nil {
		return "", fmt.Errorf("template %s kept its WAL after close", work)
	}
	return final, os.Rename(work, final)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

var pgTemplate struct {
	once sync.Once
	name string // "" when the role may not create databases
	dbs  *pgDatabases
}

// postgresFromTemplate creates a database copied from the migrated
// template, dropped when the test ends, and returns its URL. Without the
// CREATEDB privilege it falls back to an empty schema (FreshPostgresURL).
func postgresFromTemplate(t testing.TB) string {
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		t.Skip(PostgresURLEnv + " not set")
	}
	pgTemplate.once.Do(func() {
		name, err := buildPostgresTemplate(base)
		if err == nil {
			pgTemplate.dbs, err = startPGDatabases(base, name)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "testdb: no PostgreSQL template database (%v); each test migrates a schema instead\n", err)
			name = ""
		}
		pgTemplate.name = name
	})
	if pgTemplate.name == "" {
		return FreshPostgresURL(t)
	}
	name, err := pgTemplate.dbs.take()
	if err != nil {
		t.Fatalf("create database from template: %v", err)
	}
	t.Cleanup(func() { pgTemplate.dbs.drop(name) })
	return withDatabase(t, base, name)
}

// pgDatabases hands out copies of the template and drops them again, both
// off the tests' path: CREATE DATABASE ... TEMPLATE and DROP DATABASE cost
// 0.1–0.3 s each on a quiet machine and seconds on a busy one (the copy is
// written through the WAL, the drop waits for a checkpoint), during which a
// test held one of go test's -parallel slots. A test takes a copy made ahead
// (making the next one in the background) and its cleanup queues the drop.
//
// Databases are named t_<owner>_<n>, owner being this process's number,
// which it holds as an advisory lock on a connection of its own for its
// whole life. A process ends without waiting for its queue (a test binary
// has no hook at exit), so each process starting drops the databases of
// owners whose lock is free in every database: processes that have ended.
type pgDatabases struct {
	admin    *sql.DB
	template string
	owner    uint32
	lock     *sql.Conn // holds the owner lock until the process exits

	sweepMu sync.Mutex // sweep is the only user of lock after start

	mu      sync.Mutex
	ahead   int
	seq     int
	taken   int
	ready   []string // copies made ahead
	making  int      // copies being made
	made    *sync.Cond
	lastErr error
	drops   chan string
}

// pgAhead is how many copies are made ahead: go test's -parallel (how
// many tests run at once; GOMAXPROCS unless set). Read once tests run,
// when the flags are parsed.
// PAYROLL_TEST_PG_AHEAD overrides it; 0 makes and drops each copy inside
// its test, as before copies were made ahead (for measuring).
func pgAhead() int {
	if v, ok := os.LookupEnv("PAYROLL_TEST_PG_AHEAD"); ok {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			return n
		}
	}
	if f := flag.Lookup("test.parallel"); f != nil {
		if n, err := strconv.Atoi(f.Value.String()); err == nil && n > 0 {
			return n
		}
	}
	return runtime.GOMAXPROCS(0)
}

const pgOwnerLock = 7251002 // advisory lock class of pgDatabases owners

func startPGDatabases(base, template string) (*pgDatabases, error) {
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return nil, err
	}
	ahead := pgAhead()
	admin.SetMaxIdleConns(ahead + 2)
	lock, err := admin.Conn(ctx)
	if err != nil {
		admin.Close()
		return nil, err
	}
	p := &pgDatabases{admin: admin, template: template, lock: lock, ahead: ahead, drops: make(chan string, ahead)}
	p.made = sync.NewCond(&p.mu)
	for {
		p.owner = uint32(mathrand.Int32())
		var ok bool
		if err := lock.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1, $2)", pgOwnerLock, int32(p.owner)).Scan(&ok); err != nil {
			lock.Close()
			admin.Close()
			return nil, err
		}
		if ok {
			break
		}
	}
	if ahead > 0 {
		for range pgDroppers {
			go p.dropper()
		}
	}
	go p.sweep(ctx)
	return p, nil
}

var pgCopyName = regexp.MustCompile(`^t_([0-9a-f]{8})_[0-9]+$`)

// sweep drops the copies left by processes that have ended.
func (p *pgDatabases) sweep(ctx context.Context) {
	p.sweepMu.Lock()
	defer p.sweepMu.Unlock()
	rows, err := p.admin.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 't\_%\_%'`)
	if err != nil {
		return
	}
	byOwner := map[uint32][]string{}
	for rows.Next() {
		var name string
		if rows.Scan(&name) != nil {
			continue
		}
		m := pgCopyName.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		o, err := strconv.ParseUint(m[1], 16, 32)
		if err != nil || uint32(o) == p.owner {
			continue
		}
		byOwner[uint32(o)] = append(byOwner[uint32(o)], name)
	}
	rows.Close()
	for o, names := range byOwner {
		// Advisory locks belong to one database, while the copies of every
		// base database (another developer's or helper's test database in
		// the same cluster) are listed above: an owner holding its lock in
		// any database is running. pg_locks shows the whole cluster.
		var held, free bool
		if p.lock.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
			AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 2)`, pgOwnerLock, int64(o)).Scan(&held) != nil || held {
			continue
		}
		if p.lock.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1, $2)", pgOwnerLock, int32(o)).Scan(&free) != nil || !free {
			continue
		}
		// Dropped before the lock is let go: no process can take the
		// owner's number while its databases are still there.
		for _, name := range names {
			_, _ = p.admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		}
		_, _ = p.lock.ExecContext(ctx, "SELECT pg_advisory_unlock($1, $2)", pgOwnerLock, int32(o))
	}
}

// take returns a fresh copy of the template: one made ahead, or one made
// now when none is ready; either way it starts making the next.
func (p *pgDatabases) take() (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.ready) == 0 {
		if p.making == 0 {
			p.seq++
			name := fmt.Sprintf("t_%08x_%d", p.owner, p.seq)
			p.mu.Unlock()
			err := p.create(name)
			p.mu.Lock()
			if err != nil {
				return "", err
			}
			p.ready = append(p.ready, name)
			break
		}
		p.made.Wait()
		if len(p.ready) == 0 && p.lastErr != nil {
			err := p.lastErr
			p.lastErr = nil
			return "", err
		}
	}
	name := p.ready[0]
	p.ready = p.ready[1:]
	p.taken++
	// One ahead after the first test, p.ahead from the second: a process
	// with a single PostgreSQL test makes one copy it does not use.
	for len(p.ready)+p.making < min(p.taken, p.ahead) {
		p.making++
		p.seq++
		go p.makeAhead(fmt.Sprintf("t_%08x_%d", p.owner, p.seq))
	}
	return name, nil
}

func (p *pgDatabases) makeAhead(name string) {
	err := p.create(name)
	p.mu.Lock()
	p.making--
	if err != nil {
		p.lastErr = err
	} else {
		p.ready = append(p.ready, name)
	}
	p.mu.Unlock()
	p.made.Broadcast()
}

func (p *pgDatabases) create(name string) error {
	_, err := p.admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + p.template)
	return err
}

// drop queues name's drop (its test has ended and closed its pool; WITH
// (FORCE) ends any connection a test left open). The queue is short: when
// the droppers fall behind, the test waits for room, so drops never pile
// up (each copy is 14 MB) nor are left for the next process to do.
func (p *pgDatabases) drop(name string) {
	if p.ahead == 0 {
		p.dropNow(name)
		return
	}
	p.drops <- name
}

// pgDroppers is how many drops run at once. Each DROP DATABASE waits for a
// checkpoint; drops waiting together share one.
const pgDroppers = 4

func (p *pgDatabases) dropper() {
	for name := range p.drops {
		p.dropNow(name)
	}
}

func (p *pgDatabases) dropNow(name string) {
	_, _ = p.admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
}

// buildPostgresTemplate makes sure payrolld_tmpl_<digest> exists, building
// it under an advisory lock so concurrent test processes build it once.
func buildPostgresTemplate(base string) (string, error) {
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx) // the advisory lock belongs to one session
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(7251001)"); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, "SELECT pg_advisory_unlock(7251001)") //nolint:errcheck
	name := "payrolld_tmpl_" + db.MigrationsDigest(db.Postgres)
	var n int
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM pg_database WHERE datname = $1", name).Scan(&n); err != nil {
		return "", err
	}
	if n == 1 {
		return name, nil
	}
	// Templates of other migration sets are dropped once they are a few
	// hours old: another checkout (a branch, a worktree) on the same server
	// may still be copying one, and dropping it under them fails their tests.
	rows, err := conn.QueryContext(ctx, "SELECT datname, coalesce(shobj_description(oid, 'pg_database'), '') FROM pg_database WHERE datname LIKE 'payrolld\\_tmpl\\_%'")
	if err != nil {
		return "", err
	}
	var stale []string
	for rows.Next() {
		var s, built string
		if rows.Scan(&s, &built) != nil {
			continue
		}
		if at, err := strconv.ParseInt(strings.TrimPrefix(built, "built "), 10, 64); err != nil || time.Since(time.Unix(at, 0)) > 6*time.Hour {
			stale = append(stale, s)
		}
	}
	rows.Close()
	for _, s := range stale {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+s+" WITH (FORCE)")
	}
	// Built under another name and renamed when complete, so a crash
	// halfway never leaves a template that looks usable.
	work := name + "_b"
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+work); err != nil {
		return "", err
	}
	u, err := withDatabaseURL(base, work)
	if err != nil {
		return "", err
	}
	d, err := db.Open(ctx, u)
	if err != nil {
		return "", err
	}
	_, err = d.Migrate(ctx, db.MigrateOptions{NoLock: true})
	d.Close()
	if err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+work+" RENAME TO "+name); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("COMMENT ON DATABASE %s IS 'built %d'", name, time.Now().Unix())); err != nil {
		return "", err
	}
	return name, nil
}

func withDatabase(t testing.TB, base, name string) string {
	u, err := withDatabaseURL(base, name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func withDatabaseURL(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}
