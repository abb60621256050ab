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
	// KindSTPFinalisation is the year-end finalisation declaration: an
	// update event with every payee's final event indicator set. It belongs
	// to the business's income year, not to a pay run (payRunId 0).
	KindSTPFinalisation = "STP finalisation"
	// KindCPFSubmission is a month's CPF contribution submission file (SG):
	// the CPF Board's EZPay (FTP) file, a filing of the business's month
	// (payRunId 0); its submissionId is the file's name.
	KindCPFSubmission = "CPF contribution submission"
)

// kinds are the kinds of filing (the list's filter).
var kinds = []string{KindSTPPayEvent, KindSTPUpdateEvent, KindSTPFinalisation, KindCPFSubmission}

// ContentType is the media type of a filing's document, and FileName its
// name: the STP events are JSON; the CPF submission is the fixed-width text
// file named as the CPF Board names it (its submission id).
func (f Filing) ContentType() string {
	if f.Kind == KindCPFSubmission {
		return "text/plain; charset=us-ascii"
	}
	return "application/json"
}

// FileName is the name of the filing's document as served and as written
// to the outbox.
func (f Filing) FileName() string {
	if f.Kind == KindCPFSubmission {
		return f.SubmissionID
	}
	return f.SubmissionID + ".json"
}

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
	PayRunID     int64            `json:"payRunId" doc:"the pay run it reports; 0 for a filing of the business's year (STP finalisation)"`
	Finalisation int64            `json:"finalisation" doc:"which finalisation of the pay run it reports (1 = the first); for a filing of the business's year, its number among the business's filings of that kind"`
	Kind         string           `json:"kind" enum:"STP pay event,STP update event,STP finalisation,CPF contribution submission"`
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

// Document is a filing's document as stored (JSON, or the CPF file's text).
type Document = json.RawMessage
