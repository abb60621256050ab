package cli

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/payrolld/payrolld/internal/collections"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/httpapi/filingapi"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/report/leavereport"

	"github.com/payrolld/payrolld/internal/agreement"
	"github.com/payrolld/payrolld/internal/brand"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/employee/access"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/employee/document"
	"github.com/payrolld/payrolld/internal/employee/earningssplit"
	"github.com/payrolld/payrolld/internal/employee/inclusion"
	"github.com/payrolld/payrolld/internal/employee/notes"
	"github.com/payrolld/payrolld/internal/employee/openingbalance"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/employee/qualification"
	"github.com/payrolld/payrolld/internal/employee/standardhours"
	"github.com/payrolld/payrolld/internal/employee/superadjustment"
	"github.com/payrolld/payrolld/internal/employee/taxadjustment"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/httpapi/auapi"
	"github.com/payrolld/payrolld/internal/httpapi/awardapi"
	"github.com/payrolld/payrolld/internal/httpapi/employeeapi"
	"github.com/payrolld/payrolld/internal/httpapi/essapi"
	"github.com/payrolld/payrolld/internal/httpapi/kioskapi"
	"github.com/payrolld/payrolld/internal/httpapi/leaveapi"
	"github.com/payrolld/payrolld/internal/httpapi/lookupapi"
	"github.com/payrolld/payrolld/internal/httpapi/managerapi"
	"github.com/payrolld/payrolld/internal/httpapi/myapi"
	"github.com/payrolld/payrolld/internal/httpapi/oauthapi"
	"github.com/payrolld/payrolld/internal/httpapi/payrunapi"
	"github.com/payrolld/payrolld/internal/httpapi/platformapi"
	"github.com/payrolld/payrolld/internal/httpapi/referenceapi"
	"github.com/payrolld/payrolld/internal/httpapi/reportapi"
	"github.com/payrolld/payrolld/internal/httpapi/rosterapi"
	"github.com/payrolld/payrolld/internal/httpapi/sgapi"
	"github.com/payrolld/payrolld/internal/httpapi/suburbapi"
	"github.com/payrolld/payrolld/internal/httpapi/timesheetapi"
	"github.com/payrolld/payrolld/internal/httpapi/ukapi"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/my/statutorydetails"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/oauth"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunjobs "github.com/payrolld/payrolld/internal/payrun/jobs"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	payrunviews "github.com/payrolld/payrolld/internal/payrun/views"
	"github.com/payrolld/payrolld/internal/ratelimit"
	"github.com/payrolld/payrolld/internal/roster"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/sg/iras"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/suburb"
	"github.com/payrolld/payrolld/internal/timesheet"
	"github.com/payrolld/payrolld/internal/uk/autoenrol"
	"github.com/payrolld/payrolld/internal/uk/employerreturns"
	"github.com/payrolld/payrolld/internal/uk/forms"
	"github.com/payrolld/payrolld/internal/uk/hmrcadjustment"
	"github.com/payrolld/payrolld/internal/uk/ni"
	"github.com/payrolld/payrolld/internal/uk/occupationalabsence"
	"github.com/payrolld/payrolld/internal/uk/p11d"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
	"github.com/payrolld/payrolld/internal/uk/rti"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
	"github.com/payrolld/payrolld/internal/uk/yeartodate"
	"github.com/payrolld/payrolld/internal/user"
	"github.com/payrolld/payrolld/internal/webhook"
)

// App is every service wired together over one database. The serve command
// and the tests build it the same way.
type App struct {
	Config     config.Config
	DB         *db.DB
	Clock      payroll.Clock
	Log        *slog.Logger
	Notify     *notify.Sender
	Users      *user.Service
	Businesses *business.Service
	Brands     *brand.Service
	Reference  *collections.Collections
	Employees  *employee.Service
	Leave      *leave.Service
	Agreements *agreement.Service // awards, rule sets, employment agreements
	Timesheets *timesheet.Service
	Roster     *roster.Service
	Kiosks     *kiosk.Service
	PayRuns    *payrun.Service
	Filings    *filing.Service // filings to tax authorities (AU STP), an Effect of PayRuns
	Webhooks   *webhook.Service
	Jobs       *job.Client // River: areas register workers while Build runs
	OAuth      *oauth.Service
	API        *httpapi.API
	Handler    http.Handler

	// StatutoryLeave: UK statutory leave (ukapi, paid by pay runs).
	StatutoryLeave *statutoryleave.Service
	// Employee self-service: E/access, onboarding, profile images.
	EmployeeAccess *access.Service
	ProfileImages  *ess.Images
	ESS            *ess.Service

	workers []*worker // background workers, see StartJobs (supervise.go)
	readiness
}

