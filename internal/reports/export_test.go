package reports

import "time"

// SetNow sets the clock the real-time report reads today from.
func SetNow(s *Service, now func() time.Time) { s.now = now }
