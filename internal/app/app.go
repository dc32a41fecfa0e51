// Package app wires Brigade once: given the store, the event bus and the
// blob store, it builds every domain service with what each depends on.
// The binary, the test server and the benchmarks all get their services
// here, so a new dependency is added in one place.
package app

import (
	"context"
	"log/slog"

	"brigade/internal/auth"
	"brigade/internal/availability"
	"brigade/internal/blob"
	"brigade/internal/brands"
	"brigade/internal/campaigns"
	"brigade/internal/customers"
	"brigade/internal/deploy"
	"brigade/internal/discounts"
	"brigade/internal/events"
	"brigade/internal/export"
	"brigade/internal/jobs"
	"brigade/internal/loyalty"
	"brigade/internal/mail"
	"brigade/internal/marketplace"
	"brigade/internal/menu"
	"brigade/internal/notices"
	"brigade/internal/orders"
	"brigade/internal/presence"
	"brigade/internal/reports"
	"brigade/internal/settings"
	"brigade/internal/store"
	"brigade/internal/summaries"
	"brigade/internal/telemetry"
	"brigade/internal/tenancy"
)

// Services is the wired program: its infrastructure and its domain services.
type Services struct {
	DB    *store.DB
	Bus   events.Bus
	Blobs blob.Store

	Tenancy      *tenancy.Service
	Devices      *tenancy.DeviceKeys // equipment keys recently authenticated
	Auth         *auth.Service
	Menu         *menu.Service
	Images       *menu.Images
	Settings     *settings.Service
	Orders       *orders.Service
	Reports      *reports.Service
	Jobs         *jobs.Runner
	Deploy       *deploy.Service
	Marketplace  *marketplace.Service
	Availability *availability.Service
	Discounts    *discounts.Service
	Brands       *brands.Service
	Customers    *customers.Service
	Presence     *presence.Service
	Notices      *notices.Service
	Exports      *export.Service
	Summaries    *summaries.Service
	Loyalty      *loyalty.Service
	Campaigns    *campaigns.Service
	// Mail is the mail sender (authConfig.Mailer, else the log).
	Mail mail.Sender
}

// New builds every service over a migrated database; marketing, when
// given, configures the campaigns' providers (none: no SMS provider).
func New(ctx context.Context, db *store.DB, bus events.Bus, blobs blob.Store, authConfig auth.Config, marketing ...campaigns.Config) (*Services, error) {
	s := &Services{DB: db, Bus: bus, Blobs: blobs}
	if authConfig.Mailer == nil {
		authConfig.Mailer = mail.LogSender{Log: slog.Default()}
	}
	s.Mail = authConfig.Mailer
	telemetry.Default().WatchDB(db.Pools())
	s.Tenancy = tenancy.NewService(db, bus)
	au, err := auth.NewService(ctx, db, s.Tenancy, authConfig)
	if err != nil {
		return nil, err
	}
	s.Auth = au
	s.Devices = tenancy.NewDeviceKeys(s.Tenancy, bus)
	s.Menu = menu.NewService(db, s.Tenancy, bus)
	s.Images = menu.NewImages(blobs)
	s.Settings = settings.NewService(db, s.Tenancy, bus)
	s.Orders = orders.NewService(db, s.Tenancy, bus)
	s.Reports = reports.NewService(s.Orders, s.Tenancy)
	s.Reports.UseCatalogue(s.Menu)
	s.Jobs = jobs.NewRunner(db, bus)
	s.Deploy = deploy.NewService(db, s.Tenancy, s.Jobs, bus, blobs)
	s.Marketplace = marketplace.NewService(db, s.Tenancy, bus)
	s.Availability = availability.NewService(db, s.Tenancy, bus, s.Deploy)
	s.Discounts = discounts.NewService(db, s.Tenancy, bus)
	s.Orders.SetGate(s.Discounts.OrderGate)
	s.Orders.SetStatusHook(s.Discounts.OrderStatusChanged)
	s.Customers = customers.NewService(db, s.Tenancy, bus)
	s.Orders.SetStoredHook(s.Customers.OrdersStored)
	s.Orders.SetStatusHook(s.Customers.OrderStatusChanged)
	s.Brands = brands.NewService(db, s.Tenancy, s.Menu, bus)
	s.Reports.UseBrands(s.Brands)
	s.Presence = presence.NewService(db, s.Tenancy, bus)
	s.Notices = notices.NewService(db, bus)
	s.Exports = export.NewService(db, s.Tenancy, s.Jobs, s.Deploy, blobs)
	s.Loyalty = loyalty.NewService(db, s.Tenancy, bus)
	s.Customers.UseLoyalty(s.Loyalty)
	s.Summaries = summaries.NewService(db, s.Tenancy, s.Reports, s.Jobs, s.Mail, authConfig.PublicURL)
	var mc campaigns.Config
	if len(marketing) > 0 {
		mc = marketing[0]
	}
	if mc.PublicURL == "" {
		mc.PublicURL = authConfig.PublicURL
	}
	if s.Campaigns, err = campaigns.NewService(ctx, db, s.Tenancy, s.Jobs, bus, s.Mail, nil, mc); err != nil {
		return nil, err
	}
	return s, nil
}
