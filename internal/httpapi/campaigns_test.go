package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/campaigns"
	"brigade/internal/demo"
	"brigade/internal/mail"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// smsProvider is an HTTP SMS provider that records what it is sent and
// refuses one number.
type smsProvider struct {
	mu     sync.Mutex
	sent   []campaigns.SMS
	auth   []string
	refuse string
}

func (p *smsProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m campaigns.SMS
	b, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(b, &m)
	p.mu.Lock()
	p.sent = append(p.sent, m)
	p.auth = append(p.auth, r.Header.Get("Authorization"))
	n := len(p.sent)
	p.mu.Unlock()
	if m.To == p.refuse {
		http.Error(w, `{"error":"numéro invalide"}`, http.StatusBadRequest)
		return
	}
	fmt.Fprintf(w, `{"id":"prov-%d"}`, n)
}

func (p *smsProvider) messages() []campaigns.SMS {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]campaigns.SMS(nil), p.sent...)
}

type campaignWorld struct {
	srv       *testutil.Server
	smtp      *testutil.SMTPServer
	sms       *smsProvider
	franchise int64
	other     int64
	r1, r2    int64
	otherR    int64
	svc       *campaigns.Service

	providerURL string
}

// newService builds the campaigns service over the recording providers and
// puts it in the server (its job handler replaces the one registered).
func (w *campaignWorld) newService(t *testing.T) *campaigns.Service {
	t.Helper()
	mailer, err := mail.Open(w.smtp.URL)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := campaigns.NewService(context.Background(), w.srv.DB, w.srv.Tenancy, w.srv.Jobs, w.srv.Bus, mailer, nil, campaigns.Config{
		SMSURL: w.providerURL, SMSToken: smsToken, SMSSender: "BRIGADE", SMSPriceCents: 5, EmailConfigured: true, PublicURL: w.srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	w.srv.Services.Campaigns = svc
	return svc
}

const smsToken = "jeton-fournisseur"

// newCampaignWorld starts a server whose campaigns send through a real
// SMTP server on loopback and a recording SMS provider, with customers
// written straight into the tables (the customers service is built apart).
func newCampaignWorld(t *testing.T, engine store.Engine) *campaignWorld {
	t.Helper()
	ctx := context.Background()
	w := &campaignWorld{srv: testutil.NewServer(t, engine), smtp: testutil.StartSMTP(t), sms: &smsProvider{refuse: "+33600000099"}}
	provider := httptest.NewServer(w.sms)
	t.Cleanup(provider.Close)
	w.providerURL = provider.URL
	w.svc = w.newService(t)
	a, b := loadFixture(t, w.srv.DB, demo.FranchiseName), loadFixture(t, w.srv.DB, demo.OtherFranchiseName)
	w.franchise, w.other, w.r1, w.r2, w.otherR = a.franchiseID, b.franchiseID, a.restaurants[0], a.restaurants[1], b.restaurants[0]
	now := time.Now()
	month := int(now.Month())
	other := month%12 + 1
	old, recent := now.Add(-40*24*time.Hour).Unix(), now.Add(-5*24*time.Hour).Unix()
	for _, c := range []struct {
		franchise, restaurant int64
		first, phone, email   string
		sms, email_, month    int
		last, erased          int64
	}{
		{w.franchise, w.r1, "Alice", "+33611111111", "alice@exemple.fr", 1, 1, month, old, 0},
		{w.franchise, w.r2, "Bruno", "+33622222222", "", 1, 0, other, recent, 0},
		{w.franchise, w.r1, "Chloé", "+33633333333", "chloe@exemple.fr", 0, 1, other, old, 0},
		{w.franchise, w.r1, "", "", "", 1, 1, month, old, now.Unix()}, // erased
		{w.franchise, w.r1, "Faux", "+33600000099", "", 1, 0, other, old, 0},
		{w.other, w.otherR, "Voisin", "+33655555555", "voisin@exemple.fr", 1, 1, month, old, 0},
	} {
		id, err := store.InsertID(ctx, w.srv.DB, `INSERT INTO customers (franchise_id, first_name, phone, email, birth_month, sms_optin, email_optin, visits, last_visit_unix, last_restaurant_id, erased_unix, created_unix, updated_unix)
			VALUES (?, ?, ?, ?, ?, ?, ?, 2, ?, ?, ?, ?, ?)`, c.franchise, c.first, c.phone, c.email, c.month, c.sms, c.email_, c.last, c.restaurant, c.erased, now.Unix(), now.Unix())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.srv.DB.Exec(ctx, `INSERT INTO customer_restaurants (customer_id, restaurant_id, franchise_id, visits, last_visit_unix) VALUES (?, ?, ?, 2, ?)`, id, c.restaurant, c.franchise, c.last); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func (w *campaignWorld) estimate(t *testing.T, token string, body map[string]any) campaigns.MarketingEstimateResult {
	t.Helper()
	res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/estimate", token, body)
	if res.Status != http.StatusOK {
		t.Fatalf("estimate: %d %s", res.Status, res.Body)
	}
	var e campaigns.MarketingEstimateResult
	res.JSON(t, &e)
	return e
}

func (w *campaignWorld) create(t *testing.T, token string, body map[string]any) campaigns.MarketingCampaign {
	t.Helper()
	res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/campaigns", token, body)
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	var c campaigns.MarketingCampaign
	res.JSON(t, &c)
	return c
}

func (w *campaignWorld) get(t *testing.T, token string, id int64) campaigns.MarketingCampaign {
	t.Helper()
	res := w.srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/marketing/campaigns/%d", id), token, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("get: %d %s", res.Status, res.Body)
	}
	var c campaigns.MarketingCampaign
	res.JSON(t, &c)
	return c
}

// waitStatus waits for a campaign to reach a status.
func (w *campaignWorld) waitStatus(t *testing.T, token string, id int64, status string) campaigns.MarketingCampaign {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c := w.get(t, token, id)
		if c.Status == status {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("campaign %d still %s, want %s", id, c.Status, status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (w *campaignWorld) optin(t *testing.T, phoneOrEmail, col string) int {
	t.Helper()
	var v int
	if err := w.srv.DB.QueryRow(context.Background(), `SELECT `+col+` FROM customers WHERE phone = ? OR email = ?`, phoneOrEmail, phoneOrEmail).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// Segments pick only the franchise's customers who consented to the
// channel, never erased ones, by last visit, birthday month and restaurant;
// the estimate counts SMS parts with the STOP line (GSM-7 or UCS-2).
func TestCampaignsSegmentsAndEstimate(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newCampaignWorld(t, engine)
		admin, other := w.srv.SignIn(t, "demo-admin"), w.srv.SignIn(t, "autre-admin")
		seg := func(kv ...any) map[string]any {
			m := map[string]any{"restaurantIds": []int64{}}
			for i := 0; i < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return m
		}
		for _, c := range []struct {
			name    string
			channel string
			segment map[string]any
			want    int
		}{
			{"every SMS consent", "sms", seg(), 3},                                   // Alice, Bruno, Faux (not Chloé, not the erased one, not Voisin)
			{"not seen for 30 days", "sms", seg("notSeenDays", 30), 2},               // Alice, Faux
			{"seen within 30 days", "sms", seg("seenWithinDays", 30), 1},             // Bruno
			{"birthday this month", "sms", seg("birthMonth", 0), 1},                  // Alice (the erased one excluded)
			{"restaurant", "sms", map[string]any{"restaurantIds": []int64{w.r2}}, 1}, // Bruno
			{"e-mail consent", "email", seg(), 2},                                    // Alice, Chloé
			{"e-mail, not seen", "email", seg("notSeenDays", 30, "minVisits", 3), 0}, // nobody has 3 visits
		} {
			e := w.estimate(t, admin, map[string]any{"channel": c.channel, "segment": c.segment, "body": "Bonjour"})
			if e.Recipients != c.want {
				t.Errorf("%s: %d recipients, want %d", c.name, e.Recipients, c.want)
			}
		}
		e := w.estimate(t, admin, map[string]any{"channel": "sms", "segment": seg(), "body": "Bonjour"})
		if e.Segments != 1 || e.Encoding != "gsm7" || e.Characters != len("Bonjour\nSTOP au 36111") || e.Cost.Cents != 15 || e.Cost.Currency != "EUR" || e.StopLine != "STOP au 36111" {
			t.Errorf("GSM-7 estimate %+v", e)
		}
		e = w.estimate(t, admin, map[string]any{"channel": "sms", "segment": seg(), "body": "Fête 🍔 " + strings.Repeat("a", 60)})
		if e.Segments != 2 || e.Encoding != "ucs2" || e.Cost.Cents != 2*3*5 {
			t.Errorf("UCS-2 estimate %+v", e)
		}
		// Another franchise's segment reaches its own customers only, and
		// may not name this franchise's restaurants.
		if e := w.estimate(t, other, map[string]any{"channel": "sms", "segment": seg(), "body": "x"}); e.Recipients != 1 {
			t.Errorf("other franchise: %d recipients", e.Recipients)
		}
		if res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/estimate", other, map[string]any{"channel": "sms", "segment": map[string]any{"restaurantIds": []int64{w.r1}}}); res.Status != http.StatusUnprocessableEntity {
			t.Errorf("other franchise's restaurant: %d %s", res.Status, res.Body)
		}

		// Saved lists count both channels.
		res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/lists", admin, map[string]any{"name": "Pas revenus", "segment": seg("notSeenDays", 30)})
		if res.Status != http.StatusCreated {
			t.Fatalf("create list: %d %s", res.Status, res.Body)
		}
		var l campaigns.MarketingList
		res.JSON(t, &l)
		if l.Recipients.SMS != 2 || l.Recipients.Email != 2 {
			t.Errorf("list counts %+v", l.Recipients)
		}
		if res := w.srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/marketing/lists/%d", l.ID), other, nil); res.Status != http.StatusNotFound {
			t.Errorf("other franchise's list: %d", res.Status)
		}
		res = w.srv.DoWith(t, http.MethodPut, fmt.Sprintf("/api/v1/marketing/lists/%d", l.ID), admin, map[string]any{"name": "Anniversaires", "segment": seg("birthMonth", 0)}, map[string]string{"If-Match": `"1"`})
		if res.Status != http.StatusOK {
			t.Fatalf("update list: %d %s", res.Status, res.Body)
		}
		res = w.srv.DoWith(t, http.MethodPut, fmt.Sprintf("/api/v1/marketing/lists/%d", l.ID), admin, map[string]any{"name": "Anniversaires", "segment": seg()}, map[string]string{"If-Match": `"1"`})
		if res.Status != http.StatusConflict {
			t.Errorf("stale list: %d", res.Status)
		}
		if res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/lists", w.srv.SignIn(t, "demo-invite"), map[string]any{"name": "x", "segment": seg()}); res.Status != http.StatusForbidden {
			t.Errorf("guest writes a list: %d", res.Status)
		}
		res = w.srv.Do(t, http.MethodGet, "/api/v1/marketing/settings", admin, nil)
		var st campaigns.MarketingSettings
		res.JSON(t, &st)
		if !st.SMSConfigured || !st.EmailConfigured || st.SMSSender != "BRIGADE" || st.PricePerSMS.Cents != 5 || st.PricePerSMS.Currency != "EUR" {
			t.Errorf("settings %+v", st)
		}
	})
}

// An SMS campaign: each recipient gets one SMS ending with the STOP line,
// a refused number counts failed, a delivery report counts delivered, a
// retried send never sends again, an inbound STOP withdraws the consent.
func TestCampaignsSendSMS(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newCampaignWorld(t, engine)
		admin, other := w.srv.SignIn(t, "demo-admin"), w.srv.SignIn(t, "autre-admin")
		c := w.create(t, admin, map[string]any{"name": "On vous attend", "channel": "sms", "segment": map[string]any{"restaurantIds": []int64{}, "notSeenDays": 30},
			"body": "-20 % sur votre menu avec le code BIENVENUE", "promoCode": "bienvenue"})
		if c.Status != "draft" || c.Estimate.Recipients != 2 || c.PromoCode != "BIENVENUE" {
			t.Fatalf("created %+v", c)
		}
		if res := w.srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/marketing/campaigns/%d", c.ID), other, nil); res.Status != http.StatusNotFound {
			t.Errorf("other franchise reads the campaign: %d", res.Status)
		}
		if res := w.srv.Do(t, http.MethodPost, fmt.Sprintf("/api/v1/marketing/campaigns/%d/send", c.ID), other, nil); res.Status != http.StatusNotFound {
			t.Errorf("other franchise sends the campaign: %d", res.Status)
		}
		res := w.srv.Do(t, http.MethodPost, fmt.Sprintf("/api/v1/marketing/campaigns/%d/send", c.ID), admin, nil)
		if res.Status != http.StatusAccepted {
			t.Fatalf("send: %d %s", res.Status, res.Body)
		}
		c = w.waitStatus(t, admin, c.ID, "sent")
		sent := w.sms.messages()
		if len(sent) != 2 {
			t.Fatalf("%d SMS sent: %+v", len(sent), sent)
		}
		for _, m := range sent {
			if m.From != "BRIGADE" || m.Text != "-20 % sur votre menu avec le code BIENVENUE\nSTOP au 36111" || m.Reference == "" {
				t.Errorf("SMS %+v", m)
			}
			if m.To == "+33622222222" || m.To == "+33633333333" || m.To == "+33655555555" {
				t.Errorf("SMS to %s, outside the segment", m.To)
			}
		}
		if w.sms.auth[0] != "Bearer "+smsToken {
			t.Errorf("provider authorization %q", w.sms.auth[0])
		}
		if c.Recipients != 2 || c.Failed != 1 || c.Delivered != 0 {
			t.Errorf("counters %+v", c)
		}
		if res := w.srv.Do(t, http.MethodPost, fmt.Sprintf("/api/v1/marketing/campaigns/%d/send", c.ID), admin, nil); res.Status != http.StatusConflict {
			t.Errorf("sent twice: %d", res.Status)
		}
		res = w.srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/marketing/campaigns/%d/messages?status=failed", c.ID), admin, nil)
		var msgs campaigns.MarketingMessages
		res.JSON(t, &msgs)
		if msgs.Total != 1 || msgs.Items[0].Address != "+33600000099" || msgs.Items[0].Error == "" {
			t.Errorf("failed messages %+v", msgs)
		}

		// The delivery report, authenticated by the provider's token.
		var providerID string
		for i, m := range sent {
			if m.To == "+33611111111" {
				providerID = fmt.Sprintf("prov-%d", i+1)
			}
		}
		status := map[string]any{"id": providerID, "status": "delivered"}
		if res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/sms/status", "mauvais", status); res.Status != http.StatusUnauthorized {
			t.Errorf("status without the token: %d", res.Status)
		}
		if res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/sms/status", smsToken, status); res.Status != http.StatusNoContent {
			t.Fatalf("status: %d %s", res.Status, res.Body)
		}
		if c = w.get(t, admin, c.ID); c.Delivered != 1 || c.Failed != 1 {
			t.Errorf("after the report %+v", c)
		}

		// A retried send (the job run again) sends nothing twice.
		if _, err := w.srv.DB.Exec(context.Background(), `UPDATE marketing_campaigns SET status = 'sending' WHERE id = ?`, c.ID); err != nil {
			t.Fatal(err)
		}
		err := w.srv.DB.WithTx(context.Background(), func(tx *store.Tx) error {
			_, err := w.srv.Jobs.Enqueue(context.Background(), tx, w.franchise, campaigns.JobSend, "test", "nouvel essai", map[string]int64{"campaignId": c.ID})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		c = w.waitStatus(t, admin, c.ID, "sent")
		if n := len(w.sms.messages()); n != 2 || c.Recipients != 2 {
			t.Errorf("retry: %d SMS in all, %d recipients", n, c.Recipients)
		}

		// A STOP reply withdraws the SMS consent at once.
		stop := map[string]any{"from": "+33611111111", "text": "Stop"}
		if res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/sms/inbound", "", stop); res.Status != http.StatusUnauthorized {
			t.Errorf("inbound without the token: %d", res.Status)
		}
		res = w.srv.Do(t, http.MethodPost, "/api/v1/marketing/sms/inbound", smsToken, stop)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"optouts":1`) {
			t.Fatalf("inbound: %d %s", res.Status, res.Body)
		}
		if w.optin(t, "+33611111111", "sms_optin") != 0 {
			t.Error("STOP did not withdraw the consent")
		}
		var source string
		if err := w.srv.DB.QueryRow(context.Background(), `SELECT cc.source FROM customer_consents cc JOIN customers cu ON cu.id = cc.customer_id WHERE cu.phone = ? AND cc.channel = 'sms' AND cc.granted = 0`, "+33611111111").Scan(&source); err != nil || source != "stop" {
			t.Errorf("consent record %q %v", source, err)
		}
		if c = w.get(t, admin, c.ID); c.Optouts != 1 {
			t.Errorf("optouts %d", c.Optouts)
		}
		if e := w.estimate(t, admin, map[string]any{"channel": "sms", "segment": map[string]any{"restaurantIds": []int64{}, "notSeenDays": 30}, "body": "x"}); e.Recipients != 1 {
			t.Errorf("after STOP: %d recipients", e.Recipients)
		}

		// Redemptions: orders that used the promo code since the send.
		var codeID int64
		if err := w.srv.DB.QueryRow(context.Background(), `SELECT id FROM promo_codes WHERE franchise_id = ? AND code = 'BIENVENUE'`, w.franchise).Scan(&codeID); err != nil {
			t.Fatal(err)
		}
		var equipment int64
		if err := w.srv.DB.QueryRow(context.Background(), `SELECT id FROM equipments WHERE restaurant_id = ? ORDER BY id LIMIT 1`, w.r1).Scan(&equipment); err != nil {
			t.Fatal(err)
		}
		for i, at := range []time.Time{c.SentAt.Add(-time.Hour), c.SentAt.Add(time.Minute), c.SentAt.Add(2 * time.Minute)} {
			if _, err := w.srv.DB.Exec(context.Background(), `INSERT INTO promo_redemptions (franchise_id, code_id, restaurant_id, equipment_id, till_order_id, amount_cents, created_at) VALUES (?, ?, ?, ?, ?, 100, ?)`,
				w.franchise, codeID, w.r1, equipment, fmt.Sprintf("T-%d", i), at.UTC()); err != nil {
				t.Fatal(err)
			}
		}
		if c = w.get(t, admin, c.ID); c.Redemptions != 2 {
			t.Errorf("redemptions %d, want 2", c.Redemptions)
		}
		if res := w.srv.DoWith(t, http.MethodPut, fmt.Sprintf("/api/v1/marketing/campaigns/%d", c.ID), admin, map[string]any{"name": "x", "channel": "sms", "segment": map[string]any{"restaurantIds": []int64{}}, "body": "x"}, map[string]string{"If-Match": fmt.Sprintf(`"%d"`, c.Version)}); res.Status != http.StatusConflict {
			t.Errorf("edit a sent campaign: %d", res.Status)
		}
	})
}

var unsubscribeLink = regexp.MustCompile(`<(http[^>]+/u/[^>]+)>`)

// An e-mail campaign goes through a real SMTP server with a
// List-Unsubscribe link that withdraws the e-mail consent at once.
func TestCampaignsSendEmail(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newCampaignWorld(t, engine)
		admin := w.srv.SignIn(t, "demo-admin")
		if res := w.srv.Do(t, http.MethodPost, "/api/v1/marketing/campaigns", admin, map[string]any{"name": "Nouveautés", "channel": "email", "segment": map[string]any{"restaurantIds": []int64{}}, "body": "x"}); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "objet") {
			t.Errorf("e-mail without subject: %d %s", res.Status, res.Body)
		}
		c := w.create(t, admin, map[string]any{"name": "Nouveautés", "channel": "email", "segment": map[string]any{"restaurantIds": []int64{}}, "subject": "Notre nouveau burger", "body": "Venez goûter le Montagnard !"})
		if res := w.srv.Do(t, http.MethodPost, fmt.Sprintf("/api/v1/marketing/campaigns/%d/send", c.ID), admin, nil); res.Status != http.StatusAccepted {
			t.Fatalf("send: %d %s", res.Status, res.Body)
		}
		c = w.waitStatus(t, admin, c.ID, "sent")
		mails := w.smtp.Wait(t, 2, 10*time.Second)
		if c.Delivered != 2 || c.Failed != 0 || len(mails) != 2 {
			t.Fatalf("counters %+v, %d mails", c, len(mails))
		}
		var alice testutil.Received
		for _, m := range mails {
			if m.To[0] == "alice@exemple.fr" {
				alice = m
			} else if m.To[0] != "chloe@exemple.fr" {
				t.Errorf("mail to %v, outside the segment", m.To)
			}
		}
		if alice.Subject != "Notre nouveau burger" || !strings.Contains(alice.Text, "Venez goûter le Montagnard !") {
			t.Errorf("mail %q %q", alice.Subject, alice.Text)
		}
		header := string(alice.Data)
		if !strings.Contains(header, "List-Unsubscribe-Post: List-Unsubscribe=One-Click") {
			t.Errorf("no one-click header in %s", header)
		}
		m := unsubscribeLink.FindStringSubmatch(header)
		if m == nil {
			t.Fatalf("no List-Unsubscribe link in %s", header)
		}
		path := strings.TrimPrefix(m[1], w.srv.URL)
		if !strings.Contains(alice.Text, m[1]) {
			t.Errorf("the text lacks the link %s", m[1])
		}
		if res := w.srv.Do(t, http.MethodGet, path+"x", "", nil); res.Status != http.StatusNotFound {
			t.Errorf("forged token: %d", res.Status)
		}
		if w.optin(t, "alice@exemple.fr", "email_optin") != 1 {
			t.Fatal("consent withdrawn by a forged link")
		}
		res := w.srv.Do(t, http.MethodGet, path, "", nil)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), "Désinscription confirmée") {
			t.Fatalf("unsubscribe: %d %s", res.Status, res.Body)
		}
		if w.optin(t, "alice@exemple.fr", "email_optin") != 0 || w.optin(t, "alice@exemple.fr", "sms_optin") != 1 {
			t.Error("the link must withdraw the e-mail consent only")
		}
		if c = w.get(t, admin, c.ID); c.Optouts != 1 {
			t.Errorf("optouts %d", c.Optouts)
		}
	})
}

// A scheduled campaign leaves when due, claimed once even when two
// instances look at the same time; a cancelled one never leaves.
func TestCampaignsScheduled(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newCampaignWorld(t, engine)
		admin := w.srv.SignIn(t, "demo-admin")
		at := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
		body := func(name string) map[string]any {
			return map[string]any{"name": name, "channel": "sms", "segment": map[string]any{"restaurantIds": []int64{w.r2}}, "body": "Ce soir, dessert offert", "scheduledAt": at}
		}
		c := w.create(t, admin, body("Ce soir"))
		cancelled := w.create(t, admin, body("Annulée"))
		if c.Status != "scheduled" || !c.ScheduledAt.Equal(at) {
			t.Fatalf("created %+v", c)
		}
		if res := w.srv.Do(t, http.MethodPost, fmt.Sprintf("/api/v1/marketing/campaigns/%d/cancel", cancelled.ID), admin, nil); res.Status != http.StatusOK {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		if n, err := w.svc.SendDue(context.Background()); err != nil || n != 0 {
			t.Fatalf("not due yet: %d %v", n, err)
		}
		w.svc.SetClock(func() time.Time { return at.Add(time.Minute) })
		// A second instance over the same database (the job runs in the
		// first: built last, its handler is the one registered).
		second, err := campaigns.NewService(context.Background(), w.srv.DB, w.srv.Tenancy, w.srv.Jobs, w.srv.Bus, nil, nil, campaigns.Config{})
		if err != nil {
			t.Fatal(err)
		}
		second.SetClock(func() time.Time { return at.Add(time.Minute) })
		w.svc = w.newService(t)
		w.svc.SetClock(func() time.Time { return at.Add(time.Minute) })
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i, s := range []*campaigns.Service{w.svc, second} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := s.SendDue(context.Background())
				if err != nil {
					t.Error(err)
				}
				counts[i] = n
			}()
		}
		wg.Wait()
		if counts[0]+counts[1] != 1 {
			t.Fatalf("claimed %v times", counts)
		}
		c = w.waitStatus(t, admin, c.ID, "sent")
		if sent := w.sms.messages(); len(sent) != 1 || sent[0].To != "+33622222222" || c.Recipients != 1 {
			t.Errorf("scheduled send: %+v, %+v", sent, c)
		}
		if c := w.get(t, admin, cancelled.ID); c.Status != "cancelled" || c.Recipients != 0 {
			t.Errorf("cancelled campaign %+v", c)
		}
	})
}
