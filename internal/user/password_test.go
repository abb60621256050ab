package user

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	ctx := context.Background()
	h, err := HashPassword(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	for pw, want := range map[string]bool{"correct horse": true, "correct horsE": false} {
		if ok, err := CheckPassword(ctx, h, pw); err != nil || ok != want {
			t.Errorf("CheckPassword(%q) = %v, %v; want %v", pw, ok, err, want)
		}
	}
	for _, bad := range []string{"", "plain", "$argon2id$v=19$m=1048576,t=2,p=2$AAAA$AAAA", "$bcrypt$x$y$z$w"} {
		if ok, err := CheckPassword(ctx, bad, "x"); ok || err != nil {
			t.Errorf("CheckPassword(%q) = %v, %v; want false, nil", bad, ok, err)
		}
	}
}

// The dummy hash must cost what a real one costs: same parameters.
func TestPasswordDummyHashParameters(t *testing.T) {
	real, err := HashPassword(context.Background(), "x")
	if err != nil {
		t.Fatal(err)
	}
	param := func(h string) string {
		var m, tt, p int
		if _, err := fmt.Sscanf(h, "$argon2id$v=19$m=%d,t=%d,p=%d$", &m, &tt, &p); err != nil {
			t.Fatalf("%q: %v", h, err)
		}
		return fmt.Sprint(m, tt, p)
	}
	if param(dummyHash) != param(real) || len(dummyHash) != len(real) {
		t.Fatalf("dummy hash %q does not have the parameters of %q", dummyHash, real)
	}
}

// However many checks run at once, at most the slot count hash together.
func TestPasswordConcurrencyBound(t *testing.T) {
	h, err := HashPassword(context.Background(), "secret password")
	if err != nil {
		t.Fatal(err)
	}
	slots, _ := HashStats()
	var mu sync.Mutex
	active, peak := 0, 0
	real := argonIDKey
	argonIDKey = func(pw, salt []byte, time_, mem uint32, threads uint8, n uint32) []byte {
		mu.Lock()
		active++
		peak = max(peak, active)
		mu.Unlock()
		time.Sleep(5 * time.Millisecond) // long enough for the others to pile up
		mu.Lock()
		active--
		mu.Unlock()
		return make([]byte, n)
	}
	defer func() { argonIDKey = real }()
	defer func(w time.Duration) { hashWait = w }(hashWait)
	hashWait = time.Minute // all 40 wait for their turn here
	ResetHashPeak()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ok, err := CheckPassword(context.Background(), h, "wrong password"); ok || err != nil {
				errs <- fmt.Errorf("ok=%v err=%v", ok, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	_, statPeak := HashStats()
	if peak > slots || statPeak > int64(slots) || peak < 1 {
		t.Fatalf("peak concurrent hashes %d (stats %d), bound %d", peak, statPeak, slots)
	}
	t.Logf("40 concurrent checks: peak %d hashing at once (bound %d)", peak, slots)
}

// With every slot taken, callers wait hashWait and then get ErrBusy; a
// context that holds a slot does not take a second one.
func TestPasswordBusy(t *testing.T) {
	defer func(w time.Duration) { hashWait = w }(hashWait)
	hashWait = 20 * time.Millisecond
	ctx := context.Background()
	var releases []func()
	var held context.Context
	for i := 0; i < cap(hashSem); i++ {
		c, release, err := HoldHashSlot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		held = c
		releases = append(releases, release)
	}
	start := time.Now()
	if _, err := CheckPassword(ctx, dummyHash, "x"); !errors.Is(err, ErrBusy) {
		t.Fatalf("all slots taken: err %v, want ErrBusy", err)
	}
	if d := time.Since(start); d < hashWait || d > time.Second {
		t.Fatalf("refused after %v, want about %v", d, hashWait)
	}
	if _, _, err := HoldHashSlot(ctx); !errors.Is(err, ErrBusy) {
		t.Fatalf("HoldHashSlot with all slots taken: %v", err)
	}
	// The holder's own check runs in its slot.
	if ok, err := CheckPassword(held, dummyHash, "x"); ok || err != nil {
		t.Fatalf("check in a held slot: %v, %v", ok, err)
	}
	for _, r := range releases {
		r()
		r() // a second release gives nothing back twice
	}
	if len(hashSem) != 0 {
		t.Fatalf("%d slots still taken after release", len(hashSem))
	}
	// After release the context takes a slot again like any other.
	if holds(held) {
		t.Fatal("released context still counts as holding a slot")
	}
	if _, err := HashPassword(ctx, "x"); err != nil {
		t.Fatalf("after release: %v", err)
	}
}
