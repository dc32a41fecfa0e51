// Package loyalty counts a franchise's customers' points (issue 20): the
// earning rules (per paid order, per amount spent, per product bought),
// the tiers reached by lifetime points, the rewards taken at the kiosk, and
// the ledger of every movement, which the dashboard and the history read.
// The customers package links orders to customers and calls Earn and
// Reverse (customers.Loyalty) in its own transactions.
package loyalty

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"brigade/internal/tenancy"
)

// Kinds of rules, rewards and ledger entries.
const (
	RuleVisit   = "visit"
	RuleAmount  = "amount"
	RuleProduct = "product"

	RewardProduct  = "product"
	RewardDiscount = "discount"

	KindEarn    = "earn"
	KindReverse = "reverse"
	KindRedeem  = "redeem"
	KindRestore = "restore"
	KindAdjust  = "adjust"
)

// EarnRule is an earning rule; several active rules add up.
type EarnRule struct {
	ID        int64  `json:"id" readOnly:"true"`
	Name      string `json:"name" maxLength:"80" doc:"Nom de la règle"`
	Kind      string `json:"kind" enum:"visit,amount,product" doc:"visit : points par commande payée ; amount : points par tranche de perCents dépensés dans currency ; product : points par unité de productId"`
	Points    int64  `json:"points" doc:"Points gagnés (par commande, par tranche ou par unité)"`
	PerCents  int64  `json:"perCents" required:"false" doc:"amount : la tranche, en centimes (1000 : 1 point tous les 10 €)"`
	Currency  string `json:"currency" required:"false" doc:"amount : la devise des commandes comptées (ISO 4217)"`
	ProductID string `json:"productId" required:"false" maxLength:"120" doc:"product : l'idGlobal du produit de la carte"`
	Active    bool   `json:"active"`
	Version   int    `json:"version" readOnly:"true"`
}

// Tier is a level reached by lifetime points.
type Tier struct {
	ID        int64  `json:"id" readOnly:"true"`
	Name      string `json:"name" maxLength:"80"`
	MinPoints int64  `json:"minPoints" doc:"Points cumulés à partir desquels le client atteint ce niveau"`
	Perks     string `json:"perks" required:"false" maxLength:"500" doc:"Avantages, en clair"`
	Version   int    `json:"version" readOnly:"true"`
}

// LoyaltyMoney is an amount in one currency.
type LoyaltyMoney struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

// Reward is what a customer takes for points: a carte product or a discount.
type Reward struct {
	ID         int64         `json:"id" readOnly:"true"`
	Name       string        `json:"name" maxLength:"80"`
	Kind       string        `json:"kind" enum:"product,discount"`
	CostPoints int64         `json:"costPoints" doc:"Points dépensés"`
	ProductID  string        `json:"productId" required:"false" maxLength:"120" doc:"product : l'idGlobal du produit offert"`
	DiscountID int64         `json:"discountId" required:"false" doc:"discount : la réduction de la franchise appliquée (0 : aucune)"`
	Value      *LoyaltyMoney `json:"value,omitempty" required:"false" doc:"Ce que la récompense coûte à la franchise (coût des récompenses du tableau de bord) et le montant de la remise à la borne"`
	Active     bool          `json:"active"`
	Version    int           `json:"version" readOnly:"true"`
}

// LoyaltyRef names a resource.
type LoyaltyRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// LoyaltyEntry is one movement of a customer's points.
type LoyaltyEntry struct {
	Kind       string      `json:"kind" enum:"earn,reverse,redeem,restore,adjust"`
	Points     int64       `json:"points" doc:"Positif : points gagnés ou rendus ; négatif : points repris ou dépensés"`
	OrderID    int64       `json:"orderId" doc:"La commande Brigade (0 : aucune)"`
	Reward     *LoyaltyRef `json:"reward,omitempty" required:"false"`
	Reason     string      `json:"reason" doc:"adjust : le motif ; redeem / restore : la commande de la borne"`
	At         time.Time   `json:"at"`
	Restaurant *LoyaltyRef `json:"restaurant,omitempty" required:"false"`
}

