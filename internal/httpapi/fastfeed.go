package httpapi

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The fast feed answers the kiosks' polling — GET /kiosk/v1/menu, a 304
// nearly every time — before net/http parses the request. Every kiosk of
// every restaurant asks all day; net/http's per-request work (request and
// header maps, context, response writer) was most of the cost of such an
// answer, and the target is a rate close to nginx serving the file.
//
// FeedListener wraps the server's listener. Each connection is read by a
// small loop that only peeks at the bytes: a request it recognises as a
// plain kiosk menu GET (strict HTTP/1.1 syntax, no body, one Host, known
// headers not repeated) whose answer is a success (200 or 304) is answered
// here and consumed; at the first request that is anything else — another
// route, an error answer, a malformed or unusual request — the connection,
// with nothing of that request consumed, is handed to net/http through
// Accept and stays there. net/http therefore still answers every error,
// every other route and every request the loop is not sure of; the loop
// and kioskMenu share kioskMenuAnswer.
type FeedListener struct {
	ln     net.Listener
	s      *Server
	ctx    context.Context
	header time.Duration // ReadHeaderTimeout
	idle   time.Duration // IdleTimeout

	handoff chan net.Conn
	done    chan struct{} // closed by Close or when Accept fails for good
	once    sync.Once
	err     error // the listener's error, read after done

	mu    sync.Mutex
	conns map[net.Conn]struct{} // connections in the fast loop
	wg    sync.WaitGroup

	answered, handedOff atomic.Int64
}

// FeedListener wraps ln for http.Server.Serve (see the type). ctx bounds
// the device and menu lookups; headerTimeout and idleTimeout should be the
// http.Server's ReadHeaderTimeout and IdleTimeout.
func (s *Server) FeedListener(ctx context.Context, ln net.Listener, headerTimeout, idleTimeout time.Duration) *FeedListener {
	if headerTimeout <= 0 {
		headerTimeout = 10 * time.Second
	}
	if idleTimeout <= 0 {
		idleTimeout = 2 * time.Minute
	}
	l := &FeedListener{ln: ln, s: s, ctx: ctx, header: headerTimeout, idle: idleTimeout,
		handoff: make(chan net.Conn), done: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	go l.acceptLoop()
	return l
}

// Accept returns the next connection for net/http.
func (l *FeedListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.handoff:
		return c, nil
	case <-l.done:
		return nil, l.err
	}
}

// Answered counts the requests the fast loop answered; HandedOff the
// connections it gave to net/http.
func (l *FeedListener) Answered() int64  { return l.answered.Load() }
func (l *FeedListener) HandedOff() int64 { return l.handedOff.Load() }

// Addr is the listener's address.
func (l *FeedListener) Addr() net.Addr { return l.ln.Addr() }

// Close stops accepting and ends the connections waiting in the fast loop
// (an answer being written gets a second to finish); net/http's own
// connections are its Shutdown's business.
func (l *FeedListener) Close() error {
	err := l.ln.Close()
	l.stop(net.ErrClosed)
	l.mu.Lock()
	for c := range l.conns {
		// Wakes a loop blocked reading (it sees done and closes) or
		// writing to a kiosk that does not read.
		_ = c.SetReadDeadline(time.Now())
		_ = c.SetWriteDeadline(time.Now().Add(time.Second))
	}
	l.mu.Unlock()
	return err
}

// Wait returns when the fast loop's connections have ended; when ctx ends
// first, it closes them and says so.
func (l *FeedListener) Wait(ctx context.Context) error {
	ended := make(chan struct{})
	go func() { l.wg.Wait(); close(ended) }()
	select {
	case <-ended:
		return nil
	case <-ctx.Done():
		l.mu.Lock()
		for c := range l.conns {
			_ = c.Close()
		}
		l.mu.Unlock()
		return ctx.Err()
	}
}

// setReadDeadline sets c's read deadline unless the listener is closing
// (Close's wake-up must not be undone) or c was handed to net/http.
func (l *FeedListener) setReadDeadline(c net.Conn, t time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ours := l.conns[c]; !ours || l.closing() {
		return false
	}
	_ = c.SetReadDeadline(t)
	return true
}

