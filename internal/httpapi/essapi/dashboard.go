package essapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee/standardhours"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/httpapi/essapi/essleave"
	"github.com/payrolld/payrolld/internal/httpapi/kioskapi"
	"github.com/payrolld/payrolld/internal/httpapi/rosterapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/roster"
)

// Dashboard is AuDashboardModel: what the employee's self-service home
// page shows, every member read from the employee's records.
type Dashboard struct {
	Features                               ess.Features                    `json:"features"`
	NextShift                              rosterapi.EssRosterShift        `json:"nextShift" doc:"the employee's next published shift (starting after now); id 0: none"`
	CurrentShift                           EssCurrentShift                 `json:"currentShift"`
	LatestPayslip                          EssPayslip                      `json:"latestPayslip" doc:"the latest paid published payslip; id 0: none"`
	LeaveBalances                          []leave.Balance                 `json:"leaveBalances"`
	Titles                                 []Title                         `json:"titles" doc:"empty: no title register is kept (titles are free text)"`
	WorkTypes                              []EssWorkType                   `json:"workTypes"`
	ShiftConditions                        []EssWorkType                   `json:"shiftConditions"`
	Locations                              []locations.Location            `json:"locations"`
	Classifications                        []record.IDName                 `json:"classifications" doc:"empty: award classifications are not modelled"`
	LeaveCategories                        []essleave.EssLeaveCategory     `json:"leaveCategories"`
	CurrentWeekSatisfactionSurvey          ess.Satisfaction                `json:"currentWeekSatisfactionSurvey"`
	Timesheets                             EssCurrentTimesheets            `json:"timesheets"`
	TimesheetEntryPeriodEnd                payroll.DateTimeOrMin           `json:"timesheetEntryPeriodEnd" doc:"the last day of the current period (timesheets.periodEnding)"`
	ExpenseCategories                      []expense.ExpenseCategoryOption `json:"expenseCategories"`
	TaxCodes                               []categories.TaxCode            `json:"taxCodes"`
	Expenses                               EssCurrentExpenses              `json:"expenses"`
	PendingShiftCount                      int                             `json:"pendingShiftCount" doc:"published shifts not yet accepted that have not ended"`
	ProposedSwapCount                      int                             `json:"proposedSwapCount" doc:"shift swaps proposed to the employee awaiting their answer"`
	PendingLeaveCount                      int                             `json:"pendingLeaveCount"`
	DocumentsRequiringAcknowledgementCount int                             `json:"documentsRequiringAcknowledgementCount"`
	Region                                 string                          `json:"region"`
	BiddableShiftCount                     int                             `json:"biddableShiftCount" doc:"0: shift bidding is not kept (features.shiftBidding is false)"`
	IsTerminated                           bool                            `json:"isTerminated"`
	GoogleMapsAPIKey                       string                          `json:"googleMapsApiKey" doc:"empty: no maps key is configured"`
	StartDate                              payroll.DateTime                `json:"startDate" nullable:"true"`
	StandardHours                          standardhours.Hours             `json:"standardHours"`
	NotAcceptedShiftsCount                 int                             `json:"notAcceptedShiftsCount" doc:"published shifts that ended without being accepted"`
	PendingLeave                           []leave.Request                 `json:"pendingLeave" doc:"the employee's leave requests awaiting a decision (not a member of the reference model)"`
	UpcomingLeave                          []leave.Request                 `json:"upcomingLeave" doc:"approved leave ending today or later (not a member of the reference model)"`
}

// EssCurrentShift is EssCurrentShiftModel: the employee's attendance
// (clock on / off at a kiosk or in self-service).
type EssCurrentShift struct {
	ShiftID           int64      `json:"shiftId" doc:"the open clocked shift; 0 when not clocked on"`
	ClockOnTimeUTC    *time.Time `json:"clockOnTimeUtc" nullable:"true"`
	BreakStartTimeUTC *time.Time `json:"breakStartTimeUtc" nullable:"true"`
	Status            string     `json:"status" enum:"NotClockedOn,ClockedOn,OnBreak,ClockedOff"`
	LongShift         bool       `json:"longShift" doc:"clocked on for more than 12 hours"`
	IsPaidBreak       bool       `json:"isPaidBreak" doc:"the open break is paid"`
}

