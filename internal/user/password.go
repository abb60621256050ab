package user

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"

	"github.com/payrolld/payrolld/internal/payroll"
)

// argon2id parameters (RFC 9106 second recommendation, lighter memory).
const (
	argonTime    = 2
	argonMemory  = 64 * 1024
	argonThreads = 2
	argonKeyLen  = 32
)

// dummyHash has the parameters above and a random password nobody knows.
// Sign-in checks it when the username is unknown or has no password, so
// that case costs what a wrong password costs and timing does not tell
// which usernames exist.
const dummyHash = "$argon2id$v=19$m=65536,t=2,p=2$p4u49YuS4NhSboRhVSMzwg$lI7LvZ8IgHwqxI2ovmi2H1WhZtLbD7PzbZVEjRx6rNc"

// ErrBusy is returned when every password-hashing slot stayed taken for
// hashWait. Callers answer 503 or 429 with Retry-After.
var ErrBusy = &payroll.Error{Kind: payroll.KindRateLimited, Message: "the server is busy checking passwords; retry in a moment"}

// Each argon2id computation holds argonMemory KiB (64 MiB) for ~70 ms, so
// concurrent hashing is bounded by a process-wide semaphore: memory stays
// under about HashSlots x 64 MiB however many sign-ins arrive at once.
// Excess callers wait up to hashWait, then get ErrBusy instead of queueing
// without bound.
var (
	hashSem    = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))
	hashWait   = 2 * time.Second
	hashActive atomic.Int64
	hashPeak   atomic.Int64
	argonIDKey = argon2.IDKey // tests swap in a cheap stand-in
)

type heldSlotKey struct{}

// heldSlot is a slot taken by HoldHashSlot; released once.
type heldSlot struct {
	held atomic.Bool
}

func (h *heldSlot) release() {
	if h.held.CompareAndSwap(true, false) {
		<-hashSem
	}
}

func holds(ctx context.Context) bool {
	h, _ := ctx.Value(heldSlotKey{}).(*heldSlot)
	return h != nil && h.held.Load()
}

// HoldHashSlot takes a hashing slot for the caller's context: password
// functions called with the returned context use it instead of taking
// another (sign-in takes the slot before counting its attempt, so a
// refusal for load costs the user nothing). release may be called more
// than once; after it the context takes slots again. The context must not
// be shared between goroutines while it holds the slot.
func HoldHashSlot(ctx context.Context) (context.Context, func(), error) {
	if holds(ctx) {
		return ctx, func() {}, nil
	}
	if err := takeHashSlot(ctx); err != nil {
		return ctx, nil, err
	}
	h := &heldSlot{}
	h.held.Store(true)
	return context.WithValue(ctx, heldSlotKey{}, h), h.release, nil
}

// acquireHashSlot takes a slot unless ctx holds one; release gives it back.
func acquireHashSlot(ctx context.Context) (release func(), err error) {
	if holds(ctx) {
		return func() {}, nil
	}
	if err := takeHashSlot(ctx); err != nil {
		return nil, err
	}
	return func() { <-hashSem }, nil
}

func takeHashSlot(ctx context.Context) error {
	select {
	case hashSem <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(hashWait)
	defer t.Stop()
	select {
	case hashSem <- struct{}{}:
		return nil
	case <-t.C:
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
}

// HashStats reports the bound on concurrent password hashing and the
// most computations that have run at once since ResetHashPeak.
func HashStats() (slots int, peak int64) { return cap(hashSem), hashPeak.Load() }

// ResetHashPeak starts a new HashStats measurement.
func ResetHashPeak() { hashPeak.Store(hashActive.Load()) }

// argonKey runs argon2id, counting concurrent runs. The caller holds a
// slot.
func argonKey(password, salt []byte, t, m uint32, p uint8, n uint32) []byte {
	now := hashActive.Add(1)
	defer hashActive.Add(-1)
	for {
		peak := hashPeak.Load()
		if now <= peak || hashPeak.CompareAndSwap(peak, now) {
			break
		}
	}
	return argonIDKey(password, salt, t, m, p, n)
}

// HashPassword returns an encoded argon2id hash of password. It waits for
// a hashing slot (ErrBusy after hashWait).
func HashPassword(ctx context.Context, password string) (string, error) {
	release, err := acquireHashSlot(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		panic(err)
	}
	key := argonKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=19$m=%d,t=%d,p=%d$%s$%s", argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches the encoded hash. It
// waits for a hashing slot (ErrBusy after hashWait). Hashes whose memory
// parameter exceeds ours are refused rather than computed.
func CheckPassword(ctx context.Context, encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, nil
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m > argonMemory || t > 10 || p == 0 {
		return false, nil
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, nil
	}
	release, err := acquireHashSlot(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	got := argonKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
