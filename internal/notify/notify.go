// Package notify sends messages to people (email). Every message is
// recorded in the notifications table, sent or not, so operators and tests
// can read what went out; with PAYROLL_SMTP_ADDR set it is also mailed.
package notify

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/smtp"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Sender records and optionally mails notifications.
type Sender struct {
	DB       *db.DB
	Clock    payroll.Clock
	SMTPAddr string
	From     string
	Log      *slog.Logger
}

// Send records a message to recipient and mails it when SMTP is configured.
// Delivery failures are recorded, not returned: a notification never fails
// the business operation that caused it.
func (s *Sender) Send(ctx context.Context, kind, recipient, subject, body string) int64 {
	return s.SendFrom(ctx, kind, "", recipient, subject, body)
}

// SendFrom is Send with the message's From address (a business's own,
// e.g. its payslip settings' emailFrom; "" = the configured sender, which
// stays the envelope sender either way). A body that starts with a tag is
// sent as HTML.
func (s *Sender) SendFrom(ctx context.Context, kind, from, recipient, subject, body string) int64 {
	var sent sql.NullTime
	errText := ""
	if s.SMTPAddr != "" {
		header := s.From
		if from != "" {
			header = from
		}
		ctype := "text/plain"
		if strings.HasPrefix(strings.TrimSpace(body), "<") {
			ctype = "text/html"
		}
		msg := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nContent-Type: %s; charset=utf-8\r\n\r\n%s\r\n",
			header, recipient, strings.ReplaceAll(subject, "\n", " "), ctype, body)
		if err := smtp.SendMail(s.SMTPAddr, nil, s.From, []string{recipient}, []byte(msg)); err != nil {
			errText = err.Error()
			s.Log.WarnContext(ctx, "notification not mailed", "kind", kind, "err", err)
		} else {
			sent = sql.NullTime{Time: s.Clock.Now(), Valid: true}
		}
	}
	var id int64
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		n, err := q.CreateNotification(ctx, store.CreateNotificationParams{Kind: kind, Recipient: recipient, Subject: subject,
			Body: body, CreatedAt: s.Clock.Now(), SentAt: sent, Error: errText, Sender: from})
		id = n.ID
		return err
	})
	if err != nil {
		s.Log.ErrorContext(ctx, "notification not recorded", "kind", kind, "err", err)
	}
	return id
}
