package employee

import (
	"context"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Audit channels: who made a change, as the employee audit report shows it.
const (
	ChannelAPI         = "Api"
	ChannelSelfService = "EmployeeSelfService"
)

// AuditChange is one member an employee create or update changed, with
// its wire values as text ("" = unset).
type AuditChange struct {
	Section, Field, Old, New string
}

// auditDiff lists the members of Members whose wire value differs between
// before and after, in declaration order.
func auditDiff(before, after *Members) []AuditChange {
	var out []AuditChange
	bv, av := reflect.ValueOf(before).Elem(), reflect.ValueOf(after).Elem()
	t := bv.Type()
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		o, n := auditText(bv.Field(i)), auditText(av.Field(i))
		if o == n {
			continue
		}
		if auditMasked[name] {
			o, n = mask(o), mask(n)
		}
		out = append(out, AuditChange{Section: auditSection(name), Field: name, Old: o, New: n})
	}
	return out
}

// auditText is v as it goes on the wire, unquoted; null and zero dates
// are "".
func auditText(v reflect.Value) string {
	b, err := json.Marshal(v.Interface())
	if err != nil || string(b) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		return s
	}
	return string(b)
}

// auditMasked are identifiers the trail must not spell out (a report
// reader sees that they changed, and their last three characters).
var auditMasked = map[string]bool{
	"taxFileNumber": true, "nationalInsuranceNumber": true, "taxCodeDeclaration_IrdNumber": true,
	"nationalRegistrationIdentityNumber": true, "bankAccount1_AccountNumber": true,
	"bankAccount2_AccountNumber": true, "bankAccount3_AccountNumber": true,
}

func mask(s string) string {
	if len(s) <= 3 {
		return s
	}
	return strings.Repeat("*", len(s)-3) + s[len(s)-3:]
}

// auditSections maps member name prefixes to the report's
// EmployeeAuditSection values; the first match wins, the rest are
// EmployeeDetails.
var auditSections = []struct{ prefix, section string }{
	{"emergencyContact", "EmergencyContacts"},
	{"bankAccount", "BankAccounts"},
	{"superFund", "SuperFunds"}, {"superThresholdAmount", "SuperFunds"}, {"maximumQuarterlySuperContributionsBase", "SuperFunds"},
	{"maximumAnnualSuperContributionsBase", "SuperFunds"},
	{"locations", "Locations"}, {"primaryLocation", "Locations"},
	{"workTypes", "WorkTypes"},
	{"paySchedule", "PayRunDefaults"}, {"primaryPayCategory", "PayRunDefaults"}, {"rate", "PayRunDefaults"},
	{"hoursPer", "PayRunDefaults"}, {"overrideTemplateRate", "PayRunDefaults"}, {"automaticallyPayEmployee", "PayRunDefaults"},
	{"isEnabledForTimesheets", "PayRunDefaults"}, {"payRateTemplate", "PayRunDefaults"}, {"payConditionRuleSet", "PayRunDefaults"},
	{"leaveTemplate", "PayRunDefaults"}, {"businessAwardPackage", "PayRunDefaults"}, {"employmentAgreement", "PayRunDefaults"},
	{"employmentType", "PayRunDefaults"}, {"awardId", "PayRunDefaults"},
	{"kiwiSaver", "KiwiSaver"}, {"taxCodeDeclaration", "TaxCodeDeclaration"},
	{"nationalInsurance", "NationalInsuranceRecord"},
	{"taxCode", "EmployeeStatutoryDetails"}, {"taxCalculationMethod", "EmployeeStatutoryDetails"}, {"studentLoanType", "EmployeeStatutoryDetails"},
	{"hasStudentLoan", "EmployeeStatutoryDetails"}, {"hasPostGradLoan", "EmployeeStatutoryDetails"}, {"isCompanyDirector", "EmployeeStatutoryDetails"},
	{"nationalRegistrationIdentity", "NationalRegistrationIdentityRecord"}, {"legalStatus", "NationalRegistrationIdentityRecord"},
	{"obtainedResidencyDate", "NationalRegistrationIdentityRecord"},
	{"taxFileNumber", "TaxFileDeclaration"}, {"australianResident", "TaxFileDeclaration"}, {"claimTaxFreeThreshold", "TaxFileDeclaration"},
	{"seniorsTaxOffset", "TaxFileDeclaration"}, {"otherTaxOffset", "TaxFileDeclaration"}, {"stslDebt", "TaxFileDeclaration"},
	{"hasApprovedWorkingHolidayVisa", "TaxFileDeclaration"}, {"workingHolidayVisa", "TaxFileDeclaration"}, {"isSeasonalWorker", "TaxFileDeclaration"},
	{"hasWithholdingVariation", "TaxFileDeclaration"}, {"taxVariation", "TaxFileDeclaration"}, {"dateTaxFileDeclaration", "TaxFileDeclaration"},
	{"medicareLevy", "TaxFileDeclaration"}, {"claimMedicareLevyReduction", "TaxFileDeclaration"}, {"taxCategory", "TaxFileDeclaration"},
}

func auditSection(field string) string {
	for _, s := range auditSections {
		if strings.HasPrefix(field, s.prefix) {
			return s.section
		}
	}
	return "EmployeeDetails"
}

