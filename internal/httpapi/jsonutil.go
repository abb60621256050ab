package httpapi

import (
	"encoding/json"
	"io"

	"github.com/payrolld/payrolld/internal/payroll"
)

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
