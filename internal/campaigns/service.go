package campaigns

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"brigade/internal/events"
	"brigade/internal/jobs"
	"brigade/internal/mail"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// TypeProgress announces a campaign's sending progress (data: campaignId,
// done, total) and TypeChanged any other change of the campaigns or lists.
const (
	TypeProgress = "campaigns.progress"
	TypeChanged  = "marketing.changed"
)

// JobSend is the background job sending one campaign.
const JobSend = "campaign.send"

// Config is the campaigns' part of the boot configuration.
type Config struct {
	SMSURL, SMSToken, SMSSender string
	SMSPriceCents               int64
	StopLine                    string
	// EmailConfigured says a mail server is set (--smtp-url): without one,
	// mails only reach the log.
	EmailConfigured bool
	// PublicURL is the base of the unsubscribe links.
	PublicURL string
}

// Service keeps the campaigns and sends them.
type Service struct {
	db     *store.DB
	ten    *tenancy.Service
	jobs   *jobs.Runner
	bus    events.Bus
	mailer mail.Sender
	sms    SMSSender
	cfg    Config
	key    []byte
	now    func() time.Time
}

// NewService returns the service and registers its job on runner. sms nil
// uses the HTTP driver of cfg.SMSURL (none: every SMS fails).
func NewService(ctx context.Context, db *store.DB, ten *tenancy.Service, runner *jobs.Runner, bus events.Bus, mailer mail.Sender, sms SMSSender, cfg Config) (*Service, error) {
	if mailer == nil {
		mailer = mail.LogSender{Log: slog.Default()}
	}
	if sms == nil {
		if cfg.SMSURL != "" {
			sms = HTTPSMS{URL: cfg.SMSURL, Token: cfg.SMSToken}
		} else {
			sms = noSMS{}
		}
	}
	if cfg.StopLine == "" {
		cfg.StopLine = DefaultStopLine
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	key, err := unsubscribeKey(ctx, db)
	if err != nil {
		return nil, err
	}
	s := &Service{db: db, ten: ten, jobs: runner, bus: bus, mailer: mailer, sms: sms, cfg: cfg, key: key, now: time.Now}
	runner.Register(JobSend, s.runSend)
	return s, nil
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// unsubscribeKey signs the unsubscribe links; kept in the database so that
// every instance accepts the links of the others.
func unsubscribeKey(ctx context.Context, db *store.DB) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if _, err := db.Exec(ctx, `INSERT INTO app_settings (key, value) VALUES ('unsubscribe_key', ?) ON CONFLICT (key) DO NOTHING`, hex.EncodeToString(b)); err != nil {
		return nil, fmt.Errorf("unsubscribe key: %w", err)
	}
	var v string
	if err := db.QueryRow(ctx, `SELECT value FROM app_settings WHERE key = 'unsubscribe_key'`).Scan(&v); err != nil {
		return nil, fmt.Errorf("unsubscribe key: %w", err)
	}
	return hex.DecodeString(v)
}

func canRead(p tenancy.Principal) error {
	if p.FranchiseID == 0 {
		return tenancy.ErrForbidden
	}
	return nil
}

func canWrite(p tenancy.Principal) error {
	if p.FranchiseID == 0 || (p.Role != tenancy.RoleAdmin && p.Role != tenancy.RoleModerator) {
		return tenancy.ErrForbidden
	}
	return nil
}

// visible says whether p sees a segment: an admin every one, another login
// those limited to its restaurants.
func visible(p tenancy.Principal, seg MarketingSegment) bool {
	if p.AllRestaurants() {
		return true
	}
	if len(seg.RestaurantIDs) == 0 {
		return false
	}
	for _, id := range seg.RestaurantIDs {
		if !slices.Contains(p.Restaurants, id) {
			return false
		}
	}
	return true
}

// scope narrows a segment to p: a login that does not see the whole
// franchise targets its own restaurants only.
func (s *Service) scope(ctx context.Context, p tenancy.Principal, seg *MarketingSegment) error {
	if err := seg.check(); err != nil {
		return err
	}
	for _, id := range seg.RestaurantIDs {
		if _, err := s.ten.Restaurant(ctx, p, id); errors.Is(err, tenancy.ErrNotFound) {
			return invalid("segment.restaurantIds", "Restaurant inconnu : %d.", id)
		} else if err != nil {
			return err
		}
	}
	if !p.AllRestaurants() && len(seg.RestaurantIDs) == 0 {
		seg.RestaurantIDs = slices.Clone(p.Restaurants)
		if len(seg.RestaurantIDs) == 0 {
			return tenancy.ErrForbidden
		}
	}
	return nil
}

func (s *Service) currency(ctx context.Context, franchiseID int64) string {
	f, err := s.ten.FranchiseForAuth(ctx, franchiseID)
	if err != nil || f.Currency == "" {
		return "EUR"
	}
	return f.Currency
}

func (s *Service) monthNow(ctx context.Context, franchiseID int64) time.Time {
	return s.now().In(s.ten.Location(ctx, tenancy.Principal{FranchiseID: franchiseID}))
}

// smsText is the SMS as sent, with the STOP line.
func (s *Service) smsText(body string) string { return WithStopLine(body, s.cfg.StopLine) }

func (s *Service) estimate(ctx context.Context, franchiseID int64, channel string, seg MarketingSegment, body string) (MarketingEstimateResult, error) {
	n, err := countRecipients(ctx, s.db, franchiseID, channel, seg, s.monthNow(ctx, franchiseID))
	if err != nil {
		return MarketingEstimateResult{}, err
	}
	out := MarketingEstimateResult{Recipients: n, Encoding: "none", StopLine: s.cfg.StopLine, Cost: MarketingMoney{Currency: s.currency(ctx, franchiseID)}}
	if channel == ChannelSMS {
		text := s.smsText(body)
		parts, length, ucs2 := SMSParts(text)
		out.Segments, out.Characters, out.Encoding = parts, length, "gsm7"
		if ucs2 {
			out.Encoding = "ucs2"
		}
		out.Cost.Cents = int64(parts) * int64(n) * s.cfg.SMSPriceCents
	} else {
		out.Segments = 1
		out.Characters = len([]rune(body))
	}
	return out, nil
}

// MarketingEstimate is the editor's live estimate of a message.
func (s *Service) Estimate(ctx context.Context, p tenancy.Principal, in MarketingEstimateInput) (MarketingEstimateResult, error) {
	if err := canRead(p); err != nil {
		return MarketingEstimateResult{}, err
	}
	if in.Channel != ChannelSMS && in.Channel != ChannelEmail {
		return MarketingEstimateResult{}, invalid("channel", "Canal inconnu : sms ou email.")
	}
	if err := s.scope(ctx, p, &in.Segment); err != nil {
		return MarketingEstimateResult{}, err
	}
	return s.estimate(ctx, p.FranchiseID, in.Channel, in.Segment, in.Body)
}

// complete adds what a campaign's JSON computes: its estimate (the
// recipients it had once sent) and its redemptions.
func (s *Service) complete(ctx context.Context, c *MarketingCampaign) error {
	switch c.Status {
	case StatusDraft, StatusScheduled:
		e, err := s.estimate(ctx, c.franchiseID, c.Channel, c.Segment, c.Body)
		if err != nil {
			return err
		}
		c.Estimate = MarketingEstimate{Recipients: e.Recipients, Segments: e.Segments, Cost: e.Cost}
	default:
		c.Estimate = MarketingEstimate{Recipients: c.Recipients, Segments: 1, Cost: MarketingMoney{Currency: s.currency(ctx, c.franchiseID)}}
		if c.Channel == ChannelSMS {
			parts, _, _ := SMSParts(s.smsText(c.Body))
			c.Estimate.Segments = parts
			c.Estimate.Cost.Cents = int64(parts) * int64(c.Recipients) * s.cfg.SMSPriceCents
		}
	}
	if c.PromoCode != "" && c.SentAt != nil {
		n, err := redemptions(ctx, s.db, c.franchiseID, c.PromoCode, *c.SentAt)
		if err != nil {
			return err
		}
		c.Redemptions = n
	}
	return nil
}

// MarketingList returns the campaigns p sees, newest first.
func (s *Service) List(ctx context.Context, p tenancy.Principal) ([]MarketingCampaign, error) {
	if err := canRead(p); err != nil {
		return nil, err
	}
	all, err := franchiseCampaigns(ctx, s.db, p.FranchiseID)
	if err != nil {
		return nil, err
	}
	out := make([]MarketingCampaign, 0, len(all))
	for _, c := range all {
		if !visible(p, c.Segment) {
			continue
		}
		if err := s.complete(ctx, &c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func (s *Service) get(ctx context.Context, r store.Runner, p tenancy.Principal, id int64) (MarketingCampaign, error) {
	if err := canRead(p); err != nil {
		return MarketingCampaign{}, err
	}
	c, err := campaignByID(ctx, r, p.FranchiseID, id)
	if err != nil {
		return c, err
	}
	if !visible(p, c.Segment) {
		return MarketingCampaign{}, tenancy.ErrNotFound
	}
	return c, nil
}

// Get returns one campaign; another franchise's is not found.
func (s *Service) Get(ctx context.Context, p tenancy.Principal, id int64) (MarketingCampaign, error) {
	c, err := s.get(ctx, s.db, p, id)
	if err != nil {
		return c, err
	}
	return c, s.complete(ctx, &c)
}

func (s *Service) prepare(ctx context.Context, p tenancy.Principal, in *MarketingCampaignInput) (status string, err error) {
	if err := canWrite(p); err != nil {
		return "", err
	}
	if err := in.normalize(); err != nil {
		return "", err
	}
	if err := s.scope(ctx, p, &in.Segment); err != nil {
		return "", err
	}
	if in.ScheduledAt == nil {
		return StatusDraft, nil
	}
	if in.ScheduledAt.Before(s.now().Add(-time.Minute)) {
		return "", invalid("scheduledAt", "La date d'envoi programmé est déjà passée.")
	}
	t := in.ScheduledAt.UTC().Truncate(time.Second)
	in.ScheduledAt = &t
	return StatusScheduled, nil
}

func (s *Service) changed(ctx context.Context, franchiseID, id int64) {
	s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: franchiseID, Type: TypeChanged, Data: map[string]any{"campaignId": id}})
}

// Create saves a draft, or a scheduled campaign when scheduledAt is set.
func (s *Service) Create(ctx context.Context, p tenancy.Principal, in MarketingCampaignInput) (MarketingCampaign, error) {
	status, err := s.prepare(ctx, p, &in)
	if err != nil {
		return MarketingCampaign{}, err
	}
	id, err := insertCampaign(ctx, s.db, p.FranchiseID, in, status, p.Login, s.now())
	if err != nil {
		return MarketingCampaign{}, err
	}
	s.changed(ctx, p.FranchiseID, id)
	return s.Get(ctx, p, id)
}

// Update replaces a draft or scheduled campaign read at version.
func (s *Service) Update(ctx context.Context, p tenancy.Principal, id int64, version int, in MarketingCampaignInput) (MarketingCampaign, error) {
	if err := canWrite(p); err != nil {
		return MarketingCampaign{}, err
	}
	c, err := s.get(ctx, s.db, p, id)
	if err != nil {
		return c, err
	}
	status, err := s.prepare(ctx, p, &in)
	if err != nil {
		return MarketingCampaign{}, err
	}
	if c.Status != StatusDraft && c.Status != StatusScheduled {
		return c, ErrNotEditable
	}
	ok, err := updateCampaign(ctx, s.db, p.FranchiseID, id, version, in, status, s.now())
	if err != nil {
		return c, err
	}
	if !ok {
		return c, tenancy.ErrConflict
	}
	s.changed(ctx, p.FranchiseID, id)
	return s.Get(ctx, p, id)
}

// Delete removes a draft or scheduled campaign.
func (s *Service) Delete(ctx context.Context, p tenancy.Principal, id int64) error {
	if err := canWrite(p); err != nil {
		return err
	}
	c, err := s.get(ctx, s.db, p, id)
	if err != nil {
		return err
	}
	if c.Status != StatusDraft && c.Status != StatusScheduled && c.Status != StatusCancelled {
		return ErrNotEditable
	}
	res, err := s.db.Exec(ctx, `DELETE FROM marketing_campaigns WHERE franchise_id = ? AND id = ? AND status IN ('draft', 'scheduled', 'cancelled')`, p.FranchiseID, id)
	if ok, err := affected(res, err); err != nil {
		return err
	} else if !ok {
		return ErrNotEditable
	}
	s.changed(ctx, p.FranchiseID, id)
	return nil
}

// Cancel stops a scheduled campaign before it leaves.
func (s *Service) Cancel(ctx context.Context, p tenancy.Principal, id int64) (MarketingCampaign, error) {
	if err := canWrite(p); err != nil {
		return MarketingCampaign{}, err
	}
	if _, err := s.get(ctx, s.db, p, id); err != nil {
		return MarketingCampaign{}, err
	}
	res, err := s.db.Exec(ctx, `UPDATE marketing_campaigns SET status = 'cancelled', version = version + 1, updated_unix = ? WHERE franchise_id = ? AND id = ? AND status = 'scheduled'`,
		s.now().Unix(), p.FranchiseID, id)
	if ok, err := affected(res, err); err != nil {
		return MarketingCampaign{}, err
	} else if !ok {
		return MarketingCampaign{}, invalid("status", "Seule une campagne programmée peut être annulée.")
	}
	s.changed(ctx, p.FranchiseID, id)
	return s.Get(ctx, p, id)
}

// Send starts sending a draft or scheduled campaign now, as a job.
func (s *Service) Send(ctx context.Context, p tenancy.Principal, id int64) (MarketingCampaign, error) {
	if err := canWrite(p); err != nil {
		return MarketingCampaign{}, err
	}
	if _, err := s.get(ctx, s.db, p, id); err != nil {
		return MarketingCampaign{}, err
	}
	// A failed send may be started again: the messages already sent are
	// not sent twice.
	ok, err := s.start(ctx, p.FranchiseID, id, []string{StatusDraft, StatusScheduled, StatusFailed}, p.Login)
	if err != nil {
		return MarketingCampaign{}, err
	}
	if !ok {
		return MarketingCampaign{}, ErrNotEditable
	}
	return s.Get(ctx, p, id)
}

// start claims a campaign for sending and queues its job, in one
// transaction: one claim wins, one job runs.
func (s *Service) start(ctx context.Context, franchiseID, id int64, from []string, by string) (bool, error) {
	var ok bool
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		ok, err = claimForSending(ctx, tx, franchiseID, id, from, s.now())
		if err != nil || !ok {
			return err
		}
		// The claim is the once: the job needs no key of its own.
		_, err = s.jobs.Enqueue(ctx, tx, franchiseID, JobSend, by, "Envoi de campagne", sendParams{CampaignID: id})
		return err
	})
	if ok {
		s.changed(ctx, franchiseID, id)
	}
	return ok, err
}

