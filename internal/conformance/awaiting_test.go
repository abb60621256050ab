package conformance_test

// awaitingSteps are operations served whose scenario step is not written
// yet: their shapes are NOT yet checked against the published description.
// Writing a step for one removes it from here (the test insists); nothing
// else may be added. The session that added documents,
// qualifications, expenses, access, ESS, rosters, kiosks and reports left
// these.
var awaitingSteps = map[string]bool{}