func (l *FeedListener) stop(err error) {
	l.once.Do(func() { l.err = err; close(l.done) })
}

func (l *FeedListener) closing() bool {
	select {
	case <-l.done:
		return true
	default:
		return false
	}
}

func (l *FeedListener) acceptLoop() {
	var backoff time.Duration
	for {
		c, err := l.ln.Accept()
		if err != nil {
			// Like net/http: temporary errors (too many open files) wait
			// and retry, others end the listener.
			var te interface{ Temporary() bool }
			if errors.As(err, &te) && te.Temporary() && !l.closing() {
				backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
				slog.Warn("http: accept", "err", err, "retry", backoff)
				time.Sleep(backoff)
				continue
			}
			l.stop(err)
			return
		}
		backoff = 0
		l.mu.Lock()
		if l.closing() {
			l.mu.Unlock()
			_ = c.Close()
			continue
		}
		l.conns[c] = struct{}{}
		l.wg.Add(1)
		l.mu.Unlock()
		go l.serve(c)
	}
}

// feedBufferSize bounds a request head the fast loop reads; a longer one
// goes to net/http (which applies its own limit).
const feedBufferSize = 4096

// serve is the fast loop of one connection.
func (l *FeedListener) serve(c net.Conn) {
	defer l.wg.Done()
	handedOff := false
	defer func() {
		l.mu.Lock()
		delete(l.conns, c)
		l.mu.Unlock()
		if !handedOff {
			_ = c.Close()
		}
	}()
	br := bufio.NewReaderSize(c, feedBufferSize)
	bw := bufio.NewWriterSize(c, feedBufferSize)
	// The first request has the header timeout from the connection's
	// start, as with net/http; the next ones the idle timeout for their
	// first byte, then the header timeout.
	if !l.setReadDeadline(c, time.Now().Add(l.header)) {
		return
	}
	for first := true; !l.closing(); first = false {
		head, err := l.readHead(c, br, first)
		if err != nil {
			if errors.Is(err, errHeadTooLong) {
				handedOff = l.handOff(c, br)
			}
			return // EOF, timeout, closing: nothing to answer
		}
		req, ok := parseFeedRequest(head)
		if !ok {
			handedOff = l.handOff(c, br)
			return
		}
		start := time.Now()
		a, perr := l.s.kioskMenuAnswer(l.ctx, deviceToken(string(req.authorization), string(req.deviceKey)),
			string(req.ifNoneMatch), string(req.acceptEncoding))
		if perr != nil {
			// Errors are net/http's to answer, with the request intact.
			handedOff = l.handOff(c, br)
			return
		}
		_, _ = br.Discard(len(head))
		l.answered.Add(1) // before the kiosk can read the answer
		if err := writeFeedAnswer(bw, a, req.close, start); err != nil {
			return
		}
		if req.close {
			closeWriteAndDrain(c)
			return
		}
		if slog.Default().Enabled(l.ctx, slog.LevelDebug) {
			status := http.StatusOK
			if a.notModified {
				status = http.StatusNotModified
			}
			slog.Debug("http", "method", http.MethodGet, "path", feedPath, "status", status, "ms", time.Since(start).Milliseconds(), "fast", true)
		}
	}
}

var errHeadTooLong = errors.New("request head longer than the fast feed's buffer")

// readHead peeks at the next request head (through its blank line).
func (l *FeedListener) readHead(c net.Conn, br *bufio.Reader, first bool) ([]byte, error) {
	if !first {
		if br.Buffered() == 0 {
			if !l.setReadDeadline(c, time.Now().Add(l.idle)) {
				return nil, net.ErrClosed
			}
			if _, err := br.Peek(1); err != nil {
				return nil, err
			}
		}
		if !l.setReadDeadline(c, time.Now().Add(l.header)) {
			return nil, net.ErrClosed
		}
	}
	from := 0
	for {
		buf, _ := br.Peek(br.Buffered())
		if i := bytes.Index(buf[from:], crlfcrlf); i >= 0 {
			return buf[:from+i+4], nil
		}
		if len(buf) >= feedBufferSize {
			return nil, errHeadTooLong
		}
		from = max(0, len(buf)-3)
		if _, err := br.Peek(len(buf) + 1); err != nil {
			return nil, err
		}
	}
}

