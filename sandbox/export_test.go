package sandbox

import "context"

// ProbeHost is probeHost for the engine tests (package sandbox_test).
var ProbeHost = probeHost

// SandboxGateway is the gateway of the sandboxes' network on e.
func SandboxGateway(ctx context.Context, e *Engine) (string, error) {
	n, err := e.sandboxNetwork(ctx)
	if err != nil || len(gateways(n)) == 0 {
		return "", err
	}
	return gateways(n)[0], nil
}
