package kiosk

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Party names who writes and reads shift notes: a business user (a
// manager, or the user a kiosk runs as) or an employee through self
// service. A note's author is the party that added it; read state is kept
// per party.
type Party string

// UserParty is the business user p.
func UserParty(p *payroll.Principal) Party {
	if p == nil {
		return ""
	}
	return Party(fmt.Sprintf("user:%d", p.UserID))
}

// EmployeeParty is the employee acting through self service.
func EmployeeParty(employeeID int64) Party { return Party(fmt.Sprintf("employee:%d", employeeID)) }

// party is who p is for notes: the employee when p is an employee's own
// login, else the business user.
func (s *Service) party(ctx context.Context, biz business.Business, p *payroll.Principal) (Party, bool, error) {
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return "", false, err
	}
	if sc.EmployeeID != 0 {
		return EmployeeParty(sc.EmployeeID), true, nil
	}
	return UserParty(p), false, nil
}

// Note types and visibilities (TimeAttendanceShiftNoteType, ...Visibility).
var (
	NoteTypes        = []string{"Shift", "ClockOn", "ClockOff"}
	NoteVisibilities = []string{"Hidden", "Visible"}
)

func oneOf(v string, set []string) (string, bool) {
	for _, s := range set {
		if strings.EqualFold(v, s) {
			return s, true
		}
	}
	return "", false
}

// NoteInput is a note to add (AddNoteModel).
type NoteInput struct {
	EmployeeID       int64
	Type, Visibility string
	Note             string
	IsAdminInitiated bool
}

// NoteFilter selects notes of a shift (the model.* query of the list).
type NoteFilter struct {
	EmployeeID       int64
	IsAdminInitiated *bool
	Type, Visibility string
	// visibleOnly hides Hidden notes the reader did not write (an
	// employee reading through self service).
	visibleOnly bool
}

// Note is a shift note as a reader sees it (ShiftNoteViewModel).
type Note struct {
	ID                 int64
	EmployeeID         int64
	FirstName, Surname string
	Date               time.Time
	Type, Visibility   string
	Text               string
	Read               bool
	CreatedByAdmin     bool
	Author             Party
}

// shiftOf reads shift id of the business whose employee p may see (404
// otherwise, also for a shift of a kiosk that is not kioskID's business).
// employeeID, when not 0, must be the shift's employee (404 otherwise).
func (s *Service) shiftOf(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, shiftID, employeeID int64) (store.ClockShift, error) {
	sh, err := q.GetClockShift(ctx, store.GetClockShiftParams{ID: shiftID, BusinessID: biz.ID})
	if db.IsNoRows(err) || (err == nil && employeeID != 0 && sh.EmployeeID != employeeID) {
		return sh, payroll.NotFound("shift")
	}
	if err != nil {
		return sh, err
	}
	if _, err := s.visibleEmployee(ctx, q, biz, p, sh.EmployeeID); payroll.KindOf(err) == payroll.KindNotFound {
		return sh, payroll.NotFound("shift")
	} else if err != nil {
		return sh, err
	}
	return sh, nil
}

// ShiftOfEmployee checks that shift shiftID is employeeID's and visible
// to p (404 otherwise).
func (s *Service) ShiftOfEmployee(ctx context.Context, biz business.Business, p *payroll.Principal, shiftID, employeeID int64) error {
	_, err := s.shiftOf(ctx, s.DB.Queries(), biz, p, shiftID, employeeID)
	return err
}

// checkKioskID reads the kiosk of the path (404 when not the business's).
func (s *Service) checkKioskID(ctx context.Context, q *store.Queries, biz business.Business, kioskID int64) error {
	if kioskID == 0 {
		return nil
	}
	_, err := s.getKiosk(ctx, q, biz, kioskID)
	return err
}

