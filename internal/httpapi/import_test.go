package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/testkit"
)

func multipartFile(t *testing.T, name string, data []byte) (*bytes.Buffer, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	return &buf, w.FormDataContentType()
}

// The CSV import machinery, served for pay categories on a test path:
// all rows or none, errors naming row and member.
func TestCSVImportIsAllOrNothing(t *testing.T) {
	t.Parallel()
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	_, key := s.NewUser("alice@example.com")
	biz := s.NewBusiness(key, "Alice", "AU")
	api := httpapi.New(httpapi.Deps{Config: config.Default(), Users: s.Users, Businesses: s.Businesses, Reference: s.Reference,
		BearerAuth: s.OAuth.AuthenticateBearer, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Areas: []func(*httpapi.API){func(a *httpapi.API) {
			httpapi.RegisterImport(a, s.Reference.PayCategories, "/api/v2/business/{businessId}/import/test-paycategories", "Test")
		}}})
	ts := httptest.NewServer(api.Handler())
	defer ts.Close()
	post := func(csv string) *testkit.Response {
		body, ct := multipartFile(t, "cats.csv", []byte(csv))
		req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/v2/business/%d/import/test-paycategories", ts.URL, biz), body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
		return s.Send(req)
	}
	bad := post("Name,Rate Unit,Is Tax Exempt\nOrdinary,Hourly,no\n,Hourly,yes\nBonus,Fortnightly,maybe\n")
	testkit.ExpectProblem(t, bad, 400, "row 3.name")
	testkit.ExpectProblem(t, bad, 400, "row 4.isTaxExempt")
	testkit.ExpectProblem(t, post("name,rateUnit\nBonus,Fortnightly\n"), 400, "row 2.rateUnit")
	var list []categories.PayCategory
	s.Do("GET", fmt.Sprintf("/api/v2/business/%d/paycategory", biz), key, nil).Expect(t, 200).JSON(t, &list)
	if len(list) != 0 {
		t.Fatalf("a failed import stored %d rows", len(list))
	}
	testkit.ExpectProblem(t, post("Nope\nx\n"), 400, "file")
	ok := post("\ufeffname,rateUnit,isTaxExempt,rateLoadingPercent\nOrdinary,hourly,no,0\nOvertime,Hourly,false,50\n").Expect(t, 200).Map(t)
	if ok["imported"] != 2.0 {
		t.Fatalf("import = %v", ok)
	}
	s.Do("GET", fmt.Sprintf("/api/v2/business/%d/paycategory", biz), key, nil).Expect(t, 200).JSON(t, &list)
	if len(list) != 2 || list[1].Name != "Overtime" || list[1].RateLoadingPercent.Cmp(payroll.RateFromInt(50)) != 0 || list[0].RateUnit != "Hourly" {
		t.Fatalf("imported = %+v", list)
	}

	// The reference API's clients send JSON: an array (or one object), all or nothing too.
	postJSON := func(body string) *testkit.Response {
		req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/v2/business/%d/import/test-paycategories", ts.URL, biz), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
		return s.Send(req)
	}
	testkit.ExpectProblem(t, postJSON(`[{"Name":"Penalty"},{"name":"","rateUnit":"Hourly"}]`), 400, "[1].name")
	testkit.ExpectProblem(t, postJSON(`not json`), 400, "body")
	if r := postJSON(`[{"Name":"Penalty","RateUnit":"hourly"},{"name":"Allowance","rateUnit":"Fixed"}]`).Expect(t, 200).Map(t); r["imported"] != 2.0 {
		t.Fatalf("JSON import = %v", r)
	}
	if r := postJSON(`{"name":"Single"}`).Expect(t, 200).Map(t); r["imported"] != 1.0 {
		t.Fatalf("single-object import = %v", r)
	}
	s.Do("GET", fmt.Sprintf("/api/v2/business/%d/paycategory", biz), key, nil).Expect(t, 200).JSON(t, &list)
	if len(list) != 5 || list[2].RateUnit != "Hourly" {
		t.Fatalf("after JSON imports = %+v", list)
	}
}

// An upload larger than the configured limit is refused whole with 413.
func TestUploadLimit(t *testing.T) {
	t.Parallel()
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d, testkit.Options{Config: func(c *config.Config) { c.MaxUploadBytes = 1 << 10 }})
	_, key := s.NewUser("alice@example.com")
	biz := s.NewBusiness(key, "Alice", "AU")
	big := bytes.Repeat([]byte("x"), 3<<20)
	testkit.ExpectProblem(t, s.Upload(fmt.Sprintf("/api/v2/business/%d/document", biz), key, "big.bin", big), 413, "")
	var docs []map[string]any
	s.Do("GET", fmt.Sprintf("/api/v2/business/%d/document", biz), key, nil).Expect(t, 200).JSON(t, &docs)
	if len(docs) != 0 {
		t.Fatalf("oversized upload stored %d documents", len(docs))
	}
}

// Uploads leave no temporary files behind: a part beyond the in-memory
// limit of multipart parsing (8 KB) is spooled to a file in os.TempDir,
// which must go when the request ends, whether the upload is stored or
// refused. Not parallel: it points TMPDIR at a directory of its own, and
// no other test of this binary runs while it does.
func TestUploadsLeaveNoTemporaryFiles(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite) // before TMPDIR moves: the test databases live in the real one
	s := testkit.NewServer(t, d, testkit.Options{Config: func(c *config.Config) { c.MaxUploadBytes = 1 << 20 }})
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	_, key := s.NewUser("alice@example.com")
	docs := fmt.Sprintf("/api/v2/business/%d/document", s.NewBusiness(key, "Alice", "AU"))
	s.Upload(docs, key, "stored.bin", bytes.Repeat([]byte("x"), 64<<10)).Expect(t, 200)
	testkit.ExpectProblem(t, s.Upload(docs, key, "refused.bin", bytes.Repeat([]byte("x"), 2<<20)), 413, "")
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range left {
		t.Errorf("left behind in TMPDIR: %s", f.Name())
	}
}
