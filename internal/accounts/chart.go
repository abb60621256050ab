package accounts

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Split choices of a default account.
const (
	splitNone     = "None"
	splitLocation = "Location"
	splitEntity   = "EmployingEntity"
)

// boolOf reads a bool or *bool member (nil = false).
func boolOf(v reflect.Value) bool {
	if v.Kind() == reflect.Pointer {
		return !v.IsNil() && v.Elem().Bool()
	}
	return v.Bool()
}

// isTrue reads an optional flag.
func isTrue(b *bool) bool { return b != nil && *b }

// setBoolOf sets a bool or *bool member.
func setBoolOf(v reflect.Value, b bool) {
	if v.Kind() == reflect.Pointer {
		v.Set(reflect.ValueOf(&b))
		return
	}
	v.SetBool(b)
}

// resolve settles each split of s (prev merged with the request) against
// prev, the stored value: whichever of the enum and the two flags the
// request changed decides; the others follow. Other regions' splits are
// dropped.
func (s *ChartOfAccountsSplits) resolve(prev ChartOfAccountsSplits, region string) {
	cur, old := reflect.ValueOf(s).Elem(), reflect.ValueOf(prev)
	type trio struct{ split, byLoc, byEnt int }
	slots := map[string]*trio{}
	var order []string
	for _, f := range splitFields {
		if !record.RegionIn(f.region, region) {
			cur.Field(f.index).Set(reflect.Zero(cur.Field(f.index).Type()))
			continue
		}
		t := slots[f.slot]
		if t == nil {
			t = &trio{}
			slots[f.slot] = t
			order = append(order, f.slot)
		}
		switch {
		case strings.HasSuffix(f.json, "SplitByLocation"):
			t.byLoc = f.index
		case strings.HasSuffix(f.json, "SplitByEmployingEntity"):
			t.byEnt = f.index
		default:
			t.split = f.index
		}
	}
	for _, name := range order {
		t := slots[name]
		was := old.Field(t.split).String()
		if was == "" {
			was = splitNone
		}
		now := cur.Field(t.split).String()
		loc, ent := boolOf(cur.Field(t.byLoc)), boolOf(cur.Field(t.byEnt))
		switch {
		case now != "" && now != was:
		case loc != boolOf(old.Field(t.byLoc)):
			now = flagSplit(loc, splitLocation, was)
		case ent != boolOf(old.Field(t.byEnt)):
			now = flagSplit(ent, splitEntity, was)
		default:
			now = was
		}
		cur.Field(t.split).SetString(now)
		setBoolOf(cur.Field(t.byLoc), now == splitLocation)
		setBoolOf(cur.Field(t.byEnt), now == splitEntity)
	}
}

// flagSplit is the split after a flag for choice was set to on.
func flagSplit(on bool, choice, was string) string {
	switch {
	case on:
		return choice
	case was == choice:
		return splitNone
	}
	return was
}

// coaLists describes the category lists: the member, the kind of the
// categories, whether they have a liability account, whether they are
// leave categories.
var coaLists = []struct {
	member    string
	kind      string
	liability bool
	leave     bool
	list      func(*ChartOfAccountsMappings) *[]ChartOfAccountsCategory
}{
	{"leaveCategories", record.KindLeaveCategory, true, true, func(m *ChartOfAccountsMappings) *[]ChartOfAccountsCategory { return &m.LeaveCategories }},
	{"payCategories", record.KindPayCategory, false, false, func(m *ChartOfAccountsMappings) *[]ChartOfAccountsCategory { return &m.PayCategories }},
	{"deductionCategories", record.KindDeductionCategory, true, false, func(m *ChartOfAccountsMappings) *[]ChartOfAccountsCategory { return &m.DeductionCategories }},
	{"employeeExpenseCategories", record.KindExpenseCategory, false, false, func(m *ChartOfAccountsMappings) *[]ChartOfAccountsCategory {
		return &m.EmployeeExpenseCategories
	}},
	{"employerLiabilityCategories", record.KindEmployerLiabilityCategory, true, false, func(m *ChartOfAccountsMappings) *[]ChartOfAccountsCategory {
		return &m.EmployerLiabilityCategories
	}},
}