// handOff gives the connection, with its unread bytes, to net/http.
func (l *FeedListener) handOff(c net.Conn, br *bufio.Reader) bool {
	l.mu.Lock()
	if l.closing() {
		l.mu.Unlock()
		return false
	}
	// No longer ours: Close and Wait leave it to net/http.
	delete(l.conns, c)
	_ = c.SetReadDeadline(time.Time{})
	l.mu.Unlock()
	l.handedOff.Add(1) // before net/http can answer
	select {
	case l.handoff <- &peekedConn{Conn: c, r: br}:
		return true
	case <-l.done:
		l.handedOff.Add(-1)
		return false
	}
}

// peekedConn is a connection whose first bytes were read into r.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// CloseWrite and ReadFrom keep what net/http finds on a *net.TCPConn: a
// half-close before closing (so a last answer is not lost to a reset) and
// sendfile.
func (c *peekedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

func (c *peekedConn) ReadFrom(r io.Reader) (int64, error) { return io.Copy(c.Conn, r) }

// closeWriteAndDrain ends a connection whose last answer was written, as
// net/http does: half-close, then read what the client may still send
// (briefly) so that closing does not reset the answer away.
func closeWriteAndDrain(c net.Conn) {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	_ = c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10))
}

// ---- the request ----

const feedPath = "/kiosk/v1/menu"

var (
	crlf         = []byte("\r\n")
	crlfcrlf     = []byte("\r\n\r\n")
	feedReqLine  = []byte("GET " + feedPath + " HTTP/1.1\r\n")
	hAuth        = []byte("Authorization")
	hDeviceKey   = []byte("X-Device-Key")
	hIfNoneMatch = []byte("If-None-Match")
	hAcceptEnc   = []byte("Accept-Encoding")
	hConnection  = []byte("Connection")
	hHost        = []byte("Host")
	// Headers that announce a body, a protocol change or an expectation:
	// such a request is net/http's.
	hRefused = [][]byte{[]byte("Content-Length"), []byte("Transfer-Encoding"), []byte("Expect"),
		[]byte("Upgrade"), []byte("Trailer"), []byte("TE")}
)

// feedRequest is what the fast feed reads of a request.
type feedRequest struct {
	authorization, deviceKey, ifNoneMatch, acceptEncoding []byte
	close                                                 bool
}

// parseFeedRequest reads a request head (ending with its blank line). It
// accepts only what net/http would read as the same GET of feedPath
// without a body, with the same header values (a fuzz test compares them);
// anything else is refused, to be handed to net/http.
func parseFeedRequest(head []byte) (feedRequest, bool) {
	var r feedRequest
	if !bytes.HasPrefix(head, feedReqLine) {
		return r, false
	}
	rest := head[len(feedReqLine) : len(head)-2] // header lines, each ending with CRLF
	var host, conn bool
	for len(rest) > 0 {
		i := bytes.Index(rest, crlf)
		if i < 0 {
			return r, false
		}
		line := rest[:i]
		rest = rest[i+2:]
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			return r, false
		}
		name, value := line[:colon], trimOWS(line[colon+1:])
		if !validFieldName(name) || !validFieldValue(value) {
			return r, false
		}
		var dst *[]byte
		switch {
		case bytes.EqualFold(name, hAuth):
			dst = &r.authorization
		case bytes.EqualFold(name, hDeviceKey):
			dst = &r.deviceKey
		case bytes.EqualFold(name, hIfNoneMatch):
			dst = &r.ifNoneMatch
		case bytes.EqualFold(name, hAcceptEnc):
			dst = &r.acceptEncoding
		case bytes.EqualFold(name, hHost):
			if host || !validHost(value) {
				return r, false
			}
			host = true
			continue
		case bytes.EqualFold(name, hConnection):
			if conn {
				return r, false
			}
			conn = true
			close, ok := connectionClose(value)
			if !ok {
				return r, false
			}
			r.close = close
			continue
		default:
			if slices.ContainsFunc(hRefused, func(h []byte) bool { return bytes.EqualFold(name, h) }) {
				return r, false
			}
			continue
		}
		if *dst != nil { // repeated: net/http's to combine or refuse
			return r, false
		}
		*dst = value
	}
	return r, host
}

