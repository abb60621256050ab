// Command payrolld serves the payroll API. See README.md.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/payrolld/payrolld/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
