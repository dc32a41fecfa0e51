package tenancy

import (
	"context"
	"fmt"
	"time"
)

// Location is the time zone of the principal's franchise (its country's):
// the zone in which its screens' days begin and end. UTC when the
// franchise or its zone cannot be read, so that a list still answers.
func (s *Service) Location(ctx context.Context, p Principal) *time.Location {
	f, err := s.Franchise(ctx, p)
	if err != nil {
		return time.UTC
	}
	loc, err := time.LoadLocation(CountryByCode(f.CountryCode).TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// DayRange reads the inclusive days from and to (AAAA-MM-JJ, either may be
// empty) of the principal's franchise as the instants [start, end): start
// is midnight of from, end midnight after to, both in the franchise's zone,
// so that a day keeps its 23 or 25 hours across a change of time. An empty
// day gives the zero time.
func (s *Service) DayRange(ctx context.Context, p Principal, from, to string) (start, end time.Time, err error) {
	if from == "" && to == "" {
		return start, end, nil
	}
	return DayRangeIn(s.Location(ctx, p), from, to)
}

// DayRangeIn is DayRange in a known zone.
func DayRangeIn(loc *time.Location, from, to string) (start, end time.Time, err error) {
	if from != "" {
		if start, err = parseDay(loc, "query.from", from); err != nil {
			return time.Time{}, time.Time{}, err
		}
	}
	if to != "" {
		if end, err = parseDay(loc, "query.to", to); err != nil {
			return time.Time{}, time.Time{}, err
		}
		end = end.AddDate(0, 0, 1)
	}
	return start, end, nil
}

func parseDay(loc *time.Location, field, text string) (time.Time, error) {
	day, err := time.ParseInLocation("2006-01-02", text, loc)
	if err != nil {
		return time.Time{}, &ValidationError{Field: field, Message: fmt.Sprintf("La date %q n'est pas au format AAAA-MM-JJ.", text)}
	}
	return day, nil
}