func trimOWS(b []byte) []byte {
	return bytes.Trim(b, " \t")
}

// validFieldName: a token (RFC 9110 §5.1).
func validFieldName(b []byte) bool {
	for _, c := range b {
		if !isTokenChar(c) {
			return false
		}
	}
	return len(b) > 0
}

func isTokenChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return bytes.IndexByte([]byte("!#$%&'*+-.^_`|~"), c) >= 0
}

// validFieldValue: visible ASCII, spaces and tabs (obs-text and controls
// are refused: net/http's business).
func validFieldValue(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// validHost: a host[:port] of the characters net/http accepts, never empty.
func validHost(b []byte) bool {
	for _, c := range b {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case bytes.IndexByte([]byte("-._~:[]"), c) >= 0:
		default:
			return false
		}
	}
	return len(b) > 0
}

// connectionClose reads a Connection header of keep-alive and close tokens.
func connectionClose(v []byte) (close, ok bool) {
	for part := range bytes.SplitSeq(v, []byte(",")) {
		switch t := trimOWS(part); {
		case bytes.EqualFold(t, []byte("close")):
			close = true
		case bytes.EqualFold(t, []byte("keep-alive")):
		default:
			return false, false
		}
	}
	return close, true
}

// ---- the answer ----

// securityHeaderLines are securityHeaders' headers, for the fast feed.
var securityHeaderLines = http.Header{"X-Content-Type-Options": {"nosniff"}, "Referrer-Policy": {"same-origin"}, "X-Frame-Options": {"SAMEORIGIN"}}

// rawHead is a status line and headers (with securityHeaders'), sorted by
// name as net/http writes them, without the final blank line.
func rawHead(status string, h http.Header) []byte {
	all := h.Clone()
	for k, v := range securityHeaderLines {
		all[k] = v
	}
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 " + status + "\r\n")
	_ = all.Write(&b) // sorted, one line each
	return b.Bytes()
}

func writeFeedAnswer(bw *bufio.Writer, a menuAnswer, close bool, now time.Time) error {
	if a.notModified {
		_, _ = bw.Write(a.headers.head304)
	} else {
		_, _ = bw.Write(a.headers.head200)
		if a.gzip {
			_, _ = bw.WriteString("Content-Encoding: gzip\r\n")
		}
		_, _ = bw.WriteString("Content-Length: ")
		var n [20]byte
		_, _ = bw.Write(strconv.AppendInt(n[:0], int64(len(a.body)), 10))
		_, _ = bw.WriteString("\r\n")
	}
	if close {
		_, _ = bw.WriteString("Connection: close\r\n")
	}
	_, _ = bw.WriteString("Date: ")
	_, _ = bw.Write(httpDate(now))
	_, _ = bw.WriteString("\r\n\r\n")
	if !a.notModified {
		_, _ = bw.Write(a.body)
	}
	return bw.Flush()
}

// httpDate formats the Date header once per second.
type formattedDate struct {
	sec int64
	b   []byte
}

var dateCache atomic.Pointer[formattedDate]

func httpDate(now time.Time) []byte {
	sec := now.Unix()
	if d := dateCache.Load(); d != nil && d.sec == sec {
		return d.b
	}
	d := &formattedDate{sec: sec, b: now.UTC().AppendFormat(nil, http.TimeFormat)}
	dateCache.Store(d)
	return d.b
}
