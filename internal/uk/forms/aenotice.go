package forms

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/autoenrol"
)

// Auto-enrolment notice types (The Employers' Duties (Registration and
// Compliance) Regulations 2010 and the Occupational and Personal Pension
// Schemes (Automatic Enrolment) Regulations 2010, reg. 2, 17 and 21).
const (
	NoticeEnrolled    = "Enrolled"    // enrolled: scheme, contributions, right to opt out
	NoticePostponed   = "Postponed"   // assessment postponed to postponementEndDate
	NoticeEntitled    = "Entitled"    // entitled worker: right to ask to join
	NoticeNonEligible = "NonEligible" // non-eligible jobholder: right to opt in
)

// AutoEnrolmentNotice is a statutory notice given to an employee.
type AutoEnrolmentNotice struct {
	ID                      int64             `json:"id"`
	EmployeeID              int64             `json:"employeeId"`
	NoticeType              string            `json:"noticeType" enum:"Enrolled,Postponed,Entitled,NonEligible"`
	WorkerCategory          string            `json:"workerCategory"`
	EnrolmentStatus         string            `json:"enrolmentStatus"`
	AssessmentDate          payroll.DateTime  `json:"assessmentDate"`
	EnrolmentDate           *payroll.DateTime `json:"enrolmentDate" nullable:"true"`
	PostponementEndDate     *payroll.DateTime `json:"postponementEndDate" nullable:"true"`
	Earnings                payroll.Money     `json:"earnings"`
	Frequency               string            `json:"frequency"`
	EarningsTrigger         payroll.Money     `json:"earningsTrigger"`
	LowerQualifyingEarnings payroll.Money     `json:"lowerQualifyingEarnings"`
	TaxYear                 string            `json:"taxYear"`
	Text                    string            `json:"text" doc:"what the notice tells the employee"`
	CreatedAt               time.Time         `json:"createdAt"`
	EmailedTo               string            `json:"emailedTo"`
	EmailedAt               *time.Time        `json:"emailedAt" nullable:"true"`
}

// noticeFor decides the notice of an assessment (409 when the employee's
// state calls for none: an eligible jobholder not yet enrolled or
// postponed, a member who opted out, someone not assessed or not a worker).
func noticeFor(pn autoenrol.Pension) (string, string, error) {
	switch {
	case pn.EnrolmentStatus == "Enrolled" || pn.EnrolmentStatus == "OptedIn":
		d := ""
		if pn.EnrolmentDate != nil {
			d = pn.EnrolmentDate.Time.Format("2 January 2006")
		}
		return NoticeEnrolled, "You have been enrolled into your employer's workplace pension scheme from " + d +
			". You and your employer will pay contributions. You can opt out within one month and have your contributions refunded.", nil
	case pn.EnrolmentStatus == "Postponed":
		d := ""
		if pn.PostponementEndDate != nil {
			d = pn.PostponementEndDate.Time.Format("2 January 2006")
		}
		return NoticePostponed, "Your employer has postponed assessing you for automatic enrolment until " + d +
			". You can ask to join or opt in to the workplace pension scheme before then.", nil
	case pn.EnrolmentStatus == "OptedOut":
		return "", "", payroll.Conflict("the employee has opted out of the pension scheme: no notice is due")
	}
	switch pn.WorkerCategory {
	case autoenrol.NonEligibleJobholder:
		return NoticeNonEligible, "You have not been automatically enrolled because your earnings are below the earnings trigger (£" + pn.EarningsTrigger.StringFixed(2) +
			" a period) or of your age. You can opt in to the workplace pension scheme, and your employer will pay contributions.", nil
	case autoenrol.EntitledWorker:
		return NoticeEntitled, "You have not been automatically enrolled because your earnings are at or below £" + pn.LowerQualifyingEarnings.StringFixed(2) +
			" a period. You can ask to join a pension scheme; your employer need not contribute.", nil
	case autoenrol.EligibleJobholder:
		return "", "", payroll.Conflict("the employee is an eligible jobholder: enrol them or postpone the assessment (E/pension) before giving a notice")
	}
	return "", "", payroll.Conflict("the employee is not assessed as a worker (%s): no auto-enrolment notice is due", pn.WorkerCategory)
}

func noticeView(r store.UkAutoenrolmentNotice) (AutoEnrolmentNotice, error) {
	var n AutoEnrolmentNotice
	if err := json.Unmarshal([]byte(r.Document), &n); err != nil {
		return n, fmt.Errorf("decode notice %d: %w", r.ID, err)
	}
	n.ID, n.EmailedTo = r.ID, r.EmailedTo
	if r.EmailedAt.Valid {
		t := r.EmailedAt.Time.UTC()
		n.EmailedAt = &t
	}
	return n, nil
}

