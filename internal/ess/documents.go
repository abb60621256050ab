package ess

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Documents are the documents an employee sees in self-service: the
// business documents shown to them (to everyone, or to their locations or
// employee groups) and their own employee documents marked visible
// (not qualification documents, which the qualification shows).
type Documents struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// Document is EssDocumentModel plus what a download needs.
type Document struct {
	ID                              int64
	FriendlyName                    string
	Created                         time.Time
	RequiresEmployeeAcknowledgement bool
	Acknowledged                    time.Time // zero: not acknowledged
	Business                        bool      // a business document (else the employee's own)
}

// visibleDocs lists the documents employee e sees, oldest first. One
// statement reads the candidates (the business's documents and the
// employee's own with their acknowledgement); the permissions decide in
// Go, with group membership matched as employee groups match it.
func (s *Documents) visibleDocs(ctx context.Context, q *store.Queries, biz business.Business, e employee.Employee, only int64) ([]Document, error) {
	query := "SELECT d.id, d.friendly_name, d.created_at, d.permissions, d.employee_id, a.acknowledged_at FROM documents d " +
		"LEFT JOIN document_acknowledgements a ON a.document_id = d.id AND a.employee_id = $2 " +
		"WHERE d.business_id = $1 AND (d.employee_id IS NULL OR (d.employee_id = $2 AND EXISTS (SELECT 1 FROM employee_document_links l " +
		"WHERE l.document_id = d.id AND l.employee_qualification_id IS NULL)))"
	args := []any{biz.ID, e.ID}
	if only != 0 {
		query += " AND d.id = $3"
		args = append(args, only)
	}
	rows, err := q.Query(ctx, query+" ORDER BY d.created_at, d.id LIMIT 10000", args...)
	if err != nil {
		return nil, err
	}
	type cand struct {
		doc  Document
		perm documents.DocumentPermissions
	}
	var cands []cand
	for rows.Next() {
		var c cand
		var perm string
		var owner sql.NullInt64
		var ack sql.NullTime
		if err := rows.Scan(&c.doc.ID, &c.doc.FriendlyName, &c.doc.Created, &perm, &owner, &ack); err != nil {
			rows.Close()
			return nil, err
		}
		c.doc.Created = c.doc.Created.UTC()
		if ack.Valid {
			c.doc.Acknowledged = ack.Time.UTC()
		}
		if owner.Valid {
			p := documents.ParsePermissions(perm)
			if !p.Visible {
				continue
			}
			c.doc.RequiresEmployeeAcknowledgement = p.RequiresEmployeeAcknowledgement
		} else {
			if err := json.Unmarshal([]byte(perm), &c.perm); err != nil {
				continue // unreadable permissions show the document to no one
			}
			c.doc.Business = true
			c.doc.RequiresEmployeeAcknowledgement = c.perm.RequiresEmployeeAcknowledgement
		}
		cands = append(cands, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var locs map[int64]bool
	groups := map[int64]bool{} // group id: e is a member
	out := []Document{}
	for _, c := range cands {
		if !c.doc.Business || c.perm.VisibleToAll {
			out = append(out, c.doc)
			continue
		}
		if locs == nil && len(c.perm.Locations) > 0 {
			if locs, err = employeeLocations(ctx, q, biz.ID, e.ID); err != nil {
				return nil, err
			}
		}
		seen := false
		for _, l := range c.perm.Locations {
			seen = seen || locs[l]
		}
		for _, g := range c.perm.EmployeeGroups {
			if seen {
				break
			}
			in, ok := groups[g]
			if !ok {
				if in, err = s.inGroup(ctx, biz, g, e.ID); err != nil {
					return nil, err
				}
				groups[g] = in
			}
			seen = in
		}
		if seen {
			out = append(out, c.doc)
		}
	}
	return out, nil
}

func employeeLocations(ctx context.Context, q *store.Queries, bizID, id int64) (map[int64]bool, error) {
	rows, err := q.Query(ctx, "SELECT location_id FROM employee_locations WHERE business_id = $1 AND employee_id = $2 "+
		"UNION SELECT primary_location_id FROM employees WHERE business_id = $1 AND id = $2 AND primary_location_id IS NOT NULL", bizID, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var l int64
		if err := rows.Scan(&l); err != nil {
			return nil, err
		}
		out[l] = true
	}
	return out, rows.Err()
}

// inGroup reports whether employee id is a member of employee group g now
// (a deleted group has no members).
func (s *Documents) inGroup(ctx context.Context, biz business.Business, g, id int64) (bool, error) {
	if s.Employees.Groups == nil {
		return false, nil
	}
	grp, err := s.Employees.Groups.EmployeeGroups.Get(ctx, biz, 0, g)
	if payroll.KindOf(err) == payroll.KindNotFound {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	ms, err := s.Employees.Groups.GroupMembers(ctx, biz, &grp)
	if err != nil {
		return false, err
	}
	for _, m := range ms {
		if m.ID == id {
			return true, nil
		}
	}
	return false, nil
}

// List returns the documents the employee sees, oldest first.
func (s *Documents) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []Document, err error) {
	defer payroll.Wrap(&err, "self-service documents of employee %d", employeeID)
	e, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	return s.visibleDocs(ctx, q, biz, e, 0)
}

// Get returns document id if the employee sees it (NotFound otherwise).
func (s *Documents) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ Document, err error) {
	defer payroll.Wrap(&err, "self-service document %d of employee %d", id, employeeID)
	e, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Document{}, err
	}
	return s.one(ctx, q, biz, e, id)
}

