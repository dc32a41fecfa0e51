package httpapi

import (
	"context"

	"brigade/internal/reports"
)

// Restaurant comparison, restaurants' today (DashboardMesResto) and the
// equipment history: their routes sit in reportsRouteTable.

func (s *Server) reportRestaurants(ctx context.Context, in *ReportRange) (*struct{ Body reports.RestaurantComparison }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Restaurants(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.RestaurantComparison }{Body: r}, nil
}

type restaurantsTodayInput struct {
	RestaurantID int64 `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
}

func (s *Server) reportRestaurantsToday(ctx context.Context, in *restaurantsTodayInput) (*struct{ Body reports.RestaurantsToday }, error) {
	r, err := s.Reports.RestaurantsToday(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.RestaurantsToday }{Body: r}, nil
}

func (s *Server) reportEquipments(ctx context.Context, in *ReportRange) (*struct{ Body reports.EquipmentReport }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Equipments(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.EquipmentReport }{Body: r}, nil
}
