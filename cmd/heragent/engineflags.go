package main

import (
	"context"
	"fmt"

	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

// engineFlags are the flags of every command that starts containers.
type engineFlags struct {
	image    string
	caCerts  []string
	noHostCA bool
}

func (f *engineFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.image, "image", sandbox.DefaultImage, "base image sandboxes start from")
	cmd.Flags().StringArrayVar(&f.caCerts, "ca-cert", nil, "extra PEM CA certificate file sandboxes trust (repeatable)")
	cmd.Flags().BoolVar(&f.noHostCA, "no-host-ca", false, "do not inject the host's extra CA certificates into sandboxes")
}

// certs resolves the CA certificates; a bad --ca-cert file is a usage error.
func (f *engineFlags) certs() ([]sandbox.CACert, error) {
	certs, err := sandbox.ResolveCACerts(sandbox.CAOptions{NoHost: f.noHostCA, Files: f.caCerts})
	if err != nil {
		return nil, usageError(err)
	}
	return certs, nil
}

// connect opens the engine and checks the base image is there, so a run
// fails at once, before any work, when the environment is not ready.
func (f *engineFlags) connect(ctx context.Context) (*sandbox.Engine, error) {
	e, err := sandbox.Connect(ctx)
	if err != nil {
		return nil, envError(err)
	}
	ok, err := e.ImageExists(ctx, f.image)
	if err != nil {
		e.Close()
		return nil, envError(err)
	}
	if !ok {
		e.Close()
		return nil, envError(fmt.Errorf("%w: %s (build it with `heragent image bootstrap`)", sandbox.ErrImageMissing, f.image))
	}
	return e, nil
}
