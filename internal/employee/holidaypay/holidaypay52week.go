// Package holidaypay is UK employees' 52-week holiday pay data
// (B/dataimport/import52weekdata): the paid weeks of each employee's
// reference period, imported once from a spreadsheet as a job and read
// back by job or employee.
package holidaypay

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/uk"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Holiday pay for workers whose pay varies is the average of their last
// 52 paid weeks, looking back at most 104 weeks (Employment Rights Act
// 1996 s.224 as amended in 2020). Businesses moving to this payroll import
// that history once; pay runs add to it afterwards.

// UKHolidayPayPeriod is one paid week, or a pay period of several weeks,
// in an employee's reference period.
type UKHolidayPayPeriod struct {
	PeriodEnding payroll.DateTime `json:"periodEnding"`
	Weeks        payroll.Rate     `json:"weeks" doc:"weeks the period covers: 1 for weekly pay, 2 fortnightly, 4.33 monthly"`
	Hours        payroll.Rate     `json:"hours"`
	Pay          payroll.Money    `json:"pay" doc:"gross pay that counts towards holiday pay"`
}

// validate checks one period's own values; prefix names it ("periods[3]."
// in a document, "row 7." in a file).
func (p *UKHolidayPayPeriod) validate(v *payroll.Validation, prefix string) {
	if p.PeriodEnding.IsZero() {
		v.Add(prefix+"periodEnding", "periodEnding is required")
	}
	if p.Weeks.IsZero() {
		p.Weeks = payroll.RateFromInt(1)
	}
	if !p.Weeks.Within(0, 52) {
		v.Add(prefix+"weeks", "weeks must be more than 0 and at most 52")
	}
	if p.Hours.IsNeg() || p.Weeks.Mul(payroll.RateFromInt(168)).Cmp(p.Hours) < 0 {
		v.Add(prefix+"hours", "hours must be between 0 and 168 a week")
	}
	if !p.Pay.IsPos() {
		v.Add(prefix+"pay", "pay must be more than 0: only paid weeks count towards the 52")
	}
	uk.UKMoney(v, prefix+"pay", p.Pay)
}

// ukCheckPeriods applies the rules across an employee's periods: one entry
// per period ending, at most 52 weeks in all. key names a period for the
// error (its position or file row).
func ukCheckPeriods(v *payroll.Validation, periods []UKHolidayPayPeriod, key func(i int) string) {
	seen := map[string]bool{}
	var total payroll.Rate
	for i, p := range periods {
		d := p.PeriodEnding.Format("2006-01-02")
		if seen[d] {
			v.Add(key(i)+"periodEnding", "period ending %s appears twice for the employee", d)
		}
		seen[d] = true
		total = total.Add(p.Weeks)
		if total.Cmp(payroll.RateFromInt(52)) > 0 {
			v.Add(key(i)+"weeks", "the employee's periods add up to more than 52 weeks")
			return
		}
	}
}

// UKHolidayPay52WeekData is an employee's imported reference period and
// the averages it gives.
type UKHolidayPay52WeekData struct {
	record.Base
	EmployeeID         int64                `json:"employeeId"`
	EmployeeExternalID string               `json:"employeeExternalId" readOnly:"true"`
	EmployeeName       string               `json:"employeeName" readOnly:"true"`
	JobID              string               `json:"jobId" readOnly:"true" doc:"the import that stored the data"`
	Periods            []UKHolidayPayPeriod `json:"periods" doc:"most recent first"`
	TotalWeeks         payroll.Rate         `json:"totalWeeks" readOnly:"true"`
	TotalHours         payroll.Rate         `json:"totalHours" readOnly:"true"`
	TotalPay           payroll.Money        `json:"totalPay" readOnly:"true"`
	AverageWeeklyPay   payroll.Money        `json:"averageWeeklyPay" readOnly:"true" doc:"totalPay / totalWeeks, to the penny (half up)"`
	AverageHourlyRate  *payroll.Money       `json:"averageHourlyRate" nullable:"true" readOnly:"true" doc:"totalPay / totalHours, to the penny (half up); null without hours"`
}

