package ess

import (
	"context"
	"encoding/json"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// SMSFs owns the self-managed super funds of employees (AU). The model
// and its rules are the business fund's (au.SelfManagedSuperFund), with
// employeeId set.
type SMSFs struct {
	Employees *employee.Service
	Clock     payroll.Clock
	// Funds is the business's SMSF collection: its region gate and its
	// Check (the electronic service address is a registered one).
	Funds record.Collection[au.SelfManagedSuperFund, *au.SelfManagedSuperFund]
}

func smsfOf(r store.EmployeeSelfManagedSuperFund) au.SelfManagedSuperFund {
	eid := r.EmployeeID
	f := au.SelfManagedSuperFund{ABN: r.Abn, FundName: r.FundName, AccountName: r.AccountName, AccountNumber: r.AccountNumber, BSB: r.Bsb,
		ElectronicServiceAddress: r.ElectronicServiceAddress, Email: r.Email, EmployeeID: &eid, ExternalID: r.ExternalID}
	f.SetID(r.ID)
	return f
}

// check validates f as a business fund would be validated.
func (s *SMSFs) check(ctx context.Context, q *store.Queries, biz business.Business, f *au.SelfManagedSuperFund) error {
	var v payroll.Validation
	record.CheckEnums(f, &v)
	f.Validate(&v)
	if err := v.Err(); err != nil {
		return err
	}
	if s.Funds.Check != nil {
		return s.Funds.Check(ctx, q, biz.ID, f)
	}
	return nil
}

func duplicateABN(err error) error {
	if db.IsUniqueViolation(err) {
		return payroll.Conflict("the employee already has a self-managed super fund with that ABN")
	}
	return err
}

// List returns the employee's funds.
func (s *SMSFs) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []au.SelfManagedSuperFund, err error) {
	defer payroll.Wrap(&err, "self-managed super funds of employee %d", employeeID)
	if err := s.Funds.Gate(biz); err != nil {
		return nil, err
	}
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListEmployeeSMSFs(ctx, store.ListEmployeeSMSFsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	out := make([]au.SelfManagedSuperFund, len(rows))
	for i, r := range rows {
		out[i] = smsfOf(r)
	}
	return out, err
}

// Get returns one fund of the employee.
func (s *SMSFs) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ au.SelfManagedSuperFund, err error) {
	defer payroll.Wrap(&err, "self-managed super fund %d of employee %d", id, employeeID)
	if err := s.Funds.Gate(biz); err != nil {
		return au.SelfManagedSuperFund{}, err
	}
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return au.SelfManagedSuperFund{}, err
	}
	r, err := q.GetEmployeeSMSF(ctx, store.GetEmployeeSMSFParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return au.SelfManagedSuperFund{}, payroll.NotFound("self-managed super fund")
	}
	return smsfOf(r), err
}

// Create adds a fund to the employee.
func (s *SMSFs) Create(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, f au.SelfManagedSuperFund) (out au.SelfManagedSuperFund, err error) {
	defer payroll.Wrap(&err, "add a self-managed super fund to employee %d", employeeID)
	if err := s.Funds.Gate(biz); err != nil {
		return out, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		if err := s.check(ctx, q, biz, &f); err != nil {
			return err
		}
		r, err := q.CreateEmployeeSMSF(ctx, store.CreateEmployeeSMSFParams{BusinessID: biz.ID, EmployeeID: employeeID, Abn: f.RecordName(),
			FundName: f.FundName, AccountName: f.AccountName, AccountNumber: f.AccountNumber, Bsb: f.BSB,
			ElectronicServiceAddress: f.ElectronicServiceAddress, Email: f.Email, ExternalID: f.ExternalID, CreatedAt: s.Clock.Now()})
		if err != nil {
			return duplicateABN(err)
		}
		out = smsfOf(r)
		return nil
	})
	return out, err
}

// Update merges the members raw names onto the stored fund (members it
// omits keep their values) and stores it if it is still the version read.
func (s *SMSFs) Update(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, raw []byte) (out au.SelfManagedSuperFund, err error) {
	defer payroll.Wrap(&err, "update self-managed super fund %d of employee %d", id, employeeID)
	if err := s.Funds.Gate(biz); err != nil {
		return out, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		r, err := q.GetEmployeeSMSF(ctx, store.GetEmployeeSMSFParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
		if db.IsNoRows(err) {
			return payroll.NotFound("self-managed super fund")
		}
		if err != nil {
			return err
		}
		f := smsfOf(r)
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, &f); err != nil {
				return payroll.Invalid("body", "the body is not a self-managed super fund: %s", err.Error())
			}
		}
		if err := s.check(ctx, q, biz, &f); err != nil {
			return err
		}
		n, err := q.UpdateEmployeeSMSF(ctx, store.UpdateEmployeeSMSFParams{Abn: f.RecordName(), FundName: f.FundName, AccountName: f.AccountName,
			AccountNumber: f.AccountNumber, Bsb: f.BSB, ElectronicServiceAddress: f.ElectronicServiceAddress, Email: f.Email, ExternalID: f.ExternalID,
			UpdatedAt: s.Clock.Now(), ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Version: r.Version})
		if err != nil {
			return duplicateABN(err)
		}
		if n == 0 { // the employee row lock makes this unreachable on both engines; kept as the rule
			return payroll.Conflict("the self-managed super fund changed meanwhile; read it again")
		}
		f.SetID(id)
		eid := employeeID
		f.EmployeeID = &eid
		out = f
		return nil
	})
	return out, err
}
