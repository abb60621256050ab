// Package webhook owns web hook registrations, the event outbox and the
// delivery worker.
//
// Areas call Emit inside their write transaction; it only inserts
// webhook_deliveries rows, so an event exists exactly when the change that
// caused it commits. Worker (one or more per node) sends the due rows after
// commit, claiming each with a lease so nodes never send the same attempt
// twice. Delivery is at least once.
//
// A registration that keeps failing is paused, not spun on, and loses
// nothing: its events keep being recorded and wait. One of them is tried
// now and then as a probe (at growing intervals); when a probe succeeds, or
// the owner sets isPaused to false, the queue is sent. An event is given up
// (status failed, with its last error) only when its own attempts are spent.
package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/webhook/target"
)

// Secret length bounds (ASP.NET WebHooks' rule, which the reference API runs on).
const (
	minSecret = 32
	maxSecret = 64
)

// Service owns registrations and emits events.
type Service struct {
	DB           *db.DB
	Clock        payroll.Clock
	AllowPrivate bool // PAYROLL_WEBHOOK_ALLOW_PRIVATE

	wakeOnce sync.Once
	wakeCh   chan struct{}
	tellCh   chan struct{} // PostgreSQL: Broadcast's requests (buffer 1)
}

// Registration is a stored web hook registration.
type Registration struct {
	ID           string
	BusinessID   int64
	URI          string
	Secret       string
	Description  string
	IsPaused     bool
	PausedReason string
	Filters      []string
	Headers      map[string]string
	Properties   map[string]any
}

// Input is a registration as a client sends it. ID is only checked on
// update (it must match the addressed registration when given).
type Input struct {
	ID          string
	URI         string
	Secret      string
	Description string
	IsPaused    bool
	Filters     []string
	Headers     map[string]string
	Properties  map[string]any
}

const notFound = "web hook registration"

// Register stores a new registration under a server-assigned id, generating
// a secret when none is given.
func (s *Service) Register(ctx context.Context, businessID int64, in Input) (_ Registration, err error) {
	defer payroll.Wrap(&err, "register web hook in business %d", businessID)
	v, err := s.validate(ctx, in)
	if err != nil {
		return Registration{}, err
	}
	if v.secret == "" {
		v.secret = payroll.NewSecret(32) // 43 characters, 256 bits
	}
	var out Registration
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		row, err := q.CreateWebhookRegistration(ctx, store.CreateWebhookRegistrationParams{
			ID: payroll.NewHexID(), BusinessID: businessID, Uri: v.uri, Secret: v.secret, Description: in.Description,
			IsPaused: in.IsPaused, Filters: v.filters, Headers: v.headers, Properties: v.properties, CreatedAt: s.Clock.Now(),
		})
		out = registration(row)
		return err
	})
	return out, err
}

// List returns the business's registrations, oldest first.
func (s *Service) List(ctx context.Context, businessID int64) (_ []Registration, err error) {
	defer payroll.Wrap(&err, "list web hooks of business %d", businessID)
	rows, err := s.DB.Queries().ListWebhookRegistrations(ctx, businessID)
	out := make([]Registration, len(rows))
	for i, r := range rows {
		out[i] = registration(r)
	}
	return out, err
}

// Get returns one registration of the business.
func (s *Service) Get(ctx context.Context, businessID int64, id string) (_ Registration, err error) {
	defer payroll.Wrap(&err, "get web hook %s", id)
	row, err := s.DB.Queries().GetWebhookRegistration(ctx, store.GetWebhookRegistrationParams{ID: normID(id), BusinessID: businessID})
	if db.IsNoRows(err) {
		return Registration{}, payroll.NotFound(notFound)
	}
	return registration(row), err
}

