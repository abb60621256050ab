package ess

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// SuperFunds are an AU employee's super fund allocations as self-service
// shows them: the three fund slots of the employee record
// (superFund1_... to superFund3_...), the slot number being the fund's
// id. A fund with neither a percentage nor a fixed amount takes the
// balance.
type SuperFunds struct {
	Employees *employee.Service
	Registry  *au.SuperRegistry
}

// MaxSuperFunds is how many funds an employee record holds.
const MaxSuperFunds = 3

// SuperFund is one allocation (SuperFundModel without the product).
type SuperFund struct {
	ID, EmployeeID          int64
	Name, MemberNumber      string
	ProductCode             string
	AllocatedPercentage     *payroll.Rate
	FixedAmount             *payroll.Money
	IsEmployerNominatedFund bool
	Product                 au.SuperProduct // from the registry; ProductCode and ProductName only when unknown there
}

// AllocateBalance: the fund takes what the others leave.
func (f SuperFund) AllocateBalance() bool {
	return f.AllocatedPercentage == nil && f.FixedAmount == nil
}

// SuperFundInput is SaveSuperFundModel.
type SuperFundInput struct {
	MemberNumber            string         `json:"memberNumber" maxLength:"100"`
	AllocatedPercentage     *payroll.Rate  `json:"allocatedPercentage,omitempty" nullable:"true"`
	FixedAmount             *payroll.Money `json:"fixedAmount,omitempty" nullable:"true"`
	ProductCode             string         `json:"productCode" maxLength:"100" doc:"the fund's USI (see superfunds/productsearch)"`
	FundName                string         `json:"fundName" maxLength:"100" doc:"default: the registry's name of the product"`
	AllocateBalance         bool           `json:"allocateBalance" doc:"the fund takes the balance: allocatedPercentage and fixedAmount are ignored"`
	IsEmployerNominatedFund bool           `json:"isEmployerNominatedFund"`
}

func (s *SuperFunds) product(code, name string) au.SuperProduct {
	if code != "" && s.Registry != nil {
		if ps, err := s.Registry.Search("Usi", code); err == nil {
			for _, p := range ps {
				if strings.EqualFold(p.ProductCode, code) {
					if p.Source == "" {
						p.Source = "None"
					}
					return p
				}
			}
		}
	}
	return au.SuperProduct{ProductCode: code, ProductName: name, DisplayName: name, Source: "None"}
}

func (s *SuperFunds) slots(e employee.Employee) [MaxSuperFunds]SuperFund {
	m := &e.Members
	raw := [MaxSuperFunds]struct {
		code, name, member string
		pct                *payroll.Rate
		fixed              *payroll.Money
		nominated          *bool
	}{
		{m.SuperFund1ProductCode, m.SuperFund1FundName, m.SuperFund1MemberNumber, m.SuperFund1AllocatedPercentage, m.SuperFund1FixedAmount, m.SuperFund1EmployerNominatedFund},
		{m.SuperFund2ProductCode, m.SuperFund2FundName, m.SuperFund2MemberNumber, m.SuperFund2AllocatedPercentage, m.SuperFund2FixedAmount, m.SuperFund2EmployerNominatedFund},
		{m.SuperFund3ProductCode, m.SuperFund3FundName, m.SuperFund3MemberNumber, m.SuperFund3AllocatedPercentage, m.SuperFund3FixedAmount, m.SuperFund3EmployerNominatedFund},
	}
	var out [MaxSuperFunds]SuperFund
	for i, r := range raw {
		out[i] = SuperFund{ID: int64(i + 1), EmployeeID: e.ID, Name: r.name, MemberNumber: r.member, ProductCode: r.code,
			AllocatedPercentage: r.pct, FixedAmount: r.fixed, IsEmployerNominatedFund: r.nominated != nil && *r.nominated}
		if r.code != "" || r.name != "" {
			out[i].Product = s.product(r.code, r.name)
		}
	}
	return out
}

func used(f SuperFund) bool { return f.ProductCode != "" || f.Name != "" }