// SendDue starts the scheduled campaigns whose time has come; each is
// claimed by one UPDATE … WHERE status = 'scheduled', so two instances
// never both send it. It says how many it started.
func (s *Service) SendDue(ctx context.Context) (int, error) {
	type due struct{ id, franchiseID int64 }
	list, err := store.Collect(ctx, s.db, `SELECT id, franchise_id FROM marketing_campaigns WHERE status = 'scheduled' AND scheduled_unix <= ? ORDER BY scheduled_unix, id`,
		[]any{s.now().Unix()}, func(sc store.Scanner) (due, error) {
			var d due
			err := sc.Scan(&d.id, &d.franchiseID)
			return d, err
		})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range list {
		ok, err := s.start(ctx, d.franchiseID, d.id, []string{StatusScheduled}, "Brigade")
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// Schedule runs SendDue at start and then every period until ctx ends.
func (s *Service) Schedule(ctx context.Context, every time.Duration) {
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			if _, err := s.SendDue(ctx); err != nil && ctx.Err() == nil {
				slog.Error("campagnes : envois programmés", "err", err)
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
	CampaignID int64 `json:"campaignId"`
}

const batch = 200

// runSend is the job sending one campaign: one message row per recipient
// (unique), each claimed before it is handed to its provider, so that a
// resumed or retried send never messages a customer twice.
func (s *Service) runSend(ctx context.Context, j jobs.Job, progress jobs.Progress) (any, error) {
	out, err := s.send(ctx, j, progress)
	if err != nil && ctx.Err() == nil {
		// The campaign shows it failed (it may be sent again) rather
		// than stay « sending ».
		var in sendParams
		if jsonUnmarshal(j.Params, &in) == nil {
			if _, uerr := s.db.Exec(context.WithoutCancel(ctx), `UPDATE marketing_campaigns SET status = 'failed', version = version + 1 WHERE id = ? AND franchise_id = ? AND status = 'sending'`, in.CampaignID, j.FranchiseID); uerr == nil {
				s.changed(ctx, j.FranchiseID, in.CampaignID)
			}
		}
	}
	return out, err
}

func (s *Service) send(ctx context.Context, j jobs.Job, progress jobs.Progress) (any, error) {
	var in sendParams
	if err := jsonUnmarshal(j.Params, &in); err != nil {
		return nil, err
	}
	c, err := campaignByID(ctx, s.db, j.FranchiseID, in.CampaignID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return map[string]string{"skipped": "campagne supprimée"}, nil
	}
	if err != nil {
		return nil, err
	}
	if c.Status != StatusSending {
		return map[string]string{"skipped": c.Status}, nil
	}
	if blocked, err := s.ten.IsBlocked(ctx, c.franchiseID); err != nil {
		return nil, err
	} else if blocked {
		_, err := s.db.Exec(ctx, `UPDATE marketing_campaigns SET status = 'failed' WHERE id = ?`, c.ID)
		return map[string]string{"skipped": "franchise bloquée"}, err
	}
	if err := fillMessages(ctx, s.db, c, s.monthNow(ctx, c.franchiseID)); err != nil {
		return nil, err
	}
	// MarketingMessages claimed by an attempt that died are not sent again.
	if _, err := s.db.Exec(ctx, `UPDATE marketing_messages SET status = 'failed', error = ? WHERE campaign_id = ? AND status = 'sending'`,
		"Envoi interrompu : non renvoyé pour ne pas l'envoyer deux fois.", c.ID); err != nil {
		return nil, err
	}
	if err := refreshCounters(ctx, s.db, c.ID); err != nil {
		return nil, err
	}
	var total, done int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*), SUM(CASE WHEN status = 'pending' THEN 0 ELSE 1 END) FROM marketing_messages WHERE campaign_id = ?`, c.ID).Scan(&total, nullInt{&done}); err != nil {
		return nil, err
	}
	s.announce(ctx, c, done, total)
	for {
		list, err := pendingMessages(ctx, s.db, c.ID, batch)
		if err != nil {
			return nil, err
		}
		if len(list) == 0 {
			break
		}
		for _, m := range list {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			ok, err := claimMessage(ctx, s.db, m.id)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			status, providerID, errText := s.deliver(ctx, c, m)
			if err := finishMessage(ctx, s.db, m.id, status, providerID, errText, s.now()); err != nil {
				return nil, err
			}
			done++
			progress(done, total, c.Name)
			if done%20 == 0 {
				if err := refreshCounters(ctx, s.db, c.ID); err != nil {
					return nil, err
				}
				s.announce(ctx, c, done, total)
			}
		}
	}
	if err := refreshCounters(ctx, s.db, c.ID); err != nil {
		return nil, err
	}
	var ok, failed int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*), SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) FROM marketing_messages WHERE campaign_id = ?`, c.ID).Scan(&total, nullInt{&failed}); err != nil {
		return nil, err
	}
	ok = total - failed
	final := StatusSent
	if total > 0 && ok == 0 {
		final = StatusFailed
	}
	if _, err := s.db.Exec(ctx, `UPDATE marketing_campaigns SET status = ?, version = version + 1, updated_unix = ? WHERE id = ? AND status = 'sending'`, final, s.now().Unix(), c.ID); err != nil {
		return nil, err
	}
	s.announce(ctx, c, total, total)
	s.changed(ctx, c.franchiseID, c.ID)
	return map[string]int{"sent": ok, "failed": failed}, nil
}

func (s *Service) announce(ctx context.Context, c MarketingCampaign, done, total int) {
	s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: c.franchiseID, Type: TypeProgress,
		Data: map[string]any{"campaignId": c.ID, "done": done, "total": total}})
}