// Update replaces a registration. An empty secret keeps the current one
// (a client that omits it must not rotate it unknowingly). Pausing holds
// its deliveries (new events are still recorded); un-pausing resets the
// failure count and makes every pending delivery due at once.
func (s *Service) Update(ctx context.Context, businessID int64, id string, in Input) (_ Registration, err error) {
	defer payroll.Wrap(&err, "update web hook %s", id)
	id = normID(id)
	if in.ID != "" && normID(in.ID) != id {
		return Registration{}, payroll.Invalid("id", "the id in the body (%s) does not match the id in the path (%s)", in.ID, id)
	}
	v, err := s.validate(ctx, in)
	if err != nil {
		return Registration{}, err
	}
	var out Registration
	resumed := false
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		cur, err := q.GetWebhookRegistration(ctx, store.GetWebhookRegistrationParams{ID: id, BusinessID: businessID})
		if db.IsNoRows(err) {
			return payroll.NotFound(notFound)
		} else if err != nil {
			return err
		}
		if v.secret == "" {
			v.secret = cur.Secret
		}
		now := s.Clock.Now()
		row, err := q.UpdateWebhookRegistration(ctx, store.UpdateWebhookRegistrationParams{
			ID: id, BusinessID: businessID, Uri: v.uri, Secret: v.secret, Description: in.Description, IsPaused: in.IsPaused,
			Filters: v.filters, Headers: v.headers, Properties: v.properties, UpdatedAt: now,
		})
		if err != nil {
			return err
		}
		if cur.IsPaused && !row.IsPaused {
			resumed = true
			err = q.ResumeWebhookDeliveries(ctx, store.ResumeWebhookDeliveriesParams{RegistrationID: id, NextAttemptAt: now})
		}
		out = registration(row)
		return err
	})
	if err == nil && resumed {
		s.Notify()
	}
	return out, err
}

// Delete removes one registration and cancels its pending deliveries.
func (s *Service) Delete(ctx context.Context, businessID int64, id string) (err error) {
	defer payroll.Wrap(&err, "delete web hook %s", id)
	id = normID(id)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		n, err := q.DeleteWebhookRegistration(ctx, store.DeleteWebhookRegistrationParams{ID: id, BusinessID: businessID})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.NotFound(notFound)
		}
		return q.CancelPendingDeliveriesOfRegistration(ctx, store.CancelPendingDeliveriesOfRegistrationParams{RegistrationID: id, UpdatedAt: s.Clock.Now()})
	})
}

// DeleteAll removes every registration of the business and cancels their
// pending deliveries.
func (s *Service) DeleteAll(ctx context.Context, businessID int64) (err error) {
	defer payroll.Wrap(&err, "delete web hooks of business %d", businessID)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := q.DeleteAllWebhookRegistrations(ctx, businessID); err != nil {
			return err
		}
		return q.CancelPendingDeliveriesOfBusiness(ctx, store.CancelPendingDeliveriesOfBusinessParams{BusinessID: businessID, UpdatedAt: s.Clock.Now()})
	})
}

// Test queues a small sample notification of event filter for one
// registration and wakes the worker: it travels the normal delivery path
// (signing, retries, attempts recorded).
func (s *Service) Test(ctx context.Context, businessID int64, id, filter string) (err error) {
	defer payroll.Wrap(&err, "test web hook %s", id)
	action, ok := canonicalEvent(filter)
	if !ok {
		return payroll.Invalid("filter", "filter must name one event: %s", strings.Join(events, ", "))
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		row, err := q.GetWebhookRegistration(ctx, store.GetWebhookRegistrationParams{ID: normID(id), BusinessID: businessID})
		if db.IsNoRows(err) {
			return payroll.NotFound(notFound)
		} else if err != nil {
			return err
		}
		if row.IsPaused {
			return payroll.Conflict("the web hook registration is paused; set isPaused to false before testing it")
		}
		sample := map[string]any{"businessId": businessID, "test": true}
		return s.enqueue(ctx, q, row, action, sample)
	})
	if err == nil {
		s.Notify()
	}
	return err
}

