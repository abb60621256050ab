package cpf

// RequestExample is a valid CPF submission request: October 2026's
// contributions under the mandatory CSN of UEN 201912345K, advice 01.
func (SubmissionRequest) RequestExample() any {
	return map[string]any{"month": "2026-10", "csn": "201912345KPTE01", "adviceCode": "01"}
}
