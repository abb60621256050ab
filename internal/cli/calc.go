package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/calc/vectors"
)

const calcUsage = `usage:
  payrolld calc check FILE.csv
      compute every row of a test vector file with the registered engines;
      prints each mismatch and "N passed, M failed"; exit status 1 on any failure
  payrolld calc explain [-format json|text] [-in FILE]
      compute one employee-period (JSON on stdin or in FILE) and print every
      statutory figure with its rule, source and intermediate terms
`

// calcStdin is where explain reads its input without -in.
var calcStdin io.Reader = os.Stdin

// calcCmd runs "payrolld calc ...".
func calcCmd(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, calcUsage)
		return errors.New("calc: missing subcommand")
	}
	switch args[0] {
	case "check":
		return calcCheck(args[1:], stdout, stderr)
	case "explain":
		return calcExplain(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, calcUsage)
		return nil
	}
	fmt.Fprint(stderr, calcUsage)
	return fmt.Errorf("calc: unknown subcommand %q", args[0])
}

func calcCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("calc check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, calcUsage) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("calc check: want one vector file")
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return err
	}
	defer f.Close()
	rep, err := vectors.Check(f, stdout)
	if err != nil {
		return err
	}
	if rep.Failed > 0 {
		return fmt.Errorf("calc check: %d of %d rows failed", rep.Failed, rep.Passed+rep.Failed)
	}
	return nil
}

func calcExplain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("calc explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "json", "output format: json or text")
	inPath := fs.String("in", "", "read the employee-period from FILE instead of stdin")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *format != "json" && *format != "text" {
		return fmt.Errorf("calc explain: -format %q: want json or text", *format)
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("calc explain: unexpected argument %q", fs.Arg(0))
	}
	r := calcStdin
	if *inPath != "" {
		f, err := os.Open(*inPath)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	in, err := decodeInput(r)
	if err != nil {
		return fmt.Errorf("calc explain: reading input: %w", err)
	}
	res, err := engine.Calculate(&in)
	if err != nil {
		return fmt.Errorf("calc explain: %w", err)
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	return explainText(stdout, &res)
}

// explainText prints a result as a readable table: each figure with its
// amount and rule, its terms indented beneath, then the rule's source.
func explainText(w io.Writer, res *calc.Result) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "%s %s\n\n", res.Region, res.TaxYear)
	fmt.Fprintln(tw, "FIGURE\tAMOUNT\tRULE")
	for _, f := range res.Figures {
		code, text, source := "", "", ""
		if f.Rule != nil {
			code, text, source = f.Rule.Code, f.Rule.Text, f.Rule.Source
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", f.Code, f.Amount, code)
		for _, t := range f.Terms {
			fmt.Fprintf(tw, "    %s\t%s\t\n", t.Name, t.Value)
		}
		// Lines without tabs: the rule's long text does not widen the columns.
		fmt.Fprintf(tw, "    rule: %s\n", strings.TrimSpace(text))
		fmt.Fprintf(tw, "    source: %s\n\n", strings.TrimSpace(source))
	}
	return tw.Flush()
}

// decodeInput reads an Input strictly: a misspelt setting is an error, not
// silently ignored (calc.Input's own decoder is lenient, so decode through
// a method-less copy of it, with the date as text).
func decodeInput(r io.Reader) (calc.Input, error) {
	type plain calc.Input
	var in calc.Input
	aux := struct {
		*plain
		PaymentDate string `json:"payment_date"`
	}{plain: (*plain)(&in)}
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&aux); err != nil {
		return in, err
	}
	t, err := calc.ParsePaymentDate(aux.PaymentDate)
	in.PaymentDate = t
	return in, err
}
