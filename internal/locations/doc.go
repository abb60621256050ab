// Package locations holds the business locations (B/location): a tree
// whose members carry their fully qualified names.
package locations