// Build wires the services and the HTTP API.
func Build(cfg config.Config, database *db.DB, clock payroll.Clock, log *slog.Logger) *App {
	a := &App{Config: cfg, DB: database, Clock: clock, Log: log}
	a.Jobs = job.New(database, job.Options{Log: log})
	a.Notify = &notify.Sender{DB: database, Clock: clock, SMTPAddr: cfg.SMTPAddr, From: cfg.SMTPFrom, Log: log}
	a.Users = &user.Service{DB: database, Clock: clock}
	a.Businesses = &business.Service{DB: database, Clock: clock, Users: a.Users, Notify: a.Notify}
	a.Brands = &brand.Service{DB: database, Clock: clock}
	a.Reference = collections.NewCollections(&record.Service{DB: database, Clock: clock})
	a.Businesses.LinkAccess = a.Reference.LinkAccess
	a.Businesses.OnCreate = a.Reference.SetupOfficialHolidays
	a.Webhooks = &webhook.Service{DB: database, Clock: clock, AllowPrivate: cfg.WebhookAllowPrivate}
	a.workers = append(a.workers, &worker{name: "webhook delivery", run: a.Webhooks.NewWorker(cfg.WebhookPollInterval, log).Run})
	if database.Dialect == db.Postgres {
		a.workers = append(a.workers, &worker{name: "webhook wake", run: func(ctx context.Context) error { return a.Webhooks.Broadcast(ctx, log) }})
	}
	a.Employees = &employee.Service{DB: database, Clock: clock, Businesses: a.Businesses, Groups: a.Reference.GroupCollections, Emit: a.Webhooks.Emit}
	a.Reference.GroupCollections.GroupCandidates = a.Employees.GroupCandidates
	a.Leave = &leave.Service{DB: database, Clock: clock, Employees: a.Employees, Categories: a.Reference.LeaveCategories,
		Templates: leave.NewTemplates(a.Reference.S), Holidays: a.Reference.PublicHolidaysOfYear, Emit: a.Webhooks.Emit,
		RequireNotes: func(ctx context.Context, q *store.Queries, biz business.Business) (bool, error) {
			if a.Reference.LeaveSettings.Gate(biz) != nil { // no leave settings in this region
				return false, nil
			}
			ls, err := a.Reference.LeaveSettings.GetInTx(ctx, q, biz, "")
			return ls.RequireNotesForLeaveRequests, err
		}}
	a.Agreements = &agreement.Service{DB: database, Clock: clock, PayCategories: a.Reference.PayCategories, Schedules: a.Reference.ScheduleCollections,
		PayRates: &payrate.Service{Employees: a.Employees, PayCategories: a.Reference.PayCategories, Clock: clock}}
	a.Timesheets = &timesheet.Service{DB: database, Clock: clock, Employees: a.Employees, Emit: a.Webhooks.Emit, EmitEach: a.Webhooks.EmitEach, Rates: &payrate.Service{Employees: a.Employees, PayCategories: a.Reference.PayCategories, Clock: clock},
		Agreements: a.Agreements}
	a.StatutoryLeave = &statutoryleave.Service{DB: database, Clock: clock, Employees: a.Employees}
	a.Timesheets.RegisterJobs(a.Jobs)
	a.Roster = &roster.Service{DB: database, Clock: clock, Employees: a.Employees, Timesheets: a.Timesheets}
	a.Kiosks = &kiosk.Service{DB: database, Clock: clock, Employees: a.Employees, Timesheets: a.Timesheets, Roster: a.Roster, Notify: a.Notify,
		Lookups: &kiosk.Lookups{LocationCollections: a.Reference.LocationCollections, CoreCollections: a.Reference.CoreCollections},
		Rounding: func(ctx context.Context, q *store.Queries, biz business.Business) (settings.TimesheetRoundingRules, error) {
			return a.Reference.RoundingRules.GetInTx(ctx, q, biz, "")
		}}
	a.PayRuns = &payrun.Service{Calculator: pay.Calculator{DB: database, Categories: a.Reference.CoreCollections, Leave: a.Leave, Timesheets: a.Timesheets,
		StatutoryLeave: a.StatutoryLeave}, Clock: clock, Employees: a.Employees, Schedules: a.Reference.ScheduleCollections, Emit: a.Webhooks.Emit,
		Effects: []payrun.Effect{payrun.InclusionsEffect{Clock: clock}, payrun.LeaveEffect{Leave: a.Leave, Emit: a.Webhooks.Emit},
			payrun.TimesheetEffect{Timesheets: a.Timesheets}, payrun.ExpenseEffect{Clock: clock}, payrun.TaxAdjustmentsEffect{Clock: clock}}}
	a.PayRuns.ReadPaySlips = payrunviews.New(a.PayRuns).PaySlips
	payRunJobs := payrunjobs.NewJobs(a.PayRuns, a.Jobs, a.Businesses, a.Webhooks.OutboundClient(), a.Webhooks.CheckTarget, log, 0)
	payRunJobs.Notify = a.Notify // published payslips' emails
	a.PayRuns.Effects = append(a.PayRuns.Effects, payRunJobs)
	a.Filings = &filing.Service{DB: database, Clock: clock, Emit: a.Webhooks.Emit, Calculator: &a.PayRuns.Calculator,
		Categories: a.Reference.CoreCollections, AU: a.Reference.AUCollections, Transmitter: filingTransmitter(cfg)}
	a.Filings.Register(a.Jobs)
	a.PayRuns.Effects = append(a.PayRuns.Effects, a.Filings)
	a.PayRuns.Lodgement = a.Filings.Lodgement
	a.EmployeeAccess = &access.Service{DB: database, Clock: clock, Employees: a.Employees, Users: a.Users, Notify: a.Notify, BaseURL: cfg.BaseURL}
	a.ProfileImages = &ess.Images{Employees: a.Employees, Clock: clock}
	a.ESS = &ess.Service{Portal: a.Reference.EmployeePortalSettings, Timesheets: a.Reference.TimesheetSettings, Access: a.EmployeeAccess}
	// Business and self-service paths share the expense and qualification
	// services; the business's portal settings decide what employees may do.
	expenses := &expense.Service{Employees: a.Employees, Clock: clock, SelfServiceAllowed: func(ctx context.Context, biz business.Business) (bool, error) {
		ps, err := a.Reference.EmployeePortalSettings.Get(ctx, biz, "")
		return ps.AllowEmployeeExpensesSelfService, err
	}}
	quals := &qualification.Service{Employees: a.Employees, Clock: clock}
	smsfs := &ess.SMSFs{Employees: a.Employees, Clock: clock, Funds: a.Reference.SelfManagedFunds}
	// Every service an area serves is built once, here.
	bankAccounts := &bankaccount.Service{Employees: a.Employees, Clock: clock}
	payRates := &payrate.Service{Employees: a.Employees, PayCategories: a.Reference.PayCategories, Clock: clock}
	hours := &standardhours.Service{Employees: a.Employees, Clock: clock}
	documents := &document.Service{Employees: a.Employees, Clock: clock}
	essDocuments := &ess.Documents{Employees: a.Employees, Clock: clock}
	payslips := &ess.Payslips{Employees: a.Employees, Outputs: payrunout.NewOutputs(a.PayRuns)}
	superFunds := &ess.SuperFunds{Employees: a.Employees, Registry: a.Reference.SuperRegistry}
	deviceTokens := &ess.DeviceTokens{DB: database, Clock: clock}
	reports := &report.Service{DB: database, Clock: clock, Employees: a.Employees, PayRuns: a.PayRuns, PayCategoryRecords: a.Reference.PayCategories,
		LeaveCategories: a.Reference.LeaveCategories}
	autoEnrolment := &autoenrol.Service{DB: database, Clock: clock, Employees: a.Employees}
	ukForms := &forms.Service{DB: database, Clock: clock, Employees: a.Employees, UK: a.Reference.UKCollections, Notify: a.Notify, Pensions: autoEnrolment}
	a.OAuth = &oauth.Service{DB: database, Clock: clock, Users: a.Users, Businesses: a.Businesses, Notify: a.Notify, BaseURL: cfg.BaseURL}
	a.API = httpapi.New(httpapi.Deps{
		Config: cfg, Clock: clock, Log: log, ShareSchemas: true, Ready: a.Ready,
		RateLimit: ratelimit.New(database, cfg.RateLimitRPS, cfg.RateLimitBurst, clock.Now, log), Users: a.Users, Businesses: a.Businesses, Brands: a.Brands, Webhooks: a.Webhooks, OAuth: a.OAuth, Reference: a.Reference,
		BearerAuth: a.OAuth.AuthenticateBearer, SelfService: a.Employees.SelfServiceAccess,
		EmployeeInScope: func(ctx context.Context, b business.Business, p *payroll.Principal, id int64) error {
			_, err := a.Employees.Visible(ctx, b, p, id)
			return err
		},
		RecordOwners: map[string]httpapi.EmployeeOf{
			httpapi.TimesheetLine:  a.Timesheets.EmployeeOfLine,
			httpapi.RosterShift:    a.Roster.EmployeeOfShift,
			httpapi.Unavailability: a.Leave.EmployeeOfUnavailability,
		},
		PayRuns:             a.PayRuns,
		KioskAvailableToAll: a.Kiosks.AvailableToAllRestricted,
		Areas: []func(*httpapi.API){
			oauthapi.Register(a.OAuth),
			platformapi.Register,
			lookupapi.Register,
			suburbapi.Register(suburbapi.Deps{Employees: a.Employees, Suburbs: &suburb.Service{DB: database}}),
			referenceapi.Register,
			employeeapi.Register(employeeapi.Deps{Employees: a.Employees, Locations: a.Reference.Locations, WorkTypes: a.Reference.WorkTypes,
				Records: employeeapi.Records{BankAccounts: bankAccounts, PayRates: payRates, Hours: hours,
					Inclusions: &inclusion.Service{Employees: a.Employees, Clock: clock}, Notes: &notes.Service{Employees: a.Employees, Clock: clock}},
				Files:  employeeapi.Files{Documents: documents, Qualifications: quals, Expenses: expenses},
				Access: employeeapi.Access{Access: a.EmployeeAccess, Images: a.ProfileImages, SMSFs: smsfs},
				PayRecords: employeeapi.PayRecords{OpeningBalances: &openingbalance.Service{Employees: a.Employees, Leave: a.Leave, Clock: clock},
					TaxAdjustments: &taxadjustment.Service{Employees: a.Employees, Clock: clock}, Splits: &earningssplit.Service{Employees: a.Employees, Clock: clock}}}),
			leaveapi.Register(a.Leave),
			timesheetapi.Register(a.Timesheets),
			awardapi.Register(a.Agreements, a.Timesheets),
			payrunapi.Register(a.PayRuns),
			ukapi.Register(ukapi.Deps{StatutoryLeave: a.StatutoryLeave,
				HmrcAdjustments: &hmrcadjustment.Service{DB: database, Clock: clock, Employees: a.Employees},
				NI:              &ni.Service{DB: database, Clock: clock, Employees: a.Employees},
				AutoEnrolment:   autoEnrolment,
				YearToDate:      &yeartodate.Service{DB: database, Clock: clock, Employees: a.Employees},
				PensionMembers:  &pensionmember.Service{DB: database, Clock: clock, Employees: a.Employees},
				Reports:         reports,
				RTI:             &rti.Service{DB: database, Clock: clock, Employees: a.Employees, UK: a.Reference.UKCollections},
				Forms:           ukForms,
				P11D:            &p11d.Service{DB: database, Clock: clock, Employees: a.Employees, UK: a.Reference.UKCollections, Forms: ukForms},
				Absence:         &occupationalabsence.Service{DB: database, Clock: clock, Employees: a.Employees},
				EmployerReturns: &employerreturns.Service{DB: database, Clock: clock, Employees: a.Employees, UK: a.Reference.UKCollections}}),
			essapi.Register(essapi.Deps{ESS: a.ESS, Employees: a.Employees, Images: a.ProfileImages, SMSFs: smsfs, Leave: a.Leave,
				BankAccounts: bankAccounts, SuperRegistry: a.Reference.SuperRegistry, DeviceTokens: deviceTokens, Timesheets: a.Timesheets,
				Expenses: expenses, Qualifications: quals, Documents: essDocuments, Payslips: payslips, SuperFunds: superFunds,
				Satisfactions: &ess.Satisfactions{Employees: a.Employees, Clock: clock}, Roster: a.Roster, OAuth: a.OAuth, Hours: hours,
				Kiosks: a.Kiosks, Dashboards: &ess.Dashboards{Employees: a.Employees, Clock: clock}}),
			rosterapi.Register(a.Roster, func(ctx context.Context, id int64) (*time.Location, time.Duration, time.Duration, error) {
				return a.Kiosks.ClockOf(ctx, httpapi.CurrentBusiness(ctx), id)
			}),
			kioskapi.Register(kioskapi.Deps{Kiosks: a.Kiosks, SelfClocking: func(ctx context.Context, biz business.Business) (bool, error) {
				ps, err := a.Reference.EmployeePortalSettings.Get(ctx, biz, "")
				return ps.EnableWorkZoneClockOn, err
			}}),
			sgapi.Register(&iras.Service{Employees: a.Employees, Clock: clock}, reports),
			myapi.Register(&statutorydetails.Service{Employees: a.Employees, Clock: clock}, reports),
			managerapi.Register(managerapi.Deps{Employees: a.Employees, Leave: a.Leave, Timesheets: a.Timesheets, Roster: a.Roster, Expenses: expenses,
				Locations: a.Reference.LocationCollections, Categories: a.Reference.CoreCollections, Kiosks: a.Kiosks, Documents: documents, PayRates: payRates}),
			auapi.Register(auapi.Deps{SuperFunds: superFunds, SuperAdjustments: &superadjustment.Service{Employees: a.Employees, Clock: clock},
				Reports: reports, Payslips: payslips}),
			reportapi.Register(leavereport.NewJobs(reports, a.Jobs, a.Businesses).S),
			filingapi.Register(a.Filings),
		},
	})
	a.Handler = a.API.Handler()
	// after every area has registered its workers
	a.workers = append(a.workers, &worker{name: "job queue", run: a.Jobs.Run, running: a.Jobs.Running})
	return a
}