// deliver hands one message to its provider: an e-mail accepted by the
// mail server is delivered; an SMS accepted by the provider is sent, its
// status callback says delivered or failed.
func (s *Service) deliver(ctx context.Context, c MarketingCampaign, m pending) (status, providerID, errText string) {
	// A consent withdrawn during the send (a STOP) is honoured at once.
	var optin, erased int64
	col := "sms_optin"
	if c.Channel == ChannelEmail {
		col = "email_optin"
	}
	if err := s.db.QueryRow(ctx, `SELECT `+col+`, erased_unix FROM customers WHERE id = ?`, m.customerID).Scan(&optin, &erased); err != nil || optin != 1 || erased != 0 {
		return "failed", "", "Consentement retiré avant l'envoi."
	}
	ref := "m" + strconv.FormatInt(m.id, 10)
	if c.Channel == ChannelSMS {
		id, err := s.sms.SendSMS(ctx, SMS{To: m.address, From: s.cfg.SMSSender, Text: s.smsText(c.Body), Reference: ref})
		if err != nil {
			return "failed", "", truncate(err.Error(), 300)
		}
		return "sent", id, ""
	}
	link := s.cfg.PublicURL + "/u/" + s.token(m.id)
	msg := mail.Message{To: m.address, Subject: c.Subject,
		Text: c.Body + "\n\n--\nVous recevez ce message car vous avez accepté nos offres par e-mail. Se désinscrire : " + link,
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + link + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		}}
	if err := s.mailer.Send(ctx, msg); err != nil {
		return "failed", "", truncate(err.Error(), 300)
	}
	return "delivered", "", ""
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// ---- unsubscribe links ----

