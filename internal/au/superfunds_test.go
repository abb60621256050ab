package au

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An operator's registry files replace the built-in lists; rows with a
// bad ABN are refused at start rather than served.
func TestSchedLoadSuperRegistry(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	funds := write("funds.csv", "USI,ABN,Fund Name,Product Name\nSTA0100AU,65 714 394 898,AustralianSuper,\n")
	esas := write("esa.csv", "\ufeffname\nMYESA\n")
	c := &AUCollections{SuperRegistry: DefaultSuperRegistry()}
	if err := c.LoadSuperRegistry(funds, esas); err != nil {
		t.Fatal(err)
	}
	got, err := c.SuperRegistry.Search("Name", "australian")
	if err != nil || len(got) != 1 || got[0].ProductName != "AustralianSuper" || got[0].ABN != "65714394898" || got[0].ProductCode != "STA0100AU" {
		t.Fatalf("loaded products %+v %v", got, err)
	}
	esa := "myesa"
	if err := c.SuperRegistry.checkESA("electronicServiceAddress", &esa); err != nil || esa != "MYESA" {
		t.Fatalf("loaded ESA: %q %v", esa, err)
	}
	if err := c.LoadSuperRegistry("", esas); err != nil || len(c.SuperRegistry.Products) != len(DefaultSuperRegistry().Products) {
		t.Fatalf("empty path should keep the built-in funds: %v", err)
	}
	bad := write("bad.csv", "usi,abn,fundName\nXYZ0001AU,12 345 678 901,Made Up Fund\n")
	if err := c.LoadSuperRegistry(bad, ""); err == nil || !strings.Contains(err.Error(), "row 2") {
		t.Fatalf("bad ABN row accepted: %v", err)
	}
	if err := c.LoadSuperRegistry(filepath.Join(dir, "missing.csv"), ""); err == nil {
		t.Fatal("missing file accepted")
	}
}
