package httpapi

import (
	"context"

	"brigade/internal/reports"
)

func (s *Server) reportProductMix(ctx context.Context, in *ReportRange) (*struct{ Body reports.ProductMix }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.ProductMix(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.ProductMix }{Body: r}, nil
}
