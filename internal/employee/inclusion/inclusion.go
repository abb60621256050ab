// Package inclusion is an employee's recurring (standing) pay run
// inclusions: deductions (E/deduction), employer liabilities
// (E/employerliability), additional earnings (E/additional-earnings) and
// expenses (E/expense). Each is against a category record of the business,
// in force from a day until an expiry day or until its maximum amount has
// been paid; pay runs add what they paid to the running total
// (AddPaid, refused past the maximum) and read every inclusion of their
// employees in force in a period with one statement (Applicable).
package inclusion

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Kind is one family of inclusions.
type Kind struct {
	Name           string // column value
	Label          string // for messages
	CategoryKind   string // record kind of its category
	CategoryMember string // wire name of the category id
	Updated        string // event on save ("" = none)
	Deleted        string // event on delete
}

// The four kinds.
var (
	Deductions = Kind{Name: "deduction", Label: "deduction", CategoryKind: record.KindDeductionCategory, CategoryMember: "deductionCategoryId",
		Updated: "EmployeeRecurringDeductionUpdated", Deleted: "EmployeeRecurringDeductionDeleted"}
	Liabilities = Kind{Name: "liability", Label: "employer liability", CategoryKind: record.KindEmployerLiabilityCategory, CategoryMember: "employerLiabilityCategoryId"}
	Earnings    = Kind{Name: "earnings", Label: "additional earnings", CategoryKind: record.KindPayCategory, CategoryMember: "payCategoryId"}
	Expenses    = Kind{Name: "expense", Label: "expense", CategoryKind: record.KindExpenseCategory, CategoryMember: "expenseCategoryId"}
)

// section is the employee audit section of the kind's records.
func (k Kind) section() string {
	if k.Name == Earnings.Name {
		return employee.SectionAdditionalEarnings
	}
	return employee.SectionRecurringTransactions
}

var kinds = map[string]Kind{Deductions.Name: Deductions, Liabilities.Name: Liabilities, Earnings.Name: Earnings, Expenses.Name: Expenses}

// Item is one inclusion in the service's terms (the wire models of the
// kinds convert to and from it).
type Item struct {
	ID, EmployeeID      int64
	Kind                string
	CategoryID          int64
	CategoryName        string
	Name                string
	CalcType            string // deductionType, liabilityType
	Amount              payroll.Money
	Units               *payroll.Rate
	FromDate            payroll.DateTime
	ExpiryDate          payroll.DateTime
	MaximumAmountPaid   *payroll.Money
	TotalAmountPaid     payroll.Money
	Notes               string
	ExternalReferenceID string
	Source              string
	LocationID          *int64
	LocationName        string
	SuperRate           *payroll.Rate
	OverrideSuperRate   bool
	PaidTo              string
	PaidToAccountID     *int64
	PaymentReference    string
	PreservedEarnings   string
	PreservedAmount     *payroll.Money
	PreservedAction     string
	CarryForwardUnpaid  bool
	CarryForwardUnused  bool
	Priority            *int32
	TaxCode             string
	TaxRate             *payroll.Rate
}

// Active: in force on day (started, not expired, maximum not reached).
func (it *Item) Active(day time.Time) bool {
	d := payroll.DateOnly(day)
	if !it.FromDate.IsZero() && emprec.Date(it.FromDate).After(d) {
		return false
	}
	if !it.ExpiryDate.IsZero() && emprec.Date(it.ExpiryDate).Before(d) {
		return false
	}
	return it.MaximumAmountPaid == nil || it.TotalAmountPaid.Less(*it.MaximumAmountPaid)
}

// Remaining is what may still be paid before the maximum (nil = no
// maximum).
func (it *Item) Remaining() *payroll.Money {
	if it.MaximumAmountPaid == nil {
		return nil
	}
	r := it.MaximumAmountPaid.Sub(it.TotalAmountPaid)
	if r.IsNeg() {
		r = payroll.Money{}
	}
	return &r
}

func nullID(p *int64) sql.NullInt64 {
	if p == nil || *p == 0 {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *p, Valid: true}
}

