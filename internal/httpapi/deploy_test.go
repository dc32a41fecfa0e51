package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/deploy"
	"brigade/internal/deploy/kioskclient"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

type deployStatus struct {
	ID       int64   `json:"id"`
	Nom      string  `json:"nom"`
	Siret    string  `json:"siret"`
	Cartes   []int64 `json:"cartes"`
	Version  int     `json:"version"`
	Etag     string  `json:"etag"`
	UpToDate bool    `json:"upToDate"`
}

func statusOf(t *testing.T, srv *testutil.Server, token string) map[int64]deployStatus {
	t.Helper()
	var list []deployStatus
	res := srv.Do(t, http.MethodGet, "/api/v1/deploy/status", token, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("status: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &list)
	out := map[int64]deployStatus{}
	for _, s := range list {
		out[s.ID] = s
	}
	return out
}

type jobAnswer struct {
	ID      int64  `json:"id"`
	Status  string `json:"status"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Message string `json:"message"`
	Error   string `json:"error"`
	Result  struct {
		Message     string                    `json:"message"`
		Restaurants []deploy.RestaurantResult `json:"restaurants"`
	} `json:"result"`
	Generation *deploy.GenerateResult `json:"generation"`
}

// awaitJob polls a job until it ends and decodes its last state into T.
func awaitJob[T any](t *testing.T, srv *testutil.Server, token string, id int64) T {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		res := srv.Do(t, http.MethodGet, "/api/v1/jobs/"+itoa(id), token, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("job: %d %s", res.Status, res.Body)
		}
		var state struct{ Status string }
		res.JSON(t, &state)
		if state.Status == "done" || state.Status == "failed" {
			var out T
			res.JSON(t, &out)
			return out
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("job %d did not end", id)
	var zero T
	return zero
}

func TestDeployLinksPricesGenerationFeedAndRollback(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		admin := srv.SignIn(t, "demo-admin")
		demoF := loadFixture(t, srv.DB, demo.FranchiseName)
		a, b := demoF.restaurants[0], demoF.restaurants[1]

		// The demo franchise is deployed and up to date.
		before := statusOf(t, srv, admin)
		if len(before) != len(demoF.restaurants) || before[a].Version != 1 || !before[a].UpToDate || len(before[a].Cartes) != 2 {
			t.Fatalf("demo deployment: %+v", before[a])
		}

		// The demo kiosk fetches its menu, then gets 304 while it is unchanged.
		kiosk := kioskclient.New(srv.URL, demo.KioskKey)
		first, err := kiosk.Menu(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if first.ETag != `"`+before[a].Etag+`"` || first.NotModified || !strings.Contains(string(first.JSON), `"items"`) {
			t.Fatalf("first menu: etag %s, want %q", first.ETag, before[a].Etag)
		}
		again, err := kiosk.Menu(ctx)
		if err != nil || !again.NotModified || again.ETag != first.ETag {
			t.Fatalf("conditional GET: %+v %v", again, err)
		}
		plain := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil, map[string]string{"If-None-Match": first.ETag})
		if plain.Status != http.StatusNotModified || len(plain.Body) != 0 {
			t.Fatalf("If-None-Match: %d (%d bytes)", plain.Status, len(plain.Body))
		}
		man, err := kiosk.Manifest(ctx)
		if err != nil || man.Menu.SHA256 != before[a].Etag || !strings.HasPrefix(man.Menu.Path, "CartesCampagnesDeploy/") {
			t.Fatalf("manifest: %+v %v", man, err)
		}

		// It listens to its stream.
		menus := make(chan kioskclient.Menu, 4)
		watcher := kioskclient.New(srv.URL, demo.KioskKey)
		if _, err := watcher.Menu(ctx); err != nil {
			t.Fatal(err)
		}
		go func() { _ = watcher.Watch(ctx, func(m kioskclient.Menu) { menus <- m }) }()

		// A restaurant price: refused outside the rules, refused to a
		// moderator, shown beside the carte price once set.
		var prices []deploy.PricedElement
		srv.Do(t, http.MethodGet, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, nil).JSON(t, &prices)
		var target deploy.PricedElement
		for _, e := range prices {
			if e.Kind == deploy.KindProduct && len(e.Prices) > 0 && e.Prices[0].Size == 0 {
				target = e
				break
			}
		}
		if target.IDGlobal == "" {
			t.Fatal("no priced product in the demo carte")
		}
		line := target.Prices[0]
		custom := line.CarteCents + 150
		body := map[string]any{"kind": "product", "idGlobal": target.IDGlobal, "tariff": line.Tariff, "typeOrder": line.TypeOrder, "size": 0, "priceCents": custom}
		bad := map[string]any{"kind": "product", "idGlobal": target.IDGlobal, "tariff": 1, "typeOrder": 1, "size": 0, "priceCents": 100}
		bad["idGlobal"] = "inconnu"
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, bad); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "body.idGlobal") {
			t.Fatalf("unknown element: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", srv.SignIn(t, "demo-moderateur"), body); res.Status != http.StatusForbidden {
			t.Fatalf("moderator: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, body); res.Status != http.StatusNoContent {
			t.Fatalf("set price: %d %s", res.Status, res.Body)
		}
		srv.Do(t, http.MethodGet, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, nil).JSON(t, &prices)
		for _, e := range prices {
			if e.IDGlobal == target.IDGlobal && e.Kind == deploy.KindProduct {
				if c := e.Prices[0].CustomCents; c == nil || *c != custom || e.Prices[0].CarteCents != line.CarteCents {
					t.Fatalf("price line after the change: %+v", e.Prices[0])
				}
			}
		}
		if st := statusOf(t, srv, admin); st[a].UpToDate || !st[b].UpToDate {
			t.Fatalf("only the customised restaurant needs a new deployment: %v %v", st[a].UpToDate, st[b].UpToDate)
		}

		// The preview names the re-priced product, without storing anything.
		var preview []deploy.DeployPreview
		res := srv.Do(t, http.MethodPost, "/api/v1/deploy/preview", admin, map[string]any{"restaurantIds": []int64{a}})
		res.JSON(t, &preview)
		if res.Status != http.StatusOK || len(preview) != 1 || len(preview[0].Repriced) == 0 || preview[0].Repriced[0].Name != target.Name || len(preview[0].Added) != 0 {
			t.Fatalf("preview: %d %s", res.Status, res.Body)
		}

		// Deploy two restaurants: only the changed one gets a new version.
		var job jobAnswer
		res = srv.Do(t, http.MethodPost, "/api/v1/deploy/generations", admin, map[string]any{"restaurantIds": []int64{a, b}})
		res.JSON(t, &job)
		if res.Status != http.StatusAccepted {
			t.Fatalf("generation: %d %s", res.Status, res.Body)
		}
		job = awaitJob[jobAnswer](t, srv, admin, job.ID)
		if job.Generation == nil || job.Generation.Message != deploy.MsgGenerated || len(job.Generation.Restaurants) != 2 {
			t.Fatalf("the typed generation result: %+v", job.Generation)
		}
		if job.Status != "done" || job.Result.Message != deploy.MsgGenerated || job.Done != 2 || job.Total != 2 || len(job.Result.Restaurants) != 2 {
			t.Fatalf("job: %+v", job)
		}
		for _, r := range job.Result.Restaurants {
			if wantChanged := r.RestaurantID == a; r.Changed != wantChanged {
				t.Errorf("restaurant %s changed=%v", r.Nom, r.Changed)
			}
		}

		// The kiosk is told at once and fetches the new menu.
		var pushed kioskclient.Menu
		select {
		case pushed = <-menus:
		case <-time.After(10 * time.Second):
			t.Fatal("no menu pushed to the kiosk")
		}
		if pushed.ETag == first.ETag || pushed.NotModified {
			t.Fatalf("pushed menu: %+v", pushed)
		}
		doc, err := menu.Parse(pushed.JSON, "kiosk")
		if err != nil {
			t.Fatal(err)
		}
		var got int64 = -1
		for _, p := range doc.Items {
			if p.IDGlobal == target.IDGlobal {
				for _, e := range p.Prices {
					if e.Tariff == line.Tariff && e.TypeOrder == line.TypeOrder {
						got = e.Price.Cents
					}
				}
			}
		}
		if got != custom {
			t.Fatalf("deployed price %d, want the restaurant's %d", got, custom)
		}
		if st := statusOf(t, srv, admin); !st[a].UpToDate || st[a].Version != 2 || st[b].Version != 1 {
			t.Fatalf("after deployment: %+v / %+v", st[a], st[b])
		}

		// Roll back: version 3 serves version 1's document again.
		var v deploy.DeployedVersion
		res = srv.Do(t, http.MethodPost, "/api/v1/deploy/restaurants/"+itoa(a)+"/versions/1/rollback", admin, nil)
		res.JSON(t, &v)
		if res.Status != http.StatusOK || v.Version != 3 || v.RollbackOf != 1 {
			t.Fatalf("rollback: %d %s", res.Status, res.Body)
		}
		select {
		case m := <-menus:
			if m.ETag != first.ETag {
				t.Fatalf("rolled back menu %s, want %s", m.ETag, first.ETag)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("rollback not pushed")
		}
		var versions []deploy.DeployedVersion
		srv.Do(t, http.MethodGet, "/api/v1/deploy/restaurants/"+itoa(a)+"/versions", admin, nil).JSON(t, &versions)
		if len(versions) != 3 || !versions[0].Current || versions[0].Version != 3 || versions[2].Current {
			t.Fatalf("versions: %+v", versions)
		}
		// Any version's JSON can be read: version 2 has the custom price,
		// version 1 is what the kiosk first received.
		menuPath := "/api/v1/deploy/restaurants/" + itoa(a) + "/menu"
		if res := srv.Do(t, http.MethodGet, menuPath+"?version=1", admin, nil); res.Status != 200 || string(res.Body) != string(first.JSON) {
			t.Fatalf("version 1: %d (%d bytes, want %d)", res.Status, len(res.Body), len(first.JSON))
		}
		if res := srv.Do(t, http.MethodGet, menuPath+"?version=2", admin, nil); res.Status != 200 || string(res.Body) == string(first.JSON) {
			t.Fatalf("version 2: %d, same as version 1: %v", res.Status, string(res.Body) == string(first.JSON))
		}
		if res := srv.Do(t, http.MethodGet, menuPath+"?version=9", admin, nil); res.Status != http.StatusNotFound {
			t.Fatalf("unknown version: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodGet, menuPath+"?version=1", srv.SignIn(t, "autre-admin"), nil); res.Status != http.StatusNotFound {
			t.Fatalf("another franchise's admin reads version 1: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodGet, menuPath+"?version=1&next=true", admin, nil); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("version and next: %d", res.Status)
		}

		// History: one Generation per restaurant, the Personalisation.
		var gens, perso int
		if err := srv.DB.QueryRow(ctx, `SELECT COUNT(*) FROM history_entries WHERE module = ? AND action = 'Generation' AND restaurant_id IN (?, ?)`, deploy.ModuleDeploiement, a, b).Scan(&gens); err != nil {
			t.Fatal(err)
		}
		if err := srv.DB.QueryRow(ctx, `SELECT COUNT(*) FROM history_entries WHERE module = ? AND action = 'Personalisation' AND restaurant_id = ?`, deploy.ModuleDeploiement, a).Scan(&perso); err != nil {
			t.Fatal(err)
		}
		if gens != 4 || perso != 1 { // the demo's first deployment + this one, for two restaurants
			t.Errorf("history: %d Generation, %d Personalisation", gens, perso)
		}
	})
}

func TestDeployLinksFollowTheSpec(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		demoF := loadFixture(t, srv.DB, demo.FranchiseName)
		carte, a := demoF.campaigns[1], demoF.restaurants[0]
		var m deploy.LinkMatrix
		srv.Do(t, http.MethodGet, "/api/v1/deploy/links", admin, nil).JSON(t, &m)
		if len(m.Restaurants) != len(demoF.restaurants) || len(m.Links) != 2*len(demoF.restaurants) {
			t.Fatalf("matrix: %d restaurants, %d links", len(m.Restaurants), len(m.Links))
		}
		var msg struct{ Message string }
		res := srv.Do(t, http.MethodDelete, "/api/v1/deploy/links/"+itoa(carte)+"/restaurants/"+itoa(a), admin, nil)
		res.JSON(t, &msg)
		if res.Status != http.StatusOK || msg.Message != deploy.MsgUnlinked {
			t.Fatalf("unlink: %d %s", res.Status, res.Body)
		}
		srv.Do(t, http.MethodGet, "/api/v1/deploy/links", admin, nil).JSON(t, &m)
		for _, l := range m.Links {
			if l.CampaignID == carte && l.RestaurantID == a {
				t.Fatal("the restaurant is still linked")
			}
		}
		if len(m.Links) != 2*len(demoF.restaurants)-1 {
			t.Fatalf("the other restaurants keep the carte: %d links", len(m.Links))
		}
		if st := statusOf(t, srv, admin); st[a].UpToDate || len(st[a].Cartes) != 1 {
			t.Fatalf("after unlink: %+v", st[a])
		}
		// Per restaurant: exactly these cartes.
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/restaurants/"+itoa(a)+"/cartes", admin, map[string]any{"campaignIds": []int64{carte, demoF.campaigns[0]}}); res.Status != http.StatusNoContent {
			t.Fatalf("set cartes: %d %s", res.Status, res.Body)
		}
		if st := statusOf(t, srv, admin); !st[a].UpToDate {
			t.Fatalf("linking the same cartes back gives the deployed menu again: %+v", st[a])
		}
		// Moderators and guests do not manage links.
		for _, login := range []string{"demo-moderateur", "demo-invite", "demo-resto"} {
			if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/links/"+itoa(carte)+"/restaurants/"+itoa(a), srv.SignIn(t, login), nil); res.Status != http.StatusForbidden {
				t.Errorf("%s: %d", login, res.Status)
			}
		}
	})
}

// TestPeriodicDatesFollowTheMonth moves the clock to the next month: every
// restaurant serving the periodic winter carte is re-generated once (the
// job is queued once however often it is asked), except the one whose
// owner has an undeployed price change.
func TestPeriodicDatesFollowTheMonth(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx := context.Background()
		admin := srv.SignIn(t, "demo-admin")
		demoF := loadFixture(t, srv.DB, demo.FranchiseName)
		a := demoF.restaurants[0]
		var prices []deploy.PricedElement
		srv.Do(t, http.MethodGet, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, nil).JSON(t, &prices)
		p := prices[0]
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, map[string]any{"kind": p.Kind, "idGlobal": p.IDGlobal,
			"tariff": p.Prices[0].Tariff, "typeOrder": p.Prices[0].TypeOrder, "size": 0, "priceCents": p.Prices[0].CarteCents + 10}); res.Status != http.StatusNoContent {
			t.Fatalf("price: %d %s", res.Status, res.Body)
		}
		next := time.Now().AddDate(0, 1, 0)
		srv.Deploy.SetClock(func() time.Time { return next })
		// Re-projections of that month that failed are tried again.
		key := "deploy.reproject:" + itoa(demoF.franchiseID) + ":" + next.Format("2006-01")
		failedJob := func(key string) {
			if _, err := srv.DB.Exec(ctx, `INSERT INTO jobs (franchise_id, kind, status, params, message, created_by, dedupe_key, created_at, updated_at)
				VALUES (?, ?, 'failed', '{}', 'échec', 'Brigade', ?, ?, ?)`, demoF.franchiseID, deploy.JobGenerate, key, time.Now().UTC(), time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
		}
		failedJob(key)
		failedJob(key + ":1")
		failedJob(key + ":2")
		// Three failed attempts are the last ones…
		if n, err := srv.Deploy.QueueReprojection(ctx); err != nil || n != 0 {
			t.Fatalf("after three failures: %d %v", n, err)
		}
		// …one is not.
		if _, err := srv.DB.Exec(ctx, `DELETE FROM jobs WHERE dedupe_key IN (?, ?)`, key+":1", key+":2"); err != nil {
			t.Fatal(err)
		}
		n, err := srv.Deploy.QueueReprojection(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != len(demoF.restaurants)-1 {
			t.Fatalf("re-projection queued for %d restaurants, want %d", n, len(demoF.restaurants)-1)
		}
		var retry int
		if err := srv.DB.QueryRow(ctx, `SELECT COUNT(*) FROM jobs WHERE dedupe_key = ?`, key+":1").Scan(&retry); err != nil || retry != 1 {
			t.Fatalf("retry job: %d %v", retry, err)
		}
		if again, err := srv.Deploy.QueueReprojection(ctx); err != nil || again != 0 {
			t.Fatalf("queued twice: %d %v", again, err)
		}
		if err := srv.Jobs.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		// The server's own workers may have taken the job: wait for it.
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			var busy int
			if err := srv.DB.QueryRow(ctx, `SELECT COUNT(*) FROM jobs WHERE status IN ('queued', 'running')`).Scan(&busy); err != nil {
				t.Fatal(err)
			}
			if busy == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the re-projection did not end")
			}
		}
		st := statusOf(t, srv, admin)
		for _, id := range demoF.restaurants {
			want := 2
			if id == a {
				want = 1
			}
			if st[id].Version != want {
				t.Errorf("%s: version %d, want %d", st[id].Nom, st[id].Version, want)
			}
		}
		kiosk := kioskclient.New(srv.URL, demo.DeviceKey(demoF.sirets[1]+"-borne-1"))
		m, err := kiosk.Menu(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := `"dateDebut":"` + next.Format("2006-01") + `-01"`; !strings.Contains(string(m.JSON), want) {
			t.Fatalf("the winter carte's dates were not moved to %s", next.Format("2006-01"))
		}
	})
}

// TestGenerationPublishesTheAvailableCatalogue: with the franchise's two
// catalogue settings on, a generation publishes its available products
// and options where its other apps read them.
func TestGenerationPublishesTheAvailableCatalogue(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	ctx := context.Background()
	demoF := loadFixture(t, srv.DB, demo.FranchiseName)
	key := deploy.CataloguePath(demoF.franchiseID, "products")
	if _, err := srv.Blobs.Stat(ctx, key); err == nil {
		t.Fatal("published without the setting")
	}
	if res := srv.Do(t, http.MethodPut, "/api/v1/admin/franchises/"+itoa(demoF.franchiseID)+"/features", srv.SignIn(t, "superadmin"),
		map[string]any{"publishAvailableProducts": true, "refreshAvailableProductsOnGeneration": true}); res.Status != http.StatusOK {
		t.Fatalf("features: %d %s", res.Status, res.Body)
	}
	admin := srv.SignIn(t, "demo-admin")
	var job jobAnswer
	srv.Do(t, http.MethodPost, "/api/v1/deploy/generations", admin, map[string]any{"restaurantIds": demoF.restaurants[:1]}).JSON(t, &job)
	if j := awaitJob[jobAnswer](t, srv, admin, job.ID); j.Status != "done" {
		t.Fatalf("job: %+v", j)
	}
	for _, kind := range []string{"products", "options"} {
		rc, _, err := srv.Blobs.Get(ctx, deploy.CataloguePath(demoF.franchiseID, kind))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		var list []deploy.AvailableProduct
		err = json.NewDecoder(rc).Decode(&list)
		rc.Close()
		if err != nil || len(list) < 10 || list[0].IDGlobal == "" || list[0].Group == "" {
			t.Fatalf("%s catalogue: %d entries, %v", kind, len(list), err)
		}
	}
}

// TestCurrentGenerationIsFoundAgain: a generation still running is found by
// a page opened meanwhile; a finished one is not, nor another franchise's.
func TestCurrentGenerationIsFoundAgain(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx := context.Background()
		demoF := loadFixture(t, srv.DB, demo.FranchiseName)
		admin := srv.SignIn(t, "demo-admin")
		var cur struct {
			Job *struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
				Done   int    `json:"done"`
			} `json:"job"`
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/deploy/generations/current", admin, nil); res.Status != http.StatusOK {
			t.Fatalf("current: %d %s", res.Status, res.Body)
		} else if res.JSON(t, &cur); cur.Job != nil {
			t.Fatalf("a generation in progress at start: %+v", cur.Job)
		}
		// A generation another instance is running (its lease still valid).
		now := time.Now().UTC()
		id, err := store.InsertID(ctx, srv.DB, `INSERT INTO jobs (franchise_id, kind, status, params, done, total, message, lease_until, created_by, created_at, updated_at)
			VALUES (?, ?, 'running', '{}', 3, 12, 'Génération des cartes : 3 / 12 restaurants', ?, 'Brigade Burger', ?, ?)`,
			demoF.franchiseID, deploy.JobGenerate, now.Add(time.Hour), now, now)
		if err != nil {
			t.Fatal(err)
		}
		srv.Do(t, http.MethodGet, "/api/v1/deploy/generations/current", admin, nil).JSON(t, &cur)
		if cur.Job == nil || cur.Job.ID != id || cur.Job.Done != 3 {
			t.Fatalf("the running generation is not found: %+v", cur.Job)
		}
		cur.Job = nil
		srv.Do(t, http.MethodGet, "/api/v1/deploy/generations/current", srv.SignIn(t, "autre-admin"), nil).JSON(t, &cur)
		if cur.Job != nil {
			t.Fatal("another franchise sees the generation")
		}
		if _, err := srv.DB.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		srv.Do(t, http.MethodGet, "/api/v1/deploy/generations/current", admin, nil).JSON(t, &cur)
		if cur.Job != nil {
			t.Fatalf("a finished generation is still current: %+v", cur.Job)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/deploy/generations/current", srv.SignIn(t, "demo-moderateur"), nil); res.Status != http.StatusForbidden {
			t.Fatalf("moderator: %d", res.Status)
		}
	})
}

// A kiosk finds every key of the menu the spec lists, false and defaults
// included: the ten size labels ('taille n' when the principal carte has
// none), the four hide-name flags, and a product's flags sent at false.
func TestKioskMenuCarriesEveryKey(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		admin := srv.SignIn(t, "demo-admin")
		a := loadFixture(t, srv.DB, demo.FranchiseName).restaurants[0]
		var c struct {
			ID      int64 `json:"id"`
			Version int   `json:"version"`
		}
		res := srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Sans tailles", "isPrincipal": true})
		if res.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &c)
		doc := `{"categories":[{"idGlobal":"st-c","idCat":1,"name":"Salades","parent_id":-1,"position":1}],
			"items":[{"idGlobal":"st-p","id":1,"idCat":1,"name":"César","position":1,"price":8,"available_on_the_spot":false,"hidden_borne":false}]}`
		res = srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(c.ID)+"/document", admin, json.RawMessage(doc), map[string]string{"If-Match": `"` + itoa(int64(c.Version)) + `"`})
		if res.Status != http.StatusOK {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/links/"+itoa(c.ID)+"/restaurants/"+itoa(a), admin, nil); res.Status/100 != 2 {
			t.Fatalf("link: %d %s", res.Status, res.Body)
		}
		var job jobAnswer
		srv.Do(t, http.MethodPost, "/api/v1/deploy/generations", admin, map[string]any{"restaurantIds": []int64{a}}).JSON(t, &job)
		if job = awaitJob[jobAnswer](t, srv, admin, job.ID); job.Status != "done" {
			t.Fatalf("generation: %+v", job)
		}
		m, err := kioskclient.New(srv.URL, demo.KioskKey).Menu(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(m.JSON, &top); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 10; n++ {
			if got, want := string(top["product_size_"+itoa(int64(n))]), `"taille `+itoa(int64(n))+`"`; got != want {
				t.Errorf("product_size_%d = %s, want %s", n, got, want)
			}
		}
		for _, key := range []string{"hide_name_categories", "hide_name_sub_categories", "hide_name_products", "hide_name_options"} {
			if got := string(top[key]); got != "false" {
				t.Errorf("%s = %q, want false", key, got)
			}
		}
		var items []map[string]json.RawMessage
		if err := json.Unmarshal(top["items"], &items); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, it := range items {
			if string(it["idGlobal"]) == `"st-p"` {
				found = true
				if string(it["available_on_the_spot"]) != "false" || string(it["hidden_borne"]) != "false" {
					t.Errorf("the product's false flags did not reach the kiosk: %v", it)
				}
			}
		}
		if !found {
			t.Fatalf("the principal carte's product is not in the menu")
		}
	})
}

// A periodic carte saved by the Mes Cartes dialog with only its periods
// (campagneDates, no dateDebut / dateFin) reaches the kiosks with its
// periods re-projected onto the generation's month; changing the periods
// makes the restaurant « À redéployer ».
func TestKioskMenuCarriesACartesPeriods(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		srv.Deploy.SetClock(func() time.Time { return time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC) })
		admin := srv.SignIn(t, "demo-admin")
		a := loadFixture(t, srv.DB, demo.FranchiseName).restaurants[0]
		var c struct {
			ID      int64 `json:"id"`
			Version int   `json:"version"`
		}
		res := srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Brunch du mois", "isPeriodic": true,
			"campagneDates": []string{"2026-10-03", "2026-10-05", "2026-10-30", "2026-11-02"}})
		if res.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &c)
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/links/"+itoa(c.ID)+"/restaurants/"+itoa(a), admin, nil); res.Status/100 != 2 {
			t.Fatalf("link: %d %s", res.Status, res.Body)
		}
		generate := func() {
			t.Helper()
			var job jobAnswer
			srv.Do(t, http.MethodPost, "/api/v1/deploy/generations", admin, map[string]any{"restaurantIds": []int64{a}}).JSON(t, &job)
			if job = awaitJob[jobAnswer](t, srv, admin, job.ID); job.Status != "done" {
				t.Fatalf("generation: %+v", job)
			}
		}
		periods := func() string {
			t.Helper()
			m, err := kioskclient.New(srv.URL, demo.KioskKey).Menu(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var top struct {
				Campagnes []map[string]json.RawMessage `json:"campagnes"`
			}
			if err := json.Unmarshal(m.JSON, &top); err != nil {
				t.Fatal(err)
			}
			for _, k := range top.Campagnes {
				if string(k["periodes"]) == "" || string(k["periodes"]) == "null" {
					t.Errorf("carte %s: periodes must be a list", k["nom"])
				}
				if string(k["idCampagne"]) == itoa(c.ID) {
					return string(k["periodes"])
				}
			}
			t.Fatalf("the carte is not among the menu's campagnes: %s", m.JSON)
			return ""
		}
		generate()
		if got, want := periods(), `[{"dateDebut":"2026-11-03","dateFin":"2026-11-05"},{"dateDebut":"2026-11-30","dateFin":"2026-12-03"}]`; got != want {
			t.Errorf("periodes = %s, want %s", got, want)
		}
		if !statusOf(t, srv, admin)[a].UpToDate {
			t.Fatal("just generated, the restaurant should be up to date")
		}
		res = srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(c.ID), admin, map[string]any{"nom": "Brunch du mois", "isPeriodic": true,
			"campagneDates": []string{"2026-10-10", "2026-10-12"}}, map[string]string{"If-Match": `"` + itoa(int64(c.Version)) + `"`})
		if res.Status != http.StatusOK {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		if statusOf(t, srv, admin)[a].UpToDate {
			t.Fatal("new periods must make the restaurant « À redéployer »")
		}
		generate()
		if got, want := periods(), `[{"dateDebut":"2026-11-10","dateFin":"2026-11-12"}]`; got != want {
			t.Errorf("periodes after the change = %s, want %s", got, want)
		}
	})
}

// TestBlockedFranchiseKeepsItsLastMenu (DECISIONS, "Kiosks of a blocked
// franchise"): people are locked out, but tills and kiosks keep posting
// orders and keep the last deployed menu; no new menu reaches them — neither
// the month's re-projection nor a generation queued before the block —
// until the franchise is opened again.
func TestBlockedFranchiseKeepsItsLastMenu(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx := context.Background()
		sa := srv.SignIn(t, "superadmin")
		demoF := loadFixture(t, srv.DB, demo.FranchiseName)
		before := srv.Do(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil)
		if before.Status != http.StatusOK {
			t.Fatalf("menu before the block: %d", before.Status)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(demoF.franchiseID)+"/block", sa, nil); res.Status/100 != 2 {
			t.Fatalf("block: %d %s", res.Status, res.Body)
		}
		// The kiosk still reads its menu and the till still sells.
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil); res.Status != http.StatusOK || res.Header.Get("ETag") != before.Header.Get("ETag") {
			t.Fatalf("menu while blocked: %d %s (ETag %s, was %s)", res.Status, res.Body, res.Header.Get("ETag"), before.Header.Get("ETag"))
		}
		key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, sampleOrder("BLOCKED-1", time.Now())); res.Status != http.StatusCreated {
			t.Fatalf("order while blocked: %d %s", res.Status, res.Body)
		}
		// Next month: no re-projection for the blocked franchise…
		next := time.Now().AddDate(0, 1, 0)
		srv.Deploy.SetClock(func() time.Time { return next })
		if n, err := srv.Deploy.QueueReprojection(ctx); err != nil || n != 0 {
			t.Fatalf("re-projection while blocked: %d %v", n, err)
		}
		// …and a generation queued before the block fails when it runs.
		var job jobs.Job
		if err := srv.DB.WithTx(ctx, func(tx *store.Tx) error {
			var err error
			job, err = srv.Jobs.Enqueue(ctx, tx, demoF.franchiseID, deploy.JobGenerate, "Brigade", "Génération en attente…",
				deploy.GenerateParams{RestaurantIDs: demoF.restaurants[:1], By: "Brigade"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if err := srv.Jobs.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		// The server's own workers may have taken the job: wait for its end.
		var status, message string
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if err := srv.DB.QueryRow(ctx, `SELECT status, error FROM jobs WHERE id = ?`, job.ID).Scan(&status, &message); err != nil {
				t.Fatal(err)
			}
			if (status != "queued" && status != "running") || time.Now().After(deadline) {
				break
			}
		}
		if status != "failed" || !strings.Contains(message, "Franchise bloquée") {
			t.Fatalf("generation while blocked: %s %q", status, message)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil); res.Header.Get("ETag") != before.Header.Get("ETag") {
			t.Fatalf("a new menu reached the kiosk while blocked")
		}
		// Opened again, the month catches up.
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(demoF.franchiseID)+"/unblock", sa, nil); res.Status/100 != 2 {
			t.Fatalf("unblock: %d %s", res.Status, res.Body)
		}
		if n, err := srv.Deploy.QueueReprojection(ctx); err != nil || n != len(demoF.restaurants) {
			t.Fatalf("re-projection after the block: %d %v, want %d", n, err, len(demoF.restaurants))
		}
	})
}