// view lists every category of the business with its stored mapping
// (stale mappings of deleted categories drop out here). withSplits gives
// the split flags of the business-wide chart.
func (stored ChartOfAccountsMappings) view(ctx context.Context, q *store.Queries, bizID int64, withSplits bool) (ChartOfAccountsMappings, error) {
	var out ChartOfAccountsMappings
	no := false
	for _, l := range coaLists {
		rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: l.kind})
		if err != nil {
			return out, err
		}
		have := map[int64]ChartOfAccountsCategory{}
		for _, e := range *l.list(&stored) {
			have[e.ID] = e
		}
		items := make([]ChartOfAccountsCategory, 0, len(rows))
		for _, r := range rows {
			e := have[r.ID]
			e.ID, e.Name = r.ID, r.Name
			if !l.liability {
				e.LiabilityAccountID = nil
			}
			if l.leave {
				var lc struct {
					LeaveCategoryType string `json:"leaveCategoryType"`
				}
				_ = json.Unmarshal([]byte(r.Data), &lc)
				lsl := lc.LeaveCategoryType == "LongServiceLeave"
				e.IsLongServiceLeave = &lsl
				if e.AccrueFromContingentPeriod == nil {
					e.AccrueFromContingentPeriod = &no
				}
			} else {
				e.AccrueFromContingentPeriod, e.IsLongServiceLeave = nil, nil
			}
			if withSplits {
				if e.SplitByLocation == nil {
					e.SplitByLocation = &no
				}
				if e.SplitByEmployingEntity == nil {
					e.SplitByEmployingEntity = &no
				}
			} else {
				e.SplitByLocation, e.SplitByEmployingEntity = nil, nil
			}
			items = append(items, e)
		}
		*l.list(&out) = items
	}
	return out, nil
}

// apply writes the mappings of the categories body names onto m (a
// view) and returns the account references they make. A category that is
// not the business's, or a liability account on a list without one, is
// a 400 naming "<list>[i].<member>".
func (m *ChartOfAccountsMappings) apply(body ChartOfAccountsMappings, withSplits bool) ([]record.Ref, error) {
	var refs []record.Ref
	for _, l := range coaLists {
		view := *l.list(m)
		for i, e := range *l.list(&body) {
			field := fmt.Sprintf("%s[%d]", l.member, i)
			at := -1
			for j := range view {
				if view[j].ID == e.ID {
					at = j
				}
			}
			if at < 0 {
				return nil, payroll.Invalid(field+".id", "%s %d does not exist in this business", strings.ReplaceAll(l.kind, "_", " "), e.ID)
			}
			if !l.liability && e.LiabilityAccountID != nil {
				return nil, payroll.Invalid(field+".liabilityAccountId", "%s have no liability account", l.member)
			}
			t := &view[at]
			t.ExpenseAccountID = nonZero(e.ExpenseAccountID)
			refs = append(refs, record.Ref{Field: field + ".expenseAccountId", Kind: record.KindAccount, ID: record.Deref(t.ExpenseAccountID)})
			if l.liability {
				t.LiabilityAccountID = nonZero(e.LiabilityAccountID)
				refs = append(refs, record.Ref{Field: field + ".liabilityAccountId", Kind: record.KindAccount, ID: record.Deref(t.LiabilityAccountID)})
			}
			if l.leave && e.AccrueFromContingentPeriod != nil {
				t.AccrueFromContingentPeriod = e.AccrueFromContingentPeriod
			}
			if withSplits {
				if e.SplitByLocation != nil {
					t.SplitByLocation = e.SplitByLocation
				}
				if e.SplitByEmployingEntity != nil {
					t.SplitByEmployingEntity = e.SplitByEmployingEntity
				}
				if isTrue(t.SplitByLocation) && isTrue(t.SplitByEmployingEntity) {
					return nil, payroll.Invalid(field+".splitByLocation", "a category splits by location or by employing entity, not both")
				}
			}
		}
	}
	return refs, nil
}

