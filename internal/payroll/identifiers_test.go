package payroll

import "testing"

func TestValidABN(t *testing.T) {
	for _, tc := range []struct {
		abn  string
		want bool
	}{
		{"51 824 753 556", true}, // the ATO's published example
		{"51824753556", true},
		{"53 004 085 616", true},
		{"51 824 753 557", false},
		{"12 345 678 901", false},
		{"5182475355", false},
		{"51-824-753-556", false},
		{"", false},
	} {
		if got := ValidABN(tc.abn); got != tc.want {
			t.Errorf("ValidABN(%q) = %v, want %v", tc.abn, got, tc.want)
		}
	}
}

func TestValidTFN(t *testing.T) {
	for _, tc := range []struct {
		tfn  string
		want bool
	}{
		{"123 456 782", true}, // the ATO's published example
		{"123456782", true},
		{"123 456 789", false},
		{"000000000", true}, // placeholder: not quoted
		{"12345678", false},
		{"12345678A", false},
	} {
		if got := ValidTFN(tc.tfn); got != tc.want {
			t.Errorf("ValidTFN(%q) = %v, want %v", tc.tfn, got, tc.want)
		}
	}
}

func TestValidEmail(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"pay@alice.example", true},
		{"first.last+tag@sub.example.com", true},
		{"no-at-sign", false},
		{"two@@example.com", false},
		{"trailing@", false},
		{"local@nodot", false},
		{"Name <a@b.example>", false},
		{"a@b.example, c@d.example", false},
		{"", false},
	} {
		if got := ValidEmail(tc.in); got != tc.want {
			t.Errorf("ValidEmail(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
