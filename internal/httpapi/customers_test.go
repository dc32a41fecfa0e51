package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/customers"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// Customers: two kiosk orders naming the same phone written differently
// make one customer; the kiosk finds it again; another franchise and a
// restaurant login that never saw it get 404; consent withdrawal and
// erasure apply at once.
func TestCustomersThroughTheAPI(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		paris := deviceKeyOf(t, srv.DB, "Paris Bastille", "borne")
		at := time.Now().Add(-2 * time.Hour)
		o1 := sampleOrder("CLI-1", at)
		o1.Customer = &orders.CustomerRef{Phone: "06 12 34 56 78", FirstName: "Léa", SmsOptin: true}
		o2 := sampleOrder("CLI-2", at.Add(time.Minute))
		o2.Customer = &orders.CustomerRef{Phone: "+33 6 12 34 56 78", Email: "Lea@Exemple.fr"}
		for _, o := range []orders.Order{o1, o2, o1} {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", paris, o); res.Status != http.StatusCreated && res.Status != http.StatusOK {
				t.Fatalf("post %s: %d %s", o.OrderID, res.Status, res.Body)
			}
		}
		bad := sampleOrder("CLI-3", at)
		bad.Customer = &orders.CustomerRef{FirstName: "Sans contact"}
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", paris, bad); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "doit avoir un identifiant, une carte, un téléphone ou un e-mail") {
			t.Errorf("customer without identity: %d %s", res.Status, res.Body)
		}

		res := srv.Do(t, http.MethodGet, "/api/v1/customers?q=lea", admin, nil)
		var page customers.CustomersPage
		res.JSON(t, &page)
		if res.Status != http.StatusOK || page.Total != 1 {
			t.Fatalf("list: %d %s", res.Status, res.Body)
		}
		c := page.Items[0]
		if c.Phone != "+33612345678" || c.Email != "lea@exemple.fr" || c.Visits != 2 || !c.SmsOptin || len(c.Spend) != 1 || c.Spend[0].Orders != 2 {
			t.Fatalf("customer: %+v", c)
		}
		id := itoa(c.ID)

		// The kiosk finds it by its phone in another form; an unknown card is 404.
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/customers/lookup", paris, map[string]string{"phone": "0033612345678"})
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"id":`+id) || !strings.Contains(string(res.Body), `"firstName":"Léa"`) {
			t.Errorf("lookup: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/customers/lookup", paris, map[string]string{"card": "NOPE"})
		if res.Status != http.StatusNotFound || !strings.Contains(string(res.Body), "Client inconnu.") {
			t.Errorf("unknown card: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/customers", paris, map[string]any{"firstName": "Noé", "card": " c-77 ", "emailOptin": true})
		if res.Status != http.StatusOK {
			t.Errorf("register: %d %s", res.Status, res.Body)
		}
		if res = srv.Do(t, http.MethodPost, "/kiosk/v1/customers/lookup", paris, map[string]string{"card": "C-77"}); res.Status != http.StatusOK {
			t.Errorf("lookup by the registered card: %d %s", res.Status, res.Body)
		}

		// Scope.
		other := srv.SignIn(t, "autre-admin")
		resto := srv.SignIn(t, "demo-resto") // Lyon Part-Dieu: the customer never came
		for _, tc := range []struct {
			token, method, path string
			body                any
			want                int
		}{
			{other, http.MethodGet, "/api/v1/customers/" + id, nil, 404},
			{other, http.MethodDelete, "/api/v1/customers/" + id, nil, 404},
			{other, http.MethodGet, "/api/v1/customers/" + id + "/orders", nil, 404},
			{resto, http.MethodGet, "/api/v1/customers/" + id, nil, 404},
			{resto, http.MethodGet, "/api/v1/customers/" + id + "/data", nil, 403},
			{admin, http.MethodGet, "/api/v1/customers/" + id + "/orders", nil, 200},
		} {
			if res := srv.Do(t, tc.method, tc.path, tc.token, tc.body); res.Status != tc.want {
				t.Errorf("%s %s: %d %s, want %d", tc.method, tc.path, res.Status, res.Body, tc.want)
			}
		}
		for _, tok := range []string{other, resto} {
			res := srv.Do(t, http.MethodGet, "/api/v1/customers", tok, nil)
			var p customers.CustomersPage
			res.JSON(t, &p)
			if p.Total != 0 {
				t.Errorf("out of scope list: %s", res.Body)
			}
		}

		// Edit with If-Match; a stale version is 409.
		res = srv.DoWith(t, http.MethodPut, "/api/v1/customers/"+id, admin, customers.CustomerInput{FirstName: "Léa", LastName: "Martin", Phone: "0612345678", Email: "lea@exemple.fr", PostalCode: "75011"}, map[string]string{"If-Match": `"` + itoa(int64(c.Version)) + `"`})
		if res.Status != http.StatusOK {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		res = srv.DoWith(t, http.MethodPut, "/api/v1/customers/"+id, admin, customers.CustomerInput{FirstName: "X"}, map[string]string{"If-Match": `"` + itoa(int64(c.Version)) + `"`})
		if res.Status != http.StatusConflict {
			t.Errorf("stale update: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodPost, "/api/v1/customers", admin, customers.CustomerInput{Phone: "+33612345678"})
		if res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "Un client avec ce téléphone existe déjà.") {
			t.Errorf("duplicate: %d %s", res.Status, res.Body)
		}

		// Withdrawal, with its history.
		res = srv.Do(t, http.MethodPut, "/api/v1/customers/"+id+"/consents", admin, map[string]any{"channel": "sms", "granted": false})
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"smsOptin":false`) {
			t.Errorf("withdraw: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/customers/"+id+"/consents", admin, nil)
		if !strings.Contains(string(res.Body), `"source":"back_office"`) || !strings.Contains(string(res.Body), `"source":"till"`) {
			t.Errorf("consents: %s", res.Body)
		}

		// Export, summary, access.
		res = srv.Do(t, http.MethodGet, "/api/v1/customers/export?format=csv", admin, nil)
		if res.Status != http.StatusOK || !strings.HasPrefix(string(res.Body), "\ufeffNom;Prénom") || !strings.Contains(string(res.Body), "Martin;Léa;+33612345678") {
			t.Errorf("csv: %d %.300s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/customers/summary", admin, nil)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"customers":2`) {
			t.Errorf("summary: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/customers/catchment", admin, nil)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"postalCode":"75011"`) {
			t.Errorf("catchment: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/customers/"+id+"/data", admin, nil)
		if res.Status != http.StatusOK || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") || !strings.Contains(string(res.Body), "CLI-2") {
			t.Errorf("data: %d %v %.300s", res.Status, res.Header, res.Body)
		}

		// Erasure.
		if res = srv.Do(t, http.MethodDelete, "/api/v1/customers/"+id, resto, nil); res.Status != http.StatusNotFound && res.Status != http.StatusForbidden {
			t.Errorf("restaurant login erases: %d", res.Status)
		}
		if res = srv.Do(t, http.MethodDelete, "/api/v1/customers/"+id, admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("erase: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/customers/"+id, admin, nil)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"erased":true`) || strings.Contains(string(res.Body), "Léa") {
			t.Errorf("erased: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/customers?q=lea", admin, nil)
		if strings.Contains(string(res.Body), `"id":`+id+`,`) {
			t.Errorf("erased customer listed: %s", res.Body)
		}
	})
}
