package cli

// SeedDemo is seedDemo for the external tests.
var SeedDemo = seedDemo