func nonZero(p *int64) *int64 {
	if p == nil || *p == 0 {
		return nil
	}
	return p
}

// compact is what is stored of a view: the categories with a mapping,
// without their names, and the references those mappings make.
func (m ChartOfAccountsMappings) compact() (ChartOfAccountsMappings, []record.Ref) {
	var out ChartOfAccountsMappings
	var refs []record.Ref
	for _, l := range coaLists {
		kept := []ChartOfAccountsCategory{}
		for _, e := range *l.list(&m) {
			if e.ExpenseAccountID == nil && e.LiabilityAccountID == nil && !isTrue(e.AccrueFromContingentPeriod) &&
				!isTrue(e.SplitByLocation) && !isTrue(e.SplitByEmployingEntity) {
				continue
			}
			e.Name, e.IsLongServiceLeave = "", nil
			kept = append(kept, e)
			refs = append(refs, record.Ref{Field: l.member, Kind: record.KindAccount, ID: record.Deref(e.ExpenseAccountID)},
				record.Ref{Field: l.member, Kind: record.KindAccount, ID: record.Deref(e.LiabilityAccountID)})
		}
		*l.list(&out) = kept
	}
	return out, refs
}

// deepCopy copies v with nothing shared: decoding a request onto a value
// writes through its pointers, and the stored value must stay comparable.
func deepCopy[T any](v T) (T, error) {
	var out T
	b, err := json.Marshal(v)
	if err == nil {
		err = json.Unmarshal(b, &out)
	}
	return out, err
}

// decodeChartBody reads a chart write: the category lists it names, and
// its defaultAccounts member merged onto cur (members it omits keep their
// values).
func decodeChartBody(raw []byte, cur any) (ChartOfAccountsMappings, error) {
	var body struct {
		DefaultAccounts json.RawMessage `json:"defaultAccounts"`
		ChartOfAccountsMappings
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return ChartOfAccountsMappings{}, payroll.Invalid("body", "%s", err.Error())
	}
	if len(body.DefaultAccounts) > 0 && string(body.DefaultAccounts) != "null" {
		if err := json.Unmarshal(body.DefaultAccounts, cur); err != nil {
			return ChartOfAccountsMappings{}, payroll.Invalid("defaultAccounts", "%s", err.Error())
		}
	}
	return body.ChartOfAccountsMappings, nil
}

// ChartOfAccounts returns the business-wide chart and every override.
func (c *AccountCollections) ChartOfAccounts(ctx context.Context, biz business.Business) (ChartOfAccounts, error) {
	q := c.ChartOfAccountsGroup.S.DB.Queries()
	g, err := c.ChartOfAccountsGroup.GetInTx(ctx, q, biz, "")
	if err != nil {
		return ChartOfAccounts{}, err
	}
	var prev ChartOfAccountsSplits
	g.DefaultAccounts.ChartOfAccountsSplits.resolve(prev, biz.Region) // fills the split defaults
	if g.ChartOfAccountsMappings, err = g.ChartOfAccountsMappings.view(ctx, q, biz.ID, true); err != nil {
		return ChartOfAccounts{}, err
	}
	out := ChartOfAccounts{Complete: g.DefaultAccounts.complete(biz.Region), ChartofAccounts: g,
		LocationSpecificChartOfAccounts: []ChartOfAccountsOverrideGroup{}, EmployingEntitySpecificChartOfAccounts: []ChartOfAccountsOverrideGroup{}}
	for _, kind := range []string{record.KindLocation, record.KindEmployingEntity} {
		rows, err := q.ListSettingsLike(ctx, store.ListSettingsLikeParams{BusinessID: biz.ID,
			Kind: c.ChartOfAccountsScoped.Key(kind + ":%")})
		if err != nil {
			return ChartOfAccounts{}, err
		}
		for _, r := range rows {
			var o ChartOfAccountsOverrideGroup
			if err := json.Unmarshal([]byte(r.Data), &o); err != nil {
				return ChartOfAccounts{}, err
			}
			if o.ChartOfAccountsMappings, err = o.ChartOfAccountsMappings.view(ctx, q, biz.ID, false); err != nil {
				return ChartOfAccounts{}, err
			}
			if kind == record.KindLocation {
				out.LocationSpecificChartOfAccounts = append(out.LocationSpecificChartOfAccounts, o)
			} else {
				out.EmployingEntitySpecificChartOfAccounts = append(out.EmployingEntitySpecificChartOfAccounts, o)
			}
		}
	}
	return out, nil
}

