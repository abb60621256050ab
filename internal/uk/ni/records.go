package ni

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Service owns NI records and back calculations.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service // visibility, scope and the per-employee write lock
}

var ukRegion = []string{"UK"}

func gate(biz business.Business, what string) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError(what, ukRegion, biz)
	}
	return nil
}

// NIRecord is a National Insurance category in force from a day.
type NIRecord struct {
	ID                        int64             `json:"id"`
	EmployeeID                int64             `json:"employeeId"`
	NationalInsuranceCategory string            `json:"nationalInsuranceCategory" doc:"category letter (A B C D E F H I J K L M N S V Z, X = no liability)"`
	EffectiveFrom             payroll.DateTime  `json:"effectiveFrom" doc:"in force from this day until the next record's day"`
	EffectiveTo               *payroll.DateTime `json:"effectiveTo" nullable:"true" doc:"the day before the next record's; null = still in force"`
	Notes                     string            `json:"notes"`
	Version                   int64             `json:"version"`
}

// NIRecordInput creates (POST) or updates (PUT, with id and version) a record.
type NIRecordInput struct {
	ID                        int64            `json:"id" doc:"PUT: the record to change"`
	Version                   int64            `json:"version" doc:"PUT: the version read; another writer's change in between is a 409 (0 = not checked)"`
	NationalInsuranceCategory string           `json:"nationalInsuranceCategory" maxLength:"1"`
	EffectiveFrom             payroll.DateTime `json:"effectiveFrom" nullable:"true"`
	Notes                     string           `json:"notes" maxLength:"500"`
}

// ValidCategory reports whether letter is a category the rules of the
// year containing day know (calc/uk decides: the tables are its data).
func ValidCategory(letter string, day time.Time) bool {
	if len(letter) != 1 {
		return false
	}
	_, err := niFor(strings.ToUpper(letter), day, calc.Monthly, 0)
	return err == nil
}

func (in *NIRecordInput) validate() error {
	var v payroll.Validation
	in.NationalInsuranceCategory = strings.ToUpper(strings.TrimSpace(in.NationalInsuranceCategory))
	in.Notes = strings.TrimSpace(in.Notes)
	if in.EffectiveFrom.IsZero() {
		v.Add("effectiveFrom", "effectiveFrom is required")
	}
	day := in.EffectiveFrom.Time
	if day.IsZero() {
		day = time.Now()
	}
	switch {
	case in.NationalInsuranceCategory == "":
		v.Add("nationalInsuranceCategory", "nationalInsuranceCategory is required")
	case !ValidCategory(in.NationalInsuranceCategory, day):
		v.Add("nationalInsuranceCategory", "%q is not a National Insurance category letter", in.NationalInsuranceCategory)
	}
	v.MaxLen("notes", in.Notes, 500)
	return v.Err()
}

func records(rows []store.UkNiRecord) []NIRecord {
	out := make([]NIRecord, 0, len(rows))
	for i, r := range rows {
		rec := NIRecord{ID: r.ID, EmployeeID: r.EmployeeID, NationalInsuranceCategory: r.Category, EffectiveFrom: payroll.NewDateTime(r.EffectiveFrom),
			Notes: r.Notes, Version: r.Version}
		if i+1 < len(rows) {
			to := payroll.NewDateTime(rows[i+1].EffectiveFrom.AddDate(0, 0, -1))
			rec.EffectiveTo = &to
		}
		out = append(out, rec)
	}
	return out
}

// Records is the employee's category history, oldest first.
func (s *Service) Records(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []NIRecord, err error) {
	defer payroll.Wrap(&err, "list NI records of employee %d", employeeID)
	if err := gate(biz, "National Insurance records"); err != nil {
		return nil, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().ListUKNIRecords(ctx, store.ListUKNIRecordsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	return records(rows), nil
}

func (s *Service) one(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (NIRecord, error) {
	list, err := s.Records(ctx, biz, p, employeeID)
	if err != nil {
		return NIRecord{}, err
	}
	for _, r := range list {
		if r.ID == id {
			return r, nil
		}
	}
	return NIRecord{}, payroll.NotFound("National Insurance record")
}

// CreateRecord adds a category from a day; a second record from the same
// day is a 409.
func (s *Service) CreateRecord(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in NIRecordInput) (_ NIRecord, err error) {
	defer payroll.Wrap(&err, "create NI record of employee %d", employeeID)
	if err := gate(biz, "National Insurance records"); err != nil {
		return NIRecord{}, err
	}
	if err := in.validate(); err != nil {
		return NIRecord{}, err
	}
	var id int64
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		now := s.Clock.Now()
		row, err := q.CreateUKNIRecord(ctx, store.CreateUKNIRecordParams{BusinessID: biz.ID, EmployeeID: employeeID,
			Category: in.NationalInsuranceCategory, EffectiveFrom: payroll.DateOnly(in.EffectiveFrom.Time), Notes: in.Notes, CreatedAt: now})
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("the employee already has a National Insurance record from %s", payroll.DateOnly(in.EffectiveFrom.Time).Format("2006-01-02"))
		}
		id = row.ID
		return err
	})
	if err != nil {
		return NIRecord{}, err
	}
	return s.one(ctx, biz, p, employeeID, id)
}

// UpdateRecord changes record in.ID; conditional on in.Version when given
// (409 when another writer changed it first), and on no other record
// starting the same day (409).
func (s *Service) UpdateRecord(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in NIRecordInput) (_ NIRecord, err error) {
	defer payroll.Wrap(&err, "update NI record %d", in.ID)
	if err := gate(biz, "National Insurance records"); err != nil {
		return NIRecord{}, err
	}
	if in.ID <= 0 {
		return NIRecord{}, payroll.Invalid("id", "id of the record to update is required")
	}
	if err := in.validate(); err != nil {
		return NIRecord{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cur, err := q.GetUKNIRecord(ctx, store.GetUKNIRecordParams{ID: in.ID, BusinessID: biz.ID, EmployeeID: employeeID})
		if db.IsNoRows(err) {
			return payroll.NotFound("National Insurance record")
		} else if err != nil {
			return err
		}
		version := cur.Version
		if in.Version != 0 {
			version = in.Version
		}
		_, err = q.UpdateUKNIRecord(ctx, store.UpdateUKNIRecordParams{ID: in.ID, BusinessID: biz.ID, EmployeeID: employeeID,
			Category: in.NationalInsuranceCategory, EffectiveFrom: payroll.DateOnly(in.EffectiveFrom.Time), Notes: in.Notes, UpdatedAt: s.Clock.Now(), Version: version})
		switch {
		case db.IsUniqueViolation(err):
			return payroll.Conflict("the employee already has a National Insurance record from %s", payroll.DateOnly(in.EffectiveFrom.Time).Format("2006-01-02"))
		case db.IsNoRows(err):
			return payroll.Conflict("National Insurance record %d was changed by another request (version %d is not current)", in.ID, version)
		}
		return err
	})
	if err != nil {
		return NIRecord{}, err
	}
	return s.one(ctx, biz, p, employeeID, in.ID)
}

// CategoriesOn is each employee's category in force on a payment date
// (employees without a record in force are absent): pay runs read it.
func CategoriesOn(ctx context.Context, q *store.Queries, bizID int64, paid time.Time) (map[int64]string, error) {
	rows, err := q.ListUKNIRecordsForRun(ctx, store.ListUKNIRecordsForRunParams{BusinessID: bizID, DatePaid: paid})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.EmployeeID] = r.Category
	}
	return out, nil
}
