package jobs_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"testing"
	"time"

	promtest "github.com/prometheus/client_golang/prometheus/testutil"

	"brigade/internal/events"
	"brigade/internal/jobs"
	"brigade/internal/store"
	"brigade/internal/telemetry"
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

type jobRow struct {
	status   jobs.Status
	attempts int
	leased   bool
}

func readRow(t *testing.T, db *store.DB, id int64) jobRow {
	t.Helper()
	var r jobRow
	var lease sql.NullTime
	if err := db.QueryRow(context.Background(), `SELECT status, attempts, lease_until FROM jobs WHERE id = ?`, id).Scan(&r.status, &r.attempts, &lease); err != nil {
		t.Fatal(err)
	}
	r.leased = lease.Valid
	return r
}

// blockUntilCancelled is a long job: it says it started, then works until
// its runner cancels it.
func blockUntilCancelled(started chan<- int64) jobs.Handler {
	return func(ctx context.Context, j jobs.Job, p jobs.Progress) (any, error) {
		p(1, 10, "en cours")
		started <- j.ID
		<-ctx.Done()
		return nil, ctx.Err()
	}
}

// A runner that stops (SIGTERM) cancels its job and puts it back in the
// queue at once, its attempt not counted; another instance then claims it
// without waiting for a lease to run out, and finishes it.
func TestStoppedRunnerHandsJobBack(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		fid := franchise(t, db)
		bus := events.NewLocal()
		handedBack := promtest.ToFloat64(telemetry.Default().JobsHandedBack.WithLabelValues("long"))

		first := jobs.NewRunner(db, bus)
		started := make(chan int64, 1)
		first.Register("long", blockUntilCancelled(started))
		j := enqueue(t, db, first, fid, "long")
		first.Start(ctx, 2)
		select {
		case <-started:
		case <-time.After(10 * time.Second):
			t.Fatal("the job did not start")
		}
		if got := readRow(t, db, j.ID); got.status != jobs.Running || got.attempts != 1 || !got.leased {
			t.Fatalf("running job is %+v", got)
		}
		stopCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := first.Stop(stopCtx); err != nil {
			t.Fatalf("stop: %v", err)
		}
		if got := readRow(t, db, j.ID); got != (jobRow{status: jobs.Queued, attempts: 0, leased: false}) {
			t.Fatalf("after stop the job is %+v, want queued, no attempt, no lease", got)
		}
		if d := promtest.ToFloat64(telemetry.Default().JobsHandedBack.WithLabelValues("long")) - handedBack; d != 1 {
			t.Errorf("handed back counter moved by %v, want 1", d)
		}

		// The lease is long: only the handback lets the second runner in.
		second := jobs.NewRunner(db, bus)
		second.SetLease(time.Hour)
		second.Register("long", func(ctx context.Context, j jobs.Job, p jobs.Progress) (any, error) { return "fini", nil })
		runCtx, stop := context.WithCancel(ctx)
		defer stop()
		second.Start(runCtx, 1)
		wait(t, func() bool { return readRow(t, db, j.ID).status == jobs.Done })
		if got := readRow(t, db, j.ID); got.attempts != 1 || got.leased {
			t.Fatalf("finished job is %+v, want one attempt and no lease", got)
		}
		got, err := second.Get(ctx, fid, j.ID)
		if err != nil || string(got.Result) != `"fini"` {
			t.Fatalf("result %s, %v", got.Result, err)
		}
	})
}

// An instance that dies without handing its job back (its database gone,
// then its context) leaves the job running under its lease; with a short
// lease another instance takes it over soon after the renewals stop, and
// not before.
func TestCrashedRunnerJobTakenOverAfterLease(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		dsn := testutil.DSN(t, engine)
		open := func() *store.DB {
			db, err := store.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db
		}
		dbA, dbB := open(), open()
		if _, err := dbB.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		fid := franchise(t, dbB)
		bus := events.NewLocal()
		const lease = 400 * time.Millisecond

		crashing := jobs.NewRunner(dbA, bus)
		crashing.SetLease(lease)
		started := make(chan int64, 1)
		crashing.Register("long", blockUntilCancelled(started))
		j := enqueue(t, dbA, crashing, fid, "long")
		ctxA, crash := context.WithCancel(ctx)
		defer crash()
		crashing.Start(ctxA, 1)
		<-started

		survivor := jobs.NewRunner(dbB, bus)
		survivor.SetLease(lease)
		survivor.Register("long", func(ctx context.Context, j jobs.Job, p jobs.Progress) (any, error) { return "repris", nil })
		ctxB, stopB := context.WithCancel(ctx)
		defer stopB()
		survivor.Start(ctxB, 1)

		// While the first instance renews its lease (three times per
		// lease), the job stays its own.
		var leases []time.Time
		wait(t, func() bool {
			var until time.Time
			if err := dbB.QueryRow(ctx, `SELECT lease_until FROM jobs WHERE id = ?`, j.ID).Scan(&until); err != nil {
				t.Fatal(err)
			}
			if len(leases) == 0 || !until.Equal(leases[len(leases)-1]) {
				leases = append(leases, until)
			}
			return len(leases) >= 4
		})
		if got := readRow(t, dbB, j.ID); got.status != jobs.Running || got.attempts != 1 {
			t.Fatalf("while renewed, the job is %+v", got)
		}

		// The crash: no database, then no process.
		dbA.Close()
		crash()
		wait(t, func() bool { return readRow(t, dbB, j.ID).status == jobs.Done })
		got, err := survivor.Get(ctx, fid, j.ID)
		if err != nil || string(got.Result) != `"repris"` {
			t.Fatalf("result %s, %v", got.Result, err)
		}
		if row := readRow(t, dbB, j.ID); row.attempts != 2 {
			t.Fatalf("taken over job is %+v, want a second attempt", row)
		}
		stopCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := crashing.Stop(stopCtx); err != nil {
			t.Fatal(err)
		}
	})
}
