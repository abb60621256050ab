package output

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/store"
)

// Approval kinds: the approval of the run before it is finalised, and the
// approval of its payments.
const (
	ApprovalRun     = "Approval"
	ApprovalPayment = "PaymentApproval"
)

// ApprovalModel is a stored approval request of a run.
type ApprovalModel struct {
	PayRunID  int64            `json:"payRunId"`
	Kind      string           `json:"kind" enum:"Approval,PaymentApproval"`
	Status    string           `json:"status" enum:"Pending"`
	StartedAt payroll.DateTime `json:"startedAt"`
}

// StartApproval starts a draft run's approval process of kind (P/approval/start,
// P/paymentapproval/start): the request is stored as pending, with who
// started it and the run's version. A finalised run, or a process of that
// kind already started for the run, is a 409 (a unique index: of two
// concurrent starts one wins).
func (o *Outputs) StartApproval(ctx context.Context, biz business.Business, id int64, kind string) (_ ApprovalModel, err error) {
	defer payroll.Wrap(&err, "start %s of pay run %d", kind, id)
	var out ApprovalModel
	err = o.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := o.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		a, err := q.CreatePayRunApproval(ctx, store.CreatePayRunApprovalParams{BusinessID: biz.ID, PayRunID: run.ID, Kind: kind, Status: "Pending",
			RunVersion: run.Version, Actor: payrun.Actor(ctx), StartedAt: o.Clock.Now()})
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("the %s process of pay run %d has already been started", kind, id)
		}
		if err != nil {
			return err
		}
		out = ApprovalModel{PayRunID: a.PayRunID, Kind: a.Kind, Status: a.Status, StartedAt: payroll.NewDateTime(a.StartedAt)}
		return nil
	})
	return out, err
}