func nullInt32(p *int32) sql.NullInt32 {
	if p == nil {
		return sql.NullInt32{}
	}
	return sql.NullInt32{Int32: *p, Valid: true}
}

func itemOf(r store.EmployeeRecurringInclusion) Item {
	it := Item{ID: r.ID, EmployeeID: r.EmployeeID, Kind: r.Kind, CategoryID: r.CategoryID, Name: r.Name, CalcType: r.CalcType,
		Amount: payroll.MoneyFromMinor(r.Amount), Units: emprec.RatePtr(r.Units), FromDate: payroll.NewDateTime(r.FromDate),
		ExpiryDate: emprec.DateOf(r.ExpiryDate), MaximumAmountPaid: emprec.MoneyPtr(r.MaximumAmountPaid), TotalAmountPaid: payroll.MoneyFromMinor(r.TotalAmountPaid),
		Notes: r.Notes, ExternalReferenceID: r.ExternalReferenceID, Source: r.Source, SuperRate: emprec.RatePtr(r.SuperRate), OverrideSuperRate: r.OverrideSuperRate,
		PaidTo: r.PaidTo, PaymentReference: r.PaymentReference, PreservedEarnings: r.PreservedEarnings, PreservedAmount: emprec.MoneyPtr(r.PreservedEarningsAmount),
		PreservedAction: r.PreservedEarningsAction, CarryForwardUnpaid: r.CarryForwardUnpaid, CarryForwardUnused: r.CarryForwardUnusedPreserved,
		TaxCode: r.TaxCode, TaxRate: emprec.RatePtr(r.TaxRate)}
	if r.LocationID.Valid {
		it.LocationID = &r.LocationID.Int64
	}
	if r.PaidToAccountID.Valid {
		it.PaidToAccountID = &r.PaidToAccountID.Int64
	}
	if r.Priority.Valid {
		it.Priority = &r.Priority.Int32
	}
	return it
}

// Service owns recurring inclusions.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// names fills category and location names.
func (s *Service) names(ctx context.Context, q *store.Queries, biz business.Business, items []Item) error {
	cache := map[int64]string{}
	name := func(id int64, kind string) (string, error) {
		if n, ok := cache[id]; ok {
			return n, nil
		}
		r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: biz.ID, Kind: kind})
		if db.IsNoRows(err) {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		cache[id] = r.Name
		return r.Name, nil
	}
	for i := range items {
		var err error
		if items[i].CategoryName, err = name(items[i].CategoryID, kinds[items[i].Kind].CategoryKind); err != nil {
			return err
		}
		if items[i].LocationID != nil {
			if items[i].LocationName, err = name(*items[i].LocationID, record.KindLocation); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Service) rows(ctx context.Context, q *store.Queries, biz business.Business, rows []store.EmployeeRecurringInclusion) ([]Item, error) {
	out := make([]Item, len(rows))
	for i, r := range rows {
		out[i] = itemOf(r)
	}
	return out, s.names(ctx, q, biz, out)
}

// List returns the employee's inclusions of kind k.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, k Kind, employeeID int64) (out []Item, err error) {
	defer payroll.Wrap(&err, "list %ss of employee %d", k.Label, employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListInclusions(ctx, store.ListInclusionsParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name})
	if err != nil {
		return nil, err
	}
	return s.rows(ctx, q, biz, rows)
}

// Get returns one inclusion.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, k Kind, employeeID, id int64) (it Item, err error) {
	defer payroll.Wrap(&err, "get %s %d", k.Label, id)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Item{}, err
	}
	r, err := q.GetInclusion(ctx, store.GetInclusionParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name})
	if db.IsNoRows(err) {
		return Item{}, payroll.NotFound(k.Label)
	}
	if err != nil {
		return Item{}, err
	}
	items, err := s.rows(ctx, q, biz, []store.EmployeeRecurringInclusion{r})
	return items[0], err
}