func (s *Service) mac(messageID int64) []byte {
	h := hmac.New(sha256.New, s.key)
	h.Write([]byte("unsubscribe:" + strconv.FormatInt(messageID, 10)))
	return h.Sum(nil)[:16]
}

// token is the signed unsubscribe token of one message.
func (s *Service) token(messageID int64) string {
	return strconv.FormatInt(messageID, 10) + "." + base64.RawURLEncoding.EncodeToString(s.mac(messageID))
}

// ErrBadToken: an unsubscribe link that was not ours.
var ErrBadToken = errors.New("Ce lien de désinscription n'est pas valide.")

// Unsubscribe withdraws the e-mail consent of the customer an unsubscribe
// link was sent to, at once (source stop).
func (s *Service) Unsubscribe(ctx context.Context, token string) error {
	idText, sig, ok := strings.Cut(token, ".")
	id, err := strconv.ParseInt(idText, 10, 64)
	if !ok || err != nil || id <= 0 {
		return ErrBadToken
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac(id)) {
		return ErrBadToken
	}
	var franchiseID, customerID, campaignID int64
	if err := s.db.QueryRow(ctx, `SELECT franchise_id, customer_id, campaign_id FROM marketing_messages WHERE id = ?`, id).Scan(&franchiseID, &customerID, &campaignID); err != nil {
		return ErrBadToken
	}
	return s.withdrawAll(ctx, franchiseID, customerID, ChannelEmail, campaignID)
}

