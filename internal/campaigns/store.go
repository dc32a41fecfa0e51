package campaigns

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

const campaignColumns = `c.id, c.franchise_id, c.name, c.channel, c.segment, c.subject, c.body, c.promo_code, c.status,
	c.scheduled_unix, c.sent_unix, c.recipients, c.delivered, c.failed, c.optouts, c.created_by, c.version, c.created_unix`

func unixTime(u int64) *time.Time {
	if u == 0 {
		return nil
	}
	t := time.Unix(u, 0).UTC()
	return &t
}

func scanCampaign(row store.Scanner) (MarketingCampaign, error) {
	var c MarketingCampaign
	var seg string
	var sched, sent, created int64
	err := row.Scan(&c.ID, &c.franchiseID, &c.Name, &c.Channel, &seg, &c.Subject, &c.Body, &c.PromoCode, &c.Status,
		&sched, &sent, &c.Recipients, &c.Delivered, &c.Failed, &c.Optouts, &c.CreatedBy, &c.Version, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return c, tenancy.ErrNotFound
	}
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(seg), &c.Segment); err != nil {
		return c, err
	}
	if c.Segment.RestaurantIDs == nil {
		c.Segment.RestaurantIDs = []int64{}
	}
	c.ScheduledAt, c.SentAt = unixTime(sched), unixTime(sent)
	c.CreatedAt = time.Unix(created, 0).UTC()
	return c, nil
}

func campaignByID(ctx context.Context, r store.Runner, franchiseID, id int64) (MarketingCampaign, error) {
	return scanCampaign(r.QueryRow(ctx, `SELECT `+campaignColumns+` FROM marketing_campaigns c WHERE c.franchise_id = ? AND c.id = ?`, franchiseID, id))
}

func franchiseCampaigns(ctx context.Context, r store.Runner, franchiseID int64) ([]MarketingCampaign, error) {
	return store.Collect(ctx, r, `SELECT `+campaignColumns+` FROM marketing_campaigns c WHERE c.franchise_id = ? ORDER BY c.created_unix DESC, c.id DESC`, []any{franchiseID}, scanCampaign)
}

func segmentJSON(s MarketingSegment) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func scheduledUnix(t *time.Time) int64 {
	if t == nil {
		return 0
	}
	return t.Unix()
}

func insertCampaign(ctx context.Context, r store.Runner, franchiseID int64, in MarketingCampaignInput, status, by string, now time.Time) (int64, error) {
	return store.InsertID(ctx, r, `INSERT INTO marketing_campaigns (franchise_id, name, channel, segment, subject, body, promo_code, status, scheduled_unix, created_by, version, created_unix, updated_unix)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`, franchiseID, in.Name, in.Channel, segmentJSON(in.Segment), in.Subject, in.Body, in.PromoCode, status,
		scheduledUnix(in.ScheduledAt), by, now.Unix(), now.Unix())
}

