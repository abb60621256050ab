package cli

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// The app's background workers (the web hook deliverer, the River job
// queue) are supervised: one that stops on its own (River stops when it
// cannot start, e.g. on a database that is read-only or unreachable) is
// logged and restarted after a backoff of 1 s doubling to 10 s (reset once
// a run has lasted a minute), or as soon as the database accepts writes
// again when it did not.
// While a started worker is not running the node is not ready (App.Ready,
// GET /readyz), so a load balancer sends traffic elsewhere until it is
// back; no restart of the process is needed.

// worker is one supervised background loop.
type worker struct {
	name string
	run  func(context.Context) error
	// running, when set, tells whether the loop is doing its work (River:
	// started); otherwise a loop that has not returned is running.
	running func() bool

	state   atomic.Int32 // workerIdle, workerRunning, workerDown
	lastErr atomic.Pointer[error]
}

const (
	workerIdle int32 = iota // not started (a node that runs no workers is still ready)
	workerRunning
	workerDown // stopped on its own, waiting to be restarted
)

// Backoff of restarts.
const (
	restartFirst   = time.Second
	restartMax     = 10 * time.Second
	restartHealthy = time.Minute // a run this long resets the backoff
)

// supervise runs w until ctx is cancelled, restarting it when it stops on
// its own.
func (a *App) supervise(ctx context.Context, w *worker) {
	backoff := restartFirst
	for {
		w.state.Store(workerRunning)
		started := time.Now()
		err := w.run(ctx)
		if ctx.Err() != nil {
			w.state.Store(workerIdle)
			return
		}
		if err == nil {
			err = errors.New("returned without being asked to stop")
		}
		w.lastErr.Store(&err)
		w.state.Store(workerDown)
		if time.Since(started) >= restartHealthy {
			backoff = restartFirst
		}
		a.Log.Error("background worker stopped; restarting it", "worker", w.name, "err", err, "in", backoff)
		if !a.waitToRestart(ctx, backoff) {
			w.state.Store(workerIdle)
			return
		}
		backoff = min(2*backoff, restartMax)
	}
}

// waitToRestart waits out the backoff, checking each second whether the
// database accepts writes (a worker restarted on a read-only database
// stops again at once, and the check replaces write connections opened
// while it was read-only, see db.Writable). While the database refuses
// writes the worker waits past its backoff; once it accepts them again the
// worker restarts at once, so it is back within a second of the database.
// It returns false when ctx ends first.
func (a *App) waitToRestart(ctx context.Context, backoff time.Duration) bool {
	deadline := time.Now().Add(backoff)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	wasDown := false
	for {
		select {
		case <-ctx.Done():
			return false
		case <-tick.C:
		}
		probe, cancel := context.WithTimeout(ctx, 3*time.Second)
		err := a.DB.Writable(probe)
		cancel()
		switch {
		case err != nil:
			wasDown = true
		case wasDown || !time.Now().Before(deadline):
			return true
		}
	}
}

// down returns the first started worker that is not running, with why.
func (a *App) down() error {
	for _, w := range a.workers {
		switch w.state.Load() {
		case workerDown:
			if p := w.lastErr.Load(); p != nil {
				return fmt.Errorf("background worker %s is down (restarting): %w", w.name, *p)
			}
			return fmt.Errorf("background worker %s is down (restarting)", w.name)
		case workerRunning:
			if w.running != nil && !w.running() {
				return fmt.Errorf("background worker %s is starting", w.name)
			}
		}
	}
	return nil
}

// Ready reports whether this node can do its work (GET /readyz): the
// database answers and accepts writes, and every started background
// worker is running. Each change of readiness is logged (a load balancer
// probes every few seconds; the log says when and why the node left and
// rejoined, not every probe).
func (a *App) Ready(ctx context.Context) error {
	err := a.DB.Writable(ctx)
	if err == nil {
		err = a.down()
	}
	a.noteReady(err)
	return err
}

func (a *App) noteReady(err error) {
	a.readyMu.Lock()
	defer a.readyMu.Unlock()
	was := a.notReady
	switch {
	case err != nil && was != err.Error():
		a.Log.Error("node not ready", "reason", err)
		a.notReady = err.Error()
	case err == nil && was != "":
		a.Log.Info("node ready again", "was", was)
		a.notReady = ""
	}
}

// readiness is the state noteReady keeps.
type readiness struct {
	readyMu  sync.Mutex
	notReady string // the last reason, "" = ready
}
