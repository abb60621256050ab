package views

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

// jsonStream writes an answer's JSON a piece at a time: the framing by
// hand, each value (an employee's totals) encoded as it is computed, so a
// whole run's answer is never held (see Details). Values are encoded as
// the API's JSON format does: compact, HTML not escaped.
type jsonStream struct {
	w   *bufio.Writer
	buf bytes.Buffer
	enc *json.Encoder
	err error
}

func newJSONStream(w io.Writer) *jsonStream {
	s := &jsonStream{w: bufio.NewWriterSize(w, 64<<10)}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return s
}

// raw writes framing (member names, brackets, commas).
func (s *jsonStream) raw(text string) {
	if s.err == nil {
		_, s.err = s.w.WriteString(text)
	}
}

// value writes v's JSON after prefix.
func (s *jsonStream) value(prefix string, v any) error {
	s.raw(prefix)
	if s.err != nil {
		return s.err
	}
	s.buf.Reset()
	if s.err = s.enc.Encode(v); s.err == nil {
		_, s.err = s.w.Write(bytes.TrimSuffix(s.buf.Bytes(), []byte("\n")))
	}
	return s.err
}

// end writes the closing text and flushes.
func (s *jsonStream) end(text string) error {
	s.raw(text)
	if s.err != nil {
		return s.err
	}
	return s.w.Flush()
}
