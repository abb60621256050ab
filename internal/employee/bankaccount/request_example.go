package bankaccount

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid bank account: an AU BSB and account number receiving a fixed amount of each pay in the business currency.
func (Account) RequestExample() any {
	return map[string]any{"bsb": "063-000", "accountNumber": "12345678", "accountName": "Ann Lee savings", "accountType": "Electronic", "fixedAmount": 150.0, "allocateBalance": false}
}
