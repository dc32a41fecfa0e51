// Package orders takes in the orders that tills, kiosks and click&collect
// post (spec 2nd §2.1, §3), keeps them with their raw lines, and maintains
// in the same transaction the rollups every report reads (package reports).
//
// Money is in integer cents, VAT rates in basis points (550 = 5,5 %); an
// order also stores its business date and hour in its restaurant's zone.
package orders

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Sources of an order.
const (
	SourceTill    = "caisse"
	SourceKiosk   = "borne"
	SourceCollect = "clickncollect"
)

// Statuses of an order, as tills and kiosks send them. The spec colours paid
// green, pending orange and anything else red (§3, §4); how each counts:
//
//   - paid: a sale. The only status counted in sales figures (revenue,
//     products, options, VAT, payments, Z, discounts, exit times) and in
//     the confirmed orders.
//   - pending: not yet a sale (taken, not paid): in no figure but the list.
//   - cancelled, refunded, failed: not a sale; counted among the cancelled
//     orders, as the spec treats every status but paid and pending.
//   - partially_refunded: not counted as a sale either. The till does not
//     say which lines it refunded, so Brigade cannot tell the part kept;
//     it counts nothing rather than a wrong amount (the full total would
//     overstate the revenue, its VAT and the products sold). A till that
//     wants the part kept in the figures posts it as a new paid order.
//     Counted among the cancelled orders.
//
// A status is set when the order is posted: a retried post returns the
// stored order unchanged (no transitions, spec §4).
const (
	StatusPaid              = "paid"
	StatusPending           = "pending"
	StatusCancelled         = "cancelled"
	StatusRefunded          = "refunded"
	StatusPartiallyRefunded = "partially_refunded"
	// StatusFailed: a kiosk's card payment was refused; the order never
	// reached the kitchen.
	StatusFailed = "failed"
)

// Statuses are the statuses an order may have, with their French labels
// (a commande: feminine), in the order the API documents them.
var Statuses = []struct{ Code, Label string }{
	{StatusPaid, "Payée"},
	{StatusPending, "En attente"},
	{StatusCancelled, "Annulée"},
	{StatusRefunded, "Remboursée"},
	{StatusPartiallyRefunded, "Remboursée en partie"},
	{StatusFailed, "Paiement refusé"},
}

// KnownStatus reports whether tills may send s.
func KnownStatus(s string) bool {
	for _, x := range Statuses {
		if x.Code == s {
			return true
		}
	}
	return false
}

// StatusLabel is a status's label on the ticket and in the list.
func StatusLabel(s string) string {
	for _, x := range Statuses {
		if x.Code == s {
			return x.Label
		}
	}
	return s
}

// CountsAsCancelled reports whether an order of status s counts among the
// cancelled orders: every status but paid and pending (spec §3).
func CountsAsCancelled(s string) bool {
	return s != StatusPaid && s != StatusPending
}

// CancelledKeys are the prefixes of the ord keys (status|source|type) of
// the orders that count as cancelled, for SumPrefixes.
func CancelledKeys() []string {
	var out []string
	for _, st := range Statuses {
		if CountsAsCancelled(st.Code) {
			out = append(out, st.Code+"|")
		}
	}
	return out
}

// statusList is the allowed statuses for a message: « paid, pending, … ou failed ».
func statusList() string {
	codes := make([]string, len(Statuses))
	for i, x := range Statuses {
		codes[i] = x.Code
	}
	return strings.Join(codes[:len(codes)-1], ", ") + " ou " + codes[len(codes)-1]
}

// Order types (spec §3).
const (
	TypeDineIn   = 1 // Sur Place
	TypeTakeAway = 2 // A Emporter
	TypeDelivery = 3 // En Livraison
	TypePlatform = 4 // Platform
	TypeDrive    = 5 // Drive
)

// TypeNames are the order types' labels.
var TypeNames = map[int]string{1: "Sur Place", 2: "A Emporter", 3: "En Livraison", 4: "Platform", 5: "Drive"}

