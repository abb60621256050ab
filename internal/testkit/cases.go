package testkit

import "testing"

// Case is one row of an API table test.
type Case struct {
	Name   string
	Method string
	Path   string
	Key    string // API key; "" = anonymous
	Body   any
	Status int
	Field  string                          // for 400: the member the errors map must name
	Check  func(t *testing.T, r *Response) // further assertions on the reply
}

// RunCases runs each case as a subtest: the status must match, error
// replies must be ProblemDetails (naming Field when given), then Check runs.
func (s *Server) RunCases(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			r := s.Do(c.Method, c.Path, c.Key, c.Body)
			if c.Status >= 400 {
				ExpectProblem(t, r, c.Status, c.Field)
			} else {
				r.Expect(t, c.Status)
			}
			if c.Check != nil {
				c.Check(t, r)
			}
		})
	}
}

// ExpectProblem asserts a ProblemDetails reply with status and, when field
// is not empty, an errors entry naming it.
func ExpectProblem(t testing.TB, r *Response, status int, field string) {
	t.Helper()
	r.Expect(t, status)
	if ct := r.Header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("content type %q, want application/problem+json; body %s", ct, r.Body)
	}
	var p struct {
		Status  int                 `json:"status"`
		Title   string              `json:"title"`
		Message *string             `json:"message"`
		Errors  map[string][]string `json:"errors"`
	}
	r.JSON(t, &p)
	if p.Status != status || p.Title == "" || p.Message == nil {
		t.Fatalf("not a ProblemDetails body: %s", r.Body)
	}
	if field != "" && len(p.Errors[field]) == 0 {
		t.Fatalf("errors do not name %q: %s", field, r.Body)
	}
}
