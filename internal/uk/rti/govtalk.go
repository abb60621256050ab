package rti

import (
	"encoding/xml"
	"time"

	"github.com/payrolld/payrolld/internal/version"
)

// The GovTalk envelope an RTI submission travels in (HMRC, Government
// Gateway document submission protocol; docs/reference/uk-rti.md). The
// IRmark covers only its Body, so the header (credentials, timestamp) can
// be completed by whatever sends the message without changing it.

// EnvelopeNamespace is the GovTalk envelope's namespace.
const EnvelopeNamespace = "http://www.govtalk.gov.uk/CM/envelope"

// The GovTalk message classes of the FPS and the EPS.
const (
	FPSClass = "HMRC-PAYE-RTI-FPS"
	EPSClass = "HMRC-PAYE-RTI-EPS"
)

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
	Keys         []Key  `xml:"Keys>Key"`
	Organisation string `xml:"TargetDetails>Organisation"`
	ChannelName  string `xml:"ChannelRouting>Channel>Name"`
	Product      string `xml:"ChannelRouting>Channel>Product"`
	Version      string `xml:"ChannelRouting>Channel>Version"`
	Timestamp    string `xml:"ChannelRouting>Timestamp"`
}

type govTalkBody struct {
	Envelope any
}

// IRHeader is the IRheader of an RTI message's IRenvelope: the employer's
// keys, the tax year's end, the currency, the IRmark (sealed when the
// message is written) and the sender.
type IRHeader struct {
	Keys            []Key       `xml:"Keys>Key"`
	PeriodEnd       string      `xml:"PeriodEnd"`
	DefaultCurrency string      `xml:"DefaultCurrency"`
	IRmark          IRmarkValue `xml:"IRmark"`
	Sender          string      `xml:"Sender"`
}

// Key is a GovTalk key (TaxOfficeNumber, TaxOfficeReference).
type Key struct {
	Type  string `xml:"Type,attr"`
	Value string `xml:",chardata"`
}

// IRmarkValue is the IRmark element.
type IRmarkValue struct {
	Type  string `xml:"Type,attr"`
	Value string `xml:",chardata"`
}

// NewIRHeader is the IRheader of an employer's message for the tax year
// ending periodEnd, its IRmark to be sealed.
func NewIRHeader(officeNo, payeRef, periodEnd string) IRHeader {
	return IRHeader{Keys: keys(officeNo, payeRef), PeriodEnd: periodEnd, DefaultCurrency: "GBP",
		IRmark: IRmarkValue{Type: "generic", Value: irmarkPlaceholder}, Sender: "Employer"}
}

func keys(officeNo, payeRef string) []Key {
	return []Key{{Type: "TaxOfficeNumber", Value: officeNo}, {Type: "TaxOfficeReference", Value: payeRef}}
}

// fpsEnvelope is the IRenvelope of an FPS: the header with the IRmark,
// then the submission.
type fpsEnvelope struct {
	XMLName        xml.Name      `xml:"IRenvelope"`
	Xmlns          string        `xml:"xmlns,attr"`
	Header         IRHeader      `xml:"IRheader"`
	OfficeNo       string        `xml:"FullPaymentSubmission>EmpRefs>OfficeNo"`
	PayeRef        string        `xml:"FullPaymentSubmission>EmpRefs>PayeRef"`
	AORef          string        `xml:"FullPaymentSubmission>EmpRefs>AORef"`
	RelatedTaxYear string        `xml:"FullPaymentSubmission>RelatedTaxYear"`
	Employees      []FPSEmployee `xml:"FullPaymentSubmission>Employee"`
}

// Sender is who sends a message: the Government Gateway user and whether
// to the test service.
type Sender struct {
	ID   string
	Test bool
	Now  time.Time
}

// Message writes an RTI message of class (FPSClass, EPSClass) for the
// employer's keys around envelope (an IRenvelope value whose IRheader came
// from NewIRHeader), seals its IRmark and returns it with the IRmark.
func Message(class, transactionID, officeNo, payeRef string, from Sender, envelope any) ([]byte, string, error) {
	m := govTalkMessage{EnvelopeVersion: "2.0",
		Header: govTalkHeader{Class: class, Qualifier: "request", Function: "submit", TransactionID: transactionID,
			Transformation: "XML", SenderID: from.ID, Method: "clear", Role: "principal"},
		Details: govTalkDetails{Keys: keys(officeNo, payeRef), Organisation: "IR", ChannelName: "payrolld", Product: "payrolld",
			Version: version.String(), Timestamp: from.Now.UTC().Format("2006-01-02T15:04:05")},
		Body: govTalkBody{Envelope: envelope}}
	if from.Test {
		m.Header.GatewayTest = 1
	}
	b, err := xml.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, "", err
	}
	return seal(append([]byte(xml.Header), b...))
}

// message is f as a GovTalk message, its IRmark sealed, and the IRmark.
func (f FPS) message(from Sender) ([]byte, string, error) {
	env := fpsEnvelope{Xmlns: f.Namespace, Header: NewIRHeader(f.OfficeNo, f.PayeRef, f.PeriodEnd),
		OfficeNo: f.OfficeNo, PayeRef: f.PayeRef, AORef: f.AORef, RelatedTaxYear: f.RelatedTaxYear, Employees: f.Employees}
	return Message(FPSClass, f.TransactionID, f.OfficeNo, f.PayeRef, from, env)
}
