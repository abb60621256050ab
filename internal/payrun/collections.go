package payrun

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// The pay run's other inclusion collections (pay_run_lines.kind), beside
// earnings, deductions, expenses, liabilities and tax adjustments (model.go).
// A tax adjustment is one kind served under three names: P/paygadjustments
// (AU), P/taxadjustments (SG) and P/payeadjustments (UK, NZ).
const (
	KindSuperAdjustment = "superadjustment"
	KindSDLAdjustment   = "sdladjustment"
	KindVoluntaryCPF    = "voluntarycpf"
	KindLeave           = KindLeaveAccrued // P/leaveaccrued: the calculated accruals and the lines entered or applied there
	KindBenefit         = "benefit"
	KindHMRCAdjustment  = "hmrcadjustment"
)

// Subtypes of lines (pay_run_lines.subtype), by kind; the first is the
// default when a line gives none.
var subtypes = map[string][]string{
	KindLeave:           {"LeaveAccrued", "LeaveTaken", "LeaveAdjustment"},
	KindSuperAdjustment: {"SuperGuarantee", "SalarySacrifice", "MemberVoluntary", "EmployerContribution", "NonRescEmployerContribution"},
	KindVoluntaryCPF:    {"Employee", "Employer"},
}

// subtypeMember is the wire name of a kind's subtype member.
var subtypeMember = map[string]string{
	KindLeave:           "accrualType",
	KindSuperAdjustment: "contributionType",
	KindVoluntaryCPF:    "contributionType",
}

// categoryMember is the wire name of a kind's category member.
var categoryMember = map[string]string{
	KindExpense:   "employeeExpenseCategoryId",
	KindLiability: "employerLiabilityCategoryId",
	KindLeave:     "leaveCategoryId",
}

// signedKinds may carry negative amounts (an adjustment can reduce what
// the calculation gave); expenses, liabilities, voluntary contributions
// and benefits cannot.
var signedKinds = map[string]bool{KindTaxAdjustment: true, KindSuperAdjustment: true, KindSDLAdjustment: true,
	KindHMRCAdjustment: true, KindLeave: true}

// canonicalSubtype is a kind's subtype in its canonical spelling (any case
// accepted; empty = the kind's default). Kinds without subtypes take "".
func canonicalSubtype(kind, s string) (string, bool) {
	if kind == KindExpense { // the expense's tax code, as given
		s = strings.TrimSpace(s)
		return s, len(s) <= 50
	}
	list, ok := subtypes[kind]
	if !ok {
		return "", true
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return list[0], true
	}
	for _, c := range list {
		if strings.EqualFold(c, s) {
			return c, true
		}
	}
	return "", false
}

// addCollectionCategories loads the categories a kind needs that
// loadCategories does not (leave categories for leave accruals).
func (s *Service) addCollectionCategories(ctx context.Context, biz business.Business, cats *catIndex, kind string) error {
	if kind != KindLeave {
		return nil
	}
	list, err := s.Categories.LeaveCategories.List(ctx, biz, 0)
	if err != nil {
		return err
	}
	m := make(map[int64]category, len(list))
	for _, c := range list {
		m[c.ID] = category{id: c.ID, name: c.Name, externalID: c.ExternalID}
	}
	cats.byKind[KindLeave] = m
	return nil
}

// buildAdjustment checks a line of the collections other than earnings
// and deductions: the kind's category where it has one, an amount (hours
// for leave, in units), and the kind's subtype.
func buildAdjustment(v *payroll.Validation, field string, sub Submission, cats *catIndex, in LineIn, l store.CreatePayRunLineParams, ok bool) (store.CreatePayRunLineParams, bool) {
	kind := sub.Kind
	if member, has := categoryMember[kind]; has {
		ext := strings.EqualFold(sub.CategoryIDType, "External")
		if _, enabled := cats.byKind[kind]; !enabled {
			v.Add(field+"."+member, "this business's region has no %s categories", strings.TrimSuffix(member, "CategoryId"))
			return l, false
		}
		c, found := cats.find(kind, in.CategoryID, ext)
		if !found {
			v.Add(field+"."+member, "no category %q in this business", in.CategoryID)
			return l, false
		}
		l.CategoryID, l.CategoryName = c.id, c.name
	}
	if _, valid := canonicalSubtype(kind, in.Subtype); kind == KindExpense && !valid {
		v.Add(field+".taxCode", "taxCode must be at most 50 characters")
		ok = false
	}
	if member, has := subtypeMember[kind]; has {
		if _, valid := canonicalSubtype(kind, in.Subtype); !valid {
			v.Add(field+"."+member, "%s must be one of %s", member, strings.Join(subtypes[kind], ", "))
			ok = false
		}
	}
	l.Units, l.Rate = "", ""
	if kind == KindLeave {
		if in.Units == nil {
			v.Add(field+".amount", "amount (hours) is required")
			return l, false
		}
		st, _ := canonicalSubtype(kind, in.Subtype)
		if in.Units.IsNeg() && st != "LeaveAdjustment" {
			v.Add(field+".amount", "amount must not be negative (use accrualType LeaveAdjustment to reduce a balance)")
			return l, false
		}
		l.Units = in.Units.RoundHalfUp(4).String()
		return l, ok
	}
	if in.Amount == nil {
		v.Add(field+".amount", "amount is required")
		return l, false
	}
	if in.Amount.IsNeg() && !signedKinds[kind] {
		v.Add(field+".amount", "amount must not be negative")
		return l, false
	}
	l.Amount = in.Amount.Cents().MinorUnits()
	return l, ok
}

// insertSubtyped queues lines without a subtype on the run's batch
// writer and inserts those with one (the batch writer's column list has
// no subtype) one statement each.
func insertSubtyped(ctx context.Context, q *store.Queries, w *writer, lines []store.CreatePayRunLineParams, sts []string) error {
	for i, l := range lines {
		if i >= len(sts) || sts[i] == "" {
			w.lines = append(w.lines, l)
			continue
		}
		if _, err := q.CreatePayRunLineWithSubtype(ctx, store.CreatePayRunLineWithSubtypeParams{BusinessID: l.BusinessID, PayRunID: l.PayRunID,
			EmployeeID: l.EmployeeID, Kind: l.Kind, CategoryID: l.CategoryID, CategoryName: l.CategoryName, Units: l.Units, Rate: l.Rate,
			Amount: l.Amount, TaxExempt: l.TaxExempt, Notes: l.Notes, ExternalID: l.ExternalID, LocationID: l.LocationID,
			UserEntered: l.UserEntered, Subtype: sts[i]}); err != nil {
			return err
		}
	}
	return nil
}