// SaveChartOfAccounts applies a chart write (AuChartOfAccountsGroupModel):
// defaultAccounts members it sends change, the categories it lists get
// the mappings it gives. Every account must be the business's.
func (c *AccountCollections) SaveChartOfAccounts(ctx context.Context, biz business.Business, raw []byte) (ChartOfAccounts, error) {
	err := c.ChartOfAccountsGroup.S.DB.InTx(ctx, func(q *store.Queries) error {
		var refs []record.Ref
		_, err := c.ChartOfAccountsGroup.UpdateInTx(ctx, q, biz, "", func(g *ChartOfAccountsGroup) error {
			prev, err := deepCopy(*g)
			if err != nil {
				return err
			}
			body, err := decodeChartBody(raw, &g.DefaultAccounts)
			if err != nil {
				return err
			}
			var val payroll.Validation
			record.CheckEnums(&g.DefaultAccounts, &val)
			accountRefs := g.DefaultAccounts.ChartOfAccountsAccounts.tidy(biz.Region, "defaultAccounts.", &val)
			if err := val.Err(); err != nil {
				return err
			}
			g.DefaultAccounts.ChartOfAccountsSplits.resolve(prev.DefaultAccounts.ChartOfAccountsSplits, biz.Region)
			view, err := prev.ChartOfAccountsMappings.view(ctx, q, biz.ID, true)
			if err != nil {
				return err
			}
			bodyRefs, err := view.apply(body, true)
			if err != nil {
				return err
			}
			if err := record.CheckRefs(ctx, q, biz.ID, append(accountRefs, bodyRefs...)); err != nil {
				return err
			}
			var kept []record.Ref
			g.ChartOfAccountsMappings, kept = view.compact()
			refs = append(accountRefs, kept...)
			return nil
		})
		if err != nil {
			return err
		}
		// The accounts the chart posts to are in use.
		return record.SaveRefs(ctx, q, biz.ID, KindChartOfAccounts, biz.ID, refs)
	})
	if err != nil {
		return ChartOfAccounts{}, err
	}
	return c.ChartOfAccounts(ctx, biz)
}

// scopeExists answers 404 unless the override's location or employing
// entity is the business's.
func scopeExists(ctx context.Context, q *store.Queries, bizID int64, scope ChartOfAccountsScope) error {
	_, err := q.GetRecord(ctx, store.GetRecordParams{ID: scope.ID, BusinessID: bizID, Kind: scope.Kind})
	if db.IsNoRows(err) {
		return payroll.NotFound(scope.label())
	}
	return err
}

func (c *AccountCollections) overrideView(ctx context.Context, q *store.Queries, biz business.Business, scope ChartOfAccountsScope) (ChartOfAccountsOverrideGroup, error) {
	o, err := c.ChartOfAccountsScoped.GetInTx(ctx, q, biz, scope.key())
	if err != nil {
		return o, err
	}
	o.LocationID, o.EmployingEntityID = 0, 0
	if scope.Kind == record.KindLocation {
		o.LocationID = scope.ID
	} else {
		o.EmployingEntityID = scope.ID
	}
	o.ChartOfAccountsMappings, err = o.ChartOfAccountsMappings.view(ctx, q, biz.ID, false)
	return o, err
}