// ByExternalReference returns the employee's inclusion with that external
// reference id.
func (s *Service) ByExternalReference(ctx context.Context, biz business.Business, p *payroll.Principal, k Kind, employeeID int64, ref string) (it Item, err error) {
	defer payroll.Wrap(&err, "get %s %q", k.Label, ref)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Item{}, err
	}
	r, err := q.GetInclusionByExternalReference(ctx, store.GetInclusionByExternalReferenceParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name, ExternalReferenceID: ref})
	if db.IsNoRows(err) {
		return Item{}, payroll.NotFound(k.Label)
	}
	if err != nil {
		return Item{}, err
	}
	items, err := s.rows(ctx, q, biz, []store.EmployeeRecurringInclusion{r})
	return items[0], err
}

// ByExternalReferences is the business's inclusions of kind k with any of
// refs, limited to the employees p may see.
func (s *Service) ByExternalReferences(ctx context.Context, biz business.Business, p *payroll.Principal, k Kind, refs []string) (out []Item, err error) {
	defer payroll.Wrap(&err, "%ss by external reference", k.Label)
	want := map[string]bool{}
	var b strings.Builder
	b.WriteString("|")
	for _, r := range refs {
		if r = strings.TrimSpace(r); r != "" && !strings.Contains(r, "|") {
			want[r] = true
			b.WriteString(r + "|")
		}
	}
	out = []Item{}
	if len(want) == 0 {
		return out, nil
	}
	q := s.Employees.DB.Queries()
	rows, err := q.ListInclusionsByExternalReferences(ctx, store.ListInclusionsByExternalReferencesParams{BusinessID: biz.ID, Kind: k.Name, ExternalReferenceID: b.String()})
	if err != nil {
		return nil, err
	}
	visible := map[int64]bool{}
	var keep []store.EmployeeRecurringInclusion
	for _, r := range rows {
		if !want[r.ExternalReferenceID] {
			continue // LIKE wildcards in a reference
		}
		ok, seen := visible[r.EmployeeID]
		if !seen {
			_, verr := s.Employees.Visible(ctx, biz, p, r.EmployeeID)
			if verr != nil && payroll.KindOf(verr) != payroll.KindNotFound {
				return nil, verr
			}
			ok = verr == nil
			visible[r.EmployeeID] = ok
		}
		if ok {
			keep = append(keep, r)
		}
	}
	return s.rows(ctx, q, biz, keep)
}

// check validates references that need the database: the category (of
// the kind's record kind), the location, a deduction's bank account.
func (s *Service) check(ctx context.Context, q *store.Queries, biz business.Business, k Kind, employeeID int64, it *Item) error {
	if _, err := q.GetRecord(ctx, store.GetRecordParams{ID: it.CategoryID, BusinessID: biz.ID, Kind: k.CategoryKind}); db.IsNoRows(err) {
		return payroll.Invalid(k.CategoryMember, "%s: there is no %s %d in this business", k.CategoryMember, strings.ReplaceAll(k.CategoryKind, "_", " "), it.CategoryID)
	} else if err != nil {
		return err
	}
	if it.LocationID != nil {
		if _, err := q.GetRecord(ctx, store.GetRecordParams{ID: *it.LocationID, BusinessID: biz.ID, Kind: record.KindLocation}); db.IsNoRows(err) {
			return payroll.Invalid("locationId", "locationId: there is no location %d in this business", *it.LocationID)
		} else if err != nil {
			return err
		}
	}
	if it.PaidTo == "BankAccount" && it.PaidToAccountID != nil {
		if _, err := q.GetEmployeeBankAccount(ctx, store.GetEmployeeBankAccountParams{ID: *it.PaidToAccountID, BusinessID: biz.ID, EmployeeID: employeeID}); db.IsNoRows(err) {
			return payroll.Invalid("paidToAccountId", "paidToAccountId: the employee has no bank account %d", *it.PaidToAccountID)
		} else if err != nil {
			return err
		}
	}
	return nil
}

