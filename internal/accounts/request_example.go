package accounts

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid chart of accounts entry.
func (JournalAccount) RequestExample() any {
	return map[string]any{"accountCode": "477", "accountName": "Wages and Salaries", "accountType": "Expense", "externalReferenceId": "XERO-477"}
}

// RequestExample is maps the default expense and liability accounts (journal account ids).
func (ChartOfAccountsGroup) RequestExample() any {
	return map[string]any{"defaultAccounts": map[string]any{"defaultExpenseAccountId": 1, "defaultLiabilityAccountId": 1, "paymentAccountId": 1, "paygLiabilityAccountId": 1, "superannuationExpenseAccountId": 1, "superannuationLiabilityAccountId": 1}}
}

// RequestExample is overrides the default expense account for this location or employing entity (a journal account id).
func (ChartOfAccountsOverrideGroup) RequestExample() any {
	return map[string]any{"defaultAccounts": map[string]any{"defaultExpenseAccountId": 1}}
}
