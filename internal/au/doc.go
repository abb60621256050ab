// Package au holds the Australian settings of a business: self-managed
// super funds and the fund registry (B/superfund/productsearch), ATO
// supplier and STP registration, ABA settings, contractors; and payment
// file settings (SG/MY).
package au