// CustomerLoyalty is a customer's points as the customer page shows them.
type CustomerLoyalty struct {
	Points         int64          `json:"points"`
	LifetimePoints int64          `json:"lifetimePoints"`
	Tier           *LoyaltyRef    `json:"tier,omitempty" required:"false"`
	Entries        []LoyaltyEntry `json:"entries"`
}

// LoyaltyAdjustment is a correction of a customer's points by hand.
type LoyaltyAdjustment struct {
	Points int64  `json:"points" doc:"Points ajoutés (positif) ou retirés (négatif)"`
	Reason string `json:"reason" maxLength:"200" doc:"Motif, obligatoire"`
}

// DayPoints are the points earned and redeemed one day.
type DayPoints struct {
	Date     string `json:"date" doc:"AAAA-MM-JJ, dans le fuseau de la franchise"`
	Earned   int64  `json:"earned"`
	Redeemed int64  `json:"redeemed"`
}

// TopReward is a reward's redemptions over the period.
type TopReward struct {
	Reward      LoyaltyRef `json:"reward"`
	Redemptions int64      `json:"redemptions"`
	Points      int64      `json:"points"`
}

// LoyaltyDashboard is the program over a period.
type LoyaltyDashboard struct {
	Members        int64          `json:"members" doc:"Clients qui ont des points (ou en ont eu)"`
	ActiveMembers  int64          `json:"activeMembers" doc:"Membres qui ont gagné des points dans la période"`
	RepeatRate     int64          `json:"repeatRate" doc:"Points de base : membres actifs avec au moins deux commandes dans la période / membres actifs"`
	PointsEarned   int64          `json:"pointsEarned"`
	PointsRedeemed int64          `json:"pointsRedeemed"`
	Redemptions    int64          `json:"redemptions"`
	RewardCost     []LoyaltyMoney `json:"rewardCost" doc:"Coût des récompenses prises, par devise"`
	ByDay          []DayPoints    `json:"byDay"`
	TopRewards     []TopReward    `json:"topRewards"`
}

// LoyaltyHistoryItem is a ledger entry of the history.
type LoyaltyHistoryItem struct {
	At         time.Time   `json:"at"`
	Customer   LoyaltyRef  `json:"customer"`
	Kind       string      `json:"kind" enum:"earn,reverse,redeem,restore,adjust"`
	Points     int64       `json:"points"`
	OrderID    int64       `json:"orderId"`
	Reward     *LoyaltyRef `json:"reward,omitempty" required:"false"`
	Restaurant *LoyaltyRef `json:"restaurant,omitempty" required:"false"`
}

// LoyaltyHistoryPage is a page of the history.
type LoyaltyHistoryPage struct {
	Items []LoyaltyHistoryItem `json:"items"`
	Total int64                `json:"total"`
}

// LoyaltyMember is a customer of the program, for the ranking.
type LoyaltyMember struct {
	Customer       LoyaltyRef  `json:"customer"`
	Points         int64       `json:"points"`
	LifetimePoints int64       `json:"lifetimePoints"`
	Tier           *LoyaltyRef `json:"tier,omitempty" required:"false"`
	Visits         int64       `json:"visits"`
	LastVisit      *time.Time  `json:"lastVisit,omitempty" required:"false"`
}

// LoyaltyMemberPage is a page of members, most points first.
type LoyaltyMemberPage struct {
	Items []LoyaltyMember `json:"items"`
	Total int64           `json:"total"`
}

// Filter narrows the dashboard, the history and the members.
type Filter struct {
	From, To     string // AAAA-MM-JJ, inclusive, in the franchise's zone
	RestaurantID int64
	Kind         string
	Page         int
	PageSize     int
}

// Errors the API shows as 409.
var (
	ErrStale        = errors.New("Cet élément du programme de fidélité a été modifié entre-temps. Rechargez la page puis recommencez.")
	ErrInsufficient = errors.New("Points insuffisants.")
)

