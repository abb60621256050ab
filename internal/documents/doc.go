// Package documents holds the business documents (B/document): uploaded
// files with visibility permissions by employee group and location.
package documents
