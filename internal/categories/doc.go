// Package categories holds the business classification records a pay run
// reads: pay categories and work types (B/paycategory, B/worktype), leave,
// deduction, expense and employer liability categories, qualifications,
// employing entities, reporting dimensions and their values, and the
// default data a new business of each region gets.
package categories
