// Package kioskclient is an example kiosk client of Brigade's kiosk feed,
// the one the tests use: it keeps the menu it last received with its ETag,
// asks for it again conditionally (304 when nothing changed), accepts gzip,
// and listens to the feed's SSE stream to fetch a new menu the moment a
// generation finishes.
//
//	c := kioskclient.New("https://brigade.example", "brg_dev_…")
//	menu, err := c.Menu(ctx)          // GET /kiosk/v1/menu (If-None-Match, gzip)
//	err = c.Watch(ctx, func(m Menu) { // GET /kiosk/v1/events, then Menu on each "menu" event
//		render(m.JSON)
//	})
package kioskclient

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Menu is the deployed menu as last received.
type Menu struct {
	ETag    string
	Version string
	JSON    []byte // the orderJson document
	// NotModified is true when the server answered 304 and JSON is the
	// copy the client already had.
	NotModified bool
}

// Client talks to one Brigade server with one equipment key.
type Client struct {
	BaseURL string
	Key     string
	HTTP    *http.Client

	mu    sync.Mutex
	last  Menu
	avail Availability
}

// New returns a client for the server at baseURL with the kiosk's key.
func New(baseURL, key string) *Client {
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), Key: key, HTTP: http.DefaultClient}
}

func (c *Client) request(ctx context.Context, path string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.Key)
	return req, nil
}

// Error is an answer other than 200 or 304.
type Error struct {
	Status int
	Detail string
}

func (e *Error) Error() string { return fmt.Sprintf("kiosk feed: %d %s", e.Status, e.Detail) }

func failure(res *http.Response) error {
	var p struct {
		Detail string `json:"detail"`
	}
	body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	_ = json.Unmarshal(body, &p)
	return &Error{Status: res.StatusCode, Detail: p.Detail}
}

// Menu fetches the deployed menu, sending the ETag of the copy it holds so
// that an unchanged menu costs a 304 and no body.
func (c *Client) Menu(ctx context.Context) (Menu, error) {
	req, err := c.request(ctx, "/kiosk/v1/menu")
	if err != nil {
		return Menu{}, err
	}
	c.mu.Lock()
	last := c.last
	c.mu.Unlock()
	if last.ETag != "" {
		req.Header.Set("If-None-Match", last.ETag)
	}
	// Set explicitly: the transport then leaves the body compressed, and
	// the client checks the encoding the server chose.
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return Menu{}, err
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusNotModified:
		last.NotModified = true
		return last, nil
	case http.StatusOK:
	default:
		return Menu{}, failure(res)
	}
	var body io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			return Menu{}, err
		}
		defer zr.Close()
		body = zr
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return Menu{}, err
	}
	if !json.Valid(data) {
		return Menu{}, errors.New("kiosk feed: the menu is not valid JSON")
	}
	m := Menu{ETag: res.Header.Get("ETag"), Version: res.Header.Get("X-Menu-Version"), JSON: data}
	c.mu.Lock()
	c.last = m
	c.mu.Unlock()
	return m, nil
}

// ManifestFile is an entry of the manifest.
type ManifestFile struct {
	Path      string `json:"path"`
	Size      int64  `json:"size"`
	Timestamp string `json:"timestamp"`
	SHA256    string `json:"sha256"`
}

// Manifest lists the files the kiosk must hold.
type Manifest struct {
	Version int            `json:"version"`
	Menu    ManifestFile   `json:"menu"`
	Files   []ManifestFile `json:"files"`
}

// Manifest fetches the manifest (for incremental image sync: download the
// files whose sha256 the kiosk does not have).
func (c *Client) Manifest(ctx context.Context) (Manifest, error) {
	req, err := c.request(ctx, "/kiosk/v1/manifest")
	if err != nil {
		return Manifest{}, err
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return Manifest{}, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return Manifest{}, failure(res)
	}
	var m Manifest
	return m, json.NewDecoder(res.Body).Decode(&m)
}

// Availability is the restaurant's availability document as last
// received: what is sold out (with when it ends), the opening hours per
// channel, and whether each channel is open.
type Availability struct {
	ETag string
	JSON []byte
	// NotModified: the server answered 304 and JSON is the copy held.
	NotModified bool
}

// Availability fetches the availability document, sending the ETag of the
// copy held (an "availability" event on the stream names the new one).
func (c *Client) Availability(ctx context.Context) (Availability, error) {
	req, err := c.request(ctx, "/kiosk/v1/availability")
	if err != nil {
		return Availability{}, err
	}
	c.mu.Lock()
	last := c.avail
	c.mu.Unlock()
	if last.ETag != "" {
		req.Header.Set("If-None-Match", last.ETag)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return Availability{}, err
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusNotModified:
		last.NotModified = true
		return last, nil
	case http.StatusOK:
	default:
		return Availability{}, failure(res)
	}
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return Availability{}, err
	}
	a := Availability{ETag: res.Header.Get("ETag"), JSON: data}
	c.mu.Lock()
	c.avail = a
	c.mu.Unlock()
	return a, nil
}

// Event is a message of the kiosk's stream.
type Event struct {
	Name string // "ready", "menu", "availability", "discounts"
	ETag string
	// Availability is the ETag of the availability document the ready
	// event carries.
	Availability string
}

// Events reads the kiosk's SSE stream and calls fn for each event until
// ctx ends, the stream ends or fn returns an error.
func (c *Client) Events(ctx context.Context, fn func(Event) error) error {
	req, err := c.request(ctx, "/kiosk/v1/events")
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return failure(res)
	}
	sc := bufio.NewScanner(res.Body)
	var name, data string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimSpace(strings.TrimPrefix(line, "event:"))
		case strings.HasPrefix(line, "data:"):
			data = strings.TrimSpace(strings.TrimPrefix(line, "data:"))
		case line == "":
			if name != "" {
				var d struct {
					ETag         string `json:"etag"`
					Availability string `json:"availability"`
				}
				_ = json.Unmarshal([]byte(data), &d)
				if err := fn(Event{Name: name, ETag: d.ETag, Availability: d.Availability}); err != nil {
					return err
				}
			}
			name, data = "", ""
		}
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return sc.Err()
}

// Watch keeps the menu current until ctx ends: on the stream's ready
// event and on every menu event whose ETag differs from the copy held, it
// fetches the menu and calls onMenu with it. The server ends streams after
// a while and networks drop them: Watch reconnects (the ready event tells
// it whether it missed a menu meanwhile), waiting a little longer after
// each failure, at most RetryMax.
func (c *Client) Watch(ctx context.Context, onMenu func(Menu)) error {
	wait := 100 * time.Millisecond
	for {
		err := c.Events(ctx, func(e Event) error {
			wait = 100 * time.Millisecond // connected: start again from a short wait
			if e.Name != "ready" && e.Name != "menu" {
				return nil // other documents' news (availability, discounts)
			}
			c.mu.Lock()
			held := c.last.ETag
			c.mu.Unlock()
			if e.ETag == "" || e.ETag == held {
				return nil
			}
			m, err := c.Menu(ctx)
			if err != nil {
				return err
			}
			onMenu(m)
			return nil
		})
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var fe *Error
		if errors.As(err, &fe) && fe.Status == http.StatusUnauthorized {
			return err // a revoked key does not come back by retrying
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(wait*2, RetryMax)
	}
}

// RetryMax is the longest wait between two reconnections.
const RetryMax = 30 * time.Second