// EssCurrentTimesheets is EssCurrentTimesheetsModel.
type EssCurrentTimesheets struct {
	PeriodStarting    payroll.DateTime `json:"periodStarting"`
	PeriodEnding      payroll.DateTime `json:"periodEnding"`
	SubmittedCount    int              `json:"submittedCount"`
	ApprovedCount     int              `json:"approvedCount"`
	RejectedCount     int              `json:"rejectedCount"`
	ProcessedCount    int              `json:"processedCount"`
	DurationInMinutes int64            `json:"durationInMinutes" doc:"worked minutes of the submitted, approved and processed lines"`
}

// EssCurrentExpenses is EssCurrentExpensesModel.
type EssCurrentExpenses struct {
	PeriodStarting payroll.DateTime `json:"periodStarting"`
	PeriodEnding   payroll.DateTime `json:"periodEnding"`
	SubmittedCount int              `json:"submittedCount" doc:"pending requests"`
	ApprovedCount  int              `json:"approvedCount"`
	RejectedCount  int              `json:"rejectedCount" doc:"declined requests"`
	ProcessedCount int              `json:"processedCount"`
}

const dashboardNote = "Every member is read from the employee's records: the current period is this week (Monday to Sunday, " +
	"timesheetEntryPeriodEnd its last day); " +
	"timesheets counts the lines starting in it by state, expenses the requests made in it. nextShift is the next published shift " +
	"(id 0: none), currentShift the clock on state, latestPayslip the latest published payslip (id 0: none), standardHours the " +
	"employee's standard hours. Sections follow the business's self-service features: with leave self-service off leaveBalances and " +
	"leaveCategories are empty and pendingLeaveCount 0; with the timesheet setting Disabled the timesheet counts are 0; with expenses " +
	"off the expense counts, categories and tax codes are empty; with the satisfaction survey off the survey is NotSet. " +
	"Titles and classifications are empty (no register is kept), biddableShiftCount 0 (no shift bidding), googleMapsApiKey empty."

func registerDashboard(a *httpapi.API, d Deps) {
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/dashboard", Tags: []string{"Employee Self Service"},
		Summary: "The employee's dashboard (self-service)", Description: dashboardNote},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[Dashboard], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := dashboard(ctx, a, d, id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[Dashboard]{Body: out}, nil
		})
}