func (s *SuperFunds) employee(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (employee.Employee, error) {
	if biz.Region != "AU" {
		return employee.Employee{}, record.RegionError("super funds", au.Regions, biz)
	}
	return s.Employees.Visible(ctx, biz, p, employeeID)
}

// List returns the employee's funds, by slot.
func (s *SuperFunds) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []SuperFund, err error) {
	defer payroll.Wrap(&err, "super funds of employee %d", employeeID)
	e, err := s.employee(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	out := []SuperFund{}
	for _, f := range s.slots(e) {
		if used(f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// Get returns fund id (a slot, 1 to 3; NotFound when empty).
func (s *SuperFunds) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ SuperFund, err error) {
	defer payroll.Wrap(&err, "super fund %d of employee %d", id, employeeID)
	e, err := s.employee(ctx, biz, p, employeeID)
	if err != nil {
		return SuperFund{}, err
	}
	if id < 1 || id > MaxSuperFunds || !used(s.slots(e)[id-1]) {
		return SuperFund{}, payroll.NotFound("super fund")
	}
	return s.slots(e)[id-1], nil
}

// Save adds a fund (id 0: the first free slot; 409 when all three are
// used) or replaces fund id, and returns it with a warning when the
// allocations leave part of the contributions unallocated.
func (s *SuperFunds) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, in SuperFundInput) (_ SuperFund, warning string, err error) {
	defer payroll.Wrap(&err, "save super fund of employee %d", employeeID)
	var v payroll.Validation
	in.ProductCode, in.FundName, in.MemberNumber = strings.TrimSpace(in.ProductCode), strings.TrimSpace(in.FundName), strings.TrimSpace(in.MemberNumber)
	if in.ProductCode == "" && in.FundName == "" {
		v.Add("productCode", "name the fund by productCode (its USI) or fundName")
	}
	v.MaxLen("fundName", in.FundName, 100)
	v.MaxLen("memberNumber", in.MemberNumber, 100)
	v.MaxLen("productCode", in.ProductCode, 100)
	if in.AllocateBalance {
		in.AllocatedPercentage, in.FixedAmount = nil, nil
	}
	if in.AllocatedPercentage != nil && in.FixedAmount != nil {
		v.Add("fixedAmount", "give allocatedPercentage or fixedAmount, not both")
	}
	if in.AllocatedPercentage != nil && !in.AllocatedPercentage.Within(0, 100) {
		v.Add("allocatedPercentage", "allocatedPercentage must be between 0 and 100")
	}
	if in.FixedAmount != nil && in.FixedAmount.IsNeg() {
		v.Add("fixedAmount", "fixedAmount must not be negative")
	}
	if err := v.Err(); err != nil {
		return SuperFund{}, "", err
	}
	if _, err := s.employee(ctx, biz, p, employeeID); err != nil {
		return SuperFund{}, "", err
	}
	// The slot (the first free one for a new fund) is chosen from the
	// employee as read in the update's transaction: chosen from an earlier
	// read, two funds added at once would both take slot 2 and the second
	// would overwrite the first.
	var chosen int64 // fn may run again after a concurrent change: id stays as asked
	_, err = s.Employees.UpdateFrom(ctx, biz, p, employeeID, func(e employee.Employee) (employee.Patch, error) {
		slots := s.slots(e)
		slot := id
		if slot == 0 {
			for _, f := range slots {
				if !used(f) {
					slot = f.ID
					break
				}
			}
			if slot == 0 {
				return nil, payroll.Conflict("the employee has %d super funds already; change or delete one", MaxSuperFunds)
			}
		} else if slot < 1 || slot > MaxSuperFunds || !used(slots[slot-1]) {
			return nil, payroll.NotFound("super fund")
		}
		name := in.FundName
		// Without a name: the register's, else the slot's own for its code.
		if name == "" {
			name = s.product(in.ProductCode, "").ProductName
			if cur := slots[slot-1]; name == "" && strings.EqualFold(cur.ProductCode, in.ProductCode) {
				name = cur.Name
			}
			if name == "" {
				return nil, payroll.Invalid("fundName", "%s is not a product of the super fund register: give fundName", in.ProductCode)
			}
		}
		chosen = slot
		return slotPatch(slot, map[string]any{"ProductCode": in.ProductCode, "FundName": name,
			"MemberNumber": in.MemberNumber, "AllocatedPercentage": in.AllocatedPercentage, "FixedAmount": in.FixedAmount,
			"EmployerNominatedFund": in.IsEmployerNominatedFund})
	})
	if err != nil {
		return SuperFund{}, "", err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return SuperFund{}, "", err
	}
	slots := s.slots(e)
	return slots[chosen-1], allocationWarning(slots), nil
}

// Delete empties fund id.
func (s *SuperFunds) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (warning string, err error) {
	defer payroll.Wrap(&err, "delete super fund %d of employee %d", id, employeeID)
	if _, err := s.Get(ctx, biz, p, employeeID, id); err != nil {
		return "", err
	}
	if err := s.write(ctx, biz, p, employeeID, id, map[string]any{"ProductCode": "", "FundName": "", "MemberNumber": "",
		"AllocatedPercentage": nil, "FixedAmount": nil, "EmployerNominatedFund": nil}); err != nil {
		return "", err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return "", err
	}
	return allocationWarning(s.slots(e)), nil
}

// write applies the members of slot id as a partial update of the
// employee (concurrent updates of other members both land); an empty
// string or nil clears the member.
func (s *SuperFunds) write(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, members map[string]any) error {
	patch, err := slotPatch(id, members)
	if err != nil {
		return err
	}
	_, err = s.Employees.Update(ctx, biz, p, employeeID, patch)
	return err
}

// slotPatch is the employee patch setting the members of super fund slot
// id ("superFund2_ProductCode", ...); an empty string or nil clears one.
func slotPatch(id int64, members map[string]any) (employee.Patch, error) {
	patch := employee.Patch{}
	for k, val := range members {
		clear := val == nil
		switch x := val.(type) {
		case string:
			clear = x == ""
		case *payroll.Rate:
			clear = x == nil
		case *payroll.Money:
			clear = x == nil
		}
		raw := json.RawMessage(`"(clear)"`)
		if !clear {
			b, err := json.Marshal(val)
			if err != nil {
				return nil, err
			}
			raw = b
		}
		patch[strings.ToLower(fmt.Sprintf("superFund%d_%s", id, k))] = raw
	}
	return patch, nil
}

// allocationWarning says when percentages exceed 100, or leave part of
// the contributions to no fund (no fund takes the balance).
func allocationWarning(slots [MaxSuperFunds]SuperFund) string {
	sum, balance, any := payroll.Rate{}, false, false
	for _, f := range slots {
		if !used(f) {
			continue
		}
		any = true
		if f.AllocateBalance() {
			balance = true
		}
		if f.AllocatedPercentage != nil {
			sum = sum.Add(*f.AllocatedPercentage)
		}
	}
	hundred := payroll.RateFromInt(100)
	switch {
	case !any:
		return "the employee has no super fund: contributions have nowhere to go"
	case sum.Cmp(hundred) > 0:
		return fmt.Sprintf("the percentages allocate %s%% of contributions", sum)
	case !balance && sum.Cmp(hundred) < 0:
		return fmt.Sprintf("the percentages allocate %s%% of contributions and no fund takes the balance", sum)
	}
	return ""
}
