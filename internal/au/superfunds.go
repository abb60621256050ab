package au

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/payroll"
)

// SelfManagedSuperFund is a self-managed super fund employees of the
// business pay into (SelfManagedSuperFundModel, AU).
type SelfManagedSuperFund struct {
	record.Base
	ABN                      string `json:"abn"`
	FundName                 string `json:"fundName" maxLength:"200"`
	AccountName              string `json:"accountName" maxLength:"32"`
	AccountNumber            string `json:"accountNumber" doc:"at most 9 digits"`
	BSB                      string `json:"bsb" doc:"NNN-NNN"`
	ElectronicServiceAddress string `json:"electronicServiceAddress" doc:"one of GET superfund/electronicserviceaddress"`
	Email                    string `json:"email"`
	EmployeeID               *int64 `json:"employeeId" readOnly:"true" doc:"set for a fund of one employee (E/selfmanagedsuperfund); null for business funds"`
	ExternalID               string `json:"externalId" maxLength:"50"`
}

// RecordName is the ABN's digits: a business registers a fund once (the
// collection answers 409 for a second fund with the same ABN).
func (f *SelfManagedSuperFund) RecordName() string       { return strings.ReplaceAll(f.ABN, " ", "") }
func (f *SelfManagedSuperFund) RecordExternalID() string { return f.ExternalID }

// Validate checks the fund's own members; the ESA is checked against the
// registry by the collection.
func (f *SelfManagedSuperFund) Validate(v *payroll.Validation) {
	schedABN(v, "abn", &f.ABN, true)
	f.FundName = strings.TrimSpace(f.FundName)
	v.Required("fundName", f.FundName)
	v.MaxLen("fundName", f.FundName, 200)
	f.AccountName = strings.TrimSpace(f.AccountName)
	v.Required("accountName", f.AccountName)
	v.MaxLen("accountName", f.AccountName, 32)
	CheckAccountNumber(v, "accountNumber", &f.AccountNumber, true)
	CheckBSB(v, "bsb", &f.BSB, true)
	schedEmail(v, "email", &f.Email)
	v.MaxLen("externalId", f.ExternalID, 50)
	f.EmployeeID = nil
}

// SuperProduct is a super fund product of the registry
// (SuperProductEditModel).
type SuperProduct struct {
	ID                        int64  `json:"id"`
	ABN                       string `json:"abn"`
	ProductCode               string `json:"productCode" doc:"the USI"`
	ProductType               string `json:"productType"`
	BusinessName              string `json:"businessName"`
	DisplayName               string `json:"displayName"`
	ProductName               string `json:"productName"`
	AccountNumber             string `json:"accountNumber"`
	BSB                       string `json:"bsb"`
	AccountName               string `json:"accountName"`
	Source                    string `json:"source"`
	ElectronicServiceAddress  string `json:"electronicServiceAddress"`
	Email                     string `json:"email"`
	ExternalReferenceID       string `json:"externalReferenceId"`
	SuperDetailsDefaultFundID *int64 `json:"superDetailsDefaultFundId"`
	// SourceDocument says where the row was checked (not a wire member of
	// the real API).
	SourceDocument string `json:"sourceDocument"`
}

// SmsfESA is an SMSF messaging provider's electronic service address
// (AuSmsfElectronicServiceAddressModel plus its provider).
type SmsfESA struct {
	Name     string `json:"name"`
	Provider string `json:"provider"`
}

// SuperRegistry is the fund product and ESA list (superdata.go).
type SuperRegistry struct {
	Products []SuperProduct
	ESAs     []SmsfESA
}

// SuperSearchBy are the productsearch searchBy values.
var SuperSearchBy = []string{"All", "Usi", "Abn", "Name"}

// DefaultSuperRegistry is the built-in registry. The data is compiled in,
// so a parse failure is a programming error.
func DefaultSuperRegistry() *SuperRegistry {
	r, err := ParseSuperRegistry(strings.NewReader(builtinSuperFunds), strings.NewReader(builtinSmsfESAs))
	if err != nil {
		panic("built-in super registry: " + err.Error())
	}
	return r
}

// LoadSuperRegistry replaces the registry with operator files (same CSV
// layouts as the built-in data); an empty path keeps that part. Call it at
// start, before serving.
func (c *AUCollections) LoadSuperRegistry(fundsPath, esaPath string) error {
	open := func(path, builtin string) (io.ReadCloser, error) {
		if path == "" {
			return io.NopCloser(strings.NewReader(builtin)), nil
		}
		return os.Open(path)
	}
	funds, err := open(fundsPath, builtinSuperFunds)
	if err != nil {
		return err
	}
	defer funds.Close()
	esas, err := open(esaPath, builtinSmsfESAs)
	if err != nil {
		return err
	}
	defer esas.Close()
	r, err := ParseSuperRegistry(funds, esas)
	if err != nil {
		return err
	}
	c.SuperRegistry = r
	return nil
}