// Save creates (id 0) or replaces an inclusion of kind k. The running
// total is kept. A second inclusion with the same externalReferenceId is
// a 409; so is a maximum below what has already been paid.
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, k Kind, employeeID, id int64, it Item) (out Item, err error) {
	defer payroll.Wrap(&err, "save %s %d of employee %d", k.Label, id, employeeID)
	if it.FromDate.IsZero() {
		it.FromDate = payroll.NewDateTime(s.Clock.Now())
	}
	it.FromDate = payroll.NewDateTime(emprec.Date(it.FromDate))
	if !it.ExpiryDate.IsZero() {
		it.ExpiryDate = payroll.NewDateTime(emprec.Date(it.ExpiryDate))
		if it.ExpiryDate.Before(it.FromDate.Time) {
			return Item{}, payroll.Invalid("expiryDate", "expiryDate must not be before the start date")
		}
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		if err := s.check(ctx, q, biz, k, employeeID, &it); err != nil {
			return err
		}
		now := s.Clock.Now()
		var r store.EmployeeRecurringInclusion
		var before *Item
		var err error
		if id == 0 {
			r, err = q.CreateInclusion(ctx, store.CreateInclusionParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name, CategoryID: it.CategoryID,
				Name: it.Name, CalcType: it.CalcType, Amount: it.Amount.MinorUnits(), Units: emprec.NullRate(it.Units), FromDate: emprec.Date(it.FromDate),
				ExpiryDate: emprec.NullDate(it.ExpiryDate), MaximumAmountPaid: emprec.NullMoney(it.MaximumAmountPaid), Notes: it.Notes,
				ExternalReferenceID: it.ExternalReferenceID, Source: it.Source, LocationID: nullID(it.LocationID), SuperRate: emprec.NullRate(it.SuperRate),
				OverrideSuperRate: it.OverrideSuperRate, PaidTo: it.PaidTo, PaidToAccountID: nullID(it.PaidToAccountID), PaymentReference: it.PaymentReference,
				PreservedEarnings: it.PreservedEarnings, PreservedEarningsAmount: emprec.NullMoney(it.PreservedAmount), PreservedEarningsAction: it.PreservedAction,
				CarryForwardUnpaid: it.CarryForwardUnpaid, CarryForwardUnusedPreserved: it.CarryForwardUnused, Priority: nullInt32(it.Priority),
				TaxCode: it.TaxCode, TaxRate: emprec.NullRate(it.TaxRate), CreatedAt: now})
		} else {
			cur, gerr := q.GetInclusion(ctx, store.GetInclusionParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name})
			if db.IsNoRows(gerr) {
				return payroll.NotFound(k.Label)
			}
			if gerr != nil {
				return gerr
			}
			if it.MaximumAmountPaid != nil && it.MaximumAmountPaid.MinorUnits() < cur.TotalAmountPaid {
				return payroll.Conflict("%s %d has already paid %s, more than the new maximumAmountPaid", k.Label, id, payroll.MoneyFromMinor(cur.TotalAmountPaid))
			}
			olds, rerr := s.rows(ctx, q, biz, []store.EmployeeRecurringInclusion{cur})
			if rerr != nil {
				return rerr
			}
			before = &olds[0]
			r, err = q.UpdateInclusion(ctx, store.UpdateInclusionParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name, CategoryID: it.CategoryID,
				Name: it.Name, CalcType: it.CalcType, Amount: it.Amount.MinorUnits(), Units: emprec.NullRate(it.Units), FromDate: emprec.Date(it.FromDate),
				ExpiryDate: emprec.NullDate(it.ExpiryDate), MaximumAmountPaid: emprec.NullMoney(it.MaximumAmountPaid), Notes: it.Notes,
				ExternalReferenceID: it.ExternalReferenceID, Source: it.Source, LocationID: nullID(it.LocationID), SuperRate: emprec.NullRate(it.SuperRate),
				OverrideSuperRate: it.OverrideSuperRate, PaidTo: it.PaidTo, PaidToAccountID: nullID(it.PaidToAccountID), PaymentReference: it.PaymentReference,
				PreservedEarnings: it.PreservedEarnings, PreservedEarningsAmount: emprec.NullMoney(it.PreservedAmount), PreservedEarningsAction: it.PreservedAction,
				CarryForwardUnpaid: it.CarryForwardUnpaid, CarryForwardUnusedPreserved: it.CarryForwardUnused, Priority: nullInt32(it.Priority),
				TaxCode: it.TaxCode, TaxRate: emprec.NullRate(it.TaxRate), UpdatedAt: now})
		}
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("the employee already has a %s with externalReferenceId %q", k.Label, it.ExternalReferenceID)
		}
		if db.IsForeignKeyViolation(err) {
			return payroll.Invalid(k.CategoryMember, "the %s's category or location was deleted while it was saved", k.Label)
		}
		if err != nil {
			return err
		}
		items, err := s.rows(ctx, q, biz, []store.EmployeeRecurringInclusion{r})
		if err != nil {
			return err
		}
		out = items[0]
		if err := s.Employees.AuditRecord(ctx, q, e, k.section(), k.Name, out.ID, before, out); err != nil {
			return err
		}
		if k.Updated != "" {
			return s.Employees.EmitIn(ctx, q, biz.ID, k.Updated, DeductionOf(out, out.Active(now)))
		}
		return nil
	})
	return out, err
}