// Emit queues action for every registration of the business that
// subscribes to it, paused ones included (they keep their events until
// they resume). Call it inside the write transaction (q) that makes the
// change, so the event exists exactly when the change commits; nothing is
// sent here. data is the event's model: its JSON members are merged beside
// "Action" (a non-object goes under "Data").
//
// Emit nudges this node's worker, which then looks for due deliveries at
// once and every few milliseconds for a short while, so the event goes out
// right after the caller commits. Calling Notify after commit as well
// makes that immediate.
func (s *Service) Emit(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error {
	canon, ok := canonicalEvent(action)
	if !ok {
		return fmt.Errorf("webhook: unknown event %q", action)
	}
	regs, err := q.ListWebhookRegistrations(ctx, businessID)
	if err != nil {
		return err
	}
	queued := false
	for _, r := range regs {
		if !matches(decodeList(r.Filters), canon) {
			continue
		}
		if err := s.enqueue(ctx, q, r, canon, data); err != nil {
			return err
		}
		queued = true
	}
	if queued {
		s.Notify()
	}
	return nil
}

// EmitEach queues one action event per element of data, as Emit would
// for each, set-based: the registrations are read once and the deliveries
// inserted a chunk of rows per statement (a 1,200-line bulk timesheet is
// 6 statements, not 2,400). Call it inside the write transaction (q) that
// makes the change.
func (s *Service) EmitEach(ctx context.Context, q *store.Queries, businessID int64, action string, data []any) error {
	canon, ok := canonicalEvent(action)
	if !ok {
		return fmt.Errorf("webhook: unknown event %q", action)
	}
	if len(data) == 0 {
		return nil
	}
	regs, err := q.ListWebhookRegistrations(ctx, businessID)
	if err != nil {
		return err
	}
	var targets []store.WebhookRegistration
	for _, r := range regs {
		if matches(decodeList(r.Filters), canon) {
			targets = append(targets, r)
		}
	}
	if len(targets) == 0 {
		return nil
	}
	rendered := make([]string, len(data))
	for i, v := range data {
		n, err := notification(canon, v)
		if err != nil {
			return err
		}
		rendered[i] = "[" + string(n) + "]"
	}
	type row struct {
		reg   store.WebhookRegistration
		notif string
	}
	rows := make([]row, 0, len(targets)*len(rendered))
	for _, r := range targets {
		for _, n := range rendered {
			rows = append(rows, row{r, n})
		}
	}
	positional := s.DB.Dialect != db.Postgres // SQLite: "?", which binds in linear time
	now := s.Clock.Now()
	const perStmt = 200 // 12 parameters a row
	for start := 0; start < len(rows); start += perStmt {
		chunk := rows[start:min(start+perStmt, len(rows))]
		args := make([]any, 0, 12*len(chunk))
		var b strings.Builder
		b.WriteString("INSERT INTO webhook_deliveries (id, registration_id, business_id, action, notifications, status, attempts, " +
			"next_attempt_at, last_status_code, last_error, created_at, updated_at) VALUES ")
		store.Placeholders(&b, len(chunk), 12, positional, 1)
		for _, r := range chunk {
			args = append(args, payroll.NewHexID(), r.reg.ID, r.reg.BusinessID, canon, r.notif, StatusPending, 0, now, 0, "", now, now)
		}
		if err := q.Exec(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	s.Notify()
	return nil
}

// Notify nudges this node's worker to look for due deliveries now and, on
// PostgreSQL, asks Broadcast to wake the other nodes' workers too. It never
// blocks; a nudge while one is pending is dropped (one look serves both).
func (s *Service) Notify() {
	s.nudge()
	select {
	case s.tell() <- struct{}{}:
	default:
	}
}

// nudge wakes this node's worker only (what a notification from another
// node does: passing it on would echo between the nodes).
func (s *Service) nudge() {
	select {
	case s.wake() <- struct{}{}:
	default:
	}
}

func (s *Service) wake() chan struct{} {
	s.wakeOnce.Do(func() { s.wakeCh, s.tellCh = make(chan struct{}, 1), make(chan struct{}, 1) })
	return s.wakeCh
}

func (s *Service) tell() chan struct{} {
	s.wake()
	return s.tellCh
}

func (s *Service) enqueue(ctx context.Context, q *store.Queries, r store.WebhookRegistration, action string, data any) error {
	n, err := notification(action, data)
	if err != nil {
		return err
	}
	return q.CreateWebhookDelivery(ctx, store.CreateWebhookDeliveryParams{
		ID: payroll.NewHexID(), RegistrationID: r.ID, BusinessID: r.BusinessID, Action: action,
		Notifications: "[" + string(n) + "]", NextAttemptAt: s.Clock.Now(),
	})
}

// notification renders {"Action": action, ...data members}.
func notification(action string, data any) ([]byte, error) {
	raw, err := marshal(data)
	if err != nil {
		return nil, fmt.Errorf("webhook: encode %s data: %w", action, err)
	}
	members := map[string]json.RawMessage{}
	switch {
	case string(raw) == "null":
	case raw[0] == '{':
		if err := json.Unmarshal(raw, &members); err != nil {
			return nil, err
		}
	default:
		members["Data"] = raw
	}
	members["Action"], _ = json.Marshal(action)
	return marshal(members)
}

// validated is an Input in its stored form.
type validated struct {
	uri, secret                  string
	filters, headers, properties string
}

func (s *Service) validate(ctx context.Context, in Input) (validated, error) {
	v := validated{uri: strings.TrimSpace(in.URI), secret: in.Secret}
	if v.uri == "" {
		return v, payroll.Invalid("webHookUri", "webHookUri is required")
	}
	if err := target.Check(ctx, v.uri, s.AllowPrivate); err != nil {
		return v, err
	}
	if n := utf8.RuneCountInString(v.secret); n != 0 && (n < minSecret || n > maxSecret) {
		return v, payroll.Invalid("secret", "secret must be between %d and %d characters long", minSecret, maxSecret)
	}
	filters, err := normFilters(in.Filters)
	if err != nil {
		return v, err
	}
	for k, val := range in.Headers {
		if !validHeader(k, val) {
			return v, payroll.Invalid("headers", "header %q is not a valid HTTP header", k)
		}
	}
	props, err := marshal(nonNil(in.Properties))
	if err != nil {
		return v, payroll.Invalid("properties", "properties cannot be stored: %s", err)
	}
	f, _ := marshal(filters) // strings cannot fail to encode
	h, _ := marshal(nonNil(in.Headers))
	v.filters, v.headers, v.properties = string(f), string(h), string(props)
	return v, nil
}

// normFilters maps names to their canonical spelling, drops duplicates and
// turns an empty list into the wildcard.
func normFilters(in []string) ([]string, error) {
	out := []string{}
	var bad []string
	for _, f := range in {
		f = strings.TrimSpace(f)
		c, ok := canonicalEvent(f)
		if f == Wildcard {
			c, ok = Wildcard, true
		}
		switch {
		case !ok:
			bad = append(bad, f)
		case !slices.Contains(out, c):
			out = append(out, c)
		}
	}
	if len(bad) > 0 {
		return nil, payroll.Invalid("filters", "The following filters are not valid: %s.", strings.Join(bad, ", "))
	}
	if len(out) == 0 {
		out = []string{Wildcard}
	}
	return out, nil
}

// validHeader accepts an RFC 9110 token name and a value without control
// line breaks, so a stored header can always be sent.
func validHeader(name, value string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		if c > 0x7e || c <= ' ' || strings.ContainsRune(`"(),/:;<=>?@[\]{}`, c) {
			return false
		}
	}
	return !strings.ContainsAny(value, "\r\n\x00")
}

func registration(r store.WebhookRegistration) Registration {
	out := Registration{ID: r.ID, BusinessID: r.BusinessID, URI: r.Uri, Secret: r.Secret, Description: r.Description,
		IsPaused: r.IsPaused, PausedReason: r.PausedReason, Filters: decodeList(r.Filters),
		Headers: map[string]string{}, Properties: map[string]any{}}
	_ = json.Unmarshal([]byte(r.Headers), &out.Headers)
	_ = json.Unmarshal([]byte(r.Properties), &out.Properties)
	return out
}

func decodeList(s string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// normID: ids are lowercase hex; accept them in any case.
func normID(id string) string { return strings.ToLower(strings.TrimSpace(id)) }

func nonNil[M ~map[string]V, V any](m M) M {
	if m == nil {
		return M{}
	}
	return m
}

// marshal is json.Marshal without HTML escaping: receivers get the bytes
// the data holds, and the signature covers exactly those.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
