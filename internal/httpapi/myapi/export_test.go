package myapi

// SocsoEisExample is the documented record of the PERKESO file, for the
// test that the file's first record is it.
var SocsoEisExample = socsoEisExample