// Delete removes an inclusion.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, k Kind, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete %s %d", k.Label, id)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		cur, err := q.GetInclusion(ctx, store.GetInclusionParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name})
		if db.IsNoRows(err) {
			return payroll.NotFound(k.Label)
		}
		if err != nil {
			return err
		}
		olds, err := s.rows(ctx, q, biz, []store.EmployeeRecurringInclusion{cur})
		if err != nil {
			return err
		}
		n, err := q.DeleteInclusion(ctx, store.DeleteInclusionParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: k.Name})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.NotFound(k.Label)
		}
		if err := s.Employees.AuditRecord(ctx, q, e, k.section(), k.Name, id, olds[0], nil); err != nil {
			return err
		}
		if k.Deleted != "" {
			return s.Employees.EmitIn(ctx, q, biz.ID, k.Deleted, struct {
				ID         int64 `json:"id"`
				EmployeeID int64 `json:"employeeId"`
			}{id, employeeID})
		}
		return nil
	})
}

// AddPaid records that a pay run paid amount of inclusion id, in the pay
// run's transaction (q). Paying past the maximum is a 409.
func AddPaid(ctx context.Context, q *store.Queries, bizID, id int64, amount payroll.Money, now time.Time) (Item, error) {
	r, err := q.AddInclusionPaid(ctx, store.AddInclusionPaidParams{ID: id, BusinessID: bizID, TotalAmountPaid: amount.MinorUnits(), UpdatedAt: now})
	if db.IsNoRows(err) {
		return Item{}, payroll.Conflict("inclusion %d is gone or its maximum amount would be exceeded", id)
	}
	return itemOf(r), err
}

// Applicable returns, by employee, every inclusion (all kinds) in force
// at some point of the period [from, to] for the employees in ids: one
// statement over the ids' range, the set kept here. For a pay run of
// thousands of employees.
func (s *Service) Applicable(ctx context.Context, biz business.Business, ids []int64, from, to time.Time) (out map[int64][]Item, err error) {
	defer payroll.Wrap(&err, "inclusions applicable from %s to %s", from.Format("2006-01-02"), to.Format("2006-01-02"))
	out = map[int64][]Item{}
	if len(ids) == 0 {
		return out, nil
	}
	set := make(map[int64]bool, len(ids))
	lo, hi := ids[0], ids[0]
	for _, id := range ids {
		set[id] = true
		lo, hi = min(lo, id), max(hi, id)
	}
	rows, err := s.Employees.DB.Queries().ListApplicableInclusions(ctx, store.ListApplicableInclusionsParams{BusinessID: biz.ID, EmployeeID: lo, EmployeeID_2: hi,
		ExpiryDate: emprec.NullDate(payroll.NewDateTime(payroll.DateOnly(from))), FromDate: payroll.DateOnly(to)})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if set[r.EmployeeID] {
			out[r.EmployeeID] = append(out[r.EmployeeID], itemOf(r))
		}
	}
	for _, items := range out {
		sort.SliceStable(items, func(i, j int) bool { return items[i].Kind < items[j].Kind })
	}
	return out, nil
}
