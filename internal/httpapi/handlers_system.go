package httpapi

import "context"

// Health is the server's state.
type Health struct {
	Status   string `json:"status" example:"ok"`
	Database string `json:"database" example:"sqlite"`
	Version  string `json:"version"`
}

type healthOutput struct{ Body Health }

func (s *Server) health(ctx context.Context, _ *struct{}) (*healthOutput, error) {
	out := &healthOutput{}
	out.Body.Status = "ok"
	out.Body.Database = string(s.DB.Engine())
	out.Body.Version = s.Version
	if err := s.DB.Ping(ctx); err != nil {
		out.Body.Status = "degraded"
	}
	return out, nil
}
