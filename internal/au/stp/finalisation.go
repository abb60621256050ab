package stp

import (
	"context"
	"encoding/json"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// IncomeYear is the AU income year that starts on 1 July of year: its
// first and last days.
func IncomeYear(year int) (from, to time.Time) {
	from = time.Date(year, time.July, 1, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(1, 0, -1)
}

// BuildFinalisation is the finalisation declaration of the income year
// starting 1 July of year (docs/reference/au-stp-phase2.md, "Finalisation"):
// an update event carrying every selected payee's year to date from the
// business's finalised runs paid in the year, each with the final event
// indicator set. employeeIDs empty = every employee those runs paid; an id
// they did not pay is a 400 naming it. in.Run and in.EventType are set
// here.
func BuildFinalisation(ctx context.Context, q *store.Queries, in Input, year int, employeeIDs []int64) (Document, error) {
	from, to := IncomeYear(year)
	in.EventType = EventUpdate
	in.Run = store.PayRun{BusinessID: in.Business.ID, DatePaid: to, PeriodEnding: to}
	doc, err := header(in)
	if err != nil {
		return Document{}, err
	}
	pays, deds, leavePays := in.categories()
	biz := in.Business.ID
	payees, err := q.StpYearPayees(ctx, store.StpYearPayeesParams{BusinessID: biz, YearFrom: from, YearTo: to})
	if err != nil {
		return Document{}, err
	}
	lines, err := q.StpYearLines(ctx, store.StpYearLinesParams{BusinessID: biz, YearFrom: from, YearTo: to})
	if err != nil {
		return Document{}, err
	}
	totals, err := q.StpYearTotals(ctx, store.StpYearTotalsParams{BusinessID: biz, YearFrom: from, YearTo: to})
	if err != nil {
		return Document{}, err
	}
	byEmp := map[int64][]store.StpYearToDateLinesRow{}
	for _, l := range lines {
		byEmp[l.EmployeeID] = append(byEmp[l.EmployeeID], store.StpYearToDateLinesRow(l))
	}
	tot := map[int64]store.StpYearToDateTotalsRow{}
	for _, t := range totals {
		tot[t.EmployeeID] = store.StpYearToDateTotalsRow(t)
	}
	paid := map[int64]bool{}
	for _, p := range payees {
		paid[p.ID] = true
	}
	want := map[int64]bool{}
	for _, id := range employeeIDs {
		if !paid[id] {
			return Document{}, payroll.Invalid("employeeIds", "employee %d was not paid by a finalised pay run of this business in the %d-%02d income year; nothing was lodged", id, year, (year+1)%100)
		}
		want[id] = true
	}
	etps, delayed, err := in.etps(ctx, q, pays, from, to, delayedTermination(payees, func(p store.StpYearPayeesRow) store.StpPayeesRow { return store.StpPayeesRow(p) }))
	if err != nil {
		return Document{}, payroll.Conflict("the STP finalisation cannot be built: %v; nothing was lodged", err)
	}
	deceased := map[int64]time.Time{}
	for _, p := range payees {
		if p.EndDate.Valid && pay.PaidAfterDeath(p.TerminationReason, true, p.EndDate.Time, to) {
			deceased[p.ID] = p.EndDate.Time
		}
	}
	if err := in.dropPaidAfterDeath(ctx, q, pays, from, to, deceased, byEmp); err != nil {
		return Document{}, err
	}
	for _, p := range payees {
		if len(want) > 0 && !want[p.ID] {
			continue
		}
		pe, err := payee(store.StpPayeesRow(p), in.Run, tot[p.ID], byEmp[p.ID], etps[p.ID], delayed[p.ID], pays, deds, leavePays, in.OTE)
		if err != nil {
			return Document{}, payroll.Conflict("the STP finalisation cannot be built: %v; nothing was lodged", err)
		}
		pe.FinalEventIndicator = true
		doc.Payees = append(doc.Payees, pe)
	}
	if len(doc.Payees) == 0 {
		return Document{}, payroll.Conflict("no employee was paid by a finalised pay run of this business in the %d-%02d income year: nothing to finalise; nothing was lodged", year, (year+1)%100)
	}
	doc.Payer.PayeeRecordCount = len(doc.Payees)
	return doc, nil
}

// FinalisableYear checks the income year a finalisation may be made for: one
// that has started (by now), and from 2000-01 (guards the year's range).
func FinalisableYear(year int, now time.Time) error {
	from, _ := IncomeYear(year)
	if year < 2000 || now.Before(from) {
		return payroll.Invalid("financialYear", "financialYear %d: the income year starting 1 July %d has not started (or is before 2000); nothing was lodged", year, year)
	}
	return nil
}

// kindSTPFinalisation is filing.KindSTPFinalisation (the filing package is
// above this one).
const kindSTPFinalisation = "STP finalisation"

// finalisedLeavers are the payroll ids of the payees a finalisation
// declaration of the income year from-to already lodged (any state but
// Rejected) marked final. A pay event reporting such a payee again would
// otherwise clear the indicator ("reporting a payee again after finalising
// resets the indicator unless it is set again", au-stp-phase2.md [F-P]):
// a leaver paid after being finalised (leave paid in a later run) stays
// finalised with the year to date the event carries, which includes the
// later payment.
func finalisedLeavers(ctx context.Context, q *store.Queries, bizID int64, from, to time.Time) (map[string]bool, error) {
	out := map[string]bool{}
	for off := int32(0); ; off += 500 {
		list, err := q.ListFilings(ctx, store.ListFilingsParams{BusinessID: bizID, Kind: kindSTPFinalisation, Lim: 500, Off: off})
		if err != nil {
			return nil, err
		}
		for _, f := range list {
			if f.State == "Rejected" {
				continue
			}
			var d Document
			if json.Unmarshal([]byte(f.Document), &d) != nil {
				continue
			}
			day, err := time.Parse("2006-01-02", d.Payer.PayOrUpdateDate)
			if err != nil || day.Before(from) || day.After(to) {
				continue
			}
			for _, p := range d.Payees {
				if p.FinalEventIndicator {
					out[p.PayrollID] = true
				}
			}
		}
		if len(list) < 500 {
			return out, nil
		}
	}
}
