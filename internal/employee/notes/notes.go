// Package notes is the notes kept on an employee (E/notes): text, who
// wrote it (the signed-in user's name) and when. Notes are added and
// listed, newest first; they are not edited.
package notes

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Note is EmployeeNoteModel.
type Note struct {
	ID       int64            `json:"id"`
	User     string           `json:"user"`
	DateTime payroll.DateTime `json:"dateTime"`
	Note     string           `json:"note"`
}

// New is CreateEmployeeNoteModel.
type New struct {
	Note string `json:"note" maxLength:"4000" required:"true" example:"Moved to the day shift"`
}

// Service owns employee notes.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

func fromRow(r store.EmployeeNote) Note {
	return Note{ID: r.ID, User: r.Author, DateTime: payroll.NewDateTime(r.CreatedAt), Note: r.Note}
}

// List returns a page of the employee's notes, newest first.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, top, skip int) (out []Note, err error) {
	defer payroll.Wrap(&err, "notes of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListEmployeeNotes(ctx, store.ListEmployeeNotesParams{BusinessID: biz.ID, EmployeeID: employeeID, Limit: int32(top), Offset: int32(skip)})
	out = make([]Note, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out, err
}

// Add records a note by p.
func (s *Service) Add(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in New) (n Note, err error) {
	defer payroll.Wrap(&err, "add a note to employee %d", employeeID)
	var v payroll.Validation
	text := strings.TrimSpace(in.Note)
	v.Required("note", text)
	v.MaxLen("note", text, 4000)
	if err := v.Err(); err != nil {
		return Note{}, err
	}
	author := ""
	if p != nil {
		author = p.Username
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		r, err := q.CreateEmployeeNote(ctx, store.CreateEmployeeNoteParams{BusinessID: biz.ID, EmployeeID: employeeID, Author: author, Note: text, CreatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		n = fromRow(r)
		// The trail (Notes section) shows the note's text; who and when
		// are the trail row's own user and time.
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionNotes, "note", n.ID, nil, n.Note)
	})
	return n, err
}
