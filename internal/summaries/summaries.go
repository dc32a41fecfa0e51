// Package summaries mails scheduled summaries of the sales (issue 18): a
// login subscribes an e-mail address to a daily summary (yesterday, sent at
// about 07:00 local time) or a weekly one (last week, sent on Monday at
// about 07:00), over every restaurant it sees or one of them. The figures
// are the reports package's (the daily flash's « yesterday », the revenue
// report's week); the mail goes through the project's mail sender.
//
// Sending is once per subscription and period whatever the number of
// instances: each instance looks every minute for the periods due and
// queues their job under the dedupe key (subscription, period) — only the
// first insert creates it — and the jobs runner gives each job to one
// instance. The job then records the period as sent.
package summaries

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"brigade/internal/jobs"
	"brigade/internal/mail"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Frequencies of a subscription.
const (
	Daily  = "daily"
	Weekly = "weekly"
)

// JobSend is the kind of the job mailing one period of one subscription.
const JobSend = "reports.summary"

// SendHour is the local hour from which a period's summary is due.
const SendHour = 7

// maxPerUser bounds the subscriptions of one login.
const maxPerUser = 20

// maxAttempts bounds the jobs of one period (the first and its retries
// after failures, e.g. the mail server down).
const maxAttempts = 3

// Subscription is a login's subscription to a summary.
type Subscription struct {
	ID             int64     `json:"id"`
	Frequency      string    `json:"frequency" enum:"daily,weekly" doc:"daily : chaque matin vers 7 h (heure locale), la veille ; weekly : le lundi vers 7 h, la semaine précédente (du lundi au dimanche)"`
	RestaurantID   int64     `json:"restaurantId" doc:"Le restaurant résumé ; 0 : tous les restaurants visibles par l'utilisateur"`
	RestaurantName string    `json:"restaurantName" doc:"Nom du restaurant ; vide pour tous les restaurants"`
	Email          string    `json:"email" format:"email" doc:"Adresse qui reçoit le résumé"`
	LastPeriod     string    `json:"lastPeriod" doc:"Dernière période envoyée ou sautée (AAAA-MM-JJ : le jour, ou le lundi de la semaine) ; le premier envoi est celui de la période suivante"`
	NextSendAt     time.Time `json:"nextSendAt" doc:"Prochain envoi prévu (vers 7 h, heure locale)"`
	CreatedAt      time.Time `json:"createdAt"`
}

// SubscriptionInput is a subscription to create (or to preview).
type SubscriptionInput struct {
	Frequency    string `json:"frequency" enum:"daily,weekly" doc:"daily ou weekly"`
	RestaurantID int64  `json:"restaurantId" minimum:"0" doc:"Le restaurant résumé ; 0 : tous les restaurants visibles"`
	Email        string `json:"email" maxLength:"254" doc:"Adresse qui reçoit le résumé"`
}

// SummaryPreview says where a preview went.
type SummaryPreview struct {
	SentTo  string `json:"sentTo" doc:"Adresse à laquelle l'aperçu a été envoyé"`
	Subject string `json:"subject" doc:"Objet du message envoyé"`
	Period  string `json:"period" doc:"La période résumée (AAAA-MM-JJ : le jour, ou le lundi de la semaine)"`
}

// Service keeps the subscriptions and sends the summaries.
type Service struct {
	db        *store.DB
	ten       *tenancy.Service
	reports   *reports.Service
	jobs      *jobs.Runner
	mailer    mail.Sender
	publicURL string
	now       func() time.Time

	// previews are the previews each login sent lately (on this
	// instance): a preview goes to any address, so they are bounded.
	previewMu sync.Mutex
	previews  map[int64][]time.Time
}

// Previews a login may send per previewWindow.
const (
	maxPreviews   = 10
	previewWindow = time.Hour
)

// ErrTooManyPreviews refuses a preview over the bound.
var ErrTooManyPreviews = errors.New("Trop d'aperçus envoyés : réessayez dans une heure.")

// allowPreview counts a preview of the login, or refuses it.
func (s *Service) allowPreview(userID int64) bool {
	s.previewMu.Lock()
	defer s.previewMu.Unlock()
	now := time.Now()
	recent := s.previews[userID][:0]
	for _, at := range s.previews[userID] {
		if now.Sub(at) < previewWindow {
			recent = append(recent, at)
		}
	}
	if len(recent) >= maxPreviews {
		s.previews[userID] = recent
		return false
	}
	s.previews[userID] = append(recent, now)
	return true
}

