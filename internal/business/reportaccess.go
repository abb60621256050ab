package business

import (
	"slices"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// ReportTypes is ReportEnum of the published description: the reports a
// restricted user's report access can name (specificReports).
var ReportTypes = []string{
	"DetailedActivityReport", "PayRunComparisonReport", "SuperContributionsReport", "OrdinaryTimeEarningsReport", "DeductionsReport",
	"PayrollTaxReport", "PaygReport", "PayCategoriesReport", "PayRunAuditReport", "CostingReport", "TimesheetReport",
	"ExpensesReport", "PaymentHistoryReport", "LeaveBalancesReport", "LeaveLiabilityReport", "LeaveHistoryReport", "BirthdayReport",
	"EmployeeDetailsReport", "UnpaidEmployeesReport", "QualificationsReport", "EmployeeSatisfactionReport", "AttendanceReport",
	"EmergencyContactsReport", "EmployerLiabilitiesReport", "PayRunVarianceReport", "EmployeeDetailsAuditReport", "GrossToNetReport",
	"LiveView", "TasksReport", "ShiftSwappingReport", "PensionContributionsReport", "EmployerPaymentSummaryReport",
	"PayRunInclusionsReport", "P32Report", "PaySlipReport", "PaymentFileReport", "JournalReport", "IrdEmployeeDetailsReport",
	"PayDayFilingReport", "KiwiSaverReport", "PayeReport", "KiwiSaverEmploymentDetailsReport", "EmployerDeductions",
	"RosterTimesheetComparisonReport", "CpfLodgementReport", "WithholdingReport", "EsctRateReport", "JobKeeperEligibilityReport",
	"EarningsCertificate", "Ir8AReport", "ExcessCpfContributionsReport", "BenefitsInKindReport", "ShareOptionsReport", "Cp39Report",
	"EAFormReport", "PCB2FormReport", "IrasReport", "IrasLodgementReport", "PayRunExportReport", "JobMakerEligibilityReport",
	"EpfKwsp6BorangA", "EpfKwsp3Registration", "MyBenefitsInKindReport", "EmployeeBenefitsReport", "BenefitsNiReport", "SocsoForm2",
	"SocsoFormSip2a", "SocsoForm8a", "PcbWithholdingReport", "SocsoForm3", "IrbFormCp22", "IrbFormCp22a", "CompanyCarsReport",
	"P11D", "P11Db", "EmployeeCarsReport", "P46Car", "IrbFormCp8d", "DocumentAcknowledgementsReport",
	"PaymentAndDeductionStatementReport", "UkGenderPayGapDataReport", "Cis300", "Zakat", "EisContributionsReport",
	"EmployeeLeaveRatesReport", "P11", "P60", "AverageHoursReport", "UkCourtOrderReport", "UkOccupationalPayReport",
	"EisSocsoCombinedContributionsReport", "P45Report", "CpfOwAndAwReconciliationReport", "PayRunFpsReport",
	"PortableLongServiceLeaveReport", "UkTaxAndNiBandwidthsReport", "CustomisablePayrollReport",
	"SuperannuationStaplingDetailsReport", "HmrcInboxReport", "HrdfMonthlyContributionsReport", "CpfApexOverviewReport",
	"CasualConversionReport",
}

// Report access types (ReportAccessType).
const (
	ReportsNone     = "None"
	AllReports      = "AllReports"
	SpecificReports = "SpecificReports"
	ReportPack      = "ReportPack"
)

// IsReportType reports whether name is one of ReportTypes (any case).
func IsReportType(name string) bool {
	return slices.ContainsFunc(ReportTypes, func(r string) bool { return strings.EqualFold(r, name) })
}

// RunsReport reports whether the access may run report (a ReportTypes
// name): unrestricted access every report; a restricted grant by its
// report access: AllReports every one, SpecificReports those it lists,
// None (or none given) and ReportPack none (report packs are not served,
// so a grant of one names no report we can tell). Self-service access
// runs no business report.
func (a Access) RunsReport(report string) bool {
	if a.Unrestricted {
		return true
	}
	if a.SelfEmployeeID != 0 {
		return false
	}
	ra := a.Restrictions.Reports
	if ra == nil {
		return false
	}
	switch {
	case strings.EqualFold(ra.AccessType, AllReports):
		return true
	case strings.EqualFold(ra.AccessType, SpecificReports):
		return hasPerm(string(ra.SpecificReports), report)
	}
	return false
}

// ReportRowsUnrestricted reports whether the access's reports cover every
// employee of the business (unrestricted access, or a grant with
// noReportingRestriction) rather than the employees in its scope.
func (a Access) ReportRowsUnrestricted() bool {
	if a.Unrestricted {
		return true
	}
	return a.Restricted() && a.Restrictions.Reports != nil && a.Restrictions.Reports.NoReportingRestriction
}

// ReportDenied is the 403 of a restricted user whose report access does
// not include report.
func ReportDenied(report string) error {
	return payroll.Forbidden("this needs report access to %s (reports.accessType AllReports, or SpecificReports naming it)", report)
}
