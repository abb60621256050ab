package httpapi

import (
	"encoding/json"
	"io"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Streamed is a response body described by T's schema but written by
// Write as it is read, for answers too large to hold whole (P/details of a
// 100k-employee run is ~100 MB of JSON): Write must produce T's JSON.
type Streamed[T any] struct{ Write func(io.Writer) error }

// Schema is T's (a reference to it), so the description is the same as a
// BodyOf[T]'s.
func (Streamed[T]) Schema(r huma.Registry) *huma.Schema {
	return r.Schema(reflect.TypeFor[T](), true, "")
}

// jsonFormat is the API's only body format: JSON, escaping no HTML, and a
// Streamed body written by its own writer. (huma's default formats also
// offer CBOR on request; no client of the public API asks for it, and a
// Streamed body has no CBOR form.)
var jsonFormat = huma.Format{
	Marshal: func(w io.Writer, v any) error {
		if s, ok := v.(interface{ streamTo(io.Writer) error }); ok {
			if err := s.streamTo(w); err != nil {
				panic(streamFailed{err})
			}
			return nil
		}
		return jsonEncode(w, v)
	},
	Unmarshal: json.Unmarshal,
}

func (s Streamed[T]) streamTo(w io.Writer) error { return s.Write(w) }

// streamFailed is the panic of a Streamed body whose writer failed: the
// 200 is already sent, so the answer cannot become a problem. observe logs
// the error and aborts the connection (http.ErrAbortHandler), so the
// client sees a broken response instead of a 200 with truncated JSON
// (huma's own handling would append "error marshaling response").
type streamFailed struct{ err error }

func jsonEncode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// MergeJSON applies the members present in raw onto dst: PUT bodies are
// partial updates, omitted (or null) members leave values unchanged.
func MergeJSON(dst any, raw []byte) error {
	if len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return payroll.Invalid("body", "%s", err.Error())
	}
	return nil
}