// updateCampaign writes over version while the campaign is still a draft
// or scheduled; false when it moved on.
func updateCampaign(ctx context.Context, r store.Runner, franchiseID, id int64, version int, in MarketingCampaignInput, status string, now time.Time) (bool, error) {
	res, err := r.Exec(ctx, `UPDATE marketing_campaigns SET name = ?, channel = ?, segment = ?, subject = ?, body = ?, promo_code = ?, status = ?, scheduled_unix = ?, version = version + 1, updated_unix = ?
		WHERE franchise_id = ? AND id = ? AND version = ? AND status IN ('draft', 'scheduled')`,
		in.Name, in.Channel, segmentJSON(in.Segment), in.Subject, in.Body, in.PromoCode, status, scheduledUnix(in.ScheduledAt), now.Unix(), franchiseID, id, version)
	return affected(res, err)
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// claimForSending moves a campaign from one of the statuses to sending,
// once: of two instances claiming the same scheduled campaign, one wins.
func claimForSending(ctx context.Context, r store.Runner, franchiseID, id int64, from []string, now time.Time) (bool, error) {
	q := `UPDATE marketing_campaigns SET status = 'sending', sent_unix = ?, version = version + 1, updated_unix = ?
		WHERE franchise_id = ? AND id = ? AND status IN ('` + strings.Join(from, "', '") + `')`
	res, err := r.Exec(ctx, q, now.Unix(), now.Unix(), franchiseID, id)
	return affected(res, err)
}

// recipientQuery selects the customers of a segment reachable on channel:
// id, name, address. Only the franchise's customers, never erased ones,
// only with consent to the channel and an address for it.
func recipientQuery(db *store.DB, franchiseID int64, channel string, seg MarketingSegment, now time.Time) (string, []any) {
	q := `SELECT c.id, c.first_name, c.last_name, `
	args := []any{}
	if channel == ChannelSMS {
		q += `c.phone AS address FROM customers c WHERE c.franchise_id = ? AND c.erased_unix = 0 AND c.sms_optin = 1 AND c.phone <> ''`
	} else {
		q += `c.email AS address FROM customers c WHERE c.franchise_id = ? AND c.erased_unix = 0 AND c.email_optin = 1 AND c.email <> ''`
	}
	args = append(args, franchiseID)
	if len(seg.RestaurantIDs) > 0 {
		cond, a := db.Among("cr.restaurant_id", seg.RestaurantIDs)
		q += ` AND EXISTS (SELECT 1 FROM customer_restaurants cr WHERE cr.customer_id = c.id AND cr.franchise_id = c.franchise_id AND ` + cond + `)`
		args = append(args, a...)
	}
	const day = 24 * 60 * 60
	if seg.NotSeenDays != nil {
		q += ` AND c.last_visit_unix < ?`
		args = append(args, now.Unix()-int64(*seg.NotSeenDays)*day)
	}
	if seg.SeenWithinDays != nil {
		q += ` AND c.last_visit_unix >= ?`
		args = append(args, now.Unix()-int64(*seg.SeenWithinDays)*day)
	}
	if seg.MinVisits != nil {
		q += ` AND c.visits >= ?`
		args = append(args, *seg.MinVisits)
	}
	if seg.BirthMonth != nil {
		m := *seg.BirthMonth
		if m == 0 {
			m = int(now.Month())
		}
		q += ` AND c.birth_month = ?`
		args = append(args, m)
	}
	if seg.TierID != nil {
		// The tier a customer is in: the highest its lifetime points reach.
		q += ` AND EXISTS (SELECT 1 FROM loyalty_tiers t WHERE t.id = ? AND t.franchise_id = c.franchise_id AND c.lifetime_points >= t.min_points
			AND NOT EXISTS (SELECT 1 FROM loyalty_tiers t2 WHERE t2.franchise_id = t.franchise_id AND t2.min_points > t.min_points AND t2.min_points <= c.lifetime_points))`
		args = append(args, *seg.TierID)
	}
	if seg.MinPoints != nil {
		q += ` AND c.points >= ?`
		args = append(args, *seg.MinPoints)
	}
	return q, args
}

func countRecipients(ctx context.Context, db *store.DB, franchiseID int64, channel string, seg MarketingSegment, now time.Time) (int, error) {
	q, args := recipientQuery(db, franchiseID, channel, seg, now)
	var n int
	err := db.QueryRow(ctx, `SELECT COUNT(*) FROM (`+q+`) r`, args...).Scan(&n)
	return n, err
}

// fillMessages adds a pending message for each recipient not messaged yet:
// the unique (campaign, customer) keeps a resumed send from adding one twice.
func fillMessages(ctx context.Context, db *store.DB, c MarketingCampaign, now time.Time) error {
	q, args := recipientQuery(db, c.franchiseID, c.Channel, c.Segment, now)
	ins := `INSERT INTO marketing_messages (campaign_id, franchise_id, customer_id, address, status)
		SELECT ?, ?, r.id, r.address, 'pending' FROM (` + q + `) r WHERE TRUE
		ON CONFLICT (campaign_id, customer_id) DO NOTHING`
	_, err := db.Exec(ctx, ins, append([]any{c.ID, c.franchiseID}, args...)...)
	return err
}

type pending struct {
	id, customerID int64
	address, first string
}

func pendingMessages(ctx context.Context, r store.Runner, campaignID int64, limit int) ([]pending, error) {
	return store.Collect(ctx, r, `SELECT m.id, m.customer_id, m.address, cu.first_name FROM marketing_messages m JOIN customers cu ON cu.id = m.customer_id
		WHERE m.campaign_id = ? AND m.status = 'pending' ORDER BY m.id LIMIT `+strconv.Itoa(limit), []any{campaignID}, func(s store.Scanner) (pending, error) {
		var p pending
		err := s.Scan(&p.id, &p.customerID, &p.address, &p.first)
		return p, err
	})
}

// claimMessage takes a pending message before it is handed to a provider:
// a message claimed and not finished (an instance that died) is never
// sent again.
func claimMessage(ctx context.Context, r store.Runner, id int64) (bool, error) {
	res, err := r.Exec(ctx, `UPDATE marketing_messages SET status = 'sending' WHERE id = ? AND status = 'pending'`, id)
	return affected(res, err)
}

func finishMessage(ctx context.Context, r store.Runner, id int64, status, providerID, errText string, now time.Time) error {
	_, err := r.Exec(ctx, `UPDATE marketing_messages SET status = ?, provider_id = ?, error = ?, sent_unix = ? WHERE id = ?`, status, providerID, errText, now.Unix(), id)
	return err
}

// refreshCounters recounts a campaign's messages into its counters.
func refreshCounters(ctx context.Context, r store.Runner, campaignID int64) error {
	_, err := r.Exec(ctx, `UPDATE marketing_campaigns SET
		recipients = (SELECT COUNT(*) FROM marketing_messages m WHERE m.campaign_id = marketing_campaigns.id),
		delivered = (SELECT COUNT(*) FROM marketing_messages m WHERE m.campaign_id = marketing_campaigns.id AND m.status = 'delivered'),
		failed = (SELECT COUNT(*) FROM marketing_messages m WHERE m.campaign_id = marketing_campaigns.id AND m.status = 'failed')
		WHERE id = ?`, campaignID)
	return err
}

// redemptions counts the orders that used a promo code since a time (a
// redemption given back does not count).
func redemptions(ctx context.Context, r store.Runner, franchiseID int64, code string, since time.Time) (int, error) {
	var n int
	err := r.QueryRow(ctx, `SELECT COUNT(*) FROM promo_redemptions pr JOIN promo_codes pc ON pc.id = pr.code_id
		WHERE pc.franchise_id = ? AND pc.code = ? AND pr.released = FALSE AND pr.created_at >= ?`, franchiseID, code, since).Scan(&n)
	return n, err
}

func scanList(row store.Scanner) (MarketingList, error) {
	var l MarketingList
	var seg string
	err := row.Scan(&l.ID, &l.Name, &seg, &l.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return l, tenancy.ErrNotFound
	}
	if err != nil {
		return l, err
	}
	if err := json.Unmarshal([]byte(seg), &l.Segment); err != nil {
		return l, err
	}
	if l.Segment.RestaurantIDs == nil {
		l.Segment.RestaurantIDs = []int64{}
	}
	return l, nil
}

// withdraw records a withdrawal of consent (source stop) and clears the
// customer's flag, at once.
func withdraw(ctx context.Context, r store.Runner, franchiseID, customerID int64, channel string, now time.Time) (bool, error) {
	col := "sms_optin"
	if channel == ChannelEmail {
		col = "email_optin"
	}
	res, err := r.Exec(ctx, `UPDATE customers SET `+col+` = 0, version = version + 1, updated_unix = ? WHERE id = ? AND franchise_id = ? AND `+col+` = 1`, now.Unix(), customerID, franchiseID)
	changed, err := affected(res, err)
	if err != nil || !changed {
		return changed, err
	}
	_, err = r.Exec(ctx, `INSERT INTO customer_consents (franchise_id, customer_id, channel, granted, source, by_user, at_unix) VALUES (?, ?, ?, 0, 'stop', '', ?)`,
		franchiseID, customerID, channel, now.Unix())
	return true, err
}