// StartJobs runs the background workers until ctx is cancelled, each
// restarted when it stops on its own (supervise.go); the returned channel
// closes when all of them have stopped.
func (a *App) StartJobs(ctx context.Context) <-chan struct{} {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, w := range a.workers {
		wg.Go(func() { a.supervise(ctx, w) })
	}
	go func() { wg.Wait(); close(done) }()
	return done
}

// createUserCLI creates a user from the admin command (no acting principal).
func (a *App) createUserCLI(ctx context.Context, username, display, password string, sysAdmin bool) (string, error) {
	if display == "" {
		display = username
	}
	var key string
	err := a.DB.InTx(ctx, func(q *store.Queries) error {
		c, err := a.Users.CreateInTx(ctx, q, user.New{Username: username, DisplayName: display, Password: password}, sql.NullInt64{})
		if err != nil {
			return err
		}
		key = c.APIKey
		if sysAdmin {
			return q.SetUserSystemAdmin(ctx, store.SetUserSystemAdminParams{ID: c.User.ID, IsSystemAdmin: true, UpdatedAt: a.Clock.Now()})
		}
		return nil
	})
	return key, err
}

// filingTransmitter is the configured transmitter of filings: the outbox
// (a directory a sending service provider picks documents up from); the
// network (SBR) transmitter is configuration only and refuses to send.
func filingTransmitter(cfg config.Config) filing.Transmitter {
	if cfg.FilingTransmitter == "network" {
		return filing.Network{Endpoint: cfg.FilingNetworkEndpoint}
	}
	return filing.Outbox{Dir: cfg.FilingOutboxDir}
}
