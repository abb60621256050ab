package record

import (
	"context"
	"encoding/json"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Settings is a one-per-business document (rounding rules, leave
// settings, HMRC settings, ...). A business that never saved it reads the
// Default.
type Settings[T any] struct {
	S      *Service
	Kind   string   // stored kind, e.g. "roundingrules"
	Label  string   // human name, plural-ready ("timesheet rounding rules")
	Region []string // nil = every region
	// Default returns the value of a business that never saved one.
	Default func(biz business.Business) T
	// Validate checks (and may tidy) a value before it is stored.
	Validate func(v *T, val *payroll.Validation)
}

func (s Settings[T]) Gate(biz business.Business) error {
	if !RegionIn(s.Region, biz.Region) {
		return RegionError(s.Label, s.Region, biz)
	}
	return nil
}

// Get returns the stored value or the default. scope distinguishes
// documents of the same kind within a business ("" = the business itself,
// e.g. "location:12").
func (s Settings[T]) Get(ctx context.Context, biz business.Business, scope string) (T, error) {
	var v T
	if err := s.Gate(biz); err != nil {
		return v, err
	}
	return s.GetInTx(ctx, s.S.DB.Queries(), biz, scope)
}

// GetInTx is Get on the caller's queries.
func (s Settings[T]) GetInTx(ctx context.Context, q *store.Queries, biz business.Business, scope string) (T, error) {
	v, _, err := s.read(ctx, q, biz, scope)
	return v, err
}

func (s Settings[T]) Key(scope string) string {
	if scope == "" {
		return s.Kind
	}
	return s.Kind + ":" + scope
}

// Update applies change to the current value, validates and stores it.
func (s Settings[T]) Update(ctx context.Context, biz business.Business, scope string, change func(cur *T) error) (T, error) {
	var out T
	err := s.S.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		out, err = s.UpdateInTx(ctx, q, biz, scope, change)
		return err
	})
	return out, err
}

// UpdateInTx is Update inside the caller's transaction (a change that
// also touches the business record or another document).
//
// The write is conditional on the version read: the first save inserts
// (and loses to a concurrent first save), later ones update only the
// version they read. A lost race re-reads and re-applies change (so change
// must only merge onto its argument), up to MaxAttempts times, then 409.
func (s Settings[T]) UpdateInTx(ctx context.Context, q *store.Queries, biz business.Business, scope string, change func(cur *T) error) (T, error) {
	var out T
	if err := s.Gate(biz); err != nil {
		return out, err
	}
	for attempt := 1; ; attempt++ {
		cur, version, err := s.read(ctx, q, biz, scope)
		if err != nil {
			return out, err
		}
		if err := change(&cur); err != nil {
			return out, err
		}
		setRecordID(&cur, biz.ID)
		var val payroll.Validation
		CheckEnums(&cur, &val)
		if s.Validate != nil {
			s.Validate(&cur, &val)
		}
		if err := val.Err(); err != nil {
			return out, err
		}
		data, err := json.Marshal(&cur)
		if err != nil {
			return out, err
		}
		now := s.S.Clock.Now()
		var n int64
		if version == 0 {
			n, err = q.InsertSetting(ctx, store.InsertSettingParams{BusinessID: biz.ID, Kind: s.Key(scope), Data: string(data), UpdatedAt: now})
		} else {
			n, err = q.UpdateSetting(ctx, store.UpdateSettingParams{BusinessID: biz.ID, Kind: s.Key(scope), Data: string(data), UpdatedAt: now, Version: version})
		}
		if err != nil {
			return out, err
		}
		if n == 1 {
			return cur, nil
		}
		if attempt >= MaxAttempts {
			return out, Stale(s.Label)
		}
	}
}

// Identified is a settings document the published API gives an id (rounding
// rules, payslip settings): it is the business's id, since a business has one
// such document, and what a client sends for it is ignored.
type Identified interface {
	SetRecordID(id int64)
}

func setRecordID[T any](v *T, id int64) {
	if d, ok := any(v).(Identified); ok {
		d.SetRecordID(id)
	}
}

// read returns the stored value and its version, or the default and
// version 0 when none is stored.
func (s Settings[T]) read(ctx context.Context, q *store.Queries, biz business.Business, scope string) (T, int64, error) {
	var v T
	row, err := q.GetSetting(ctx, store.GetSettingParams{BusinessID: biz.ID, Kind: s.Key(scope)})
	if db.IsNoRows(err) {
		if s.Default != nil {
			v = s.Default(biz)
		}
		setRecordID(&v, biz.ID)
		return v, 0, nil
	}
	if err != nil {
		return v, 0, err
	}
	err = json.Unmarshal([]byte(row.Data), &v)
	setRecordID(&v, biz.ID)
	return v, row.Version, err
}

// Reset deletes the stored value (the default applies again).
func (s Settings[T]) Reset(ctx context.Context, biz business.Business, scope string) error {
	if err := s.Gate(biz); err != nil {
		return err
	}
	return s.S.DB.InTx(ctx, func(q *store.Queries) error {
		return q.DeleteSetting(ctx, store.DeleteSettingParams{BusinessID: biz.ID, Kind: s.Key(scope)})
	})
}
