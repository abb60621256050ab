package employeeapi_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// essKey is the API key of the self-service user username (invited users
// are created without a key anyone has seen).
func essKey(t *testing.T, s *testkit.Server, username string) string {
	t.Helper()
	key, err := s.Users.RotateAPIKey(context.Background(), username)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func notificationsTo(t *testing.T, s *testkit.Server, to string) []string {
	t.Helper()
	rows, err := s.DB.Queries().ListNotificationsTo(context.Background(), to)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r.Kind+": "+r.Subject)
	}
	return out
}

func TestEmployeeAccessAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		A := e.EA + "/access"
		var list []map[string]any
		s.Do("GET", A, key, nil).Expect(t, 200).JSON(t, &list)
		if list == nil || len(list) != 0 {
			t.Fatalf("no access yet: %v", list)
		}
		s.Do("POST", A, key, map[string]any{"email": "Ann.Lee@example.com"}).Expect(t, 200)
		s.Do("GET", A, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["email"] != "Ann.Lee@example.com" || list[0]["name"] != "Ann Lee" {
			t.Fatalf("access %v", list)
		}
		if got := notificationsTo(t, s, "Ann.Lee@example.com"); len(got) != 1 || !strings.HasPrefix(got[0], "employee-access-invitation: ") {
			t.Fatalf("invitation %v", got)
		}
		got := s.Do("GET", A+"/email?email=ann.lee@EXAMPLE.com", key, nil).Expect(t, 200).Map(t)
		if got["email"] != "Ann.Lee@example.com" {
			t.Fatalf("by email %v", got)
		}
		// The invited user is the employee: an employee principal sees
		// their own employee through the employee scope, and no B/ operation.
		annKey := essKey(t, s, "ann.lee@example.com")
		s.Do("GET", e.B+"/employee/unstructured", annKey, nil).Expect(t, 404)

		// Rename, then move to another user.
		s.Do("PUT", A+"?email=ann.lee@example.com", key, map[string]any{"name": "Annie"}).Expect(t, 200)
		s.Do("GET", A, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["name"] != "Annie" {
			t.Fatalf("renamed %v", list)
		}
		s.Do("POST", e.EB+"/access", key, map[string]any{"email": "bob@example.com", "suppressNotificationEmails": true}).Expect(t, 200)
		if got := notificationsTo(t, s, "bob@example.com"); len(got) != 0 {
			t.Fatalf("suppressed invitation sent: %v", got)
		}
		s.RunCases(t, []testkit.Case{
			{Name: "second user for the employee", Method: "POST", Path: A, Key: key, Body: map[string]any{"email": "other@example.com"}, Status: 409},
			{Name: "user already another employee", Method: "PUT", Path: e.EB + "/access?email=bob@example.com", Key: key, Body: map[string]any{"email": "ann.lee@example.com"}, Status: 409},
			{Name: "bad email", Method: "POST", Path: e.EB + "/access", Key: key, Body: map[string]any{"email": "not-an-email"}, Status: 400, Field: "email"},
			{Name: "missing email", Method: "POST", Path: e.EB + "/access", Key: key, Body: map[string]any{"name": "x"}, Status: 400, Field: "email"},
			{Name: "get without email", Method: "GET", Path: A + "/email", Key: key, Status: 400, Field: "email"},
			{Name: "unknown email", Method: "GET", Path: A + "/email?email=nobody@example.com", Key: key, Status: 404},
			{Name: "anonymous", Method: "GET", Path: A, Status: 401},
			{Name: "other tenant", Method: "GET", Path: A, Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "POST", Path: e.EOth + "/access", Key: key, Body: map[string]any{"email": "x@example.com"}, Status: 404},
			{Name: "restricted in scope", Method: "GET", Path: A, Key: e.restrictKey, Status: 200},
			{Name: "restricted outside scope", Method: "GET", Path: e.EB + "/access", Key: e.restrictKey, Status: 404},
			{Name: "self-service user on B/", Method: "GET", Path: A, Key: annKey, Status: 404},
		})
		s.Do("DELETE", A+"?email=ann.lee@example.com", key, nil).Expect(t, 200)
		s.Do("GET", A, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("after delete %v", list)
		}
		s.Do("DELETE", A+"?email=ann.lee@example.com", key, nil).Expect(t, 404)
		// Freed, the user can be someone else's self-service user.
		s.Do("PUT", e.EB+"/access?email=bob@example.com", key, map[string]any{"email": "ann.lee@example.com"}).Expect(t, 200)
	})
}

func TestInitiateSelfServiceAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		P := e.B + "/employeeonboarding/initiateselfservice"
		res := s.Do("POST", P, key, map[string]any{"firstName": "Nina", "surname": "New", "email": "nina@example.com", "mobile": "0400 000 000",
			"qualificationsRequired": true}).Expect(t, 200).Map(t)
		id := int64(res["employeeId"].(float64))
		if res["status"] != "Incomplete" {
			t.Fatalf("onboarding %v", res)
		}
		emp := s.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, id), key, nil).Expect(t, 200).Map(t)
		if emp["firstName"] != "Nina" || emp["emailAddress"] != "nina@example.com" || emp["mobilePhone"] != "0400 000 000" {
			t.Fatalf("employee %v", emp)
		}
		var list []map[string]any
		s.Do("GET", fmt.Sprintf("%s/employee/%d/access", e.B, id), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["email"] != "nina@example.com" {
			t.Fatalf("access %v", list)
		}
		if got := notificationsTo(t, s, "nina@example.com"); len(got) != 1 || !strings.HasPrefix(got[0], "employee-onboarding-invitation: ") {
			t.Fatalf("invitation %v", got)
		}
		// An existing employee by id.
		s.Do("POST", P, key, map[string]any{"id": e.bob, "email": "bob@example.com"}).Expect(t, 200)
		s.RunCases(t, []testkit.Case{
			{Name: "same user twice", Method: "POST", Path: P, Key: key, Body: map[string]any{"firstName": "A", "surname": "B", "email": "nina@example.com"}, Status: 409},
			{Name: "employee onboarded twice", Method: "POST", Path: P, Key: key, Body: map[string]any{"id": e.bob, "email": "bob2@example.com"}, Status: 409},
			{Name: "no surname", Method: "POST", Path: P, Key: key, Body: map[string]any{"firstName": "A", "email": "a@example.com"}, Status: 400, Field: "surname"},
			{Name: "bad email", Method: "POST", Path: P, Key: key, Body: map[string]any{"firstName": "A", "surname": "B", "email": "nope"}, Status: 400, Field: "email"},
			{Name: "anonymous", Method: "POST", Path: P, Body: map[string]any{"firstName": "A", "surname": "B", "email": "a@example.com"}, Status: 401},
			{Name: "other tenant", Method: "POST", Path: P, Key: e.OtherKey, Body: map[string]any{"firstName": "A", "surname": "B", "email": "a@example.com"}, Status: 404},
			{Name: "other tenant's employee", Method: "POST", Path: P, Key: key, Body: map[string]any{"id": e.theirs, "email": "t@example.com"}, Status: 404},
			{Name: "restricted user cannot create", Method: "POST", Path: P, Key: e.restrictKey, Body: map[string]any{"firstName": "A", "surname": "B", "email": "r@example.com"}, Status: 403},
		})
		// The refused duplicate left no employee behind.
		var emps []map[string]any
		s.Do("GET", e.B+"/employee/unstructured?$filter=surname%20eq%20'B'", key, nil).Expect(t, 200).JSON(t, &emps)
		if len(emps) != 0 {
			t.Fatalf("half-onboarded employees left: %v", emps)
		}
	})
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestEmployeeImageAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		I := e.EA + "/image"
		s.Do("GET", I, key, nil).Expect(t, 404)
		pic := pngOf(t, 3, 2)
		md := s.UploadFiles(I, key, testkit.File{Name: "me.png", ContentType: "image/jpeg", Data: pic}).Expect(t, 200).Map(t)
		if md["contentType"] != "image/png" || md["extension"] != ".png" || md["width"] != 3.0 || md["height"] != 2.0 {
			t.Fatalf("metadata %v", md)
		}
		r := s.Do("GET", I, key, nil).Expect(t, 200)
		if !bytes.Equal(r.Body, pic) || r.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("download %q %d bytes", r.Header.Get("Content-Type"), len(r.Body))
		}
		big := append(pngOf(t, 1, 1), make([]byte, 2<<20)...)
		cases := []testkit.Case{
			{Name: "anonymous", Method: "GET", Path: I, Status: 401},
			{Name: "other tenant", Method: "GET", Path: I, Key: e.OtherKey, Status: 404},
			{Name: "other tenant delete", Method: "DELETE", Path: I, Key: e.OtherKey, Status: 404},
			{Name: "restricted outside scope", Method: "GET", Path: e.EB + "/image", Key: e.restrictKey, Status: 404},
			{Name: "restricted in scope", Method: "GET", Path: I, Key: e.restrictKey, Status: 200},
		}
		s.RunCases(t, cases)
		testkit.ExpectProblem(t, s.Upload(I, key, "x.txt", []byte("hello, not an image")), 400, "file")
		testkit.ExpectProblem(t, s.Upload(I, key, "big.png", big), 413, "")
		testkit.ExpectProblem(t, s.Upload(e.EOth+"/image", key, "me.png", pic), 404, "")
		s.Do("DELETE", I, key, nil).Expect(t, 200)
		s.Do("GET", I, key, nil).Expect(t, 404)
		s.Do("DELETE", I, key, nil).Expect(t, 404)
	})
}
