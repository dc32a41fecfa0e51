package httpapi

import (
	"context"

	"brigade/internal/reports"
)

func (s *Server) reportClickAndCollect(ctx context.Context, in *ReportRange) (*struct{ Body reports.ClickAndCollect }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.ClickAndCollect(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.ClickAndCollect }{Body: r}, nil
}

func (s *Server) reportCancellations(ctx context.Context, in *ReportRange) (*struct{ Body reports.Cancellations }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Cancellations(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.Cancellations }{Body: r}, nil
}

type cancelledOrdersInput struct {
	ReportRange
	Page     int `query:"page" minimum:"0" default:"0"`
	PageSize int `query:"pageSize" minimum:"-1" maximum:"200" default:"25" doc:"10, 25, 50 ; -1 : tout"`
}

func (s *Server) reportCancelledOrders(ctx context.Context, in *cancelledOrdersInput) (*struct{ Body reports.CancelledPage }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.CancelledOrders(ctx, principal(ctx), f, in.Page, in.PageSize)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.CancelledPage }{Body: r}, nil
}
