package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestOrderStatusesFromTills: tills post every documented status; each is
// stored and listed as sent; only paid counts as a sale, and every status
// but paid and pending as a cancelled order. An unknown status is refused
// in French with the allowed list, on the status field.
func TestOrderStatusesFromTills(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
		paris := mustZone(t, "Europe/Paris")
		now := time.Now()
		day := now.In(paris).Format("2006-01-02")
		ids := map[string]int64{}
		for i, s := range orders.Statuses {
			o := sampleOrder("ST-"+s.Code, now.Add(-time.Duration(i+1)*time.Second))
			o.Status = s.Code
			if s.Code == orders.StatusPending || s.Code == orders.StatusFailed {
				o.Payments = nil // not paid (yet)
			}
			var out struct{ ID int64 }
			res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, o)
			if res.Status != http.StatusCreated {
				t.Fatalf("%s: %d %s", s.Code, res.Status, res.Body)
			}
			res.JSON(t, &out)
			ids[s.Code] = out.ID
		}

		// Unknown statuses: refused on body.status with the allowed list,
		// through the post and the import alike.
		bad := sampleOrder("ST-bad", now.Add(-time.Minute))
		bad.Status = "rembourse"
		res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, bad)
		body := string(res.Body)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(body, `"body.status"`) {
			t.Errorf("unknown status: %d %s", res.Status, body)
		}
		for _, s := range orders.Statuses {
			if !strings.Contains(body, s.Code) {
				t.Errorf("the refusal does not list %s: %s", s.Code, body)
			}
		}
		if strings.Contains(body, "expected") || strings.Contains(body, "one of") {
			t.Errorf("refusal not in French: %s", body)
		}

		admin := srv.SignIn(t, "demo-admin")
		var rid int64
		var page struct {
			Items []struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
			}
		}
		if err := srv.DB.QueryRow(t.Context(), `SELECT id FROM restaurants WHERE nom = 'Paris Bastille'`).Scan(&rid); err != nil {
			t.Fatal(err)
		}
		srv.Do(t, http.MethodGet, "/api/v1/orders?pageSize=-1&start="+day+"&end="+day+"&restaurantId="+itoa(rid), admin, nil).JSON(t, &page)
		got := map[int64]string{}
		for _, it := range page.Items {
			got[it.ID] = it.Status
		}
		for code, id := range ids {
			if got[id] != code {
				t.Errorf("order %s listed with status %q", code, got[id])
			}
			var detail struct {
				Order struct {
					Status string `json:"status"`
				} `json:"order"`
			}
			srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(id), admin, nil).JSON(t, &detail)
			if detail.Order.Status != code {
				t.Errorf("ticket of %s says %q", code, detail.Order.Status)
			}
		}

		// Counts: one confirmed (paid), four cancelled (all but paid and pending).
		var counts struct {
			Confirmed int64 `json:"confirmedOrders"`
			Cancelled int64 `json:"cancelledOrders"`
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/counts?start="+day+"&end="+day+"&restaurantId="+itoa(rid), admin, nil)
		res.JSON(t, &counts)
		if counts.Confirmed != 1 || counts.Cancelled != 4 {
			t.Errorf("counts: %d confirmed, %d cancelled, want 1 and 4: %s", counts.Confirmed, counts.Cancelled, res.Body)
		}
		var rt struct {
			Orders    int64 `json:"orders"`
			Cancelled int64 `json:"cancelled"`
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/realtime?restaurantId="+itoa(rid), admin, nil)
		res.JSON(t, &rt)
		if time.Now().In(paris).Format("2006-01-02") == day && (rt.Orders != 1 || rt.Cancelled != 4) {
			t.Errorf("real time: %d paid, %d cancelled, want 1 and 4: %s", rt.Orders, rt.Cancelled, res.Body)
		}
	})
}