// ParseSuperRegistry reads the two CSV files; every fund row needs a USI
// and a valid ABN, every ESA row a name.
func ParseSuperRegistry(funds, esas io.Reader) (*SuperRegistry, error) {
	r := &SuperRegistry{}
	rows, err := schedReadCSV(funds, "usi", "abn", "fundName", "productName", "productType", "source")
	if err != nil {
		return nil, fmt.Errorf("super funds: %w", err)
	}
	for i, row := range rows {
		usi, abn := strings.ToUpper(row["usi"]), strings.ReplaceAll(row["abn"], " ", "")
		if usi == "" || !payroll.ValidABN(abn) || row["fundName"] == "" {
			return nil, fmt.Errorf("super funds row %d: needs a USI, a valid ABN and a fund name", i+2)
		}
		product := row["productName"]
		if product == "" {
			product = row["fundName"]
		}
		r.Products = append(r.Products, SuperProduct{ID: int64(i + 1), ABN: abn, ProductCode: usi, ProductType: row["productType"],
			BusinessName: row["fundName"], ProductName: product, DisplayName: product + " (" + usi + ")", Source: "None",
			SourceDocument: row["source"]})
	}
	rows, err = schedReadCSV(esas, "name", "provider", "source")
	if err != nil {
		return nil, fmt.Errorf("SMSF ESAs: %w", err)
	}
	for i, row := range rows {
		if row["name"] == "" {
			return nil, fmt.Errorf("SMSF ESAs row %d: needs a name", i+2)
		}
		r.ESAs = append(r.ESAs, SmsfESA{Name: row["name"], Provider: row["provider"]})
	}
	return r, nil
}

// schedReadCSV reads a CSV with a header row into maps keyed by the
// wanted column names (matched as imports match them: any case, spaces and
// underscores ignored); missing columns read "".
func schedReadCSV(in io.Reader, cols ...string) ([]map[string]string, error) {
	cr := csv.NewReader(in)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	index := map[string]int{}
	for i, h := range header {
		for _, c := range cols {
			if record.NormHeader(strings.TrimPrefix(h, "\ufeff")) == record.NormHeader(c) {
				index[c] = i
			}
		}
	}
	var out []map[string]string
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		row := map[string]string{}
		for c, i := range index {
			if i < len(rec) {
				row[c] = strings.TrimSpace(rec[i])
			}
		}
		out = append(out, row)
	}
}

// Search finds products by USI, ABN or name (fund or product) containing
// term, ignoring case and spaces in ABNs; searchBy "" means All.
func (r *SuperRegistry) Search(searchBy, term string) ([]SuperProduct, error) {
	by := "All"
	if searchBy != "" {
		c, ok := record.Canonical(SuperSearchBy, searchBy)
		if !ok {
			return nil, payroll.Invalid("searchBy", "searchBy must be one of %s", strings.Join(SuperSearchBy, ", "))
		}
		by = c
	}
	term = strings.ToLower(strings.TrimSpace(term))
	if term == "" {
		return nil, payroll.Invalid("term", "term is required")
	}
	digits := strings.ReplaceAll(term, " ", "")
	out := []SuperProduct{}
	for _, p := range r.Products {
		usi := (by == "All" || by == "Usi") && strings.Contains(strings.ToLower(p.ProductCode), term)
		abn := (by == "All" || by == "Abn") && record.IsDigits(digits) && strings.Contains(p.ABN, digits)
		name := (by == "All" || by == "Name") && (strings.Contains(strings.ToLower(p.ProductName), term) ||
			strings.Contains(strings.ToLower(p.BusinessName), term))
		if usi || abn || name {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].DisplayName < out[j].DisplayName })
	return out, nil
}

// checkESA requires a known SMSF electronic service address and stores it
// in the registry's spelling (some ESAs are case-sensitive).
func (r *SuperRegistry) checkESA(field string, s *string) error {
	if strings.TrimSpace(*s) == "" {
		return payroll.Invalid(field, "%s is required: an SMSF receives SuperStream contributions through it", field)
	}
	names := make([]string, len(r.ESAs))
	for i, e := range r.ESAs {
		names[i] = e.Name
	}
	c, ok := record.Canonical(names, *s)
	if !ok {
		return payroll.Invalid(field, "%q is not a known SMSF electronic service address (GET superfund/electronicserviceaddress lists them)", *s)
	}
	*s = c
	return nil
}