func dashboard(ctx context.Context, a *httpapi.API, d Deps, id int64) (Dashboard, error) {
	biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
	e, err := d.Employees.Get(ctx, biz, p, id)
	if err != nil {
		return Dashboard{}, err
	}
	f, err := d.ESS.Features(ctx, biz)
	if err != nil {
		return Dashboard{}, err
	}
	now := d.Dashboards.Clock.Now()
	from, to := ess.Week(now)
	out := Dashboard{Features: f, Region: biz.Region, IsTerminated: e.Status == "Terminated", StartDate: e.Members.StartDate,
		LeaveBalances: []leave.Balance{}, Titles: []Title{}, Classifications: []record.IDName{}, LeaveCategories: []essleave.EssLeaveCategory{},
		ExpenseCategories: []expense.ExpenseCategoryOption{}, TaxCodes: []categories.TaxCode{},
		PendingLeave: []leave.Request{}, UpcomingLeave: []leave.Request{},
		CurrentShift:                  EssCurrentShift{Status: "NotClockedOn"},
		CurrentWeekSatisfactionSurvey: ess.Satisfaction{Value: "NotSet", WeekStartDate: payroll.NewDateTime(from)},
		TimesheetEntryPeriodEnd:       orMin(payroll.NewDateTime(to)),
		Timesheets:                    EssCurrentTimesheets{PeriodStarting: payroll.NewDateTime(from), PeriodEnding: payroll.NewDateTime(to)},
		Expenses:                      EssCurrentExpenses{PeriodStarting: payroll.NewDateTime(from), PeriodEnding: payroll.NewDateTime(to)}}

	// Roster: the next shift and the counts.
	rc, err := d.Dashboards.Roster(ctx, biz, id)
	if err != nil {
		return Dashboard{}, err
	}
	if rc.NextShiftID != 0 {
		sh, err := d.Roster.EmployeeShift(ctx, biz, p, id, rc.NextShiftID)
		if err != nil {
			return Dashboard{}, err
		}
		out.NextShift = rosterapi.EssShape(sh, id)
	} else {
		out.NextShift = rosterapi.EssShape(roster.Shift{}, id)
	}
	counts, err := d.Roster.CountsOf(ctx, biz, id)
	if err != nil {
		return Dashboard{}, err
	}
	out.PendingShiftCount, out.ProposedSwapCount, out.NotAcceptedShiftsCount = counts.PendingShifts, counts.ProposedSwaps, rc.NotAccepted

	// Attendance.
	st, err := d.Kiosks.Status(ctx, biz, p, id)
	if err != nil {
		return Dashboard{}, err
	}
	k := kioskapi.Shape(st, now)
	out.CurrentShift = EssCurrentShift{ShiftID: st.CurrentShiftID, ClockOnTimeUTC: k.ClockOnTimeUTC, BreakStartTimeUTC: k.BreakStartTimeUTC,
		Status: st.Status, LongShift: k.LongShift, IsPaidBreak: st.Status == "OnBreak" && st.BreakPaid}

	// Pay slips, documents, standard hours, lookups.
	if ps, ok, err := d.Payslips.Latest(ctx, biz, p, id); err != nil {
		return Dashboard{}, err
	} else if ok {
		out.LatestPayslip = essPayslip(ps)
	}
	if out.DocumentsRequiringAcknowledgementCount, err = d.Documents.AwaitingAcknowledgement(ctx, biz, p, id); err != nil {
		return Dashboard{}, err
	}
	if out.StandardHours, err = d.Hours.Get(ctx, biz, p, id); err != nil {
		return Dashboard{}, err
	}
	if out.Locations, err = lookupLocations(ctx, a); err != nil {
		return Dashboard{}, err
	}
	if out.WorkTypes, out.ShiftConditions, err = lookupWorkTypes(ctx, a); err != nil {
		return Dashboard{}, err
	}

	// Leave.
	if f.AllowEmployeeLeaveSelfService {
		if out.LeaveBalances, err = d.Leave.Balances(ctx, biz, p, id, time.Time{}); err != nil {
			return Dashboard{}, err
		}
		cs, err := d.Leave.SelfServiceCategories(ctx, biz, p, id)
		if err != nil {
			return Dashboard{}, err
		}
		out.LeaveCategories = essleave.Categories(cs)
		reqs, err := d.Leave.EmployeeRequests(ctx, biz, p, id)
		if err != nil {
			return Dashboard{}, err
		}
		today := payroll.DateOnly(now)
		for _, r := range reqs {
			switch {
			case r.Status == leave.StatusPending:
				out.PendingLeave = append(out.PendingLeave, r)
			case r.Status == leave.StatusApproved && !r.ToDate.Time.Before(today):
				out.UpcomingLeave = append(out.UpcomingLeave, r)
			}
		}
		out.PendingLeaveCount = len(out.PendingLeave)
	}

	// Timesheets, expenses, the survey.
	if f.EssTimesheetSetting != "Disabled" {
		tc, err := d.Dashboards.Timesheets(ctx, biz, id, from, to)
		if err != nil {
			return Dashboard{}, err
		}
		out.Timesheets.SubmittedCount, out.Timesheets.ApprovedCount, out.Timesheets.RejectedCount, out.Timesheets.ProcessedCount =
			tc.Submitted, tc.Approved, tc.Rejected, tc.Processed
		out.Timesheets.DurationInMinutes = tc.Minutes
	}
	if f.AllowEmployeeExpensesSelfService {
		ec, err := d.Dashboards.Expenses(ctx, biz, id, from, to)
		if err != nil {
			return Dashboard{}, err
		}
		out.Expenses.SubmittedCount, out.Expenses.ApprovedCount, out.Expenses.RejectedCount, out.Expenses.ProcessedCount =
			ec.Submitted, ec.Approved, ec.Rejected, ec.Processed
		cats, err := d.Expenses.CategoryOptions(ctx, biz)
		if err != nil {
			return Dashboard{}, err
		}
		out.ExpenseCategories = append(out.ExpenseCategories, cats...)
		out.TaxCodes = append(out.TaxCodes, categories.ExpenseTaxCodes(biz.Region)...)
	}
	if f.AllowEmployeeSatisfactionSurvey {
		if out.CurrentWeekSatisfactionSurvey, err = d.Satisfactions.ThisWeek(ctx, biz, p, id); err != nil {
			return Dashboard{}, err
		}
	}
	return out, nil
}
