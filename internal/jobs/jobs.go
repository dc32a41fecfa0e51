// Package jobs runs long work (menu generation, exports) in the background.
// Jobs live in the database, not in one process: any instance may claim a
// queued job, a job whose instance died is taken over when its lease runs
// out, and progress is both stored (for a page opened later) and announced
// as events (for the page watching it).
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/telemetry"
	"brigade/internal/tenancy"
)

// Status of a job.
type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
	Failed  Status = "failed"
)

// TypeProgress is the event announcing a job's progress to its franchise.
const TypeProgress = "job.progress"

// MaxAttempts bounds how often a job is taken over after its instance died.
const MaxAttempts = 3

// Lease is how long a claimed job belongs to its instance without news, by
// default (SetLease).
const Lease = 2 * time.Minute

// minLease keeps renewals and polls to a few per second at most, whatever
// the configuration says.
const minLease = 100 * time.Millisecond

// maxPoll bounds the wait between two looks for claimable jobs (new ones
// also wake the runner at once when queued by this process).
const maxPoll = 2 * time.Second

// Job is a background job as stored.
type Job struct {
	ID          int64           `json:"id"`
	FranchiseID int64           `json:"-"`
	Kind        string          `json:"kind"`
	Status      Status          `json:"status" enum:"queued,running,done,failed"`
	Params      json.RawMessage `json:"-"`
	Done        int             `json:"done"`
	Total       int             `json:"total"`
	Message     string          `json:"message"`
	Result      json.RawMessage `json:"result,omitempty"`
	Error       string          `json:"error,omitempty"`
	CreatedBy   string          `json:"createdBy"`
	CreatedAt   time.Time       `json:"createdAt"`
	UpdatedAt   time.Time       `json:"updatedAt"`

	// attempt is the claim this runner holds: its writes only land while
	// the job is still at that attempt (another instance may have taken
	// over a job whose lease ran out).
	attempt int
}

// Progress lets a handler say how far it got. Calls are cheap: the store
// and the event bus only hear of it a few times a second.
type Progress func(done, total int, message string)

// Handler does a job's work and returns its result (stored as JSON).
type Handler func(ctx context.Context, j Job, progress Progress) (any, error)

// Runner claims and runs jobs.
type Runner struct {
	db       *store.DB
	bus      events.Bus
	metrics  *telemetry.Metrics
	mu       sync.Mutex
	handlers map[string]Handler
	wake     chan struct{}
	lease    time.Duration
	poll     time.Duration

	stopMu  sync.Mutex
	stops   []context.CancelFunc // one per Start
	workers sync.WaitGroup
}

// NewRunner returns a runner over db; register handlers, then Start it.
func NewRunner(db *store.DB, bus events.Bus) *Runner {
	r := &Runner{db: db, bus: bus, metrics: telemetry.Default(), handlers: map[string]Handler{}, wake: make(chan struct{}, 1)}
	r.SetLease(Lease)
	return r
}

// SetLease sets how long a claimed job stays this runner's without news
// (default Lease), before Start. A shorter lease lets another instance take
// over the jobs of a crashed one sooner, at the cost of more renewals (three
// per lease); the runner looks for jobs to take over four times per lease,
// at least every two seconds. Zero or less keeps the default; the lease is
// at least minLease.
func (r *Runner) SetLease(d time.Duration) {
	if d <= 0 {
		d = Lease
	}
	d = max(d, minLease)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lease = d
	r.poll = min(d/4, maxPoll)
}

func (r *Runner) leaseAndPoll() (lease, poll time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lease, r.poll
}

// Register names the handler of a kind of job.
func (r *Runner) Register(kind string, h Handler) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.handlers[kind] = h
}

const columns = `id, franchise_id, kind, status, params, done, total, message, result, error, created_by, created_at, updated_at`

func scan(row interface{ Scan(...any) error }) (Job, error) {
	var j Job
	var params, result string
	err := row.Scan(&j.ID, &j.FranchiseID, &j.Kind, &j.Status, &params, &j.Done, &j.Total, &j.Message, &result, &j.Error, &j.CreatedBy, &j.CreatedAt, &j.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return j, tenancy.ErrNotFound
	}
	j.Params, j.Result = json.RawMessage(params), json.RawMessage(result)
	if result == "{}" || result == "" {
		j.Result = nil
	}
	return j, err
}

