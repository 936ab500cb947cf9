package report

import "testing"

// The total cost does not depend on the order the calls are added in.
func TestUsageSumIsOrderFree(t *testing.T) {
	costs := []float64{0.0016235, 0.0014729, 0.0015475, 0.001244, 0.000688}
	var fwd, back RoleUsage
	for i := range costs {
		fwd = fwd.Add(RoleUsage{Calls: 1, CostUSD: costs[i]})
		back = back.Add(RoleUsage{Calls: 1, CostUSD: costs[len(costs)-1-i]})
	}
	if fwd != back {
		t.Fatalf("%v summed forwards, %v backwards", fwd.CostUSD, back.CostUSD)
	}
}
