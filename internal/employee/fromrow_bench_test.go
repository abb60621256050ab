package employee

import (
	"database/sql"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/store"
)

func BenchmarkFromRow(b *testing.B) {
	r := store.Employee{ID: 1, BusinessID: 1, FirstName: "Ann", Surname: "Lee", DateOfBirth: sql.NullTime{Time: time.Now(), Valid: true},
		StartDate: sql.NullTime{Time: time.Now(), Valid: true}, Rate: sql.NullString{String: "32.5", Valid: true}, HoursPerWeek: sql.NullString{String: "38", Valid: true}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = fromRow(r)
	}
}
