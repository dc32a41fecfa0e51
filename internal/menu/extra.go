package menu

import "encoding/json"

// Extra keeps the fields of a menu element that the typed model does not
// name, as the raw JSON they came in, so that nothing a kiosk or an older
// client wrote is ever dropped on a load / save round trip. The codec in
// codec.go fills and writes it.
type Extra map[string]json.RawMessage