// Enqueue stores a new job in the caller's transaction; it starts once the
// transaction commits.
func (r *Runner) Enqueue(ctx context.Context, tx *store.Tx, franchiseID int64, kind, createdBy, message string, params any) (Job, error) {
	j, _, err := r.enqueue(ctx, tx, franchiseID, kind, createdBy, message, params, nil)
	return j, err
}

// EnqueueOnce is Enqueue for work that must be queued once whoever asks
// (several instances noticing the same thing): a second job with the same
// key is not created, and created is false.
func (r *Runner) EnqueueOnce(ctx context.Context, tx *store.Tx, key string, franchiseID int64, kind, createdBy, message string, params any) (j Job, created bool, err error) {
	return r.enqueue(ctx, tx, franchiseID, kind, createdBy, message, params, &key)
}

func (r *Runner) enqueue(ctx context.Context, tx *store.Tx, franchiseID int64, kind, createdBy, message string, params any, key *string) (Job, bool, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return Job{}, false, err
	}
	now := time.Now().UTC()
	var id int64
	err = tx.QueryRow(ctx, `INSERT INTO jobs (franchise_id, kind, status, params, message, created_by, dedupe_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
		franchiseID, kind, Queued, string(raw), message, createdBy, key, now, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, err
	}
	j := Job{ID: id, FranchiseID: franchiseID, Kind: kind, Status: Queued, Params: raw, Message: message, CreatedBy: createdBy, CreatedAt: now, UpdatedAt: now}
	tx.AfterCommit(func() {
		r.announce(j)
		select {
		case r.wake <- struct{}{}:
		default:
		}
	})
	return j, true, nil
}

// Get reads a job of the franchise (another franchise's job is not found).
func (r *Runner) Get(ctx context.Context, franchiseID, id int64) (Job, error) {
	return scan(r.db.QueryRow(ctx, `SELECT `+columns+` FROM jobs WHERE id = ? AND franchise_id = ?`, id, franchiseID))
}

// GetFor reads a job the principal may follow: any job of the franchise
// for its admin, only the ones they started for the other roles (jobs
// record their starter as userId in their parameters).
func (r *Runner) GetFor(ctx context.Context, p tenancy.Principal, id int64) (Job, error) {
	j, err := r.Get(ctx, p.FranchiseID, id)
	if err != nil || p.Role == tenancy.RoleAdmin {
		return j, err
	}
	var starter struct {
		UserID int64 `json:"userId"`
	}
	if json.Unmarshal(j.Params, &starter) != nil || starter.UserID == 0 || starter.UserID != p.UserID {
		return Job{}, tenancy.ErrNotFound
	}
	return j, nil
}

// Latest lists the franchise's most recent jobs of a kind.
func (r *Runner) Latest(ctx context.Context, franchiseID int64, kind string, limit int) ([]Job, error) {
	return store.Collect(ctx, r.db, `SELECT `+columns+` FROM jobs WHERE franchise_id = ? AND kind = ? ORDER BY id DESC LIMIT ?`, []any{franchiseID, kind, limit}, scan)
}

// CountFailed says how many of the franchise's jobs of a kind queued under
// one of keys (EnqueueOnce) have failed: callers that retry under a new key
// bound their attempts with it.
func (r *Runner) CountFailed(ctx context.Context, franchiseID int64, kind string, keys []string) (int, error) {
	if len(keys) == 0 {
		return 0, nil
	}
	args := []any{franchiseID, kind, Failed}
	for _, k := range keys {
		args = append(args, k)
	}
	var n int
	err := r.db.QueryRow(ctx, `SELECT COUNT(*) FROM jobs WHERE franchise_id = ? AND kind = ? AND status = ? AND dedupe_key IN (?`+strings.Repeat(", ?", len(keys)-1)+`)`, args...).Scan(&n)
	return n, err
}

// Start runs workers until ctx ends or Stop is called. Each worker claims
// the oldest queued job (or one whose lease ran out), runs it and records
// how it ended. When the runner stops, the handlers running are cancelled
// and their jobs handed back to the queue for another instance (Stop waits
// for that).
func (r *Runner) Start(ctx context.Context, workers int) {
	ctx, cancel := context.WithCancel(ctx)
	r.stopMu.Lock()
	r.stops = append(r.stops, cancel)
	r.stopMu.Unlock()
	for i := 0; i < workers; i++ {
		r.workers.Add(1)
		go func() {
			defer r.workers.Done()
			r.work(ctx)
		}()
	}
}

// Stop stops claiming jobs, cancels the handlers running and waits until
// each of their jobs is recorded: handed back to the queue (status queued,
// lease cleared, the attempt not counted) so that another instance takes it
// over at once, or ended if it finished meanwhile. Call it before closing
// the database; it returns ctx's error if ctx ends first. Cancelling the
// context given to Start has the same effect, without the wait.
func (r *Runner) Stop(ctx context.Context) error {
	r.stopMu.Lock()
	for _, cancel := range r.stops {
		cancel()
	}
	r.stopMu.Unlock()
	done := make(chan struct{})
	go func() {
		r.workers.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (r *Runner) work(ctx context.Context) {
	_, poll := r.leaseAndPoll()
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		for {
			j, ok, err := r.claim(ctx)
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				slog.Error("tâches : lecture de la file impossible", "err", err)
				break
			}
			if !ok {
				break
			}
			r.run(ctx, j)
		}
		select {
		case <-ctx.Done():
			return
		case <-r.wake:
		case <-t.C:
		}
	}
}

// RunPending runs every claimable job in the calling goroutine, for
// commands and tests that need the work done before they go on.
func (r *Runner) RunPending(ctx context.Context) error {
	for {
		j, ok, err := r.claim(ctx)
		if err != nil || !ok {
			return err
		}
		r.run(ctx, j)
	}
}

// claim takes one job. The UPDATE re-checks the status, so of two instances
// racing for the same job exactly one gets it.
func (r *Runner) claim(ctx context.Context) (Job, bool, error) {
	lease, _ := r.leaseAndPoll()
	now := time.Now().UTC()
	for attempt := 0; attempt < 3; attempt++ {
		var id int64
		err := r.db.QueryRow(ctx, `SELECT id FROM jobs WHERE status = ? OR (status = ? AND lease_until < ?) ORDER BY id LIMIT 1`, Queued, Running, now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return Job{}, false, nil
		}
		if err != nil {
			return Job{}, false, err
		}
		res, err := r.db.Exec(ctx, `UPDATE jobs SET status = ?, lease_until = ?, attempts = attempts + 1, updated_at = ? WHERE id = ? AND (status = ? OR (status = ? AND lease_until < ?))`,
			Running, now.Add(lease), now, id, Queued, Running, now)
		if err != nil {
			return Job{}, false, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			j, err := scan(r.db.QueryRow(ctx, `SELECT `+columns+` FROM jobs WHERE id = ?`, id))
			return j, err == nil, err
		}
	}
	return Job{}, false, nil
}

// run runs a claimed job. Its end is recorded even when ctx ends meanwhile
// (the runner stopping): a job that finished is saved as such, one whose
// handler was cut short goes back to the queue.
func (r *Runner) run(ctx context.Context, j Job) {
	// The bookkeeping outlives ctx, within a bound: a job claimed just as
	// the runner stops must still be handed back.
	final, cancelFinal := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancelFinal()
	_ = r.db.QueryRow(final, `SELECT attempts FROM jobs WHERE id = ?`, j.ID).Scan(&j.attempt)
	r.mu.Lock()
	h := r.handlers[j.Kind]
	lease := r.lease
	r.mu.Unlock()
	var result any
	var err error
	switch {
	case h == nil:
		err = fmt.Errorf("type de tâche inconnu : %s", j.Kind)
	case j.attempt > MaxAttempts:
		err = errors.New("la tâche a été interrompue trop de fois")
	default:
		j.Status = Running
		r.metrics.JobsStarted.WithLabelValues(j.Kind).Inc()
		running := r.metrics.JobsRunning.WithLabelValues(j.Kind)
		running.Inc()
		work, cancel := context.WithCancel(ctx)
		var lost atomic.Bool
		stop := r.keepLease(work, func() { lost.Store(true); cancel() }, j, lease)
		var mu sync.Mutex
		var last time.Time
		progress := func(done, total int, message string) {
			mu.Lock()
			defer mu.Unlock()
			j.Done, j.Total, j.Message = done, total, message
			if time.Since(last) < 200*time.Millisecond && done < total {
				return
			}
			last = time.Now()
			r.save(ctx, j, "", lease)
		}
		result, err = safeRun(work, h, j, progress)
		stop()
		cancel()
		running.Dec()
		if lost.Load() {
			// The lease was lost: the instance that took the job over
			// records how it ends.
			slog.Warn("tâche reprise par une autre instance", "job", j.ID, "kind", j.Kind)
			return
		}
		if err != nil && ctx.Err() != nil {
			mu.Lock()
			defer mu.Unlock()
			r.handBack(final, j)
			return
		}
	}
	raw := []byte("{}")
	if err == nil && result != nil {
		raw, err = json.Marshal(result)
	}
	if err != nil {
		slog.Error("tâche en échec", "job", j.ID, "kind", j.Kind, "err", err)
		j.Status, j.Error = Failed, err.Error()
		r.metrics.JobsFailed.WithLabelValues(j.Kind).Inc()
	} else {
		j.Status, j.Result = Done, raw
		r.metrics.JobsDone.WithLabelValues(j.Kind).Inc()
	}
	r.save(final, j, string(raw), lease)
}

// handBack puts a job this runner stops running back in the queue, as if
// never claimed by it: no lease (another instance claims it at once, not
// when the lease runs out) and its attempt not counted, since the job did
// not fail. Only while this runner still holds the job.
func (r *Runner) handBack(ctx context.Context, j Job) {
	now := time.Now().UTC()
	res, err := r.db.Exec(ctx, `UPDATE jobs SET status = ?, lease_until = NULL, attempts = attempts - 1, updated_at = ? WHERE id = ? AND attempts = ? AND status = ?`,
		Queued, now, j.ID, j.attempt, Running)
	if err != nil {
		// The lease will run out and another instance take the job over.
		slog.Error("tâche non rendue à l'arrêt : une autre instance la reprendra à la fin de son bail", "job", j.ID, "kind", j.Kind, "err", err)
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return // taken over meanwhile
	}
	r.metrics.JobsHandedBack.WithLabelValues(j.Kind).Inc()
	slog.Info("tâche rendue à la file à l'arrêt", "job", j.ID, "kind", j.Kind)
	j.Status, j.UpdatedAt = Queued, now
	r.announce(j)
}

// keepLease renews the job's lease while its handler runs, so that a long
// step without progress does not let another instance take the job over;
// if the job was taken over all the same (a pause longer than the lease),
// the handler's context is cancelled.
func (r *Runner) keepLease(ctx context.Context, lost context.CancelFunc, j Job, lease time.Duration) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				now := time.Now().UTC()
				res, err := r.db.Exec(ctx, `UPDATE jobs SET lease_until = ? WHERE id = ? AND attempts = ? AND status = ?`, now.Add(lease), j.ID, j.attempt, Running)
				if err != nil {
					continue
				}
				if n, _ := res.RowsAffected(); n == 0 {
					lost()
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

func safeRun(ctx context.Context, h Handler, j Job, progress Progress) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("erreur interne : %v", p)
		}
	}()
	return h(ctx, j, progress)
}

// save stores the job's progress (renewing its lease) or its end, then
// announces it.
func (r *Runner) save(ctx context.Context, j Job, result string, lease time.Duration) {
	now := time.Now().UTC()
	var err error
	if j.Status == Running {
		_, err = r.db.Exec(ctx, `UPDATE jobs SET done = ?, total = ?, message = ?, lease_until = ?, updated_at = ? WHERE id = ? AND attempts = ?`,
			j.Done, j.Total, j.Message, now.Add(lease), now, j.ID, j.attempt)
	} else {
		_, err = r.db.Exec(ctx, `UPDATE jobs SET status = ?, done = ?, total = ?, message = ?, result = ?, error = ?, lease_until = NULL, updated_at = ? WHERE id = ? AND attempts = ?`,
			j.Status, j.Done, j.Total, j.Message, result, j.Error, now, j.ID, j.attempt)
	}
	if err != nil && ctx.Err() == nil { // a progress cut short by a stop is no news
		slog.Error("tâche : enregistrement impossible", "job", j.ID, "err", err)
	}
	j.UpdatedAt = now
	r.announce(j)
}

func (r *Runner) announce(j Job) {
	r.bus.Publish(context.Background(), events.Event{Type: TypeProgress, FranchiseID: j.FranchiseID, Data: map[string]any{
		"jobId": j.ID, "kind": j.Kind, "status": j.Status, "done": j.Done, "total": j.Total, "message": j.Message}})
}
