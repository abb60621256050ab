package iras

import (
	"context"
	"encoding/json"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Region is where IRAS items exist.
var Region = []string{"SG"}

// Service runs the items' transactions through the employee service, so
// a restricted user reaches only the employees of their scope (404
// otherwise) and writes of one employee's records are serialised.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// Ptr is the pointer-to-model constraint of Items.
type Ptr[T any] interface {
	*T
	Item
}

// Items is one IRAS item kind of the employees of a business.
type Items[T any, P Ptr[T]] struct {
	S     *Service
	Kind  string // sg_iras_items.kind
	Label string // human name, for errors
}

// The five kinds, by their stored names.
func (s *Service) BenefitsInKind() Items[BenefitsInKind, *BenefitsInKind] {
	return Items[BenefitsInKind, *BenefitsInKind]{s, "benefitsinkind", "benefit in kind"}
}
func (s *Service) SharePlans() Items[SharePlan, *SharePlan] {
	return Items[SharePlan, *SharePlan]{s, "shareplan", "employee share plan gain"}
}
func (s *Service) OverseasIncome() Items[OverseasIncome, *OverseasIncome] {
	return Items[OverseasIncome, *OverseasIncome]{s, "overseasincome", "income from overseas subject to tax remission"}
}
func (s *Service) TaxBorne() Items[TaxBorne, *TaxBorne] {
	return Items[TaxBorne, *TaxBorne]{s, "taxborne", "income tax borne by employer"}
}
func (s *Service) LumpSums() Items[LumpSum, *LumpSum] {
	return Items[LumpSum, *LumpSum]{s, "lumpsum", "lump sum"}
}

func gate(biz business.Business) error {
	if !record.RegionIn(Region, biz.Region) {
		return record.RegionError("IRAS items", Region, biz)
	}
	return nil
}

func (k Items[T, P]) decode(r store.SgIrasItem) (T, error) {
	var v T
	if err := json.Unmarshal([]byte(r.Document), &v); err != nil {
		return v, err
	}
	P(&v).SetID(r.ID)
	return v, nil
}

// check validates v and its references (an employing entity of the business).
func (k Items[T, P]) check(ctx context.Context, q *store.Queries, bizID int64, v *T) error {
	var val payroll.Validation
	record.CheckEnums(v, &val)
	P(v).Validate(&val)
	if err := val.Err(); err != nil {
		return err
	}
	if r, ok := any(v).(interface{ References() []record.Ref }); ok {
		return record.CheckRefs(ctx, q, bizID, r.References())
	}
	return nil
}

func document(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// List returns the employee's items, by basis period then creation.
func (k Items[T, P]) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []T, err error) {
	defer payroll.Wrap(&err, "list %s of employee %d", record.Plural(k.Label), employeeID)
	if err := gate(biz); err != nil {
		return nil, err
	}
	_, q, err := k.S.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListSGIrasItems(ctx, store.ListSGIrasItemsParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Kind})
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		v, err := k.decode(r)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (k Items[T, P]) load(ctx context.Context, q *store.Queries, bizID, employeeID, id int64) (store.SgIrasItem, error) {
	r, err := q.GetSGIrasItem(ctx, store.GetSGIrasItemParams{ID: id, BusinessID: bizID, EmployeeID: employeeID, Kind: k.Kind})
	if db.IsNoRows(err) {
		return r, payroll.NotFound(k.Label)
	}
	return r, err
}

// Get returns one item of the employee.
func (k Items[T, P]) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ T, err error) {
	defer payroll.Wrap(&err, "get %s %d of employee %d", k.Label, id, employeeID)
	var zero T
	if err := gate(biz); err != nil {
		return zero, err
	}
	_, q, err := k.S.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return zero, err
	}
	r, err := k.load(ctx, q, biz.ID, employeeID, id)
	if err != nil {
		return zero, err
	}
	return k.decode(r)
}

// Create adds an item to the employee.
func (k Items[T, P]) Create(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, v T) (out T, err error) {
	defer payroll.Wrap(&err, "add a %s to employee %d", k.Label, employeeID)
	if err := gate(biz); err != nil {
		return out, err
	}
	err = k.S.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		if err := k.check(ctx, q, biz.ID, &v); err != nil {
			return err
		}
		P(&v).SetID(0)
		doc, err := document(v)
		if err != nil {
			return err
		}
		r, err := q.CreateSGIrasItem(ctx, store.CreateSGIrasItemParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Kind,
			BasisPeriod: P(&v).Basis(), Document: doc, CreatedAt: k.S.Clock.Now()})
		if err != nil {
			return err
		}
		P(&v).SetID(r.ID)
		out = v
		return nil
	})
	return out, err
}

// Update merges the members raw names onto the stored item (members it
// omits keep their values) and stores it if it is still the version read:
// a concurrent update in between is a 409, never a lost write.
func (k Items[T, P]) Update(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, raw []byte) (out T, err error) {
	defer payroll.Wrap(&err, "update %s %d of employee %d", k.Label, id, employeeID)
	if err := gate(biz); err != nil {
		return out, err
	}
	err = k.S.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		r, err := k.load(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		v, err := k.decode(r)
		if err != nil {
			return err
		}
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, &v); err != nil {
				return payroll.Invalid("body", "the body is not a %s: %s", k.Label, err.Error())
			}
		}
		P(&v).SetID(0)
		if err := k.check(ctx, q, biz.ID, &v); err != nil {
			return err
		}
		doc, err := document(v)
		if err != nil {
			return err
		}
		n, err := q.UpdateSGIrasItem(ctx, store.UpdateSGIrasItemParams{BasisPeriod: P(&v).Basis(), Document: doc, UpdatedAt: k.S.Clock.Now(),
			ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Kind, Version: r.Version})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.Conflict("the %s changed meanwhile; read it again", k.Label)
		}
		P(&v).SetID(id)
		out = v
		return nil
	})
	return out, err
}

// Delete removes an item of the employee.
func (k Items[T, P]) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete %s %d of employee %d", k.Label, id, employeeID)
	if err := gate(biz); err != nil {
		return err
	}
	return k.S.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		n, err := q.DeleteSGIrasItem(ctx, store.DeleteSGIrasItemParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Kind})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.NotFound(k.Label)
		}
		return nil
	})
}