func (s *Service) withdrawAll(ctx context.Context, franchiseID, customerID int64, channel string, campaignID int64) error {
	var changed bool
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		changed, err = withdraw(ctx, tx, franchiseID, customerID, channel, s.now())
		if err != nil || !changed {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE marketing_campaigns SET optouts = optouts + 1 WHERE id = ?`, campaignID)
		return err
	})
	if err == nil && changed {
		s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: franchiseID, Type: "customers.changed"})
		s.changed(ctx, franchiseID, campaignID)
	}
	return err
}

// ---- provider callbacks ----

// ErrProviderToken: a callback without the configured SMS token.
var ErrProviderToken = errors.New("Jeton du fournisseur SMS invalide.")

// CheckProviderToken authenticates a provider callback by the configured
// --sms-token (none configured: every callback is refused).
func (s *Service) CheckProviderToken(token string) error {
	token = strings.TrimSpace(strings.TrimPrefix(token, "Bearer "))
	if s.cfg.SMSToken == "" || subtle.ConstantTimeCompare([]byte(token), []byte(s.cfg.SMSToken)) != 1 {
		return ErrProviderToken
	}
	return nil
}

// MarketingSMSStatus is the provider's status callback.
type MarketingSMSStatus struct {
	ID     string `json:"id" minLength:"1" maxLength:"200"`
	Status string `json:"status" enum:"delivered,failed"`
	Error  string `json:"error,omitempty" required:"false" maxLength:"500"`
}

// StatusCallback records a delivery report.
func (s *Service) StatusCallback(ctx context.Context, token string, in MarketingSMSStatus) error {
	if err := s.CheckProviderToken(token); err != nil {
		return err
	}
	var campaignID, franchiseID int64
	err := s.db.QueryRow(ctx, `SELECT campaign_id, franchise_id FROM marketing_messages WHERE provider_id = ?`, in.ID).Scan(&campaignID, &franchiseID)
	if err != nil {
		return tenancy.ErrNotFound
	}
	if _, err := s.db.Exec(ctx, `UPDATE marketing_messages SET status = ?, error = ? WHERE provider_id = ? AND status IN ('sent', 'delivered', 'failed')`, in.Status, truncate(in.Error, 300), in.ID); err != nil {
		return err
	}
	if err := refreshCounters(ctx, s.db, campaignID); err != nil {
		return err
	}
	s.changed(ctx, franchiseID, campaignID)
	return nil
}

// MarketingSMSInbound is an SMS a customer sent back.
type MarketingSMSInbound struct {
	From string `json:"from" minLength:"1" maxLength:"32" doc:"Numéro de l'expéditeur (E.164)"`
	Text string `json:"text" maxLength:"1600"`
}

// MarketingInboundResult says what an inbound SMS did.
type MarketingInboundResult struct {
	Optouts int `json:"optouts" doc:"Consentements SMS retirés"`
}

// Inbound handles a reply: a STOP withdraws the SMS consent, at once, of
// the customers with that phone who received one of our campaigns.
func (s *Service) Inbound(ctx context.Context, token string, in MarketingSMSInbound) (MarketingInboundResult, error) {
	if err := s.CheckProviderToken(token); err != nil {
		return MarketingInboundResult{}, err
	}
	word := strings.ToUpper(strings.TrimSpace(in.Text))
	if !strings.HasPrefix(word, "STOP") && !strings.HasPrefix(word, "ARRET") && !strings.HasPrefix(word, "ARRÊT") {
		return MarketingInboundResult{}, nil
	}
	phone := strings.Map(func(r rune) rune {
		if r == ' ' || r == '.' || r == '-' {
			return -1
		}
		return r
	}, strings.TrimSpace(in.From))
	if strings.HasPrefix(phone, "00") {
		phone = "+" + phone[2:]
	}
	type target struct{ franchiseID, customerID, campaignID int64 }
	list, err := store.Collect(ctx, s.db, `SELECT m.franchise_id, m.customer_id, MAX(m.campaign_id) FROM marketing_messages m JOIN marketing_campaigns c ON c.id = m.campaign_id
		WHERE m.address = ? AND c.channel = 'sms' GROUP BY m.franchise_id, m.customer_id`, []any{phone}, func(sc store.Scanner) (target, error) {
		var t target
		err := sc.Scan(&t.franchiseID, &t.customerID, &t.campaignID)
		return t, err
	})
	if err != nil {
		return MarketingInboundResult{}, err
	}
	var out MarketingInboundResult
	for _, t := range list {
		var optin int
		if err := s.db.QueryRow(ctx, `SELECT sms_optin FROM customers WHERE id = ?`, t.customerID).Scan(&optin); err != nil {
			return out, err
		}
		if err := s.withdrawAll(ctx, t.franchiseID, t.customerID, ChannelSMS, t.campaignID); err != nil {
			return out, err
		}
		if optin == 1 {
			out.Optouts++
		}
	}
	return out, nil
}

// ---- messages ----

// MarketingMessages lists a campaign's messages (status filters; 50 a page).
func (s *Service) Messages(ctx context.Context, p tenancy.Principal, id int64, status string, page int) (MarketingMessages, error) {
	if _, err := s.get(ctx, s.db, p, id); err != nil {
		return MarketingMessages{}, err
	}
	where := `m.campaign_id = ? AND m.franchise_id = ?`
	args := []any{id, p.FranchiseID}
	if status != "" {
		where += ` AND m.status = ?`
		args = append(args, status)
	}
	out := MarketingMessages{Items: []MarketingMessage{}}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM marketing_messages m WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	const size = 50
	items, err := store.Collect(ctx, s.db, `SELECT m.customer_id, cu.first_name, cu.last_name, m.address, m.status, m.error, m.sent_unix
		FROM marketing_messages m JOIN customers cu ON cu.id = m.customer_id WHERE `+where+` ORDER BY m.id LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa(max(page, 0)*size),
		args, func(sc store.Scanner) (MarketingMessage, error) {
			var m MarketingMessage
			var first, last string
			var sent int64
			err := sc.Scan(&m.Customer.ID, &first, &last, &m.Address, &m.Status, &m.Error, &sent)
			m.Customer.Name = strings.TrimSpace(first + " " + last)
			m.SentAt = unixTime(sent)
			return m, err
		})
	out.Items = items
	return out, err
}

