package business

import "testing"

func ptr(s string) *string { return &s }

// TestPayrollAllows: the payroll access semantics of docs/access.md.
func TestPayrollAllows(t *testing.T) {
	restricted := func(p *PayrollAccess) Access {
		return Access{Restrictions: Restrictions{PayrollAccess: p}}
	}
	creatorSelected := restricted(&PayrollAccess{PayRunCreationAccess: ptr(PayRunCreatorSelectedSchedules), SelectedPaySchedulesForPayRunCreation: []int64{7}})
	approverAll := restricted(&PayrollAccess{PayRunApprovalAccess: ptr(PayRunApproverAllSchedules)})
	payments := restricted(&PayrollAccess{PayRunApprovalAccess: ptr(PaymentApproverSelectedSchedules), SelectedPaySchedulesForPayRunApproval: []int64{7, 8}})
	lodger := restricted(&PayrollAccess{ApproveElectronicPayrollLodgement: true})
	emptySelection := restricted(&PayrollAccess{PayRunCreationAccess: ptr(PayRunCreatorSelectedSchedules)})
	cases := []struct {
		name     string
		acc      Access
		action   PayrollAction
		schedule int64
		want     bool
	}{
		{"no payroll access reads nothing", restricted(nil), ReadPayRuns, 0, false},
		{"no payroll access creates nothing", restricted(&PayrollAccess{}), CreatePayRuns, 7, false},
		{"creator of 7 creates on 7", creatorSelected, CreatePayRuns, 7, true},
		{"creator of 7 not on 8", creatorSelected, CreatePayRuns, 8, false},
		{"creator of 7 creates somewhere", creatorSelected, CreatePayRuns, 0, true},
		{"creator reads its schedule", creatorSelected, ReadPayRuns, 7, true},
		{"creator does not read others", creatorSelected, ReadPayRuns, 8, false},
		{"creator does not finalise", creatorSelected, ApprovePayRuns, 7, false},
		{"creator does not pay", creatorSelected, ApprovePayments, 7, false},
		{"approver of all finalises any", approverAll, ApprovePayRuns, 99, true},
		{"approver does not create", approverAll, CreatePayRuns, 99, false},
		{"approver does not pay", approverAll, ApprovePayments, 99, false},
		{"payment approver pays its schedules", payments, ApprovePayments, 8, true},
		{"payment approver not others", payments, ApprovePayments, 9, false},
		{"payment approver does not finalise", payments, ApprovePayRuns, 8, false},
		{"lodgement approver lodges", lodger, LodgePayEvents, 0, true},
		{"lodgement approver reads every run", lodger, ReadPayRuns, 5, true},
		{"lodgement approver does not create", lodger, CreatePayRuns, 5, false},
		{"creator does not lodge", creatorSelected, LodgePayEvents, 0, false},
		{"an empty selection grants nothing", emptySelection, CreatePayRuns, 0, false},
		{"unrestricted does everything", Access{Unrestricted: true}, ApprovePayments, 3, true},
		{"self-service does nothing", Access{SelfEmployeeID: 4, Restrictions: creatorSelected.Restrictions}, ReadPayRuns, 7, false},
	}
	for _, c := range cases {
		if got := c.acc.PayrollAllows(c.action, c.schedule); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
	if all, ids := payments.PayrollSchedules(ReadPayRuns); all || len(ids) != 2 {
		t.Errorf("payment approver reads schedules all=%v %v", all, ids)
	}
	if all, _ := lodger.PayrollSchedules(ReadPayRuns); !all {
		t.Error("the lodgement approver reads every schedule")
	}
}

// TestRunsReport: report access None / AllReports / SpecificReports /
// ReportPack, and noReportingRestriction.
func TestRunsReport(t *testing.T) {
	with := func(r *ReportAccess) Access { return Access{Restrictions: Restrictions{Reports: r}} }
	cases := []struct {
		name   string
		acc    Access
		report string
		want   bool
	}{
		{"no report access", with(nil), "GrossToNetReport", false},
		{"None", with(&ReportAccess{AccessType: ReportsNone}), "GrossToNetReport", false},
		{"AllReports", with(&ReportAccess{AccessType: AllReports}), "GrossToNetReport", true},
		{"SpecificReports naming it", with(&ReportAccess{AccessType: SpecificReports, SpecificReports: "BirthdayReport,GrossToNetReport"}), "GrossToNetReport", true},
		{"SpecificReports not naming it", with(&ReportAccess{AccessType: SpecificReports, SpecificReports: "BirthdayReport"}), "GrossToNetReport", false},
		{"ReportPack", with(&ReportAccess{AccessType: ReportPack}), "GrossToNetReport", false},
		{"unrestricted", Access{Unrestricted: true}, "GrossToNetReport", true},
	}
	for _, c := range cases {
		if got := c.acc.RunsReport(c.report); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
	if with(&ReportAccess{AccessType: AllReports}).ReportRowsUnrestricted() {
		t.Error("rows are the scope's without noReportingRestriction")
	}
	if !with(&ReportAccess{AccessType: AllReports, NoReportingRestriction: true}).ReportRowsUnrestricted() {
		t.Error("noReportingRestriction covers every employee")
	}
}
