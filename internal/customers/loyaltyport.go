package customers

import (
	"context"
	"time"

	"brigade/internal/store"
)

// The customers package links orders to customers; the loyalty package
// (which imports this one) counts their points. The customers service calls
// its Loyalty, when the application installs one, inside the transaction that
// links a paid order to its customer, and after an order's refund or
// cancellation: points and the order's link commit together.

// Earning is a paid order linked to a customer.
type Earning struct {
	FranchiseID  int64
	RestaurantID int64
	CustomerID   int64
	OrderID      int64 // the order's id in Brigade (orders.id)
	Currency     string
	TotalCents   int64 // what the customer paid, in Currency
	Lines        []EarningLine
	At           time.Time
}

// EarningLine is one product line of the order (the carte product's idGlobal).
type EarningLine struct {
	ProductID string
	Quantity  int
}

// Reversal takes back the points of an order refunded or cancelled:
// Fraction is the share of the order taken back (1 for all of it).
type Reversal struct {
	FranchiseID int64
	CustomerID  int64
	OrderID     int64
	Ref         string // what took them back (the status event's id): a retried change counts once
	Fraction    float64
	At          time.Time
}

// LoyaltySummary is what a kiosk or the customer page shows of a customer's points.
type LoyaltySummary struct {
	Points         int64
	LifetimePoints int64
	TierID         int64
	TierName       string
	Rewards        []RewardOffer
}

// RewardOffer is a reward the customer could take (Available: has enough points).
type RewardOffer struct {
	ID         int64
	Name       string
	CostPoints int64
	Kind       string // product or discount
	ProductID  string
	Available  bool
}

// Loyalty is what the customers service needs of the loyalty program.
type Loyalty interface {
	// Earn credits a paid order's points (once per order: a retried post
	// earns nothing more) and returns them.
	Earn(ctx context.Context, tx *store.Tx, e Earning) (int64, error)
	// Reverse takes back points of a refunded or cancelled order (never
	// below zero; once per Ref) and returns how many were taken.
	Reverse(ctx context.Context, tx *store.Tx, r Reversal) (int64, error)
	// Summary reads a customer's points, tier and rewards.
	Summary(ctx context.Context, franchiseID, customerID int64) (LoyaltySummary, error)
}