// Payment methods and their labels (Z report columns).
var PaymentMethods = []struct{ Code, Label string }{
	{"cb", "Carte bancaire"},
	{"especes", "Espèces"},
	{"titre_restaurant", "Titre-restaurant"},
	{"cheque_vacances", "Chèque-vacances"},
	{"cash_machine", "Monnayeur"},
	{"plateforme", "Plateforme"},
	{"avoir", "Avoir"},
}

// Discount types.
const (
	DiscountPercent = "pourcentage"
	DiscountAmount  = "montant"
)

// FastTrankSeconds: an order whose kitchen exit time is above this is
// late; its units count in the product's Fast Trank (see reports).
const FastTrankSeconds = 15 * 60

// Order is an order as a till posts it, and as it is stored (payload).
type Order struct {
	OrderID  string    `json:"order_id" minLength:"1" maxLength:"64" doc:"Identifiant de la commande dans la caisse (unique par équipement)"`
	Source   string    `json:"source" enum:"caisse,borne,clickncollect"`
	Type     int       `json:"type" minimum:"1" maximum:"5" doc:"Sur Place 1, A Emporter 2, En Livraison 3, Platform 4, Drive 5"`
	Status   string    `json:"status" enum:"paid,pending,cancelled,refunded,partially_refunded,failed" doc:"paid : payée, comptée dans les ventes ; pending : en attente ; cancelled : annulée ; refunded : remboursée ; partially_refunded : remboursée en partie ; failed : paiement refusé (borne). Seules les commandes payées comptent dans les ventes ; toutes les autres sauf pending comptent parmi les commandes annulées. Une commande remboursée en partie ne compte pas dans les ventes (les lignes remboursées ne sont pas détaillées) : la caisse poste la part conservée comme une nouvelle commande payée."`
	PaidAt   time.Time `json:"paid_at" doc:"Horodatage RFC 3339 du paiement (ou de la prise de commande)"`
	Subtotal int64     `json:"subtotal_cents" doc:"Somme des lignes, en centimes, avant réduction"`
	Discount *Discount `json:"discount,omitempty"`
	Fees     int64     `json:"fees_cents,omitempty" doc:"Frais de livraison et de gestion (click&collect), en centimes"`
	Total    int64     `json:"total_cents" doc:"Total TTC payé : subtotal − réduction + frais, en centimes"`
	Lines    []Line    `json:"lines" minItems:"1" maxItems:"500"`
	VAT      []VATLine `json:"vat" doc:"Une ligne par taux ; la somme des TTC vaut le total"`
	Payments []Payment `json:"payments" maxItems:"50"`
	ExitSecs *int      `json:"exit_seconds,omitempty" minimum:"0" maximum:"86400" doc:"Temps de sortie cuisine, en secondes"`
	Marque   *Marque   `json:"infos_marque,omitempty"`
	Collect  *Collect  `json:"clickncollect,omitempty"`
	// Customer names the customer the order is for (issue 20): the order
	// is linked to the customer found by id, card, phone or e-mail, or to
	// a new one when a phone or an e-mail is given.
	Customer *CustomerRef `json:"customer,omitempty" doc:"Client de la commande (fidélité) : trouvé par id, carte, téléphone ou e-mail, créé s'il a un téléphone ou un e-mail"`
}

// CustomerRef is the customer a posted order names. Consent flags given as
// true are recorded; false means « not asked », never a withdrawal.
type CustomerRef struct {
	ID         int64  `json:"id,omitempty" minimum:"0" doc:"Identifiant du client (réponse de POST /kiosk/v1/customers/lookup)"`
	Phone      string `json:"phone,omitempty" maxLength:"40"`
	Email      string `json:"email,omitempty" maxLength:"200"`
	Card       string `json:"card,omitempty" maxLength:"64" doc:"Numéro de carte de fidélité"`
	FirstName  string `json:"firstName,omitempty" maxLength:"100"`
	LastName   string `json:"lastName,omitempty" maxLength:"100"`
	PostalCode string `json:"postalCode,omitempty" maxLength:"10"`
	SmsOptin   bool   `json:"smsOptin,omitempty" doc:"Le client accepte les SMS (true seulement : false veut dire « pas demandé »)"`
	EmailOptin bool   `json:"emailOptin,omitempty" doc:"Le client accepte les e-mails (true seulement)"`
}

