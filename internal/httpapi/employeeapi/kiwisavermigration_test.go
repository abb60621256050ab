package employeeapi_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// migrationSection returns the statements of the goose section ("Up" or
// "Down") of migration file name of the engine.
func migrationSection(t *testing.T, d *db.DB, name, section string) []string {
	t.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("../../db/migrations/%s/%s", d.Dialect, name))
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	up, down, _ := strings.Cut(text, "-- +goose Down")
	body := down
	if section == "Up" {
		body = strings.TrimPrefix(up, "-- +goose Up")
	}
	var lines []string
	for _, l := range strings.Split(body, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			lines = append(lines, l)
		}
	}
	var out []string
	for _, st := range strings.Split(strings.Join(lines, "\n"), ";") {
		if s := strings.TrimSpace(st); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// TestKiwiSaverRatesMigration: migration 00500 carries whole
// percentages stored before it (BIGINT) over as rates, on both engines;
// its Down rounds a fraction to the nearest percent.
func TestKiwiSaverRatesMigration(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "NZ")
		ctx := context.Background()
		U := b.B + "/employee/unstructured"
		id := idOf(t, b.Do("POST", U+"?matchType=None", b.Key, map[string]any{"firstName": "Mere", "surname": "Old",
			"kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5, "kiwiSaver_EmployerContribution": 4}).Expect(t, 200))
		run := func(section string) {
			t.Helper()
			for _, st := range migrationSection(t, d, "00500_kiwisaver_rates.sql", section) {
				if _, err := d.W.ExecContext(ctx, st); err != nil {
					t.Fatalf("%s: %s: %v", section, st, err)
				}
			}
		}
		// Down: 3.5 -> 4 (whole percent), 4 -> 4.
		run("Down")
		var ee, er int64
		if err := d.W.QueryRowContext(ctx, "SELECT kiwi_saver_employee_contribution, kiwi_saver_employer_contribution FROM employees WHERE id = $1", id).Scan(&ee, &er); err != nil {
			t.Fatal(err)
		}
		if ee != 4 || er != 4 {
			t.Fatalf("after Down: %d %d, want 4 4", ee, er)
		}
		// A value stored before the migration, whole percentages as BIGINT.
		if _, err := d.W.ExecContext(ctx, "UPDATE employees SET kiwi_saver_employee_contribution = 6, kiwi_saver_employer_contribution = 10 WHERE id = $1", id); err != nil {
			t.Fatal(err)
		}
		run("Up")
		got := b.Do("GET", fmt.Sprintf("%s/%d", U, id), b.Key, nil).Expect(t, 200).Map(t)
		if got["kiwiSaver_EmployeeContribution"] != 6.0 || got["kiwiSaver_EmployerContribution"] != 10.0 {
			t.Fatalf("after Up: %v %v, want 6 10", got["kiwiSaver_EmployeeContribution"], got["kiwiSaver_EmployerContribution"])
		}
		// And the column takes decimals again.
		b.Do("PUT", fmt.Sprintf("%s/%d", U, id), b.Key, map[string]any{"kiwiSaver_EmployeeContribution": 3.5}).Expect(t, 200)
		if got := b.Do("GET", fmt.Sprintf("%s/%d", U, id), b.Key, nil).Expect(t, 200).Map(t); got["kiwiSaver_EmployeeContribution"] != 3.5 {
			t.Fatalf("after Up, 3.5 stored as %v", got["kiwiSaver_EmployeeContribution"])
		}
	})
}
