package conformance_test

// shapeFixPending are published operations (keys as published) whose
// answers still differ from the description in code another branch is
// changing at the time of writing: their mismatches are logged rather
// than failed, and an entry whose operation matches fails the test until
// it is removed. Nothing new may be added here.
var shapeFixPending = map[string]string{}
