package cpf

import (
	"fmt"
	"strconv"
	"strings"
)

// Parsed is a submission file read back by the layout of the note.
type Parsed struct {
	CSN        string
	AdviceCode string
	Created    string // yyyymmddhhmmss
	Summaries  map[string]int64
	Details    []ParsedDetail
	Records    int
	Total      int64 // the trailer's amount
}

// ParsedDetail is one contribution detail record.
type ParsedDetail struct {
	Month, Code, AccountNumber   string
	Amount, Ordinary, Additional int64
	Status                       byte
	Name                         string
}

// Parse reads text against the layout written down in
// docs/reference/sg-cpf-submission.md, independently of Build, and
// returns every way it departs from it: record length and terminator, the
// submission mode and the record type of each record, the key shared by
// every record, each field's form (digits, codes, statuses, account
// numbers, blanks in the fillers), the characters the file forbids, the
// order (header first, summaries, details, trailer last) and the sums (the
// trailer's count and amount, each summary against its details).
func Parse(text string) (Parsed, []error) {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	p := Parsed{Summaries: map[string]int64{}}
	if !strings.HasSuffix(text, "\r\n") {
		bad("the file does not end with CR LF")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n")
	p.Records = len(lines)
	if len(lines) < 3 {
		bad("%d records: a file has at least a header, a summary and a trailer", len(lines))
		return p, errs
	}
	digits := func(n int, s, what string) int64 {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				bad("record %d: %s %q is not %d digits", n, what, s, len(s))
				return 0
			}
		}
		v, _ := strconv.ParseInt(s, 10, 64)
		return v
	}
	blank := func(n int, s, what string) {
		if strings.TrimSpace(s) != "" {
			bad("record %d: %s is not blank", n, what)
		}
	}
	key := ""
	stage := 0 // 0 header, 1 summaries, 2 details, 3 trailer
	detailSums, detailCount, donors := map[string]int64{}, map[string]int64{}, map[string]int64{}
	for i, r := range lines {
		n := i + 1
		if len(r) != RecordLength {
			bad("record %d is %d bytes, not %d", n, len(r), RecordLength)
			continue
		}
		if strings.ContainsAny(r, forbidden) || !ascii(r) {
			bad("record %d has a character the file does not allow", n)
		}
		if r[0] != 'F' {
			bad("record %d: submission mode %q is not F", n, r[0])
		}
		k := r[2:20]
		if key == "" {
			key = k
			p.CSN = strings.TrimSpace(r[2:12]) + r[12:15] + r[15:17]
			p.AdviceCode = r[18:20]
			if _, err := ParseCSN(p.CSN); err != nil {
				bad("record %d: CSN %q: %v", n, p.CSN, err)
			}
			if r[17] != ' ' {
				bad("record %d: column 18 is not blank", n)
			}
			digits(n, p.AdviceCode, "advice code")
		} else if k != key {
			bad("record %d: columns 3-20 %q differ from the header's %q", n, k, key)
		}
		switch typ := r[1]; {
		case typ == RecordHeader && n == 1:
			digits(n, r[20:34], "creation date and time")
			p.Created = r[20:34]
			if r[34:47] != fmt.Sprintf("%-13s", "FTP.DTL") {
				bad("record %d: file id %q is not FTP.DTL", n, r[34:47])
			}
			blank(n, r[47:], "columns 48-150")
			stage = 1
		case typ == RecordSummary && stage == 1:
			digits(n, r[20:26], "relevant month")
			code := r[26:28]
			if code != CodeCPF && code != CodeSDL && !fundCode(code) {
				bad("record %d: payment code %q is not one this file carries (01, 02-05, 11)", n, code)
			}
			if _, dup := p.Summaries[code]; dup {
				bad("record %d: a second summary of payment code %s", n, code)
			}
			p.Summaries[code] = digits(n, r[28:40], "summary amount")
			d := digits(n, r[40:47], "donor count")
			if d != 0 && !fundCode(code) {
				bad("record %d: donor count %d of payment code %s (only the self-help group funds and Community Chest have donors)", n, d, code)
			}
			if fundCode(code) {
				donors[code] = d
			}
			blank(n, r[47:], "columns 48-150")
		case typ == RecordDetail && (stage == 1 || stage == 2):
			stage = 2
			d := ParsedDetail{Month: r[20:26], Code: r[26:28], AccountNumber: r[28:37], Status: r[69], Name: strings.TrimRight(r[70:136], " ")}
			digits(n, d.Month, "relevant month")
			if d.Code != CodeCPF && !fundCode(d.Code) {
				bad("record %d: detail payment code %q is not 01 (CPF) or a self-help group fund's (02-05)", n, d.Code)
			}
			if !accountPattern.MatchString(d.AccountNumber) {
				bad("record %d: account number %q is not S or T, seven digits and a check letter", n, d.AccountNumber)
			}
			d.Amount = digits(n, r[37:49], "contribution amount")
			d.Ordinary = digits(n, r[49:59], "ordinary wages")
			d.Additional = digits(n, r[59:69], "additional wages")
			switch {
			case fundCode(d.Code):
				if d.Ordinary != 0 || d.Additional != 0 || d.Status != ' ' {
					bad("record %d: a self-help group detail has wages or an employment status", n)
				}
				detailCount[d.Code]++
			case !strings.ContainsRune("ELNO", rune(d.Status)):
				bad("record %d: employment status %q is not E, L, N or O", n, d.Status)
			}
			if d.Name == "" || d.Name != strings.ToUpper(d.Name) || r[70] == ' ' {
				bad("record %d: employee name %q is not left-justified upper case", n, d.Name)
			}
			blank(n, r[136:], "columns 137-150")
			detailSums[d.Code] += d.Amount
			p.Details = append(p.Details, d)
		case typ == RecordTrailer && n == len(lines) && stage >= 1:
			stage = 3
			if c := digits(n, r[20:27], "record count"); c != int64(len(lines)) {
				bad("trailer: record count %d, the file has %d", c, len(lines))
			}
			p.Total = digits(n, r[27:42], "total amount")
			blank(n, r[42:], "columns 43-150")
		default:
			bad("record %d: record type %q out of place", n, typ)
		}
	}
	if stage != 3 {
		bad("the file does not end with a trailer record")
	}
	if _, ok := p.Summaries[CodeCPF]; !ok {
		bad("no summary record of payment code 01 (CPF)")
	}
	var sum int64
	for code, v := range p.Summaries {
		sum += v
		if (code == CodeCPF || fundCode(code)) && detailSums[code] != v {
			bad("summary %s is %d, its details sum to %d", code, v, detailSums[code])
		}
		if fundCode(code) && donors[code] != detailCount[code] {
			bad("summary %s has %d donors, %d details", code, donors[code], detailCount[code])
		}
	}
	if sum != p.Total {
		bad("trailer amount %d, the summaries sum to %d", p.Total, sum)
	}
	for _, d := range p.Details {
		if d.Month != lines[1][20:26] {
			bad("detail %s: relevant month %s differs from the summary's %s", d.AccountNumber, d.Month, lines[1][20:26])
		}
	}
	return p, errs
}
