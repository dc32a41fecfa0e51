package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"brigade/internal/events"
	"brigade/internal/jobs"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

func franchise(t *testing.T, db *store.DB) int64 {
	t.Helper()
	id, err := store.InsertID(context.Background(), db, `INSERT INTO franchises (name, country_code, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		"Test", "FR", "EUR", time.Now().UTC(), time.Now().UTC())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func enqueue(t *testing.T, db *store.DB, r *jobs.Runner, fid int64, kind string) jobs.Job {
	t.Helper()
	var j jobs.Job
	err := db.WithTx(context.Background(), func(tx *store.Tx) error {
		var err error
		j, err = r.Enqueue(context.Background(), tx, fid, kind, "test", "", map[string]any{"userId": 7})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func wait(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}

// TestTakenOverJobEndsOnce: a job whose instance stalled past its lease is
// taken over by another runner; when the first one wakes up, its late
// answer does not overwrite the new owner's.
func TestTakenOverJobEndsOnce(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		fid := franchise(t, db)
		bus := events.NewLocal()
		release := make(chan struct{})
		first, second := jobs.NewRunner(db, bus), jobs.NewRunner(db, bus)
		first.Register("work", func(ctx context.Context, j jobs.Job, p jobs.Progress) (any, error) {
			p(1, 2, "le premier travaille")
			<-release
			return "premier", nil
		})
		second.Register("work", func(ctx context.Context, j jobs.Job, p jobs.Progress) (any, error) {
			return "second", nil
		})
		j := enqueue(t, db, first, fid, "work")
		stalled := make(chan error, 1)
		go func() { stalled <- first.RunPending(ctx) }()
		wait(t, func() bool {
			got, err := first.Get(ctx, fid, j.ID)
			return err == nil && got.Message == "le premier travaille"
		})
		// The first instance is silent past its lease.
		if _, err := db.Exec(ctx, `UPDATE jobs SET lease_until = ? WHERE id = ?`, time.Now().UTC().Add(-time.Minute), j.ID); err != nil {
			t.Fatal(err)
		}
		if err := second.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		close(release)
		if err := <-stalled; err != nil {
			t.Fatal(err)
		}
		got, err := second.Get(ctx, fid, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		var result string
		_ = json.Unmarshal(got.Result, &result)
		if got.Status != jobs.Done || result != "second" {
			t.Fatalf("job ended %s with %s, want done by the second runner", got.Status, got.Result)
		}
	})
}

// TestJobFailuresAndScope: a handler's error or panic fails the job with
// its message; a job is found only in its franchise, and by the user who
// started it unless an admin asks.
func TestJobFailuresAndScope(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		fid, other := franchise(t, db), franchise(t, db)
		r := jobs.NewRunner(db, events.NewLocal())
		r.Register("boom", func(context.Context, jobs.Job, jobs.Progress) (any, error) { panic("plus de farine") })
		r.Register("fail", func(context.Context, jobs.Job, jobs.Progress) (any, error) { return nil, errors.New("four en panne") })
		a, b := enqueue(t, db, r, fid, "boom"), enqueue(t, db, r, fid, "fail")
		if err := r.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		for id, want := range map[int64]string{a.ID: "erreur interne : plus de farine", b.ID: "four en panne"} {
			got, err := r.Get(ctx, fid, id)
			if err != nil || got.Status != jobs.Failed || got.Error != want {
				t.Errorf("job %d: %+v %v, want failed with %q", id, got, err, want)
			}
		}
		if _, err := r.Get(ctx, other, a.ID); err == nil {
			t.Error("another franchise reads the job")
		}
		for _, c := range []struct {
			p    tenancy.Principal
			want bool
		}{
			{tenancy.Principal{UserID: 1, Role: tenancy.RoleAdmin, FranchiseID: fid}, true},
			{tenancy.Principal{UserID: 7, Role: tenancy.RoleModerator, FranchiseID: fid}, true}, // the one who started it
			{tenancy.Principal{UserID: 8, Role: tenancy.RoleModerator, FranchiseID: fid}, false},
			{tenancy.Principal{UserID: 1, Role: tenancy.RoleAdmin, FranchiseID: other}, false},
		} {
			if _, err := r.GetFor(ctx, c.p, a.ID); (err == nil) != c.want {
				t.Errorf("%+v reads the job: %v, want %v", c.p, err == nil, c.want)
			}
		}
	})
}

// CountFailed counts the failed attempts queued under the given keys, in
// the franchise and kind named, and nothing else.
func TestCountFailedByKey(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		fid, other := franchise(t, db), franchise(t, db)
		r := jobs.NewRunner(db, events.NewLocal())
		outcome := map[string]error{"k:0": errors.New("four en panne"), "k:1": errors.New("four en panne"), "k:2": nil, "autre": errors.New("four en panne")}
		r.Register("gen", func(_ context.Context, j jobs.Job, _ jobs.Progress) (any, error) {
			var p struct{ Key string }
			_ = json.Unmarshal(j.Params, &p)
			return nil, outcome[p.Key]
		})
		r.Register("other", func(context.Context, jobs.Job, jobs.Progress) (any, error) { return nil, errors.New("four en panne") })
		once := func(fid int64, kind, key string) {
			t.Helper()
			err := db.WithTx(ctx, func(tx *store.Tx) error {
				_, _, err := r.EnqueueOnce(ctx, tx, key, fid, kind, "test", "", map[string]any{"key": key})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, k := range []string{"k:0", "k:1", "k:2", "autre"} {
			once(fid, "gen", k)
		}
		once(fid, "other", "k:3")
		once(other, "gen", "k:4")
		outcome["k:4"] = errors.New("four en panne")
		if err := r.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			fid  int64
			kind string
			keys []string
			want int
		}{
			{fid, "gen", []string{"k:0", "k:1", "k:2", "k:3", "k:4"}, 2}, // k:2 succeeded, k:3 is another kind, k:4 another franchise
			{fid, "gen", []string{"k:1"}, 1},
			{fid, "gen", nil, 0},
			{fid, "other", []string{"k:3"}, 1},
			{other, "gen", []string{"k:0", "k:4"}, 1},
		} {
			if got, err := r.CountFailed(ctx, c.fid, c.kind, c.keys); err != nil || got != c.want {
				t.Errorf("CountFailed(%d, %s, %v) = %d, %v; want %d", c.fid, c.kind, c.keys, got, err, c.want)
			}
		}
	})
}
