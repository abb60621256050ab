package rti

import (
	"bytes"
	"crypto/sha1"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// The IRmark (HMRC, "IRmark specification"; docs/reference/uk-rti.md) is
// the base64 SHA-1 digest of the GovTalk message's Body element, IRmark
// element removed, in inclusive canonical XML 1.0 without comments: the
// Body keeps the envelope's default namespace it inherits. It is computed
// on the document as sent, so it holds whatever whitespace the document
// has.

// IRmark is the IRmark of the GovTalk message doc.
func IRmark(doc []byte) (string, error) {
	c, err := canonicalBody(doc)
	if err != nil {
		return "", err
	}
	sum := sha1.Sum(c)
	return base64.StdEncoding.EncodeToString(sum[:]), nil
}

// irmarkPlaceholder is the IRmark element's content until it is sealed.
const irmarkPlaceholder = "IRMARK-PENDING"

// seal writes doc's IRmark into its IRmark element (which holds
// irmarkPlaceholder) and returns the IRmark.
func seal(doc []byte) ([]byte, string, error) {
	mark, err := IRmark(doc)
	if err != nil {
		return nil, "", err
	}
	old := []byte(`<IRmark Type="generic">` + irmarkPlaceholder + `</IRmark>`)
	if bytes.Count(doc, old) != 1 {
		return nil, "", errors.New("the document has no IRmark element to seal")
	}
	return bytes.Replace(doc, old, []byte(`<IRmark Type="generic">`+mark+`</IRmark>`), 1), mark, nil
}

// canonicalBody is the canonical form (C14N 1.0, inclusive, no comments)
// of doc's GovTalkMessage/Body with its IRmark element left out. It reads
// the documents this package writes and HMRC's published samples: every
// namespace a default one (a prefixed name is refused), no DTD.
func canonicalBody(doc []byte) ([]byte, error) {
	d := xml.NewDecoder(bytes.NewReader(doc))
	var out bytes.Buffer
	depth := 0            // element depth inside Body (0: outside)
	skip := 0             // depth of an IRmark being left out (0: none)
	var rendered []string // default namespace rendered at each open element
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading the message: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space != "" {
				return nil, fmt.Errorf("element %s:%s: prefixed names are not written here", t.Name.Space, t.Name.Local)
			}
			ns, attrs := split(t.Attr)
			if depth == 0 && t.Name.Local != "Body" {
				if ns != nil {
					rendered = append(rendered[:0], *ns) // the envelope's namespace, inherited by Body
				}
				continue
			}
			depth++
			if skip > 0 || (t.Name.Local == "IRmark" && depth > 1) {
				if skip == 0 {
					skip = depth
				}
				continue
			}
			parent := ""
			if len(rendered) > 0 {
				parent = rendered[len(rendered)-1]
			}
			cur := parent
			if ns != nil {
				cur = *ns
			}
			out.WriteString("<" + t.Name.Local)
			if cur != parent || (depth == 1 && cur != "") {
				out.WriteString(` xmlns="` + escapeAttr(cur) + `"`)
			}
			sort.Slice(attrs, func(i, j int) bool { return attrs[i].Name.Local < attrs[j].Name.Local })
			for _, a := range attrs {
				if a.Name.Space != "" {
					return nil, fmt.Errorf("attribute %s:%s of %s: prefixed names are not written here", a.Name.Space, a.Name.Local, t.Name.Local)
				}
				out.WriteString(" " + a.Name.Local + `="` + escapeAttr(a.Value) + `"`)
			}
			out.WriteString(">")
			rendered = append(rendered, cur)
		case xml.EndElement:
			if depth == 0 {
				continue
			}
			if skip > 0 {
				if depth == skip {
					skip = 0
				}
				depth--
				if depth == 0 {
					return out.Bytes(), nil
				}
				continue
			}
			out.WriteString("</" + t.Name.Local + ">")
			rendered = rendered[:len(rendered)-1]
			depth--
			if depth == 0 {
				return out.Bytes(), nil
			}
		case xml.CharData:
			if depth > 0 && skip == 0 {
				out.WriteString(escapeText(string(t)))
			}
		case xml.Directive:
			return nil, errors.New("a document type declaration is not read here")
		}
	}
	return nil, errors.New("the message has no Body element")
}

// split separates a start tag's default namespace declaration from its
// other attributes (an attribute's Space is its prefix in RawToken).
func split(attrs []xml.Attr) (*string, []xml.Attr) {
	var ns *string
	var rest []xml.Attr
	for _, a := range attrs {
		if a.Name.Space == "" && a.Name.Local == "xmlns" {
			v := a.Value
			ns = &v
			continue
		}
		rest = append(rest, a)
	}
	return ns, rest
}

var (
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r", "&#xD;")
	attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;", "\t", "&#x9;", "\n", "&#xA;", "\r", "&#xD;")
)

func escapeText(s string) string { return textEscaper.Replace(s) }
func escapeAttr(s string) string { return attrEscaper.Replace(s) }
