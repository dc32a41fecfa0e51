package orders

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"brigade/internal/tenancy"
)

// Limits of a till's history import. The demo's orders weigh 833 bytes on
// average as NDJSON (1,748 at most), and its busiest restaurant makes
// 26,591 a year (21 MiB): MaxImportBytes holds a year of a restaurant ten
// times as busy with room to spare (about 320,000 such orders), and
// MaxImportLineBytes an order a hundred times the largest. The server holds
// one line and one batch at a time, whatever the body's size.
const (
	MaxImportBytes     = 256 << 20
	MaxImportLineBytes = 256 << 10
	// MaxImportErrors is how many refused lines an import describes; it
	// counts all of them.
	MaxImportErrors = 100
	// A batch is committed at importFlushOrders orders or importFlushBytes
	// of their lines, whichever comes first.
	importFlushOrders = 2000
	importFlushBytes  = 4 << 20
)

// ErrImportTooLarge: the body goes past MaxImportBytes. The lines before
// the cap were handled (ImportResult says how far); the rest was not read.
var ErrImportTooLarge = errors.New("import trop volumineux")

// ImportResult sums up a bulk import.
type ImportResult struct {
	Imported   int
	Duplicates int
	Rejected   int         // every refused line
	Errors     []LineError // the first MaxImportErrors refused lines
	Lines      int         // lines read (and handled) to the end
}

// LineError is a refused line of a bulk import.
type LineError struct {
	Line    int
	Field   string
	Message string
}

// ImportNDJSON stores the orders of one device (history from a till) read
// from body, one JSON order per line, streaming: valid orders are stored
// in batches, each in one transaction with its rollups; refused lines are
// counted and the first MaxImportErrors described. A line stored before (a
// retried import) is counted as a duplicate, never stored twice. A body
// longer than MaxImportBytes stops at the cap with ErrImportTooLarge,
// after storing the complete lines before it.
func (s *Service) ImportNDJSON(ctx context.Context, dev tenancy.Device, body io.Reader) (ImportResult, error) {
	return s.importNDJSON(ctx, dev, body, MaxImportBytes, MaxImportLineBytes)
}

func (s *Service) importNDJSON(ctx context.Context, dev tenancy.Device, body io.Reader, maxBytes int64, maxLine int) (ImportResult, error) {
	res := ImportResult{Errors: []LineError{}}
	batch := make([]*row, 0, importFlushOrders)
	batchBytes := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := s.storeRows(ctx, batch); err != nil {
			return err
		}
		for _, r := range batch {
			if r.duplicate {
				res.Duplicates++
			} else {
				res.Imported++
			}
		}
		clear(batch) // let the stored orders go
		batch, batchBytes = batch[:0], 0
		return nil
	}
	reject := func(line int, field, message string) {
		res.Rejected++
		if len(res.Errors) < MaxImportErrors {
			res.Errors = append(res.Errors, LineError{Line: line, Field: field, Message: message})
		}
	}
	br := bufio.NewReaderSize(&cappedReader{r: body, left: maxBytes}, 64<<10)
	var buf []byte
	for {
		var tooLong bool
		var readErr error
		buf, tooLong, readErr = readLine(br, buf, maxLine)
		if readErr != nil && readErr != io.EOF {
			// A cut line (the cap, a broken connection) is not handled;
			// the complete ones before it are stored.
			if err := flush(); err != nil {
				return res, err
			}
			return res, readErr
		}
		if readErr == io.EOF && len(buf) == 0 && !tooLong {
			break
		}
		res.Lines++
		switch b := bytes.TrimSpace(buf); {
		case tooLong:
			reject(res.Lines, "", fmt.Sprintf("Ligne trop longue : une commande tient en moins de %d Kio.", maxLine>>10))
		case len(b) == 0:
		default:
			o, err := decodeLine(b)
			if err != nil {
				reject(res.Lines, "", err.Error())
				break
			}
			r, err := s.prepare(dev, o)
			if err != nil {
				var ve *ValidationError
				if !errors.As(err, &ve) {
					return res, err
				}
				reject(res.Lines, ve.Field, ve.Message)
				break
			}
			batch = append(batch, r)
			batchBytes += len(b)
			if len(batch) == importFlushOrders || batchBytes >= importFlushBytes {
				if err := flush(); err != nil {
					return res, err
				}
			}
		}
		if readErr == io.EOF {
			break
		}
	}
	return res, flush()
}

// readLine reads the next line into buf (reused), without its end of line.
// A line longer than max is read to its end but not kept: tooLong. At the
// end of the input it returns io.EOF, with the last line if it had no end.
func readLine(br *bufio.Reader, buf []byte, max int) (line []byte, tooLong bool, err error) {
	buf = buf[:0]
	for {
		chunk, err := br.ReadSlice('\n')
		chunk = bytes.TrimSuffix(chunk, []byte("\n"))
		if !tooLong {
			if len(buf)+len(chunk) > max {
				tooLong, buf = true, buf[:0]
			} else {
				buf = append(buf, chunk...)
			}
		}
		if err != bufio.ErrBufferFull {
			return buf, tooLong, err
		}
	}
}

// decodeLine reads one order, refusing unknown fields and anything after
// the order, with the reason in French.
func decodeLine(b []byte) (Order, error) {
	var o Order
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return o, errors.New(jsonReason(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return o, errors.New("JSON invalide : du texte suit la commande (une seule commande par ligne).")
	}
	return o, nil
}

// jsonReason says in French why a line is not an order.
func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	var pe *time.ParseError
	switch {
	case errors.As(err, &te) && te.Field == "":
		return "JSON invalide : la ligne n'est pas un objet commande."
	case errors.As(err, &te):
		return fmt.Sprintf("JSON invalide : le champ %s n'a pas le bon type.", te.Field)
	case errors.As(err, &se):
		return fmt.Sprintf("JSON invalide : caractère inattendu à la position %d.", se.Offset)
	case errors.As(err, &pe):
		return "JSON invalide : une date doit être au format RFC 3339 (AAAA-MM-JJTHH:MM:SSZ)."
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "JSON invalide : la commande s'arrête avant sa fin."
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "JSON invalide : champ inconnu " + strings.TrimPrefix(err.Error(), "json: unknown field ") + "."
	}
	return "JSON invalide."
}

// cappedReader reads at most left bytes of r, then fails with
// ErrImportTooLarge if r has more.
type cappedReader struct {
	r    io.Reader
	left int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n > 0 {
			return 0, ErrImportTooLarge
		}
		return 0, err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
