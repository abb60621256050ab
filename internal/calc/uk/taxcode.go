package uk

import (
	"errors"
	"strconv"
)

// CodeKind is the form of a tax code (rules §2.2).
type CodeKind uint8

const (
	CodeAllowance CodeKind = iota // number + L/M/N/T suffix (0T = no allowance)
	CodeK                         // K + number: negative allowance
	CodeBR                        // all pay at the basic rate
	CodeD                         // D0, D1, ...: all pay at a higher band's rate
	CodeNT                        // no tax
)

// TaxCode is a parsed PAYE tax code.
type TaxCode struct {
	Jurisdiction Jurisdiction
	Kind         CodeKind
	Number       int  // allowance number (CodeAllowance), K number (CodeK), D index (CodeD)
	Suffix       byte // L, M, N or T (CodeAllowance)
	Week1Month1  bool // a W1 / M1 / X basis marker was present
}

// ErrTaxCode is returned (wrapped) for a code that is not a valid form.
var ErrTaxCode = errors.New("invalid tax code")

type codeError struct{ code string }

func (e codeError) Error() string {
	return "uk: tax code " + strconv.Quote(e.code) + ": " + ErrTaxCode.Error()
}
func (e codeError) Unwrap() error { return ErrTaxCode }

// maxCodeNumber bounds the number of a code (HMRC codes have at most 4-5
// digits); it keeps every computation far from decimal overflow.
const maxCodeNumber = 99999

// ParseTaxCode reads a tax code: optional S/C prefix, then BR, D<n>, NT,
// K<n> or <n>L/M/N/T, then an optional basis marker (W1, M1 or X, glued or
// after a space or slash). Case and surrounding spaces are ignored. No
// regexp or fmt: this runs on every calculation.
func ParseTaxCode(s string) (TaxCode, error) {
	var buf [16]byte
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '/' {
			continue // separators of the basis marker
		}
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if n == len(buf) {
			return TaxCode{}, codeError{s}
		}
		buf[n] = c
		n++
	}
	b := buf[:n]
	var tc TaxCode
	switch {
	case len(b) >= 2 && (string(b[len(b)-2:]) == "W1" || string(b[len(b)-2:]) == "M1"):
		tc.Week1Month1 = true
		b = b[:len(b)-2]
	case len(b) >= 2 && b[len(b)-1] == 'X':
		tc.Week1Month1 = true
		b = b[:len(b)-1]
	}
	if len(b) > 0 {
		switch b[0] {
		case 'S':
			tc.Jurisdiction, b = Scotland, b[1:]
		case 'C':
			tc.Jurisdiction, b = Wales, b[1:]
		}
	}
	if len(b) < 2 {
		return TaxCode{}, codeError{s}
	}
	switch {
	case string(b) == "BR":
		tc.Kind = CodeBR
		return tc, nil
	case string(b) == "NT":
		tc.Kind = CodeNT
		return tc, nil
	case b[0] == 'D':
		num, ok := digits(b[1:])
		if !ok {
			return TaxCode{}, codeError{s}
		}
		tc.Kind, tc.Number = CodeD, num
		return tc, nil
	case b[0] == 'K':
		num, ok := digits(b[1:])
		if !ok || num == 0 {
			return TaxCode{}, codeError{s}
		}
		tc.Kind, tc.Number = CodeK, num
		return tc, nil
	}
	switch last := b[len(b)-1]; last {
	case 'L', 'M', 'N', 'T':
		num, ok := digits(b[:len(b)-1])
		if !ok {
			return TaxCode{}, codeError{s}
		}
		tc.Kind, tc.Number, tc.Suffix = CodeAllowance, num, last
		return tc, nil
	}
	return TaxCode{}, codeError{s}
}

// digits reads a non-empty run of at most 5 decimal digits.
func digits(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 5 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n <= maxCodeNumber
}

// String renders the code in HMRC's form ("S1257L", "K475", "CBR", "SD2").
func (tc TaxCode) String() string {
	var b []byte
	switch tc.Jurisdiction {
	case Scotland:
		b = append(b, 'S')
	case Wales:
		b = append(b, 'C')
	}
	switch tc.Kind {
	case CodeAllowance:
		b = strconv.AppendInt(b, int64(tc.Number), 10)
		b = append(b, tc.Suffix)
	case CodeK:
		b = append(b, 'K')
		b = strconv.AppendInt(b, int64(tc.Number), 10)
	case CodeBR:
		b = append(b, "BR"...)
	case CodeD:
		b = append(b, 'D')
		b = strconv.AppendInt(b, int64(tc.Number), 10)
	case CodeNT:
		b = append(b, "NT"...)
	}
	if tc.Week1Month1 {
		b = append(b, " W1"...)
	}
	return string(b)
}
