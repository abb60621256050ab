package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// PDFText is the text of a PDF as pdftotext -layout reads it (poppler-utils,
// which CI installs), or "" with a log line when pdftotext is missing, so a
// test checks what a reader of the document sees where it can.
func PDFText(t testing.TB, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Log("pdftotext not installed (apt-get install poppler-utils): the PDF's text is not checked")
		return ""
	}
	path := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
