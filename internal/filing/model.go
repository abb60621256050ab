package filing

import (
	"encoding/json"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Kinds of filing.
const (
	KindSTPPayEvent    = "STP pay event"
	KindSTPUpdateEvent = "STP update event"
)

// States of a filing.
const (
	StatePending   = "Pending"
	StateSubmitted = "Submitted"
	StateAccepted  = "Accepted"
	StateRejected  = "Rejected"
)

// transitions are the moves a filing may make.
var transitions = map[string][]string{
	StatePending:   {StateSubmitted, StateRejected},
	StateSubmitted: {StateAccepted, StateRejected},
}

// Filing is a filing as the API shows it (the document is served apart).
type Filing struct {
	ID           int64            `json:"id"`
	PayRunID     int64            `json:"payRunId"`
	Finalisation int64            `json:"finalisation" doc:"which finalisation of the pay run it reports (1 = the first)"`
	Kind         string           `json:"kind" enum:"STP pay event,STP update event"`
	State        string           `json:"state" enum:"Pending,Submitted,Accepted,Rejected"`
	SubmissionID string           `json:"submissionId"`
	Error        string           `json:"error"`
	DateCreated  payroll.DateTime `json:"dateCreated"`
	DateUpdated  payroll.DateTime `json:"dateUpdated"`
}

// Page is the paged list shape (the spec's paged lists).
type Page struct {
	CurrentPage int      `json:"currentPage"`
	PageSize    int      `json:"pageSize"`
	PageCount   int      `json:"pageCount"`
	ItemCount   int64    `json:"itemCount"`
	Items       []Filing `json:"items"`
}

// StateEvent is the data of the FilingStateChanged web hook event.
type StateEvent struct {
	FilingID int64  `json:"filingId"`
	PayRunID int64  `json:"payRunId"`
	Kind     string `json:"kind"`
	State    string `json:"state"`
	Error    string `json:"error,omitempty"`
}

func model(f store.Filing) Filing {
	return Filing{ID: f.ID, PayRunID: f.PayRunID, Finalisation: f.Finalisation, Kind: f.Kind, State: f.State, SubmissionID: f.SubmissionID,
		Error: f.Error, DateCreated: payroll.NewDateTime(f.CreatedAt), DateUpdated: payroll.NewDateTime(f.UpdatedAt)}
}

// Document is a filing's document as stored (JSON).
type Document = json.RawMessage