// Validate checks the periods and works out the totals and averages (in
// pence, so sums of pounds do not drift).
func (d *UKHolidayPay52WeekData) Validate(v *payroll.Validation) {
	if d.EmployeeID <= 0 {
		v.Add("employeeId", "employeeId is required")
	}
	if len(d.Periods) == 0 {
		v.Add("periods", "at least one paid period is required")
	}
	for i := range d.Periods {
		d.Periods[i].validate(v, fmt.Sprintf("periods[%d].", i))
	}
	sort.SliceStable(d.Periods, func(i, j int) bool { return d.Periods[i].PeriodEnding.After(d.Periods[j].PeriodEnding.Time) })
	ukCheckPeriods(v, d.Periods, func(i int) string { return fmt.Sprintf("periods[%d].", i) })
	var pay payroll.Money
	d.TotalWeeks, d.TotalHours = payroll.Rate{}, payroll.Rate{}
	for _, p := range d.Periods {
		pay = pay.Add(p.Pay.Cents())
		d.TotalWeeks = d.TotalWeeks.Add(p.Weeks)
		d.TotalHours = d.TotalHours.Add(p.Hours)
	}
	d.TotalWeeks = d.TotalWeeks.RoundHalfUp(4)
	d.TotalHours = d.TotalHours.RoundHalfUp(2)
	d.TotalPay = pay
	d.AverageWeeklyPay, d.AverageHourlyRate = payroll.Money{}, nil
	if !d.TotalWeeks.IsZero() {
		d.AverageWeeklyPay = pay.Div(d.TotalWeeks).Cents()
	}
	if !d.TotalHours.IsZero() {
		d.AverageHourlyRate = uk.UKFigure(pay.Div(d.TotalHours).Cents())
	}
}

// decorateHolidayPay adds the employees' current names and external ids.
func decorateHolidayPay(ctx context.Context, q *store.Queries, bizID int64, items []UKHolidayPay52WeekData) error {
	emps, err := q.UKListEmployeesOfBusiness(ctx, bizID)
	if err != nil {
		return err
	}
	byID := make(map[int64]store.Employee, len(emps))
	for _, e := range emps {
		byID[e.ID] = e
	}
	for i := range items {
		if e, ok := byID[items[i].EmployeeID]; ok {
			items[i].EmployeeName = strings.TrimSpace(e.FirstName + " " + e.Surname)
			items[i].EmployeeExternalID = e.ExternalID
		}
	}
	return nil
}

// UKHolidayPay52WeekJob reports an import (the reference API's
// Import52WeekDataResult jobId and FileImportResult members).
type UKHolidayPay52WeekJob struct {
	JobID        string           `json:"jobId" doc:"the import's id (longRunningJobId when querying)"`
	Status       string           `json:"status" enum:"None,Complete" doc:"None when nothing was imported yet"`
	DateImported payroll.DateTime `json:"dateImported"`
	Created      int              `json:"created" doc:"employees whose data was stored for the first time"`
	Updated      int              `json:"updated" doc:"employees whose earlier data was replaced"`
	Errors       []string         `json:"errors" doc:"always empty: a file with errors is rejected whole (400)"`
	Warnings     []string         `json:"warnings"`
	EmployeeIDs  []int64          `json:"employeeIds"`
}

// UKHolidayPay52WeekImport is the stored record of an import.
type UKHolidayPay52WeekImport struct {
	record.Base
	UKHolidayPay52WeekJob
}

func (j *UKHolidayPay52WeekImport) RecordExternalID() string { return j.JobID }

func (j *UKHolidayPay52WeekImport) Validate(v *payroll.Validation) {
	if j.JobID == "" {
		v.Add("jobId", "jobId is required")
	}
}

// UKHolidayPay52WeekQuery is the answer of GET B/dataimport/import52weekdataquery:
// an import's report and the stored data asked for.
type UKHolidayPay52WeekQuery struct {
	UKHolidayPay52WeekJob
	Employees []UKHolidayPay52WeekData `json:"employees"`
}

// ukColumns maps the template's (normalised) headers to what they hold;
// a few spellings users are likely to type are accepted too.
var ukColumns = map[string]string{
	"employeeid": "employeeId", "employeeexternalid": "employeeExternalId", "externalid": "employeeExternalId",
	"firstname": "", "surname": "", "lastname": "", "employeename": "",
	"periodending": "periodEnding", "weekending": "periodEnding", "weeks": "weeks", "hours": "hours", "pay": "pay", "grosspay": "pay",
}

// UKHolidayPayTemplateHeader is the header row of the template.
var UKHolidayPayTemplateHeader = []string{"EmployeeId", "EmployeeExternalId", "FirstName", "Surname", "PeriodEnding", "Weeks", "Hours", "Pay"}