func invalid(field, format string, args ...any) error {
	return &tenancy.ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}

func cleanName(name *string, what string) error {
	*name = strings.Join(strings.Fields(*name), " ")
	if *name == "" {
		return invalid("name", "Le nom %s est obligatoire.", what)
	}
	if utf8.RuneCountInString(*name) > 80 {
		return invalid("name", "Le nom %s ne doit pas dépasser 80 caractères.", what)
	}
	return nil
}

func cleanCurrency(c string) string { return strings.ToUpper(strings.TrimSpace(c)) }

func validCurrency(c string) bool {
	if len(c) != 3 {
		return false
	}
	for _, r := range c {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

func (r *EarnRule) normalize() error {
	if err := cleanName(&r.Name, "de la règle"); err != nil {
		return err
	}
	if r.Points <= 0 {
		return invalid("points", "Le nombre de points doit être positif.")
	}
	r.Currency, r.ProductID = cleanCurrency(r.Currency), strings.TrimSpace(r.ProductID)
	switch r.Kind {
	case RuleVisit:
		r.PerCents, r.Currency, r.ProductID = 0, "", ""
	case RuleAmount:
		if r.PerCents <= 0 {
			return invalid("perCents", "Le montant par tranche doit être positif.")
		}
		if !validCurrency(r.Currency) {
			return invalid("currency", "La devise est obligatoire (code ISO à trois lettres, par exemple EUR).")
		}
		r.ProductID = ""
	case RuleProduct:
		if r.ProductID == "" {
			return invalid("productId", "Choisissez le produit qui rapporte des points.")
		}
		r.PerCents, r.Currency = 0, ""
	default:
		return invalid("kind", "Le type de règle doit être visit, amount ou product.")
	}
	return nil
}

func (t *Tier) normalize() error {
	if err := cleanName(&t.Name, "du niveau"); err != nil {
		return err
	}
	if t.MinPoints < 0 {
		return invalid("minPoints", "Le seuil de points ne peut pas être négatif.")
	}
	t.Perks = strings.TrimSpace(t.Perks)
	if utf8.RuneCountInString(t.Perks) > 500 {
		return invalid("perks", "Les avantages ne doivent pas dépasser 500 caractères.")
	}
	return nil
}

func (w *Reward) normalize() error {
	if err := cleanName(&w.Name, "de la récompense"); err != nil {
		return err
	}
	if w.CostPoints <= 0 {
		return invalid("costPoints", "Le nombre de points doit être positif.")
	}
	w.ProductID = strings.TrimSpace(w.ProductID)
	switch w.Kind {
	case RewardProduct:
		if w.ProductID == "" {
			return invalid("productId", "Choisissez le produit offert.")
		}
		w.DiscountID = 0
	case RewardDiscount:
		w.ProductID = ""
		if w.DiscountID < 0 {
			return invalid("discountId", "Réduction inconnue.")
		}
	default:
		return invalid("kind", "Le type de récompense doit être product ou discount.")
	}
	if w.Value != nil {
		w.Value.Currency = cleanCurrency(w.Value.Currency)
		if w.Value.Cents < 0 {
			return invalid("value.cents", "La valeur de la récompense ne peut pas être négative.")
		}
		if w.Value.Cents == 0 && w.Value.Currency == "" {
			w.Value = nil
		} else if !validCurrency(w.Value.Currency) {
			return invalid("value.currency", "La devise de la valeur est obligatoire (code ISO à trois lettres, par exemple EUR).")
		}
	}
	if w.Kind == RewardDiscount && w.DiscountID == 0 && w.Value == nil {
		return invalid("value", "Une remise a besoin d'une valeur ou d'une réduction de la franchise.")
	}
	return nil
}

// DiscountLabel is the label of a redemption's discount on the order: Mes
// Réductions reports it under this name.
func DiscountLabel(rewardName string) string { return "Fidélité : " + rewardName }
