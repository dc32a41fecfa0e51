package httpapi

import (
	"context"
	"fmt"
	"net/http"

	"brigade/internal/demo"
)

// Health is the server's state.
type Health struct {
	Status   string `json:"status" example:"ok"`
	Database string `json:"database" example:"sqlite"`
	Version  string `json:"version"`
	// DemoOrders is set while (and once) the demo's year of orders loads
	// in the background: the app shows a banner until it is done.
	DemoOrders *demo.OrdersProgress `json:"demoOrders,omitempty" doc:"Chargement des commandes de démonstration (absent sans démonstration)"`
}

type healthOutput struct{ Body Health }

func (s *Server) health(ctx context.Context, _ *struct{}) (*healthOutput, error) {
	out := &healthOutput{}
	out.Body.Status = "ok"
	out.Body.Database = string(s.DB.Engine())
	out.Body.Version = s.Version
	if err := s.DB.Ping(ctx); err != nil {
		out.Body.Status = "degraded"
		return out, nil
	}
	if p, err := demo.ReadOrdersProgress(ctx, s.DB); err != nil {
		out.Body.Status = "degraded"
	} else if p.Total > 0 {
		out.Body.DemoOrders = &p
	}
	return out, nil
}

// Ready says the server has finished its start-up work.
type Ready struct {
	Ready bool `json:"ready"`
}

// ready answers 200 once the start-up work is done, 503 before: the demo
// orders still loading in the background (health answers at once; a test
// suite or a load balancer that needs the whole demo waits on this one).
func (s *Server) ready(ctx context.Context, _ *struct{}) (*struct{ Body Ready }, error) {
	p, err := demo.ReadOrdersProgress(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	if p.Loading {
		return nil, newProblem(http.StatusServiceUnavailable, fmt.Sprintf("Chargement des commandes de démonstration… %d\u00a0%%", p.Percent))
	}
	return &struct{ Body Ready }{Body: Ready{Ready: true}}, nil
}