// AddNote adds a note to shift shiftID (of kiosk kioskID; 0 = self
// service) written by author. The note is about the shift's employee;
// in.EmployeeID, when given, must be that employee (400 otherwise).
func (s *Service) AddNote(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, shiftID int64, in NoteInput) (_ Note, err error) {
	defer payroll.Wrap(&err, "add note to shift %d", shiftID)
	var v payroll.Validation
	typ, ok := oneOf(strings.TrimSpace(in.Type), NoteTypes)
	if in.Type == "" {
		typ, ok = "Shift", true
	}
	if !ok {
		v.Add("type", "type must be one of %s", strings.Join(NoteTypes, ", "))
	}
	vis, ok := oneOf(strings.TrimSpace(in.Visibility), NoteVisibilities)
	if in.Visibility == "" {
		vis, ok = "Visible", true
	}
	if !ok {
		v.Add("visibility", "visibility must be one of %s", strings.Join(NoteVisibilities, ", "))
	}
	text := strings.TrimSpace(in.Note)
	v.Required("note", text)
	v.MaxLen("note", text, 2000)
	if err := v.Err(); err != nil {
		return Note{}, err
	}
	author, _, err := s.party(ctx, biz, p)
	if err != nil {
		return Note{}, err
	}
	var id int64
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.checkKioskID(ctx, q, biz, kioskID); err != nil {
			return err
		}
		sh, err := s.shiftOf(ctx, q, biz, p, shiftID, 0)
		if err != nil {
			return err
		}
		if in.EmployeeID != 0 && in.EmployeeID != sh.EmployeeID {
			return payroll.Invalid("employeeId", "shift %d is not a shift of employee %d", shiftID, in.EmployeeID)
		}
		id, err = s.insertNote(ctx, q, biz, p, sh, author, typ, vis, text, in.IsAdminInitiated)
		return err
	})
	if err != nil {
		return Note{}, err
	}
	notes, err := s.listNotes(ctx, s.DB.Queries(), biz, shiftID, author, NoteFilter{}, id)
	if err != nil {
		return Note{}, err
	}
	if len(notes) != 1 {
		return Note{}, payroll.NotFound("note")
	}
	return notes[0], nil
}

func (s *Service) insertNote(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, sh store.ClockShift, author Party, typ, vis, text string, admin bool) (int64, error) {
	by := ""
	if p != nil {
		by = p.Username
	}
	return q.InsertShiftNote(ctx, store.InsertShiftNoteParams{BusinessID: biz.ID, ShiftID: sh.ID, EmployeeID: sh.EmployeeID, Type: typ, Visibility: vis,
		Note: text, IsAdminInitiated: admin, CreatedBy: by, CreatedAt: s.Clock.Now().UTC(), Author: string(author)})
}

const notesSQL = `SELECT n.id, n.employee_id, e.first_name, e.surname, n.created_at, n.type, n.visibility, n.note, n.is_admin_initiated, n.author,
    EXISTS (SELECT 1 FROM clock_note_reads r WHERE r.note_id = n.id AND r.reader = $3)
FROM clock_notes n JOIN employees e ON e.id = n.employee_id
WHERE n.shift_id = $1 AND n.business_id = $2`

