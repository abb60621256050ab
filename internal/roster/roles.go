package roster

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Roles are the distinct roles the business's shifts carry (roles are
// named on the shifts themselves), by name: the roles a manager picks
// from when rostering.
func (s *Service) Roles(ctx context.Context, biz business.Business) (_ []Role, err error) {
	defer payroll.Wrap(&err, "roster roles of business %d", biz.ID)
	rows, err := s.DB.Queries().Query(ctx, `SELECT DISTINCT COALESCE(r.role_id, 0), r.role_name, r.role_class_name, r.role_colour
		FROM roster_shifts r WHERE r.business_id = $1 AND (r.role_id IS NOT NULL OR r.role_name <> '')
		ORDER BY r.role_name, 1`, biz.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Role{}
	for rows.Next() {
		var ro Role
		if err := rows.Scan(&ro.ID, &ro.Name, &ro.ClassName, &ro.HexColourCode); err != nil {
			return nil, err
		}
		out = append(out, ro)
	}
	return out, rows.Err()
}