// NewService returns the service and registers its job on runner.
func NewService(db *store.DB, ten *tenancy.Service, rep *reports.Service, runner *jobs.Runner, mailer mail.Sender, publicURL string) *Service {
	if mailer == nil {
		mailer = mail.LogSender{Log: slog.Default()}
	}
	s := &Service{db: db, ten: ten, reports: rep, jobs: runner, mailer: mailer, publicURL: strings.TrimRight(publicURL, "/"), now: time.Now, previews: map[int64][]time.Time{}}
	runner.Register(JobSend, s.runSend)
	return s
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// ---- periods ----

// DuePeriod is the last period of a frequency whose summary is due at now
// in loc: daily, yesterday from 07:00 (the day before yesterday until
// then); weekly, last week's Monday from Monday 07:00.
func DuePeriod(freq string, now time.Time, loc *time.Location) int64 {
	day := orders.BusinessDate(now, loc)
	if now.In(loc).Hour() < SendHour {
		day = orders.AddDays(day, -1)
	}
	if freq == Weekly {
		return orders.AddDays(monday(day), -7)
	}
	return orders.AddDays(day, -1)
}

// NextSend is when the period after last is due, in loc: a day's summary
// the next day at SendHour, a week's (last is its Monday) the Monday after.
func NextSend(freq string, last int64, loc *time.Location) time.Time {
	step := 1
	if freq == Weekly {
		step = 7
	}
	at := orders.AddDays(last, 2*step) // the next period, then the day it is due
	return time.Date(int(at/10000), time.Month(at/100%100), int(at%100), SendHour, 0, 0, 0, loc)
}

func monday(d int64) int64 {
	t := time.Date(int(d/10000), time.Month(d/100%100), int(d%100), 12, 0, 0, 0, time.UTC)
	return orders.AddDays(d, -((int(t.Weekday()) + 6) % 7))
}

func zoneOf(name string) *time.Location {
	if name != "" {
		if l, err := time.LoadLocation(name); err == nil {
			return l
		}
	}
	return time.UTC
}

// ---- subscriptions ----

type row struct {
	Subscription
	franchiseID int64
	userID      int64
	zone        string // the restaurant's, else the franchise's country's
}

const selectRows = `SELECT s.id, s.franchise_id, s.user_id, s.frequency, s.restaurant_id, COALESCE(r.nom, ''), COALESCE(r.pseudo, ''), s.email, s.last_period, s.created_at,
	COALESCE(r.time_zone, ''), f.country_code
	FROM summary_subscriptions s JOIN franchises f ON f.id = s.franchise_id
	LEFT JOIN restaurants r ON r.id = s.restaurant_id AND r.franchise_id = s.franchise_id`

func scanRow(sc store.Scanner) (row, error) {
	var r row
	var nom, pseudo, country string
	err := sc.Scan(&r.ID, &r.franchiseID, &r.userID, &r.Frequency, &r.RestaurantID, &nom, &pseudo, &r.Email, &r.LastPeriod, &r.CreatedAt, &r.zone, &country)
	if errors.Is(err, sql.ErrNoRows) {
		return r, tenancy.ErrNotFound
	}
	if err != nil {
		return r, err
	}
	r.RestaurantName = nom
	if r.RestaurantName == "" {
		r.RestaurantName = pseudo
	}
	if r.zone == "" || r.RestaurantID == 0 {
		r.zone = tenancy.CountryByCode(country).TimeZone
	}
	if last, err := orders.ParseDate(r.LastPeriod); err == nil {
		r.NextSendAt = NextSend(r.Frequency, last, zoneOf(r.zone)).UTC()
	}
	return r, nil
}

// List is the caller's subscriptions, oldest first.
func (s *Service) List(ctx context.Context, p tenancy.Principal) ([]Subscription, error) {
	if p.FranchiseID == 0 {
		return nil, tenancy.ErrForbidden
	}
	rows, err := store.Collect(ctx, s.db, selectRows+` WHERE s.franchise_id = ? AND s.user_id = ? ORDER BY s.id`, []any{p.FranchiseID, p.UserID}, scanRow)
	if err != nil {
		return nil, err
	}
	out := make([]Subscription, len(rows))
	for i, r := range rows {
		out[i] = r.Subscription
	}
	return out, nil
}

// validate checks an input against the caller's scope and says the zone
// its periods are counted in.
func (s *Service) validate(ctx context.Context, p tenancy.Principal, in *SubscriptionInput) (*time.Location, error) {
	if p.FranchiseID == 0 {
		return nil, tenancy.ErrForbidden
	}
	if in.Frequency != Daily && in.Frequency != Weekly {
		return nil, &tenancy.ValidationError{Field: "body.frequency", Message: "Choisissez un résumé quotidien ou hebdomadaire."}
	}
	in.Email = strings.TrimSpace(in.Email)
	if a, err := netmail.ParseAddress(in.Email); err != nil || a.Address != in.Email || !strings.Contains(in.Email, "@") {
		return nil, &tenancy.ValidationError{Field: "body.email", Message: "L'adresse e-mail n'est pas valide."}
	}
	fr, err := s.ten.Franchise(ctx, p)
	if err != nil {
		return nil, err
	}
	loc := zoneOf(tenancy.CountryByCode(fr.CountryCode).TimeZone)
	if in.RestaurantID != 0 {
		// A restaurant the caller cannot see (another franchise's, or not
		// one of a restaurant login's) is not found.
		list, err := s.ten.Restaurants(ctx, p, tenancy.RestaurantFilter{IncludeArchived: true})
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(list, func(x tenancy.Restaurant) bool { return x.ID == in.RestaurantID })
		if i < 0 || !p.CanSeeRestaurant(list[i].FranchiseID, list[i].ID) {
			return nil, &tenancy.ValidationError{Field: "body.restaurantId", Message: "Ce restaurant n'existe pas ou ne fait pas partie de vos restaurants."}
		}
		loc = zoneOf(list[i].TimeZone)
	}
	return loc, nil
}

// Create subscribes the caller. Its first summary is the next period's: the
// period due now is marked as already sent (a preview shows it at once).
func (s *Service) Create(ctx context.Context, p tenancy.Principal, in SubscriptionInput) (Subscription, error) {
	loc, err := s.validate(ctx, p, &in)
	if err != nil {
		return Subscription{}, err
	}
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM summary_subscriptions WHERE franchise_id = ? AND user_id = ?`, p.FranchiseID, p.UserID).Scan(&n); err != nil {
		return Subscription{}, err
	}
	if n >= maxPerUser {
		return Subscription{}, &tenancy.ValidationError{Field: "body", Message: fmt.Sprintf("Vous avez déjà %d abonnements : supprimez-en un avant d'en ajouter.", maxPerUser)}
	}
	var dup int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM summary_subscriptions WHERE franchise_id = ? AND user_id = ? AND frequency = ? AND restaurant_id = ? AND email = ?`,
		p.FranchiseID, p.UserID, in.Frequency, in.RestaurantID, in.Email).Scan(&dup); err != nil {
		return Subscription{}, err
	}
	if dup > 0 {
		return Subscription{}, &tenancy.ValidationError{Field: "body", Message: "Cette adresse reçoit déjà ce résumé."}
	}
	last := orders.FormatDate(DuePeriod(in.Frequency, s.now(), loc))
	var id int64
	if err := s.db.QueryRow(ctx, `INSERT INTO summary_subscriptions (franchise_id, user_id, frequency, restaurant_id, email, last_period, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.FranchiseID, p.UserID, in.Frequency, in.RestaurantID, in.Email, last, s.now().UTC()).Scan(&id); err != nil {
		return Subscription{}, err
	}
	r, err := scanRow(s.db.QueryRow(ctx, selectRows+` WHERE s.id = ?`, id))
	return r.Subscription, err
}

// Delete removes one of the caller's subscriptions (another login's is not
// found).
func (s *Service) Delete(ctx context.Context, p tenancy.Principal, id int64) error {
	res, err := s.db.Exec(ctx, `DELETE FROM summary_subscriptions WHERE id = ? AND franchise_id = ? AND user_id = ?`, id, p.FranchiseID, p.UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return tenancy.ErrNotFound
	}
	return nil
}

// SendPreview mails at once, to in.Email, the summary the input would send
// for the period due now (yesterday, or last week).
func (s *Service) SendPreview(ctx context.Context, p tenancy.Principal, in SubscriptionInput) (SummaryPreview, error) {
	loc, err := s.validate(ctx, p, &in)
	if err != nil {
		return SummaryPreview{}, err
	}
	if !s.allowPreview(p.UserID) {
		return SummaryPreview{}, ErrTooManyPreviews
	}
	period := DuePeriod(in.Frequency, s.now(), loc)
	m, err := s.compose(ctx, p, in.Frequency, in.RestaurantID, period, true)
	if err != nil {
		return SummaryPreview{}, err
	}
	m.To = in.Email
	if err := s.mailer.Send(ctx, m); err != nil {
		slog.Error("résumé : aperçu non envoyé", "err", err)
		return SummaryPreview{}, ErrSend
	}
	return SummaryPreview{SentTo: in.Email, Subject: m.Subject, Period: orders.FormatDate(period)}, nil
}

// ErrSend is a mail the mail server refused or could not take.
var ErrSend = errors.New("Le message n'a pas pu être envoyé : le serveur de mail ne répond pas. Réessayez plus tard.")

// ---- scheduling ----

// Schedule queues, at start and then every period, the summaries due
// (QueueDue) until ctx ends.
func (s *Service) Schedule(ctx context.Context, every time.Duration) {
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			if _, err := s.QueueDue(ctx); err != nil && ctx.Err() == nil {
				slog.Error("résumés : mise en file", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
}

type sendParams struct {
	SubscriptionID int64  `json:"subscriptionId"`
	Period         string `json:"period"`
	UserID         int64  `json:"userId"`
}

// QueueDue queues one job per subscription whose due period is after the
// last one sent, under the key (subscription, period): whichever instance
// comes first creates it, and a job that failed is tried again at the next
// tick under a new key, maxAttempts times in all. It says how many jobs it
// created.
func (s *Service) QueueDue(ctx context.Context) (int, error) {
	rows, err := store.Collect(ctx, s.db, selectRows+` ORDER BY s.id`, nil, scanRow)
	if err != nil {
		return 0, err
	}
	now := s.now()
	created := 0
	for _, r := range rows {
		due := orders.FormatDate(DuePeriod(r.Frequency, now, zoneOf(r.zone)))
		if due <= r.LastPeriod {
			continue
		}
		base := "summary:" + strconv.FormatInt(r.ID, 10) + ":" + due
		keys := make([]string, maxAttempts)
		for i := range keys {
			keys[i] = attemptKey(base, i)
		}
		failed, err := s.jobs.CountFailed(ctx, r.franchiseID, JobSend, keys)
		if err != nil {
			return created, err
		}
		if failed >= maxAttempts {
			continue
		}
		err = s.db.WithTx(ctx, func(tx *store.Tx) error {
			_, ok, err := s.jobs.EnqueueOnce(ctx, tx, attemptKey(base, failed), r.franchiseID, JobSend, "Brigade",
				"Résumé par e-mail du "+due, sendParams{SubscriptionID: r.ID, Period: due, UserID: r.userID})
			if ok {
				created++
			}
			return err
		})
		if err != nil {
			return created, err
		}
	}
	return created, nil
}

func attemptKey(base string, n int) string {
	if n == 0 {
		return base
	}
	return base + ":" + strconv.Itoa(n)
}

// runSend is the job mailing one period of one subscription.
func (s *Service) runSend(ctx context.Context, j jobs.Job, _ jobs.Progress) (any, error) {
	var in sendParams
	if err := jsonUnmarshal(j.Params, &in); err != nil {
		return nil, err
	}
	r, err := scanRow(s.db.QueryRow(ctx, selectRows+` WHERE s.id = ? AND s.franchise_id = ?`, in.SubscriptionID, j.FranchiseID))
	if errors.Is(err, tenancy.ErrNotFound) {
		return map[string]string{"skipped": "abonnement supprimé"}, nil
	}
	if err != nil {
		return nil, err
	}
	if in.Period <= r.LastPeriod {
		return map[string]string{"skipped": "déjà envoyé"}, nil
	}
	period, err := orders.ParseDate(in.Period)
	if err != nil {
		return nil, err
	}
	// A franchise blocked for unpaid maintenance gets no summary (its
	// screens are closed too).
	if blocked, err := s.ten.IsBlocked(ctx, r.franchiseID); err != nil {
		return nil, err
	} else if blocked {
		return s.markSent(ctx, r.ID, in.Period, "franchise bloquée")
	}
	// The summary is read as its subscriber would: a login disabled, or
	// one that lost the restaurant, gets nothing.
	u, err := s.ten.UserByID(ctx, r.userID)
	if err != nil || u.Disabled || u.FranchiseID != r.franchiseID {
		return s.markSent(ctx, r.ID, in.Period, "compte désactivé")
	}
	p := tenancy.PrincipalFor(u)
	m, err := s.compose(ctx, p, r.Frequency, r.RestaurantID, period, false)
	if errors.Is(err, tenancy.ErrNotFound) || errors.Is(err, tenancy.ErrForbidden) {
		return s.markSent(ctx, r.ID, in.Period, "restaurant hors du périmètre")
	}
	if err != nil {
		return nil, err
	}
	m.To = r.Email
	if err := s.mailer.Send(ctx, m); err != nil {
		return nil, err
	}
	return s.markSent(ctx, r.ID, in.Period, "")
}

func (s *Service) markSent(ctx context.Context, id int64, period, skipped string) (any, error) {
	if _, err := s.db.Exec(ctx, `UPDATE summary_subscriptions SET last_period = ? WHERE id = ? AND last_period < ?`, period, id, period); err != nil {
		return nil, err
	}
	if skipped != "" {
		return map[string]string{"skipped": skipped}, nil
	}
	return map[string]string{"sent": period}, nil
}
