package orders_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// TestImportNDJSONLines reads lines of every shape: without a final end of
// line, with CRLF, blank, longer than the reader's buffer but within the
// cap, past the cap (one error, the next line still read), two orders on
// one line; and stops at the body cap after storing the complete lines
// before it.
func TestImportNDJSONLines(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db, ten, shops := testutil.DemoShops(t, engine)
		svc := orders.NewService(db, ten, events.NewLocal())
		last := time.Date(2026, 4, 12, 23, 59, 0, 0, time.UTC)
		g := demo.Generator{Shops: shops[:1], Last: last, Now: last.Add(48 * time.Hour), Days: 3, Total: 40, Seed: 3}
		var lines []string
		var dev tenancy.Device
		_ = g.Each(func(o orders.Order, d tenancy.Device) error {
			if dev.Equipment.ID == 0 {
				dev = d
			}
			if d.Equipment.ID == dev.Equipment.ID && len(lines) < 6 {
				b, err := json.Marshal(o)
				if err != nil {
					t.Fatal(err)
				}
				lines = append(lines, string(b))
			}
			return nil
		})
		if len(lines) < 6 {
			t.Fatalf("only %d demo orders of one device", len(lines))
		}
		// A long but valid line: the order with spaces before its end.
		long := lines[1][:len(lines[1])-1] + strings.Repeat(" ", 100<<10) + "}"
		body := lines[0] + "\r\n" + "\n" + long + "\n" + `{"order_id":"` + strings.Repeat("y", 300<<10) + `"}` + "\n" +
			lines[2] + lines[3] + "\n" + lines[4] + "\n" + lines[4] // no final end of line; line 6 is a retry
		res, err := svc.ImportNDJSONCapped(ctx, dev, strings.NewReader(body), 1<<30, 256<<10)
		if err != nil {
			t.Fatal(err)
		}
		if res.Imported != 3 || res.Duplicates != 1 || res.Rejected != 2 || res.Lines != 7 || len(res.Errors) != 2 ||
			res.Errors[0].Line != 4 || !strings.HasPrefix(res.Errors[0].Message, "Ligne trop longue") ||
			res.Errors[1].Line != 5 || !strings.Contains(res.Errors[1].Message, "du texte suit la commande") {
			t.Fatalf("%+v", res)
		}
		// The cap falls inside line 3: lines 1 and 2 are stored, the rest
		// is neither read nor stored.
		body = lines[0] + "\n" + lines[5] + "\n" + lines[2] + "\n" + lines[3] + "\n"
		capped := int64(len(lines[0]) + len(lines[5]) + 2 + 10)
		res, err = svc.ImportNDJSONCapped(ctx, dev, strings.NewReader(body), capped, 256<<10)
		if !errors.Is(err, orders.ErrImportTooLarge) || res.Lines != 2 || res.Imported != 1 || res.Duplicates != 1 {
			t.Fatalf("capped: %v %+v", err, res)
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM orders`).Scan(&n); err != nil || n != 4 {
			t.Fatalf("%d orders stored (%v), want 4", n, err)
		}
	})
}