// ChartOfAccountsOverride returns the override for a location or
// employing entity (empty when none was saved).
func (c *AccountCollections) ChartOfAccountsOverride(ctx context.Context, biz business.Business, scope ChartOfAccountsScope) (ChartOfAccountsOverrideGroup, error) {
	if err := c.ChartOfAccountsScoped.Gate(biz); err != nil {
		return ChartOfAccountsOverrideGroup{}, err
	}
	q := c.ChartOfAccountsScoped.S.DB.Queries()
	if err := scopeExists(ctx, q, biz.ID, scope); err != nil {
		return ChartOfAccountsOverrideGroup{}, err
	}
	return c.overrideView(ctx, q, biz, scope)
}

// SaveChartOfAccountsOverride applies a write to a location's or
// employing entity's override, as SaveChartOfAccounts does.
func (c *AccountCollections) SaveChartOfAccountsOverride(ctx context.Context, biz business.Business, scope ChartOfAccountsScope, raw []byte) (ChartOfAccountsOverrideGroup, error) {
	var out ChartOfAccountsOverrideGroup
	err := c.ChartOfAccountsScoped.S.DB.InTx(ctx, func(q *store.Queries) error {
		if err := scopeExists(ctx, q, biz.ID, scope); err != nil {
			return err
		}
		refs := []record.Ref{{Field: scope.label(), Kind: scope.Kind, ID: scope.ID}}
		_, err := c.ChartOfAccountsScoped.UpdateInTx(ctx, q, biz, scope.key(), func(o *ChartOfAccountsOverrideGroup) error {
			prev, err := deepCopy(*o)
			if err != nil {
				return err
			}
			body, err := decodeChartBody(raw, &o.DefaultAccounts)
			if err != nil {
				return err
			}
			var val payroll.Validation
			accountRefs := o.DefaultAccounts.tidy(biz.Region, "defaultAccounts.", &val)
			if err := val.Err(); err != nil {
				return err
			}
			view, err := prev.ChartOfAccountsMappings.view(ctx, q, biz.ID, false)
			if err != nil {
				return err
			}
			bodyRefs, err := view.apply(body, false)
			if err != nil {
				return err
			}
			if err := record.CheckRefs(ctx, q, biz.ID, append(accountRefs, bodyRefs...)); err != nil {
				return err
			}
			var kept []record.Ref
			o.ChartOfAccountsMappings, kept = view.compact()
			o.LocationID, o.EmployingEntityID = 0, 0
			if scope.Kind == record.KindLocation {
				o.LocationID = scope.ID
			} else {
				o.EmployingEntityID = scope.ID
			}
			refs = append(refs, append(accountRefs, kept...)...)
			return nil
		})
		if err != nil {
			return err
		}
		// The override keeps its location or entity, and its accounts, in use.
		if err := record.SaveRefs(ctx, q, biz.ID, scope.refKind(), scope.ID, refs); err != nil {
			return err
		}
		out, err = c.overrideView(ctx, q, biz, scope)
		return err
	})
	return out, err
}

// DeleteChartOfAccountsOverride removes an override (the business-wide
// chart applies again).
func (c *AccountCollections) DeleteChartOfAccountsOverride(ctx context.Context, biz business.Business, scope ChartOfAccountsScope) error {
	if err := c.ChartOfAccountsScoped.Gate(biz); err != nil {
		return err
	}
	return c.ChartOfAccountsScoped.S.DB.InTx(ctx, func(q *store.Queries) error {
		if err := scopeExists(ctx, q, biz.ID, scope); err != nil {
			return err
		}
		if err := q.DeleteSetting(ctx, store.DeleteSettingParams{BusinessID: biz.ID, Kind: c.ChartOfAccountsScoped.Key(scope.key())}); err != nil {
			return err
		}
		return q.DeleteRecordRefsFrom(ctx, store.DeleteRecordRefsFromParams{FromKind: scope.refKind(), FromID: scope.ID})
	})
}
