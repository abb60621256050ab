package employeeapi

import (
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/employee/inclusion"
	"github.com/payrolld/payrolld/internal/employee/notes"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/employee/standardhours"
	"github.com/payrolld/payrolld/internal/httpapi"
)

// Records are the services of the records under an employee that a pay
// run reads: bank accounts, pay rates, standard hours,
// recurring inclusions, super funds, notes, opening balances, lookups.
type Records struct {
	BankAccounts *bankaccount.Service
	PayRates     *payrate.Service
	Hours        *standardhours.Service
	Inclusions   *inclusion.Service
	Notes        *notes.Service
}

// registerRecords serves the employee's records.
func registerRecords(a *httpapi.API, r Records) {
	registerBankAccounts(a, r.BankAccounts)
	registerPayRates(a, r.PayRates)
	registerStandardHours(a, r.Hours)
	registerInclusions(a, r.Inclusions)
	registerNotes(a, r.Notes)
}

// The employee record path parameters (httpapi).
var (
	pathEmployee = httpapi.EmployeePathID
	pathIDs      = httpapi.EmployeeRecordPathIDs
)