// audit records the changes from before to after of employee e in q's
// transaction, as made by the caller of ctx. A new employee (before nil)
// is one row, not one per member set: bulk imports of thousands of
// employees would otherwise write ~30 rows each.
func (s *Service) audit(ctx context.Context, q *store.Queries, e *Employee, before *Members, at time.Time) error {
	changes := []AuditChange{{Section: "EmployeeDetails", Field: "employee", New: "Created"}}
	if before != nil {
		changes = auditDiff(before, &e.Members)
	}
	if len(changes) == 0 {
		return nil
	}
	return insertAudit(ctx, q, e, changes, at)
}

// insertAudit writes changes of employee e in q's transaction with the
// user of ctx and the channel: EmployeeSelfService when the employee
// changed their own record, Api otherwise.
func insertAudit(ctx context.Context, q *store.Queries, e *Employee, changes []AuditChange, at time.Time) error {
	user, channel := "", ChannelAPI
	if p := payroll.PrincipalFrom(ctx); p != nil {
		user = p.Username
		if e.UserID != 0 && p.UserID == e.UserID {
			channel = ChannelSelfService
		}
	}
	for _, c := range changes {
		if err := q.InsertEmployeeAudit(ctx, store.InsertEmployeeAuditParams{BusinessID: e.BusinessID, EmployeeID: e.ID, At: at.UTC(),
			Section: c.Section, FieldName: c.Field, OldValue: c.Old, NewValue: c.New, UserName: user, Channel: channel}); err != nil {
			return err
		}
	}
	return nil
}

// Audit sections of the records under an employee (EmployeeAuditSection).
const (
	SectionBankAccounts          = "BankAccounts"
	SectionPayRates              = "PayRates"
	SectionRecurringTransactions = "RecurringTransactions"
	SectionOpeningBalances       = "OpeningBalances"
	SectionQualifications        = "Qualifications"
	SectionDocuments             = "Documents"
	SectionNotes                 = "Notes"
	SectionPayRunDefaults        = "PayRunDefaults"
	SectionAdditionalEarnings    = "AdditionalEarningsLines"
	SectionLeaveAllowances       = "LeaveAllowances"
)

// recordMasked are record members the trail must not spell out, as
// auditMasked for the employee's own members.
var recordMasked = map[string]bool{"accountNumber": true}

// recordSkipped are members that identify a record rather than describe
// it (the field name carries the record's id) or that the server derives.
var recordSkipped = map[string]bool{"id": true, "employeeId": true, "canBeDeleted": true, "kind": true}

// AuditRecord records, in q's transaction, a change made by the caller of
// ctx to one record under employee e (a bank account, a pay rate change,
// a recurring inclusion ...): before nil is a create, after nil a delete.
// before and after are the record's wire models (structs with json tags);
// each member whose wire value differs is one row of section, named
// "kind[id].member" (kind[id] alone when the member is the whole record),
// old and new values as text, masked like the employee's own
// identifiers. A write that changes nothing records nothing.
func (s *Service) AuditRecord(ctx context.Context, q *store.Queries, e Employee, section, kind string, id int64, before, after any) error {
	changes := recordDiff(section, kind, id, before, after)
	if len(changes) == 0 {
		return nil
	}
	return insertAudit(ctx, q, &e, changes, s.Clock.Now())
}

// recordDiff lists the members of one record that differ between before
// and after (either nil), in declaration order.
func recordDiff(section, kind string, id int64, before, after any) []AuditChange {
	name := kind + "[" + strconv.FormatInt(id, 10) + "]"
	bv, av := structOf(before), structOf(after)
	var t reflect.Type
	switch {
	case bv.IsValid():
		t = bv.Type()
	case av.IsValid():
		t = av.Type()
	default:
		return nil
	}
	if t.Kind() != reflect.Struct {
		o, n := "", ""
		if before != nil {
			o = auditText(reflect.ValueOf(before))
		}
		if after != nil {
			n = auditText(reflect.ValueOf(after))
		}
		if o == n {
			return nil
		}
		return []AuditChange{{Section: section, Field: name, Old: o, New: n}}
	}
	var out []AuditChange
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		member, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if _, tagged := f.Tag.Lookup("json"); !tagged && f.IsExported() {
			// A service-side model: its members by their Go names.
			member = strings.ToLower(f.Name[:1]) + f.Name[1:]
		}
		if !f.IsExported() || member == "" || member == "-" || recordSkipped[member] {
			continue
		}
		// A created or deleted record lists the members it has: unset
		// (zero) members of the one side are not changes worth a row.
		var o, n string
		if bv.IsValid() && (av.IsValid() || !bv.Field(i).IsZero()) {
			o = auditText(bv.Field(i))
		}
		if av.IsValid() && (bv.IsValid() || !av.Field(i).IsZero()) {
			n = auditText(av.Field(i))
		}
		if o == n {
			continue
		}
		if recordMasked[member] || auditMasked[member] {
			o, n = mask(o), mask(n)
		}
		out = append(out, AuditChange{Section: section, Field: name + "." + member, Old: o, New: n})
	}
	return out
}

// structOf is the struct v holds or points to (invalid for nil).
func structOf(v any) reflect.Value {
	if v == nil {
		return reflect.Value{}
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return reflect.Value{}
		}
		rv = rv.Elem()
	}
	return rv
}
