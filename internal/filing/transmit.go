package filing

import (
	"context"
	"errors"
	"os"
	"path/filepath"
)

// Transmitter sends a filing's document to the authority, or to whoever
// sends it on. A nil error means it was handed over (the filing becomes
// Submitted); an error is retried by the job.
type Transmitter interface {
	Transmit(ctx context.Context, f Filing, document []byte) error
}

// Outbox writes each document as a file in Dir for a sending service
// provider to pick up (Filing.FileName: <submission id>.json, the CPF
// file under its own name), written to a temporary
// name and renamed, so a reader never sees half a file.
type Outbox struct {
	Dir string
}

// Transmit writes the file.
func (o Outbox) Transmit(_ context.Context, f Filing, document []byte) error {
	if o.Dir == "" {
		return errors.New("filing outbox: no directory configured")
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return err
	}
	name := filepath.Join(o.Dir, OutboxName(f))
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, document, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// OutboxName is the file name of a filing in the outbox.
func OutboxName(f Filing) string { return f.FileName() }

// Network is the configuration of a transmitter that would send documents
// to the ATO through SBR (endpoint, software id). It is not built: Transmit
// refuses, so a filing stays Pending and the job reports why.
type Network struct {
	Endpoint   string
	SoftwareID string
}

// Transmit refuses: no network transmitter is built.
func (Network) Transmit(context.Context, Filing, []byte) error {
	return errors.New("filing: the network (SBR) transmitter is configuration only and is not built; use the outbox transmitter")
}
