package menu

import "encoding/json"

// Extra keeps the fields of a menu element that the typed model does not
// name, as the raw JSON they came in, so that nothing a kiosk or an older
// client wrote is ever dropped on a load / save round trip. The codec in
// codec.go fills and writes it.
//
// It also remembers the typed keys that are left out when empty
// (omitempty) but came in with an empty value — "available_on_the_spot":
// false, "printer": 0, "description": "" — so that they are written back
// with the element's typed value: an explicit false is not an absent key,
// which a kiosk may read otherwise. For those keys only the presence
// counts; the typed field holds the value.
type Extra map[string]json.RawMessage