// ---- lists ----

func (s *Service) listCounts(ctx context.Context, franchiseID int64, l *MarketingList) error {
	now := s.monthNow(ctx, franchiseID)
	var err error
	if l.Recipients.SMS, err = countRecipients(ctx, s.db, franchiseID, ChannelSMS, l.Segment, now); err != nil {
		return err
	}
	l.Recipients.Email, err = countRecipients(ctx, s.db, franchiseID, ChannelEmail, l.Segment, now)
	return err
}

// Lists returns the saved lists p sees, by name, with their counts.
func (s *Service) Lists(ctx context.Context, p tenancy.Principal) ([]MarketingList, error) {
	if err := canRead(p); err != nil {
		return nil, err
	}
	all, err := store.Collect(ctx, s.db, `SELECT id, name, segment, version FROM marketing_lists WHERE franchise_id = ? ORDER BY name, id`, []any{p.FranchiseID}, scanList)
	if err != nil {
		return nil, err
	}
	out := make([]MarketingList, 0, len(all))
	for _, l := range all {
		if !visible(p, l.Segment) {
			continue
		}
		if err := s.listCounts(ctx, p.FranchiseID, &l); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// GetList returns one saved list.
func (s *Service) GetList(ctx context.Context, p tenancy.Principal, id int64) (MarketingList, error) {
	if err := canRead(p); err != nil {
		return MarketingList{}, err
	}
	l, err := scanList(s.db.QueryRow(ctx, `SELECT id, name, segment, version FROM marketing_lists WHERE franchise_id = ? AND id = ?`, p.FranchiseID, id))
	if err != nil {
		return l, err
	}
	if !visible(p, l.Segment) {
		return MarketingList{}, tenancy.ErrNotFound
	}
	return l, s.listCounts(ctx, p.FranchiseID, &l)
}

func (s *Service) prepareList(ctx context.Context, p tenancy.Principal, in *MarketingListInput) error {
	if err := canWrite(p); err != nil {
		return err
	}
	if err := in.normalize(); err != nil {
		return err
	}
	return s.scope(ctx, p, &in.Segment)
}

// CreateList saves a segment.
func (s *Service) CreateList(ctx context.Context, p tenancy.Principal, in MarketingListInput) (MarketingList, error) {
	if err := s.prepareList(ctx, p, &in); err != nil {
		return MarketingList{}, err
	}
	now := s.now().Unix()
	id, err := store.InsertID(ctx, s.db, `INSERT INTO marketing_lists (franchise_id, name, segment, version, created_unix, updated_unix) VALUES (?, ?, ?, 1, ?, ?)`,
		p.FranchiseID, in.Name, segmentJSON(in.Segment), now, now)
	if err != nil {
		return MarketingList{}, err
	}
	s.changed(ctx, p.FranchiseID, 0)
	return s.GetList(ctx, p, id)
}

// UpdateList replaces a saved list read at version.
func (s *Service) UpdateList(ctx context.Context, p tenancy.Principal, id int64, version int, in MarketingListInput) (MarketingList, error) {
	if err := canWrite(p); err != nil {
		return MarketingList{}, err
	}
	if _, err := s.GetList(ctx, p, id); err != nil {
		return MarketingList{}, err
	}
	if err := s.prepareList(ctx, p, &in); err != nil {
		return MarketingList{}, err
	}
	res, err := s.db.Exec(ctx, `UPDATE marketing_lists SET name = ?, segment = ?, version = version + 1, updated_unix = ? WHERE franchise_id = ? AND id = ? AND version = ?`,
		in.Name, segmentJSON(in.Segment), s.now().Unix(), p.FranchiseID, id, version)
	if ok, err := affected(res, err); err != nil {
		return MarketingList{}, err
	} else if !ok {
		return MarketingList{}, tenancy.ErrConflict
	}
	s.changed(ctx, p.FranchiseID, 0)
	return s.GetList(ctx, p, id)
}

// DeleteList removes a saved list (campaigns keep their own segment).
func (s *Service) DeleteList(ctx context.Context, p tenancy.Principal, id int64) error {
	if err := canWrite(p); err != nil {
		return err
	}
	if _, err := s.GetList(ctx, p, id); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `DELETE FROM marketing_lists WHERE franchise_id = ? AND id = ?`, p.FranchiseID, id)
	if err == nil {
		s.changed(ctx, p.FranchiseID, 0)
	}
	return err
}

// MarketingSettings says which providers are configured, for the screens.
func (s *Service) Settings(ctx context.Context, p tenancy.Principal) (MarketingSettings, error) {
	if err := canRead(p); err != nil {
		return MarketingSettings{}, err
	}
	return MarketingSettings{SMSConfigured: s.cfg.SMSURL != "", EmailConfigured: s.cfg.EmailConfigured, SMSSender: s.cfg.SMSSender,
		PricePerSMS: MarketingMoney{Cents: s.cfg.SMSPriceCents, Currency: s.currency(ctx, p.FranchiseID)}, StopLine: s.cfg.StopLine}, nil
}