// CreateAutoEnrolmentNotice stores the notice for the employee's
// assessment today.
func (s *Service) CreateAutoEnrolmentNotice(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ AutoEnrolmentNotice, err error) {
	defer payroll.Wrap(&err, "create auto-enrolment notice of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return AutoEnrolmentNotice{}, err
	}
	pn, err := s.Pensions.Get(ctx, biz, p, employeeID, time.Time{})
	if err != nil {
		return AutoEnrolmentNotice{}, err
	}
	kind, text, err := noticeFor(pn)
	if err != nil {
		return AutoEnrolmentNotice{}, err
	}
	n := AutoEnrolmentNotice{EmployeeID: employeeID, NoticeType: kind, WorkerCategory: pn.WorkerCategory, EnrolmentStatus: pn.EnrolmentStatus,
		AssessmentDate: pn.AssessmentDate, EnrolmentDate: pn.EnrolmentDate, PostponementEndDate: pn.PostponementEndDate, Earnings: pn.Earnings,
		Frequency: pn.Frequency, EarningsTrigger: pn.EarningsTrigger, LowerQualifyingEarnings: pn.LowerQualifyingEarnings, TaxYear: pn.TaxYear,
		Text: text, CreatedAt: s.Clock.Now().UTC()}
	doc, err := json.Marshal(n)
	if err != nil {
		return n, err
	}
	by := ""
	if p != nil {
		by = p.Username
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		r, err := q.CreateAutoEnrolmentNotice(ctx, store.CreateAutoEnrolmentNoticeParams{BusinessID: biz.ID, EmployeeID: employeeID, NoticeType: kind,
			Document: string(doc), CreatedBy: by, CreatedAt: n.CreatedAt})
		n.ID = r.ID
		return err
	})
	return n, err
}

// autoEnrolmentNotice reads notice id of the employee (404 otherwise).
func (s *Service) autoEnrolmentNotice(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (AutoEnrolmentNotice, error) {
	if err := gate(biz); err != nil {
		return AutoEnrolmentNotice{}, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return AutoEnrolmentNotice{}, err
	}
	r, err := s.DB.Queries().GetAutoEnrolmentNotice(ctx, store.GetAutoEnrolmentNoticeParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
	if db.IsNoRows(err) {
		return AutoEnrolmentNotice{}, payroll.NotFound("auto-enrolment notice")
	}
	if err != nil {
		return AutoEnrolmentNotice{}, err
	}
	return noticeView(r)
}

// AutoEnrolmentNoticePDF renders notice id of the employee.
func (s *Service) AutoEnrolmentNoticePDF(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ []byte, _ string, err error) {
	defer payroll.Wrap(&err, "auto-enrolment notice %d", id)
	n, err := s.autoEnrolmentNotice(ctx, biz, p, employeeID, id)
	if err != nil {
		return nil, "", err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return nil, "", err
	}
	er, err := s.employer(ctx, biz)
	if err != nil {
		return nil, "", err
	}
	d := newPDF("Workplace pension notice "+e.FirstName+" "+e.Surname, er.Name, n.CreatedAt)
	d.pdf.AddPage()
	d.heading("Workplace pension: " + noticeTitles[n.NoticeType])
	d.employer(er)
	d.employee(person(e))
	d.section("Your assessment")
	d.row("Assessment date", n.AssessmentDate.Time.Format("02/01/2006"))
	d.row("Worker category", n.WorkerCategory)
	d.row("Earnings in the pay period ("+n.Frequency+")", gbp(n.Earnings))
	d.row("Earnings trigger", gbp(n.EarningsTrigger))
	d.row("Lower qualifying earnings", gbp(n.LowerQualifyingEarnings))
	if n.EnrolmentDate != nil {
		d.row("Enrolment date", n.EnrolmentDate.Time.Format("02/01/2006"))
	}
	if n.PostponementEndDate != nil {
		d.row("Postponed until", n.PostponementEndDate.Time.Format("02/01/2006"))
	}
	d.section("What this means")
	d.pdf.SetFont("Helvetica", "", 10)
	d.pdf.MultiCell(180, 5, d.tr(n.Text), "", "L", false)
	b, err := d.bytes()
	return b, fmt.Sprintf("AutoEnrolmentNotice-%d-%d.pdf", employeeID, id), err
}

var noticeTitles = map[string]string{NoticeEnrolled: "you have been enrolled", NoticePostponed: "your assessment is postponed",
	NoticeEntitled: "your right to join a pension", NoticeNonEligible: "your right to opt in"}

// EmailAutoEnrolmentNotice sends notice id to emailAddress or the
// employee's address and records when and to whom.
func (s *Service) EmailAutoEnrolmentNotice(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, to string) (_ MailResult, err error) {
	defer payroll.Wrap(&err, "email auto-enrolment notice %d", id)
	n, err := s.autoEnrolmentNotice(ctx, biz, p, employeeID, id)
	if err != nil {
		return MailResult{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return MailResult{}, err
	}
	if to, err = recipient(to, e.Email); err != nil {
		return MailResult{}, err
	}
	er, err := s.employer(ctx, biz)
	if err != nil {
		return MailResult{}, err
	}
	body := fmt.Sprintf("Workplace pension notice from %s\n\n%s\n\nAssessed on %s as %s.\n", er.Name, n.Text, n.AssessmentDate.Time.Format("02/01/2006"), n.WorkerCategory)
	nid := s.Notify.Send(ctx, "uk.autoenrolmentnotice", to, "Workplace pension: "+noticeTitles[n.NoticeType], body)
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.MarkAutoEnrolmentNoticeEmailed(ctx, store.MarkAutoEnrolmentNoticeEmailedParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id,
			EmailedTo: to, EmailedAt: nullTime(s.Clock.Now())})
		return err
	})
	return MailResult{Recipient: to, NotificationID: nid}, err
}
