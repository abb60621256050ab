package employeereport

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

// DocumentAcknowledgement is one employee's acknowledgement of one
// business document that requires it (DocumentAcknowledgementsReportExportModel).
type DocumentAcknowledgement struct {
	Status           string           `json:"status" doc:"Acknowledged or NotAcknowledged"`
	DocumentName     string           `json:"documentName"`
	EmployeeID       int64            `json:"employeeId"`
	FirstName        string           `json:"firstName"`
	Surname          string           `json:"surname"`
	ExternalID       string           `json:"externalId"`
	LastNotification payroll.DateTime `json:"lastNotification" doc:"notifications sent are not recorded by this service (null)"`
	LocationName     string           `json:"locationName"`
}

// DocumentAckQuery selects the report's documents and employees.
type DocumentAckQuery struct {
	DocumentID        int64
	EmployeeIDs       []int64
	Status            int64 // 0 all, 1 acknowledged, 2 not acknowledged
	LocationID        int64
	EmployingEntityID int64
}

// DocumentAcknowledgements lists, for each business document requiring
// acknowledgement, each active employee it is shown to (everyone, or the
// employees of its locations and employee groups) and whether they have
// acknowledged it. Group membership is matched as the employee groups
// match it; the rest is one statement per document with the scope in it.
func (s *Service) DocumentAcknowledgements(ctx context.Context, biz business.Business, p *payroll.Principal, dq DocumentAckQuery) (_ []DocumentAcknowledgement, err error) {
	defer payroll.Wrap(&err, "document acknowledgements report of business %d", biz.ID)
	if dq.Status < 0 || dq.Status > 2 {
		return nil, payroll.Invalid("documentStatus", "documentStatus must be 0 (all), 1 (acknowledged) or 2 (not acknowledged)")
	}
	if dq.DocumentID < 0 || dq.LocationID < 0 || dq.EmployingEntityID < 0 {
		return nil, payroll.Invalid("documentId", "ids must not be negative")
	}
	type doc struct {
		id   int64
		name string
		perm documents.DocumentPermissions
	}
	var docs []doc
	q := "SELECT id, friendly_name, permissions FROM documents WHERE business_id = $1 AND employee_id IS NULL"
	args := []any{biz.ID}
	if dq.DocumentID != 0 {
		q += " AND id = $2"
		args = append(args, dq.DocumentID)
	}
	err = s.Query(ctx, q+" ORDER BY friendly_name, id", args, func(rows *sql.Rows) error {
		var d doc
		var perm string
		if err := rows.Scan(&d.id, &d.name, &perm); err != nil {
			return err
		}
		if json.Unmarshal([]byte(perm), &d.perm) == nil && d.perm.RequiresEmployeeAcknowledgement {
			docs = append(docs, d)
		}
		return nil
	})

	if err != nil {
		return nil, err
	}
	out := []DocumentAcknowledgement{}
	for _, d := range docs {
		var b report.Args
		where, err := s.EmployeeScope(ctx, biz, p, report.Filter{LocationID: dq.LocationID, EmployingEntityID: dq.EmployingEntityID}, &b)
		if err != nil {
			return nil, err
		}
		where += " AND e.status = " + b.Bind(employee.StatusActive)
		if len(dq.EmployeeIDs) > 0 {
			where += " AND e.id IN (" + binds(&b, dq.EmployeeIDs) + ")"
		}
		if !d.perm.VisibleToAll {
			var target []string
			if len(d.perm.Locations) > 0 {
				target = append(target, "EXISTS (SELECT 1 FROM employee_locations dl WHERE dl.employee_id = e.id AND dl.location_id IN ("+binds(&b, d.perm.Locations)+"))")
			}
			var members []int64
			for _, gid := range d.perm.EmployeeGroups {
				if s.Employees.Groups == nil {
					break
				}
				g, err := s.Employees.Groups.EmployeeGroups.Get(ctx, biz, 0, gid)
				if payroll.KindOf(err) == payroll.KindNotFound {
					continue // a deleted group shows the document to no one
				}
				if err != nil {
					return nil, err
				}
				ms, err := s.Employees.Groups.GroupMembers(ctx, biz, &g)
				if err != nil {
					return nil, err
				}
				for _, m := range ms {
					members = append(members, m.ID)
				}
			}
			if len(members) > 0 {
				target = append(target, "e.id IN ("+binds(&b, members)+")")
			}
			if len(target) == 0 {
				continue
			}
			where += " AND (" + strings.Join(target, " OR ") + ")"
		}
		switch dq.Status {
		case 1:
			where += " AND a.employee_id IS NOT NULL"
		case 2:
			where += " AND a.employee_id IS NULL"
		}
		q := "SELECT e.id, e.first_name, e.surname, e.external_id, e.primary_location, a.employee_id IS NOT NULL FROM employees e" +
			" LEFT JOIN document_acknowledgements a ON a.document_id = " + b.Bind(d.id) + " AND a.employee_id = e.id" + where + " ORDER BY e.surname, e.first_name, e.id"
		err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
			r := DocumentAcknowledgement{DocumentName: d.name, Status: "NotAcknowledged"}
			var acked bool
			if err := rows.Scan(&r.EmployeeID, &r.FirstName, &r.Surname, &r.ExternalID, &r.LocationName, &acked); err != nil {
				return err
			}
			if acked {
				r.Status = "Acknowledged"
			}
			out = append(out, r)
			return nil
		})

		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func binds(b *report.Args, ids []int64) string {
	in := make([]string, len(ids))
	for i, id := range ids {
		in[i] = b.Bind(id)
	}
	return strings.Join(in, ", ")
}