func (s *Documents) one(ctx context.Context, q *store.Queries, biz business.Business, e employee.Employee, id int64) (Document, error) {
	if id <= 0 {
		return Document{}, payroll.NotFound("document")
	}
	ds, err := s.visibleDocs(ctx, q, biz, e, id)
	if err != nil {
		return Document{}, err
	}
	if len(ds) == 0 {
		return Document{}, payroll.NotFound("document")
	}
	return ds[0], nil
}

// File is a document's bytes.
type File struct {
	Name, ContentType string
	Data              []byte
}

// Content returns the bytes of a document the employee sees.
func (s *Documents) Content(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ File, err error) {
	defer payroll.Wrap(&err, "download self-service document %d of employee %d", id, employeeID)
	e, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return File{}, err
	}
	if _, err := s.one(ctx, q, biz, e, id); err != nil {
		return File{}, err
	}
	var f File
	err = q.QueryRow(ctx, "SELECT friendly_name, content_type, content FROM documents WHERE business_id = $1 AND id = $2", biz.ID, id).Scan(&f.Name, &f.ContentType, &f.Data)
	if db.IsNoRows(err) {
		return File{}, payroll.NotFound("document")
	}
	if f.Data == nil {
		f.Data = []byte{}
	}
	return f, err
}

// Acknowledge records that the employee has read document id, which must
// require acknowledgement (409 otherwise). Acknowledging again keeps the
// first date. A business user acting through self-service acknowledges on
// the employee's behalf.
func (s *Documents) Acknowledge(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ Document, err error) {
	defer payroll.Wrap(&err, "acknowledge document %d for employee %d", id, employeeID)
	var out Document
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		d, err := s.one(ctx, q, biz, e, id)
		if err != nil {
			return err
		}
		if !d.RequiresEmployeeAcknowledgement {
			return payroll.Conflict("document %d does not require acknowledgement", id)
		}
		if err := q.AcknowledgeDocument(ctx, store.AcknowledgeDocumentParams{DocumentID: id, EmployeeID: employeeID, BusinessID: biz.ID,
			AcknowledgedAt: s.Clock.Now().UTC()}); err != nil {
			return err
		}
		out, err = s.one(ctx, q, biz, e, id)
		return err
	})
	return out, err
}

// DocumentID is the wire form of a document id (EssDocumentModel.id is a
// string).
func DocumentID(id int64) string { return strconv.FormatInt(id, 10) }

// ParseDocumentID reads it back (NotFound when it is not an id).
func ParseDocumentID(s string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || id <= 0 {
		return 0, payroll.NotFound("document")
	}
	return id, nil
}
