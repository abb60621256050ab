package employeereport

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

// EmployeeAudit is one changed member of an employee
// (EmployeeDetailsAuditReportApiModel).
type EmployeeAudit struct {
	EmployeeID     int64            `json:"employeeId"`
	FirstName      string           `json:"firstName"`
	Surname        string           `json:"surname"`
	ExternalID     string           `json:"externalId"`
	TimestampUTC   payroll.DateTime `json:"timestampUtc"`
	TimestampLocal payroll.DateTime `json:"timestampLocal"`
	Section        string           `json:"section"`
	FieldName      string           `json:"fieldName"`
	OldValue       string           `json:"oldValue"`
	NewValue       string           `json:"newValue"`
	UserName       string           `json:"userName"`
	Channel        string           `json:"channel"`
}

// EmployeeAuditQuery selects the trail: report.Filter's employee, location,
// employing entity and pay schedule (the employee's), From/To on the day
// of the change, and one section.
type EmployeeAuditQuery struct {
	report.Filter
	Section string
}

// AuditSections are the EmployeeAuditSection values the request may name.
var AuditSections = []string{"EmployeeDetails", "EmergencyContacts", "TaxFileDeclaration", "PayRunDefaults", "BankAccounts", "SuperFunds", "Locations",
	"WorkTypes", "Qualifications", "RecurringTransactions", "PayRates", "LeaveAllowances", "AdditionalEarningsLines", "Notes", "OpeningBalances",
	"EmployeePortalAccess", "KioskAccess", "Documents", "Unavailabilities", "NationalInsuranceRecord", "PensionSettings", "KiwiSaver",
	"TaxCodeDeclaration", "NationalRegistrationIdentityRecord", "LeavePaySettings", "EmployeeStatutoryDetails", "EmployeeScheduledUpdates",
	"EarningsCertificate", "PreviousEmployer", "JobKeeper", "JobMaker", "SelfManagedSuperFunds", "CisSubcontractor"}

// EmployeeAudit lists the changes made to the employees p may see, oldest
// first, filtered in SQL with p's scope.
func (s *Service) EmployeeAudit(ctx context.Context, biz business.Business, p *payroll.Principal, aq EmployeeAuditQuery) (_ []EmployeeAudit, err error) {
	defer payroll.Wrap(&err, "employee audit report of business %d", biz.ID)
	var b report.Args
	where, err := s.EmployeeScope(ctx, biz, p, aq.Filter, &b)
	if err != nil {
		return nil, err
	}
	where += " AND a.business_id = " + b.Bind(biz.ID)
	if aq.Section != "" {
		where += " AND a.section = " + b.Bind(aq.Section)
	}
	if aq.PayScheduleID != 0 {
		where += " AND e.pay_schedule_id = " + b.Bind(aq.PayScheduleID)
	}
	where += b.Days("a.at", aq.From, aq.To)
	loc := payroll.RegionLocation(biz.Region)
	q := "SELECT e.id, e.first_name, e.surname, COALESCE(e.external_id, ''), a.at, a.section, a.field_name, a.old_value, a.new_value, a.user_name, a.channel " +
		"FROM employee_audit a JOIN employees e ON e.id = a.employee_id" + where + " ORDER BY a.at, a.id"
	out := []EmployeeAudit{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r EmployeeAudit
		var at report.NullTime
		if err := rows.Scan(&r.EmployeeID, &r.FirstName, &r.Surname, &r.ExternalID, &at, &r.Section, &r.FieldName, &r.OldValue, &r.NewValue,
			&r.UserName, &r.Channel); err != nil {
			return err
		}
		t := at.Time()
		utc := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)
		r.TimestampUTC, r.TimestampLocal = payroll.NewDateTime(utc), payroll.NewDateTime(utc.In(loc))
		out = append(out, r)
		return nil
	})

	return out, err
}
