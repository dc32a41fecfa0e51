package availability

import (
	"time"
)

// date is a local calendar date.
type date struct {
	y int
	m time.Month
	d int
}

func dateOf(t time.Time, loc *time.Location) date {
	y, m, d := t.In(loc).Date()
	return date{y, m, d}
}

func (d date) add(days int) date {
	t := time.Date(d.y, d.m, d.d+days, 12, 0, 0, 0, time.UTC)
	return date{t.Year(), t.Month(), t.Day()}
}

func (d date) String() string {
	return time.Date(d.y, d.m, d.d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

// weekday is 1 = Monday … 7 = Sunday.
func (d date) weekday() int {
	w := int(time.Date(d.y, d.m, d.d, 12, 0, 0, 0, time.UTC).Weekday())
	if w == 0 {
		return 7
	}
	return w
}

// at is the instant of a wall-clock time of the date in loc; minutes may
// pass 1440 (the next day). A time that does not exist (the hour skipped
// when clocks go forward) is the instant after the skip, as time.Date
// normalizes it.
func (d date) at(loc *time.Location, min int) time.Time {
	return time.Date(d.y, d.m, d.d, 0, min, 0, 0, loc)
}

func parseDate(s string) (date, bool) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return date{}, false
	}
	return date{t.Year(), t.Month(), t.Day()}, true
}

// interval is a stretch of open time.
type interval struct{ from, to time.Time }

// slotsOn are the slots of a channel on a date (nil: closed all day); ok is
// false when the channel is open all day (no restriction).
func (c ChannelHours) slotsOn(d date) (slots []Slot, allDay bool) {
	key := d.String()
	for _, e := range c.Exceptions {
		if e.Date == key {
			if e.Closed {
				return nil, false
			}
			return e.Slots, false
		}
	}
	if c.AlwaysOpen {
		return nil, true
	}
	for _, w := range c.Weekly {
		if w.Day == d.weekday() {
			return w.Slots, false
		}
	}
	return nil, false
}

// intervals lists a channel's open time over the dates [first, last],
// merged where stretches touch or overlap, in order.
func (c ChannelHours) intervals(loc *time.Location, first, last date) []interval {
	var out []interval
	for d := first; ; d = d.add(1) {
		slots, allDay := c.slotsOn(d)
		if allDay {
			out = append(out, interval{d.at(loc, 0), d.add(1).at(loc, 0)})
		}
		for _, s := range slots {
			sp := spanOf(s)
			out = append(out, interval{d.at(loc, sp.from), d.at(loc, sp.to)})
		}
		if d == last {
			break
		}
	}
	// Insertion sort by start (a few dozen at most), then merge.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].from.Before(out[j-1].from); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	var merged []interval
	for _, iv := range out {
		if n := len(merged); n > 0 && !iv.from.After(merged[n-1].to) {
			if iv.to.After(merged[n-1].to) {
				merged[n-1].to = iv.to
			}
			continue
		}
		merged = append(merged, iv)
	}
	return merged
}

// horizon is how far ahead the next opening or closing is looked for.
const horizon = 8

// OpenState says whether a channel takes orders at an instant.
type OpenState struct {
	Open bool `json:"open" doc:"Ouvert à l'instant du document"`
	// ChangesAt is when Open flips, if it does within the week ahead.
	ChangesAt *time.Time `json:"changesAt,omitempty" doc:"Prochaine ouverture (si fermé) ou fermeture (si ouvert), dans les 8 jours ; absent sinon"`
}

// openAt is a channel's state at now.
func (c ChannelHours) openAt(loc *time.Location, now time.Time) OpenState {
	today := dateOf(now, loc)
	last := today.add(horizon)
	end := last.add(1).at(loc, 0)
	for _, iv := range c.intervals(loc, today.add(-1), last) {
		if iv.to.Before(now) || iv.to.Equal(now) {
			continue
		}
		if iv.from.After(now) {
			t := iv.from.UTC()
			return OpenState{Open: false, ChangesAt: &t}
		}
		if iv.to.Before(end) {
			t := iv.to.UTC()
			return OpenState{Open: true, ChangesAt: &t}
		}
		return OpenState{Open: true}
	}
	return OpenState{}
}

// businessDay is the local date whose service is running at now: the
// calendar date, or the day before while a slot of that day that passes
// midnight is still open (a sale at 01:00 after an evening service belongs
// to the evening's day).
func businessDay(h Hours, loc *time.Location, now time.Time) date {
	today := dateOf(now, loc)
	yesterday := today.add(-1)
	for _, name := range Channels {
		slots, _ := h.channel(name).slotsOn(yesterday)
		for _, s := range slots {
			sp := spanOf(s)
			if sp.to > minutesPerDay && now.Before(yesterday.at(loc, sp.to)) {
				return yesterday
			}
		}
	}
	return today
}

// endOfDay is when a local business date ends: the next midnight, or later
// when one of the date's slots (any channel) runs past it.
func endOfDay(h Hours, loc *time.Location, d date) time.Time {
	end := d.add(1).at(loc, 0)
	for _, name := range Channels {
		slots, _ := h.channel(name).slotsOn(d)
		for _, s := range slots {
			if t := d.at(loc, spanOf(s).to); t.After(end) {
				end = t
			}
		}
	}
	return end.UTC()
}

// location is a restaurant's zone (UTC if unknown).
func location(name string) *time.Location {
	if name != "" {
		if loc, err := time.LoadLocation(name); err == nil {
			return loc
		}
	}
	return time.UTC
}
