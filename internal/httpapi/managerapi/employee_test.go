package managerapi_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerEmployeeOperations: the profile image, onboarding and
// rounding rules under the manager paths, scoped like the business ones.
func TestManagerEmployeeOperations(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var pic bytes.Buffer
		if err := png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
			t.Fatal(err)
		}
		I := func(emp int64) string { return p("%s/employee/%d/image", e.M, emp) }
		e.UploadWith("POST", I(e.ann), e.carol, testkit.File{Name: "ann.png", ContentType: "image/png", Data: pic.Bytes()}).Expect(t, 200)
		testkit.ExpectProblem(t, e.UploadWith("POST", I(e.ben), e.carol, testkit.File{Name: "ben.png", ContentType: "image/png", Data: pic.Bytes()}), 404, "")
		testkit.ExpectProblem(t, e.UploadWith("POST", I(e.ann), e.carol, testkit.File{Name: "ann.txt", ContentType: "text/plain", Data: []byte("not an image")}), 400, "file")
		e.RunCases(t, []testkit.Case{
			{Name: "image", Method: "GET", Path: I(e.ann), Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if !bytes.Equal(r.Body, pic.Bytes()) || r.Header.Get("Content-Type") != "image/png" {
					t.Fatalf("image %q %q", r.Header.Get("Content-Type"), r.Body)
				}
			}},
			{Name: "image out of scope", Method: "GET", Path: I(e.ben), Key: e.carol, Status: 404},
			{Name: "image no credentials", Method: "GET", Path: I(e.ann), Status: 401},
			{Name: "image delete out of scope", Method: "DELETE", Path: I(e.ben), Key: e.carol, Status: 404},
			{Name: "image delete", Method: "DELETE", Path: I(e.ann), Key: e.carol, Status: 200},
			{Name: "image gone", Method: "GET", Path: I(e.ann), Key: e.carol, Status: 404},
			{Name: "onboard new by a restricted user", Method: "POST", Path: e.M + "/employeeonboarding/initiateselfservice", Key: e.carol,
				Body: map[string]any{"firstName": "Ben", "surname": "Tester", "email": "ben@example.com"}, Status: 403},
			{Name: "onboard new", Method: "POST", Path: e.M + "/employeeonboarding/initiateselfservice", Key: e.Key,
				Body: map[string]any{"firstName": "Owen", "surname": "New", "email": "owen@example.com"}, Status: 200},
			{Name: "rounding rules", Method: "POST", Path: e.M + "/roundingrules", Key: e.Key, Body: map[string]any{"shiftStartRoundingDirection": "Down",
				"shiftStartRoundingInterval": 5}, Status: 200},
			{Name: "rounding rules read", Method: "GET", Path: e.M + "/roundingrules", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["shiftStartRoundingDirection"] != "Down" || m["shiftStartRoundingInterval"] != 5.0 {
					t.Fatalf("rules %v", m)
				}
			}},
			{Name: "rounding rules bad direction", Method: "POST", Path: e.M + "/roundingrules", Key: e.Key, Body: map[string]any{"shiftStartRoundingDirection": "Sideways"},
				Status: 400, Field: "shiftStartRoundingDirection"},
		})
	})
}
