package access

import (
	"context"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
)

// Self is an employee a user is the self-service user of.
type Self struct {
	EmployeeID   int64
	BusinessID   int64
	BusinessName string
	FirstName    string
	Surname      string
	Status       string
}

// SelfOf says whether userID is the self-service user of employeeID, and
// of which business that employee is (0 when not).
func (s *Service) SelfOf(ctx context.Context, userID, employeeID int64) (businessID int64, err error) {
	if userID == 0 {
		return 0, nil
	}
	r, err := s.DB.Queries().GetEmployeeAccessOfUser(ctx, store.GetEmployeeAccessOfUserParams{UserID: userID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return r.BusinessID, nil
}

// SelvesOf lists the employees userID is the self-service user of, in
// every business.
func (s *Service) SelvesOf(ctx context.Context, userID int64) ([]Self, error) {
	rows, err := s.DB.Queries().ListEmployeesOfSelfServiceUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Self, len(rows))
	for i, r := range rows {
		out[i] = Self{EmployeeID: r.EmployeeID, BusinessID: r.BusinessID, BusinessName: r.BusinessName, FirstName: r.FirstName, Surname: r.Surname, Status: r.Status}
	}
	return out, nil
}