func (s *Service) listNotes(ctx context.Context, q *store.Queries, biz business.Business, shiftID int64, reader Party, f NoteFilter, noteID int64) ([]Note, error) {
	query, args := notesSQL, []any{shiftID, biz.ID, string(reader)}
	add := func(cond string, v any) {
		args = append(args, v)
		query += fmt.Sprintf(" AND "+cond, len(args))
	}
	if noteID != 0 {
		add("n.id = $%d", noteID)
	}
	if f.EmployeeID != 0 {
		add("n.employee_id = $%d", f.EmployeeID)
	}
	if f.IsAdminInitiated != nil {
		add("n.is_admin_initiated = $%d", *f.IsAdminInitiated)
	}
	if f.Type != "" {
		add("n.type = $%d", f.Type)
	}
	if f.Visibility != "" {
		add("n.visibility = $%d", f.Visibility)
	}
	if f.visibleOnly {
		add("(n.visibility = 'Visible' OR n.author = $%d)", string(reader))
	}
	rows, err := q.Query(ctx, query+" ORDER BY n.created_at, n.id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Note{}
	for rows.Next() {
		var n Note
		var author string
		if err := rows.Scan(&n.ID, &n.EmployeeID, &n.FirstName, &n.Surname, &n.Date, &n.Type, &n.Visibility, &n.Text, &n.CreatedByAdmin, &author, &n.Read); err != nil {
			return nil, err
		}
		n.Author, n.Date = Party(author), n.Date.UTC()
		out = append(out, n)
	}
	return out, rows.Err()
}

// Notes lists the notes of shift shiftID with reader's read state.
func (s *Service) Notes(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, shiftID int64, f NoteFilter) (_ []Note, err error) {
	defer payroll.Wrap(&err, "list notes of shift %d", shiftID)
	var v payroll.Validation
	if f.Type != "" {
		var ok bool
		if f.Type, ok = oneOf(f.Type, NoteTypes); !ok {
			v.Add("model.type", "model.type must be one of %s", strings.Join(NoteTypes, ", "))
		}
	}
	if f.Visibility != "" {
		var ok bool
		if f.Visibility, ok = oneOf(f.Visibility, NoteVisibilities); !ok {
			v.Add("model.visibility", "model.visibility must be one of %s", strings.Join(NoteVisibilities, ", "))
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	reader, self, err := s.party(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	f.visibleOnly = self
	q := s.DB.Queries()
	if err := s.checkKioskID(ctx, q, biz, kioskID); err != nil {
		return nil, err
	}
	if _, err := s.shiftOf(ctx, q, biz, p, shiftID, 0); err != nil {
		return nil, err
	}
	return s.listNotes(ctx, q, biz, shiftID, reader, f, 0)
}

// DeleteNote deletes note noteID of shift shiftID; only its author may
// (403 to anyone else, 404 when the note is not the shift's).
func (s *Service) DeleteNote(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, shiftID, noteID int64) (err error) {
	defer payroll.Wrap(&err, "delete note %d of shift %d", noteID, shiftID)
	caller, _, err := s.party(ctx, biz, p)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.checkKioskID(ctx, q, biz, kioskID); err != nil {
			return err
		}
		if _, err := s.shiftOf(ctx, q, biz, p, shiftID, 0); err != nil {
			return err
		}
		author, err := q.GetShiftNoteAuthor(ctx, store.GetShiftNoteAuthorParams{ID: noteID, ShiftID: shiftID, BusinessID: biz.ID})
		if db.IsNoRows(err) {
			return payroll.NotFound("note")
		}
		if err != nil {
			return err
		}
		if Party(author) != caller {
			return payroll.Forbidden("only the author of note %d may delete it", noteID)
		}
		n, err := q.DeleteShiftNote(ctx, store.DeleteShiftNoteParams{ID: noteID, ShiftID: shiftID, BusinessID: biz.ID, Author: author})
		if err == nil && n == 0 {
			return payroll.NotFound("note")
		}
		return err
	})
}

// MarkRead marks notes of shift shiftID read (or unread) for reader: the
// notes named, or every note of the shift when none is named. A named
// note that is not the shift's is a 400 naming noteIds.
func (s *Service) MarkRead(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, shiftID int64, noteIDs []int64, read bool) (err error) {
	defer payroll.Wrap(&err, "mark notes of shift %d", shiftID)
	reader, _, err := s.party(ctx, biz, p)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.checkKioskID(ctx, q, biz, kioskID); err != nil {
			return err
		}
		if _, err := s.shiftOf(ctx, q, biz, p, shiftID, 0); err != nil {
			return err
		}
		ids, err := q.ListShiftNoteIDs(ctx, store.ListShiftNoteIDsParams{ShiftID: shiftID, BusinessID: biz.ID})
		if err != nil {
			return err
		}
		if len(noteIDs) > 0 {
			of := map[int64]bool{}
			for _, id := range ids {
				of[id] = true
			}
			for _, id := range noteIDs {
				if !of[id] {
					return payroll.Invalid("noteIds", "note %d is not a note of shift %d", id, shiftID)
				}
			}
			ids = noteIDs
		}
		now := s.Clock.Now().UTC()
		for _, id := range ids {
			if read {
				err = q.MarkShiftNoteRead(ctx, store.MarkShiftNoteReadParams{NoteID: id, Reader: string(reader), BusinessID: biz.ID, ReadAt: now})
			} else {
				err = q.MarkShiftNoteUnread(ctx, store.MarkShiftNoteUnreadParams{NoteID: id, Reader: string(reader), BusinessID: biz.ID})
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}
