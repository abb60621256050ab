// Package uk holds the UK statutory settings of a business: HMRC settings
// and PAYE schemes, employment allowance, statutory pay rates, pension
// schemes and plans, benefit categories, BACS and CIS subcontractors.
package uk