// HolidayPay52WeekTemplate is the CSV template: the header and a row per
// employee who is not terminated, to be filled with one row per period.
func (uk *HolidayPayCollections) HolidayPay52WeekTemplate(ctx context.Context, biz business.Business) ([]byte, error) {
	if err := uk.HolidayPay52Weeks.Gate(biz); err != nil {
		return nil, err
	}
	emps, err := uk.HolidayPay52Weeks.S.DB.Queries().UKListEmployeesOfBusiness(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(UKHolidayPayTemplateHeader)
	for _, e := range emps {
		if e.Status != "Terminated" {
			_ = w.Write([]string{strconv.FormatInt(e.ID, 10), e.ExternalID, e.FirstName, e.Surname, "", "", "", ""})
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// ukPeriodRow is a parsed data row of an import file.
type ukPeriodRow struct {
	row int
	emp store.Employee
	UKHolidayPayPeriod
}

// ImportHolidayPay52Weeks stores the periods of a CSV file (see the
// template), all or nothing: errors are one 400 keyed "row N.member".
// Each employee in the file gets exactly the file's periods (earlier
// imported data for them is replaced).
func (uk *HolidayPayCollections) ImportHolidayPay52Weeks(ctx context.Context, biz business.Business, r io.Reader) (UKHolidayPay52WeekJob, error) {
	c := uk.HolidayPay52Weeks
	if err := c.Gate(biz); err != nil {
		return UKHolidayPay52WeekJob{}, err
	}
	rows, err := record.ReadCSV(r)
	if err != nil {
		return UKHolidayPay52WeekJob{}, err
	}
	cols := make([]string, len(rows[0]))
	have := map[string]bool{}
	for i, h := range rows[0] {
		m, ok := ukColumns[record.NormHeader(h)]
		if !ok {
			return UKHolidayPay52WeekJob{}, payroll.Invalid("file", "column %q is not one of %s", strings.TrimSpace(h), strings.Join(UKHolidayPayTemplateHeader, ", "))
		}
		cols[i], have[m] = m, true
	}
	if !have["periodEnding"] || !have["pay"] || !have["employeeId"] && !have["employeeExternalId"] {
		return UKHolidayPay52WeekJob{}, payroll.Invalid("file", "the file needs the columns PeriodEnding, Pay and EmployeeId or EmployeeExternalId")
	}
	emps, err := c.S.DB.Queries().UKListEmployeesOfBusiness(ctx, biz.ID)
	if err != nil {
		return UKHolidayPay52WeekJob{}, err
	}
	now := c.S.Clock.Now()
	var val payroll.Validation
	byEmp := map[int64][]ukPeriodRow{}
	for n, rec := range rows[1:] {
		row, ok := ukParsePeriodRow(&val, n+2, cols, rec, emps, now)
		if ok {
			byEmp[row.emp.ID] = append(byEmp[row.emp.ID], row)
		}
	}
	for _, list := range byEmp {
		periods := make([]UKHolidayPayPeriod, len(list))
		for i, p := range list {
			periods[i] = p.UKHolidayPayPeriod
		}
		ukCheckPeriods(&val, periods, func(i int) string { return fmt.Sprintf("row %d.", list[i].row) })
	}
	if err := val.Err(); err != nil {
		pe := err.(*payroll.Error)
		return UKHolidayPay52WeekJob{}, &payroll.Error{Kind: payroll.KindInvalid, Field: "file", Fields: pe.Fields,
			Message: fmt.Sprintf("%d row error(s); nothing was imported", len(pe.Fields))}
	}
	if len(byEmp) == 0 {
		return UKHolidayPay52WeekJob{}, payroll.Invalid("file", "the file has no periods to import")
	}
	job := UKHolidayPay52WeekJob{JobID: payroll.NewHexID(), Status: "Complete", DateImported: payroll.NewDateTime(now),
		Errors: []string{}, Warnings: []string{}, EmployeeIDs: []int64{}}
	for id := range byEmp {
		job.EmployeeIDs = append(job.EmployeeIDs, id)
	}
	sort.Slice(job.EmployeeIDs, func(i, j int) bool { return job.EmployeeIDs[i] < job.EmployeeIDs[j] })
	err = c.S.DB.InTx(ctx, func(q *store.Queries) error {
		for _, id := range job.EmployeeIDs {
			list := byEmp[id]
			old, err := q.ListRecordsOfParent(ctx, store.ListRecordsOfParentParams{BusinessID: biz.ID, Kind: c.Kind, ParentID: id})
			if err != nil {
				return err
			}
			if len(old) > 0 {
				job.Updated++
				if err := q.DeleteRecordsOfParent(ctx, store.DeleteRecordsOfParentParams{BusinessID: biz.ID, Kind: c.Kind, ParentID: id}); err != nil {
					return err
				}
			} else {
				job.Created++
			}
			doc := UKHolidayPay52WeekData{EmployeeID: id, JobID: job.JobID}
			for _, p := range list {
				doc.Periods = append(doc.Periods, p.UKHolidayPayPeriod)
			}
			saved, err := c.CreateInTx(ctx, q, biz.ID, id, &doc)
			if err != nil {
				return err
			}
			if saved.TotalWeeks.Cmp(payroll.RateFromInt(52)) < 0 {
				job.Warnings = append(job.Warnings, fmt.Sprintf("employee %d has %s of 52 weeks: the average uses the weeks supplied", id, saved.TotalWeeks))
			}
			if list[0].emp.Status == "Terminated" {
				job.Warnings = append(job.Warnings, fmt.Sprintf("employee %d is terminated", id))
			}
		}
		_, err := uk.HolidayPay52WeekImport.CreateInTx(ctx, q, biz.ID, 0, &UKHolidayPay52WeekImport{UKHolidayPay52WeekJob: job})
		return err
	})
	if err != nil {
		return UKHolidayPay52WeekJob{}, err
	}
	return job, nil
}

// ukParsePeriodRow reads one data row; problems are added to val under
// "row N.member". A row without any period values (e.g. a template row
// left empty) is skipped.
func ukParsePeriodRow(val *payroll.Validation, rowNo int, cols, rec []string, emps []store.Employee, now time.Time) (ukPeriodRow, bool) {
	cell := map[string]string{}
	for i, v := range rec {
		if i < len(cols) && cols[i] != "" && strings.TrimSpace(v) != "" {
			cell[cols[i]] = strings.TrimSpace(v)
		}
	}
	row := ukPeriodRow{row: rowNo}
	if cell["periodEnding"] == "" && cell["weeks"] == "" && cell["hours"] == "" && cell["pay"] == "" {
		return row, false
	}
	prefix := fmt.Sprintf("row %d.", rowNo)
	var v payroll.Validation
	row.emp, row.row = ukFindEmployee(&v, prefix, cell["employeeId"], cell["employeeExternalId"], emps), rowNo
	if d := cell["periodEnding"]; d != "" {
		t, err := payroll.ParseDateTime(d)
		if err != nil { // spreadsheets in the UK write day/month/year
			var tt time.Time
			if tt, err = time.Parse("2/1/2006", d); err == nil {
				t = payroll.NewDateTime(tt)
			}
		}
		if err != nil {
			v.Add(prefix+"periodEnding", "%q is not a date (2006-01-02 or 02/01/2006)", d)
		}
		row.PeriodEnding = t
	}
	for member, dst := range map[string]interface{ UnmarshalText([]byte) error }{"weeks": &row.Weeks, "hours": &row.Hours, "pay": &row.Pay} {
		if s := strings.NewReplacer("£", "", ",", "").Replace(cell[member]); s != "" {
			if err := dst.UnmarshalText([]byte(strings.TrimSpace(s))); err != nil {
				v.Add(prefix+member, "%q is not a number", cell[member])
			}
		}
	}
	row.validate(&v, prefix)
	if !row.PeriodEnding.IsZero() {
		today := payroll.DateOnly(now)
		if row.PeriodEnding.After(today) {
			v.Add(prefix+"periodEnding", "periodEnding is in the future")
		} else if row.PeriodEnding.Before(today.AddDate(0, 0, -7*104)) {
			v.Add(prefix+"periodEnding", "periodEnding is more than 104 weeks ago, outside the holiday pay reference period")
		}
	}
	if err := v.Err(); err != nil {
		for f, msgs := range err.(*payroll.Error).Fields {
			for _, m := range msgs {
				val.Add(f, "%s", m)
			}
		}
		return row, false
	}
	return row, true
}

// ukFindEmployee resolves a row's employee by id or external id (both
// must agree when both are given).
func ukFindEmployee(v *payroll.Validation, prefix, id, ext string, emps []store.Employee) store.Employee {
	if id == "" && ext == "" {
		v.Add(prefix+"employeeId", "employeeId or employeeExternalId is required")
		return store.Employee{}
	}
	if id != "" {
		n, err := strconv.ParseInt(id, 10, 64)
		for _, e := range emps {
			if err == nil && e.ID == n {
				if ext != "" && e.ExternalID != ext {
					v.Add(prefix+"employeeExternalId", "employee %d's external id is %q, not %q", e.ID, e.ExternalID, ext)
				}
				return e
			}
		}
		v.Add(prefix+"employeeId", "employee %s does not exist in this business", id)
		return store.Employee{}
	}
	var found []store.Employee
	for _, e := range emps {
		if e.ExternalID == ext {
			found = append(found, e)
		}
	}
	switch len(found) {
	case 1:
		return found[0]
	case 0:
		v.Add(prefix+"employeeExternalId", "no employee of this business has the external id %q", ext)
	default:
		v.Add(prefix+"employeeExternalId", "%d employees have the external id %q: use employeeId", len(found), ext)
	}
	return store.Employee{}
}

// QueryHolidayPay52Weeks answers the query operation: the report of the
// import named by jobID (the latest when ""), and the stored data of one
// employee (employeeID), of that import's employees (jobID given) or of
// everyone.
func (uk *HolidayPayCollections) QueryHolidayPay52Weeks(ctx context.Context, biz business.Business, jobID string, employeeID int64) (UKHolidayPay52WeekQuery, error) {
	c := uk.HolidayPay52Weeks
	out := UKHolidayPay52WeekQuery{UKHolidayPay52WeekJob: UKHolidayPay52WeekJob{Status: "None", Errors: []string{}, Warnings: []string{}, EmployeeIDs: []int64{}}}
	jobs, err := uk.HolidayPay52WeekImport.List(ctx, biz, 0)
	if err != nil {
		return out, err
	}
	if jobID != "" {
		if jobs, err = uk.HolidayPay52WeekImport.ByExternalID(ctx, biz, jobID); err != nil {
			return out, err
		}
		if len(jobs) == 0 {
			return out, payroll.NotFound("52-week data import")
		}
	}
	if len(jobs) > 0 {
		out.UKHolidayPay52WeekJob = jobs[len(jobs)-1].UKHolidayPay52WeekJob
	}
	q := c.S.DB.Queries()
	var data []UKHolidayPay52WeekData
	if employeeID != 0 {
		if _, err := q.GetEmployee(ctx, store.GetEmployeeParams{ID: employeeID, BusinessID: biz.ID}); db.IsNoRows(err) {
			return out, payroll.NotFound("employee")
		} else if err != nil {
			return out, err
		}
		rows, err := q.ListRecordsOfParent(ctx, store.ListRecordsOfParentParams{BusinessID: biz.ID, Kind: c.Kind, ParentID: employeeID})
		if err != nil {
			return out, err
		}
		for _, r := range rows {
			d, err := c.Decode(r)
			if err != nil {
				return out, err
			}
			data = append(data, d)
		}
		if data, err = c.DecorateItems(ctx, q, biz.ID, data); err != nil {
			return out, err
		}
	} else if data, err = c.List(ctx, biz, 0); err != nil {
		return out, err
	}
	out.Employees = []UKHolidayPay52WeekData{}
	inJob := map[int64]bool{}
	for _, id := range out.EmployeeIDs {
		inJob[id] = true
	}
	for _, d := range data {
		if jobID == "" || employeeID != 0 || inJob[d.EmployeeID] {
			out.Employees = append(out.Employees, d)
		}
	}
	return out, nil
}

// HolidayPayCollections holds employees' 52-week holiday pay data (UK) and
// its import jobs.
type HolidayPayCollections struct {
	HolidayPay52Weeks      record.Collection[UKHolidayPay52WeekData, *UKHolidayPay52WeekData]
	HolidayPay52WeekImport record.Collection[UKHolidayPay52WeekImport, *UKHolidayPay52WeekImport]
}

func NewHolidayPayCollections(s *record.Service) *HolidayPayCollections {
	return &HolidayPayCollections{
		HolidayPay52Weeks: record.Collection[UKHolidayPay52WeekData, *UKHolidayPay52WeekData]{S: s, Kind: uk.KindHolidayPay52Week,
			Label: "52-week holiday pay record", Region: uk.UKRegion, Decorate: decorateHolidayPay},
		HolidayPay52WeekImport: record.Collection[UKHolidayPay52WeekImport, *UKHolidayPay52WeekImport]{S: s, Kind: uk.KindHolidayPay52Import,
			Label: "52-week data import", Region: uk.UKRegion},
	}
}