// validate checks the customer part of an order (its form only: the
// customers service normalises and finds the customer).
func (c *CustomerRef) validate() error {
	c.Phone, c.Email, c.Card = strings.TrimSpace(c.Phone), strings.TrimSpace(c.Email), strings.TrimSpace(c.Card)
	c.FirstName, c.LastName, c.PostalCode = strings.TrimSpace(c.FirstName), strings.TrimSpace(c.LastName), strings.TrimSpace(c.PostalCode)
	switch {
	case c.ID < 0:
		return invalid("customer.id", "L'identifiant du client n'est pas valide.")
	case c.ID == 0 && c.Phone == "" && c.Email == "" && c.Card == "":
		return invalid("customer", "Le client de la commande doit avoir un identifiant, une carte, un téléphone ou un e-mail.")
	case utf8.RuneCountInString(c.Phone) > 40:
		return invalid("customer.phone", "Le téléphone du client ne doit pas dépasser 40 caractères.")
	case utf8.RuneCountInString(c.Email) > 200:
		return invalid("customer.email", "L'e-mail du client ne doit pas dépasser 200 caractères.")
	case c.Email != "" && !strings.Contains(c.Email, "@"):
		return invalid("customer.email", "L'e-mail du client n'est pas valide.")
	case utf8.RuneCountInString(c.Card) > 64:
		return invalid("customer.card", "Le numéro de carte ne doit pas dépasser 64 caractères.")
	case utf8.RuneCountInString(c.FirstName) > 100 || utf8.RuneCountInString(c.LastName) > 100:
		return invalid("customer", "Le nom du client ne doit pas dépasser 100 caractères.")
	case utf8.RuneCountInString(c.PostalCode) > 10:
		return invalid("customer.postalCode", "Le code postal ne doit pas dépasser 10 caractères.")
	}
	return nil
}

