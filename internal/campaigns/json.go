package campaigns

import (
	"database/sql"
	"encoding/json"
)

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// nullInt scans a SUM that is NULL over no rows as 0.
type nullInt struct{ p *int }

func (n nullInt) Scan(v any) error {
	var x sql.NullInt64
	if err := x.Scan(v); err != nil {
		return err
	}
	*n.p = int(x.Int64)
	return nil
}
