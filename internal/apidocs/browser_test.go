package apidocs_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// chromium finds a Chromium or Chrome binary: $PAYROLL_CHROMIUM, else the
// usual names on PATH.
func chromium() string {
	if p := os.Getenv("PAYROLL_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestDocsPageInChromium opens /docs of a fresh server in headless
// Chromium, searches for an operation, checks its example body is shown,
// enters an API key under Authorize, sends the request from the page and
// reads the live answer. Every request the page makes must stay on the
// server's origin, and the browser must report no errors (a CSP violation
// is one).
func TestDocsPageInChromium(t *testing.T) {
	exe := chromium()
	if exe == "" {
		t.Skip("no Chromium binary found (apt-get install chromium, or set PAYROLL_CHROMIUM): the /docs browser check is skipped")
	}
	b := testkit.NewBundle(t, testkit.NewDB(t, db.SQLite), "AU")

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox, // CI runs as root
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	var mu sync.Mutex
	var problems []string
	listen := func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			u := e.Request.URL
			if !strings.HasPrefix(u, b.URL+"/") && !strings.HasPrefix(u, "data:") {
				problems = append(problems, "request off the origin: "+u)
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+e.ExceptionDetails.Text+" "+fmt.Sprint(e.ExceptionDetails.Exception))
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				problems = append(problems, "console error: "+strings.Join(parts, " "))
			}
		}
	}
	ctx, cancelCtx := chromedp.NewContext(actx, chromedp.WithListener(listen))
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	// POST B/location: "Create a location", tag Locations.
	op := "#operations-Locations-post-api-v2-business-businessId-location"
	css := func(sel string) chromedp.Search { return chromedp.Search(sel) }
	var example, status, answer string
	var shown int
	start := time.Now()
	err := func() error {
		if err := chromedp.Do(ctx, chromedp.Navigate(b.URL+"/docs")); err != nil {
			return fmt.Errorf("navigate: %w", err)
		}
		if err := chromedp.Do(ctx,
			chromedp.WaitVisible(css(`input.operation-filter-input`)),
			chromedp.SendKeys(css(`input.operation-filter-input`), "create location"),
		); err != nil {
			return fmt.Errorf("search: %w", err)
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(css(op))); err != nil {
			return fmt.Errorf("search: %w", err)
		}
		var err error
		if shown, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.opblock').length`)); err != nil {
			return err
		}
		// The list re-renders while the filter settles: a click on the
		// summary can land on a node being replaced, so try again.
		opened := fmt.Errorf("not opened")
		for try := 0; try < 4 && opened != nil && ctx.Err() == nil; try++ {
			isOpen, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('`+op+`').classList.contains('is-open')`))
			if err != nil {
				return fmt.Errorf("open the operation: %w", err)
			}
			if !isOpen {
				if err := chromedp.Do(ctx, chromedp.Click(css(op+` .opblock-summary-control`))); err != nil {
					return fmt.Errorf("open the operation: %w", err)
				}
			}
			wctx, wcancel := context.WithTimeout(ctx, 5*time.Second)
			opened = chromedp.Do(wctx, chromedp.WaitVisible(css(op+` textarea.body-param__text`)))
			wcancel()
		}
		if opened != nil {
			return fmt.Errorf("open the operation: %w", opened)
		}
		if example, err = chromedp.Run(ctx, chromedp.Value(css(op+` textarea.body-param__text`))); err != nil {
			return err
		}
		// The key: Authorize, the basic scheme's user name, empty password.
		if err := chromedp.Do(ctx,
			chromedp.Click(css(`.auth-wrapper button.authorize`)),
			chromedp.WaitVisible(css(`input[aria-label="auth-basic-username"]`)),
			chromedp.SendKeys(css(`input[aria-label="auth-basic-username"]`), b.Key),
			chromedp.Click(chromedp.Search(`//input[@aria-label="auth-basic-username"]/ancestor::form//button[contains(@class,"authorize")]`)),
			chromedp.Click(css(`.dialog-ux button.close-modal`)),
			chromedp.WaitNotPresent(css(`.dialog-ux`)),
		); err != nil {
			return fmt.Errorf("authorize: %w", err)
		}
		if err := chromedp.Do(ctx,
			chromedp.SendKeys(css(op+` tr[data-param-name="businessId"] input`), fmt.Sprint(b.Biz)),
			chromedp.Click(css(op+` button.execute`)),
			chromedp.WaitVisible(css(op+` .live-responses-table tbody .response-col_status`)),
		); err != nil {
			return fmt.Errorf("send: %w", err)
		}
		if status, err = chromedp.Run(ctx, chromedp.Text(css(op+` .live-responses-table tbody .response-col_status`))); err != nil {
			return err
		}
		answer, err = chromedp.Run(ctx, chromedp.Text(css(op+` .live-responses-table tbody .response-col_description`)))
		return err
	}()
	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Errorf("browser: %s", p)
	}
	if err != nil {
		t.Fatalf("browser run after %v: %v", time.Since(start), err)
	}
	t.Logf("browser steps took %v", time.Since(start))
	if shown == 0 || shown > 5 {
		t.Errorf("search for %q shows %d operations, want the one (or a few)", "create location", shown)
	}
	if !strings.Contains(example, `"name": "Melbourne office"`) {
		t.Errorf("request body shown is not the example: %q", example)
	}
	if !strings.HasPrefix(strings.TrimSpace(status), "200") {
		t.Errorf("live answer status %q, want 200", status)
	}
	if !strings.Contains(answer, `"name": "Melbourne office"`) || !strings.Contains(answer, `"id":`) {
		t.Errorf("live answer does not show the stored location: %q", answer)
	}
	// The request really reached the server with the key.
	if r := b.Do("GET", b.B+"/location", b.Key, nil); !strings.Contains(string(r.Body), "Melbourne office") {
		t.Errorf("location not stored: %d %s", r.Status, r.Body)
	}
}