// NormalizeCode is how a promo code is stored and looked up: upper case,
// without spaces (« noel 24 » and « NOEL24 » are the same code).
func NormalizeCode(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// Discount is an order's discount.
type Discount struct {
	Type    string `json:"type" enum:"pourcentage,montant"`
	Value   int64  `json:"value" doc:"pourcentage : en points de base (1000 = 10 %) ; montant : en centimes"`
	Amount  int64  `json:"amount_cents" doc:"Montant de la réduction, en centimes"`
	Label   string `json:"label,omitempty" maxLength:"120"`
	Cashier string `json:"cashier,omitempty" maxLength:"120"`
	// Code is the promo code that granted the discount: a paid or pending
	// order uses it (once per order, within its quota), a failed or
	// cancelled one gives its use back (see Service.Gate).
	Code string `json:"code,omitempty" maxLength:"40" doc:"Code promo utilisé (vérifié avec POST /kiosk/v1/promocodes/check, utilisé avec …/redeem avant le paiement) ; une commande payée avec un code qui ne peut plus servir est refusée"`
	// DiscountID is the franchise's discount applied (set from the code
	// when the order names one).
	DiscountID int64 `json:"discount_id,omitempty" doc:"Identifiant de la réduction de la franchise appliquée (GET /kiosk/v1/discounts), s'il y en a une"`
}

// Line is a product line.
type Line struct {
	ProductID string   `json:"product_id,omitempty" maxLength:"64" doc:"idGlobal du produit dans la carte"`
	Name      string   `json:"name" minLength:"1" maxLength:"200"`
	Category  string   `json:"category,omitempty" maxLength:"200"`
	Quantity  int      `json:"quantity" minimum:"1" maximum:"10000"`
	UnitPrice int64    `json:"unit_price_cents"`
	Total     int64    `json:"total_cents" doc:"quantité × prix unitaire + options, en centimes"`
	TaxRate   int      `json:"tax_rate_bp" minimum:"0" maximum:"10000" doc:"Taux de TVA en points de base (550 = 5,5 %)"`
	Options   []Option `json:"options,omitempty" maxItems:"100"`
}

// Option is an option of a line.
type Option struct {
	Name     string `json:"name" minLength:"1" maxLength:"200"`
	Group    string `json:"group,omitempty" maxLength:"200" doc:"Catégorie d'options"`
	Quantity int    `json:"quantity" minimum:"1" maximum:"10000"`
	Total    int64  `json:"total_cents"`
}

// VATLine is the tax of one rate.
type VATLine struct {
	Rate int   `json:"rate_bp" minimum:"0" maximum:"10000"`
	HT   int64 `json:"ht_cents"`
	VAT  int64 `json:"vat_cents"`
	TTC  int64 `json:"ttc_cents"`
}

// Payment is one payment of the order.
type Payment struct {
	Method string `json:"method" enum:"cb,especes,titre_restaurant,cheque_vacances,cash_machine,plateforme,avoir"`
	Amount int64  `json:"amount_cents"`
}

// Marque is the fiscal ticket information (spec §3 infos_marque).
type Marque struct {
	Entete          string `json:"entete,omitempty"`
	PostFix         string `json:"postFix,omitempty"`
	Vendeur         string `json:"vendeur,omitempty"`
	Signature       string `json:"signature,omitempty"`
	CompanyName     string `json:"company_name,omitempty"`
	VersionSoftware string `json:"version_software,omitempty"`
	OperationType   string `json:"operation_type,omitempty"`
	NumberPrint     int    `json:"number_print,omitempty"`
}

// Collect is the click&collect part of an order.
type Collect struct {
	NumOrder    string   `json:"num_order,omitempty" maxLength:"64"`
	PaymentType string   `json:"payment_type,omitempty" maxLength:"64"`
	DeliveryFee int64    `json:"frais_livraison_cents,omitempty"`
	ServiceFee  int64    `json:"frais_gestion_cents,omitempty"`
	Customer    Customer `json:"client"`
}

// Customer is the click&collect customer.
type Customer struct {
	FirstName string `json:"first_name,omitempty" maxLength:"100"`
	LastName  string `json:"last_name,omitempty" maxLength:"100"`
	Phone     string `json:"phone,omitempty" maxLength:"40"`
}

// ValidationError names the field of a refused order.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Message }

func invalid(field, format string, args ...any) error {
	return &ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// euros writes cents the French way, without a symbol (the till's
// currency is its restaurant's): 12,50.
func euros(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d,%02d", sign, c/100, c%100)
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// maxCents bounds every amount (1 milliard d'euros): sums of a whole order
// never overflow.
const maxCents = 100_000_000_000

// tolerance is how far sums may differ (rounding of the till), in cents.
const tolerance = 1

// Validate checks the order's fields and that its totals reconcile with its
// lines, VAT and payments within a cent. The message is French and the
// field a JSON path (body.lines[2].total_cents).
func (o *Order) Validate() error {
	o.OrderID = strings.TrimSpace(o.OrderID)
	if o.OrderID == "" || utf8.RuneCountInString(o.OrderID) > 64 {
		return invalid("order_id", "L'identifiant de commande est obligatoire (64 caractères au plus).")
	}
	switch o.Source {
	case SourceTill, SourceKiosk, SourceCollect:
	default:
		return invalid("source", "La source %q n'est pas reconnue (caisse, borne ou clickncollect).", o.Source)
	}
	if o.Type < 1 || o.Type > 5 {
		return invalid("type", "Le type de commande %d n'est pas reconnu (1 à 5).", o.Type)
	}
	if !KnownStatus(o.Status) {
		return invalid("status", "Le statut « %s » n'est pas reconnu. Statuts acceptés : %s.", o.Status, statusList())
	}
	if o.PaidAt.IsZero() || o.PaidAt.Year() < 2000 || o.PaidAt.Year() > 2100 {
		return invalid("paid_at", "La date de paiement est obligatoire.")
	}
	if len(o.Lines) == 0 {
		return invalid("lines", "La commande n'a aucune ligne.")
	}
	if o.Customer != nil {
		if err := o.Customer.validate(); err != nil {
			return err
		}
	}
	var sum int64
	for i := range o.Lines {
		l := &o.Lines[i]
		path := fmt.Sprintf("lines[%d]", i)
		l.Name = strings.TrimSpace(l.Name)
		l.Category = strings.TrimSpace(l.Category)
		if l.Name == "" {
			return invalid(path+".name", "La ligne %d n'a pas de nom de produit.", i+1)
		}
		if l.Quantity < 1 || l.Quantity > 10000 {
			return invalid(path+".quantity", "La quantité du produit %s doit être au moins 1.", l.Name)
		}
		if l.UnitPrice < 0 || l.Total < 0 || l.UnitPrice > maxCents || l.Total > maxCents {
			return invalid(path+".total_cents", "Le montant du produit %s ne peut pas être négatif.", l.Name)
		}
		if l.TaxRate < 0 || l.TaxRate > 10000 {
			return invalid(path+".tax_rate_bp", "Le taux de TVA du produit %s n'est pas valide.", l.Name)
		}
		want := int64(l.Quantity) * l.UnitPrice
		for j := range l.Options {
			op := &l.Options[j]
			op.Name = strings.TrimSpace(op.Name)
			op.Group = strings.TrimSpace(op.Group)
			opath := fmt.Sprintf("%s.options[%d]", path, j)
			if op.Name == "" {
				return invalid(opath+".name", "Une option du produit %s n'a pas de nom.", l.Name)
			}
			if op.Quantity < 1 || op.Total < 0 || op.Total > maxCents {
				return invalid(opath+".total_cents", "L'option %s du produit %s n'est pas valide.", op.Name, l.Name)
			}
			want += op.Total
		}
		if abs(want-l.Total) > tolerance {
			return invalid(path+".total_cents", "Le total de la ligne %s (%s) ne correspond pas à quantité × prix + options (%s).", l.Name, euros(l.Total), euros(want))
		}
		sum += l.Total
	}
	if abs(sum-o.Subtotal) > tolerance {
		return invalid("subtotal_cents", "Le sous-total %s ne correspond pas à la somme des lignes (%s).", euros(o.Subtotal), euros(sum))
	}
	var discount int64
	if d := o.Discount; d != nil {
		d.Label, d.Cashier, d.Code = strings.TrimSpace(d.Label), strings.TrimSpace(d.Cashier), NormalizeCode(d.Code)
		switch d.Type {
		case DiscountPercent:
			if d.Value < 0 || d.Value > 10000 {
				return invalid("discount.value", "Le pourcentage de réduction doit être entre 0 et 100 %%.")
			}
			if want := (o.Subtotal*d.Value + 5000) / 10000; abs(want-d.Amount) > tolerance {
				return invalid("discount.amount_cents", "La réduction %s ne correspond pas à %s %% du sous-total (%s).", euros(d.Amount), percent(d.Value), euros(want))
			}
		case DiscountAmount:
			if d.Value != d.Amount {
				return invalid("discount.amount_cents", "La réduction %s ne correspond pas à sa valeur (%s).", euros(d.Amount), euros(d.Value))
			}
		default:
			return invalid("discount.type", "Le type de réduction %q n'est pas reconnu (pourcentage ou montant).", d.Type)
		}
		if d.Amount < 0 || d.Amount > o.Subtotal {
			return invalid("discount.amount_cents", "La réduction %s dépasse le sous-total.", euros(d.Amount))
		}
		discount = d.Amount
	}
	if o.Fees < 0 || o.Fees > maxCents || o.Subtotal > maxCents || o.Total > maxCents {
		return invalid("total_cents", "Un montant de la commande dépasse la limite de 1 milliard.")
	}
	if o.Fees < 0 {
		return invalid("fees_cents", "Les frais ne peuvent pas être négatifs.")
	}
	if c := o.Collect; c != nil && c.DeliveryFee+c.ServiceFee != o.Fees {
		return invalid("fees_cents", "Les frais %s ne correspondent pas aux frais de livraison et de gestion (%s).", euros(o.Fees), euros(c.DeliveryFee+c.ServiceFee))
	}
	if want := o.Subtotal - discount + o.Fees; abs(want-o.Total) > tolerance {
		return invalid("total_cents", "Le total %s ne correspond pas au sous-total moins la réduction plus les frais (%s).", euros(o.Total), euros(want))
	}
	if len(o.VAT) == 0 {
		return invalid("vat", "La commande n'a aucune ligne de TVA.")
	}
	var ttc int64
	seen := map[int]bool{}
	for i, v := range o.VAT {
		path := fmt.Sprintf("vat[%d]", i)
		if v.Rate < 0 || v.Rate > 10000 {
			return invalid(path+".rate_bp", "Le taux de TVA %d n'est pas valide.", v.Rate)
		}
		if seen[v.Rate] {
			return invalid(path+".rate_bp", "Le taux de TVA %s %% apparaît deux fois.", percent(int64(v.Rate)))
		}
		seen[v.Rate] = true
		if v.HT < 0 || v.VAT < 0 || v.HT > maxCents || v.VAT > maxCents || v.TTC > maxCents {
			return invalid(path+".ttc_cents", "Les montants de TVA ne peuvent pas être négatifs.")
		}
		if abs(v.HT+v.VAT-v.TTC) > tolerance {
			return invalid(path+".ttc_cents", "TVA %s %% : HT %s + TVA %s ne font pas le TTC %s.", percent(int64(v.Rate)), euros(v.HT), euros(v.VAT), euros(v.TTC))
		}
		ttc += v.TTC
	}
	if abs(ttc-o.Total) > tolerance {
		return invalid("vat", "La somme des TTC par taux (%s) ne correspond pas au total %s.", euros(ttc), euros(o.Total))
	}
	var paid int64
	for i, p := range o.Payments {
		path := fmt.Sprintf("payments[%d]", i)
		if !knownMethod(p.Method) {
			return invalid(path+".method", "Le moyen de paiement %q n'est pas reconnu.", p.Method)
		}
		if p.Amount < 0 || p.Amount > maxCents {
			return invalid(path+".amount_cents", "Le paiement %s ne peut pas être négatif.", p.Method)
		}
		paid += p.Amount
	}
	switch {
	case o.Status == StatusPaid && abs(paid-o.Total) > tolerance:
		return invalid("payments", "Les paiements (%s) ne correspondent pas au total %s d'une commande payée.", euros(paid), euros(o.Total))
	case o.Status != StatusPaid && paid > o.Total+tolerance:
		return invalid("payments", "Les paiements (%s) dépassent le total %s.", euros(paid), euros(o.Total))
	}
	if o.ExitSecs != nil && (*o.ExitSecs < 0 || *o.ExitSecs > 86400) {
		return invalid("exit_seconds", "Le temps de sortie doit être entre 0 et 86 400 secondes.")
	}
	return nil
}

func knownMethod(m string) bool {
	for _, x := range PaymentMethods {
		if x.Code == m {
			return true
		}
	}
	return false
}

// percent writes basis points as a French percentage: 550 → 5,5.
func percent(bp int64) string {
	s := fmt.Sprintf("%d", bp/100)
	if r := bp % 100; r != 0 {
		s += strings.TrimRight(fmt.Sprintf(",%02d", r), "0")
	}
	return s
}
