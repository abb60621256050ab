package rti

import (
	"encoding/xml"
	"time"
)

// The GovTalk envelope an RTI submission travels in (HMRC, Government
// Gateway document submission protocol; docs/reference/uk-rti.md). The
// IRmark covers only its Body, so the header (credentials, timestamp) can
// be completed by whatever sends the message without changing it.

// EnvelopeNamespace is the GovTalk envelope's namespace.
const EnvelopeNamespace = "http://www.govtalk.gov.uk/CM/envelope"

// FPSClass is the GovTalk message class of an FPS.
const FPSClass = "HMRC-PAYE-RTI-FPS"

type govTalkMessage struct {
	XMLName         xml.Name       `xml:"http://www.govtalk.gov.uk/CM/envelope GovTalkMessage"`
	EnvelopeVersion string         `xml:"EnvelopeVersion"`
	Header          govTalkHeader  `xml:"Header"`
	Details         govTalkDetails `xml:"GovTalkDetails"`
	Body            govTalkBody    `xml:"Body"`
}

type govTalkHeader struct {
	Class          string `xml:"MessageDetails>Class"`
	Qualifier      string `xml:"MessageDetails>Qualifier"`
	Function       string `xml:"MessageDetails>Function"`
	TransactionID  string `xml:"MessageDetails>TransactionID"`
	CorrelationID  string `xml:"MessageDetails>CorrelationID"`
	Transformation string `xml:"MessageDetails>Transformation"`
	GatewayTest    int    `xml:"MessageDetails>GatewayTest,omitempty"`
	SenderID       string `xml:"SenderDetails>IDAuthentication>SenderID"`
	Method         string `xml:"SenderDetails>IDAuthentication>Authentication>Method"`
	Role           string `xml:"SenderDetails>IDAuthentication>Authentication>Role"`
	// Value is the sender's password: never stored; the transmitter
	// fills it when it sends the message.
	Value string `xml:"SenderDetails>IDAuthentication>Authentication>Value"`
}

type govTalkDetails struct {
	Keys         []govTalkKey `xml:"Keys>Key"`
	Organisation string       `xml:"TargetDetails>Organisation"`
	ChannelName  string       `xml:"ChannelRouting>Channel>Name"`
	Product      string       `xml:"ChannelRouting>Channel>Product"`
	Version      string       `xml:"ChannelRouting>Channel>Version"`
	Timestamp    string       `xml:"ChannelRouting>Timestamp"`
}

type govTalkKey struct {
	Type  string `xml:"Type,attr"`
	Value string `xml:",chardata"`
}

type govTalkBody struct {
	Envelope fpsEnvelope `xml:"IRenvelope"`
}

// fpsEnvelope is the IRenvelope of an FPS: the header with the IRmark,
// then the submission.
type fpsEnvelope struct {
	XMLName        xml.Name      `xml:"IRenvelope"`
	Xmlns          string        `xml:"xmlns,attr"`
	Keys           []govTalkKey  `xml:"IRheader>Keys>Key"`
	PeriodEnd      string        `xml:"IRheader>PeriodEnd"`
	DefaultCurr    string        `xml:"IRheader>DefaultCurrency"`
	IRmark         govTalkIRmark `xml:"IRheader>IRmark"`
	Sender         string        `xml:"IRheader>Sender"`
	OfficeNo       string        `xml:"FullPaymentSubmission>EmpRefs>OfficeNo"`
	PayeRef        string        `xml:"FullPaymentSubmission>EmpRefs>PayeRef"`
	AORef          string        `xml:"FullPaymentSubmission>EmpRefs>AORef"`
	RelatedTaxYear string        `xml:"FullPaymentSubmission>RelatedTaxYear"`
	Employees      []FPSEmployee `xml:"FullPaymentSubmission>Employee"`
}

type govTalkIRmark struct {
	Type  string `xml:"Type,attr"`
	Value string `xml:",chardata"`
}

// message is f as a GovTalk message, its IRmark sealed, and the IRmark.
// senderID is the Government Gateway user; test sets GatewayTest.
func (f FPS) message(senderID, product, version string, test bool, now time.Time) ([]byte, string, error) {
	keys := []govTalkKey{{Type: "TaxOfficeNumber", Value: f.OfficeNo}, {Type: "TaxOfficeReference", Value: f.PayeRef}}
	m := govTalkMessage{EnvelopeVersion: "2.0",
		Header: govTalkHeader{Class: FPSClass, Qualifier: "request", Function: "submit", TransactionID: f.TransactionID,
			Transformation: "XML", SenderID: senderID, Method: "clear", Role: "principal"},
		Details: govTalkDetails{Keys: keys, Organisation: "IR", ChannelName: product, Product: product, Version: version,
			Timestamp: now.UTC().Format("2006-01-02T15:04:05")},
		Body: govTalkBody{Envelope: fpsEnvelope{Xmlns: f.Namespace, Keys: keys, PeriodEnd: f.PeriodEnd, DefaultCurr: "GBP",
			IRmark: govTalkIRmark{Type: "generic", Value: irmarkPlaceholder}, Sender: "Employer",
			OfficeNo: f.OfficeNo, PayeRef: f.PayeRef, AORef: f.AORef, RelatedTaxYear: f.RelatedTaxYear, Employees: f.Employees}}}
	if test {
		m.Header.GatewayTest = 1
	}
	b, err := xml.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, "", err
	}
	return seal(append([]byte(xml.Header), b...))
}
