package conformance_test

// awaitingSteps are operations served since the conformance test was
// written (employee records, leave, timesheets, pay runs) whose scenario
// step is not written yet: their shapes are NOT yet checked against the
// published description. Writing a step for one removes it from here;
// nothing new may be added (issue 6). All 110 have steps now
// (steps_test.go); the map stays empty.
var awaitingSteps = map[string]bool{}
