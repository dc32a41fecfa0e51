package availability

import (
	"testing"
	"time"
)

func week(slots ...Slot) []DayHours {
	w := emptyWeek()
	for i := range w {
		w[i].Slots = slots
	}
	return w
}

func TestOpenAtFollowsSlotsExceptionsAndMidnight(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	at := func(s string) time.Time {
		tm, err := time.ParseInLocation("2006-01-02 15:04", s, paris)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	c := ChannelHours{Weekly: week(Slot{"11:30", "14:30"}, Slot{"18:30", "01:00"}), Exceptions: []Exception{
		{Date: "2025-12-25", Label: "Noël", Closed: true, Slots: []Slot{}},
		{Date: "2025-12-31", Label: "Réveillon", Slots: []Slot{{"18:00", "03:00"}}},
	}}
	for _, tc := range []struct {
		now       string
		open      bool
		changesAt string
	}{
		{"2025-12-22 10:00", false, "2025-12-22 11:30"},
		{"2025-12-22 12:00", true, "2025-12-22 14:30"},
		{"2025-12-22 14:30", false, "2025-12-22 18:30"}, // closing time is closed
		{"2025-12-23 00:30", true, "2025-12-23 01:00"},  // Monday's evening past midnight
		{"2025-12-24 23:00", true, "2025-12-25 01:00"},  // the 24th's evening runs into Christmas
		{"2025-12-25 12:00", false, "2025-12-26 11:30"}, // closed all Christmas day
		{"2025-12-31 20:00", true, "2026-01-01 03:00"},  // the exception's slot
	} {
		got := c.openAt(paris, at(tc.now))
		want := at(tc.changesAt).UTC()
		if got.Open != tc.open || got.ChangesAt == nil || !got.ChangesAt.Equal(want) {
			t.Errorf("%s: open %v until %v, want %v until %v", tc.now, got.Open, got.ChangesAt, tc.open, want)
		}
	}
	always := ChannelHours{AlwaysOpen: true, Weekly: emptyWeek(), Exceptions: c.Exceptions[:1]}
	if got := always.openAt(paris, at("2025-12-01 03:00")); !got.Open || got.ChangesAt != nil {
		t.Errorf("always open, Christmas beyond the horizon: %+v", got)
	}
	if got := always.openAt(paris, at("2025-12-24 03:00")); !got.Open || got.ChangesAt == nil || !got.ChangesAt.Equal(at("2025-12-25 00:00").UTC()) {
		t.Errorf("always open but Christmas: %+v", got)
	}
	if got := (ChannelHours{Weekly: emptyWeek()}).openAt(paris, at("2025-12-24 03:00")); got.Open || got.ChangesAt != nil {
		t.Errorf("no slot at all: %+v", got)
	}
}

// « Pour le reste de la journée » ends at the restaurant's midnight, or at
// the end of a service that passes it; at 00:30 during that service, the
// day is still the evening's. A day when clocks change keeps its length.
func TestEndOfBusinessDay(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	at := func(s string) time.Time {
		tm, _ := time.ParseInLocation("2006-01-02 15:04", s, paris)
		return tm
	}
	plain := DefaultHours()
	late := DefaultHours()
	late.Borne = ChannelHours{Weekly: week(Slot{"18:30", "02:00"}), Exceptions: []Exception{}}
	for _, tc := range []struct {
		name string
		h    Hours
		now  string
		day  string
		end  string
	}{
		{"no hours", plain, "2025-06-10 15:00", "2025-06-10", "2025-06-11 00:00"},
		{"evening past midnight", late, "2025-06-10 15:00", "2025-06-10", "2025-06-11 02:00"},
		{"during the late service", late, "2025-06-11 00:30", "2025-06-10", "2025-06-11 02:00"},
		{"after it", late, "2025-06-11 02:30", "2025-06-11", "2025-06-12 02:00"},
		{"clocks go back", plain, "2025-10-26 01:00", "2025-10-26", "2025-10-27 00:00"},
	} {
		d := businessDay(tc.h, paris, at(tc.now))
		end := endOfDay(tc.h, paris, d)
		if d.String() != tc.day || !end.Equal(at(tc.end)) {
			t.Errorf("%s: day %s ends %v, want %s ends %v", tc.name, d, end.In(paris), tc.day, tc.end)
		}
	}
	if d := (date{2025, 10, 26}); endOfDay(plain, paris, d).Sub(d.at(paris, 0)) != 25*time.Hour {
		t.Error("the day clocks go back has 25 hours")
	}
}

func TestNormalizeSortsAndRefuses(t *testing.T) {
	h := DefaultHours()
	h.Caisse = ChannelHours{Weekly: []DayHours{{Day: 3, Slots: []Slot{{"18:30", "23:00"}, {"11:30", "14:30"}}}},
		Exceptions: []Exception{{Date: "2030-05-01", Closed: true, Slots: []Slot{{"10:00", "11:00"}}}, {Date: "2030-01-01", Closed: true}}}
	out, err := normalize(h)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Caisse.Weekly) != 7 || out.Caisse.Weekly[2].Slots[0].Open != "11:30" || len(out.Caisse.Weekly[0].Slots) != 0 ||
		out.Caisse.Exceptions[0].Date != "2030-01-01" || len(out.Caisse.Exceptions[1].Slots) != 0 {
		t.Fatalf("normalized: %+v", out.Caisse)
	}
	for _, bad := range []ChannelHours{
		{Weekly: []DayHours{{Day: 8}}},
		{Weekly: []DayHours{{Day: 1}, {Day: 1}}},
		{Weekly: []DayHours{{Day: 7, Slots: []Slot{{"20:00", "03:00"}}}, {Day: 1, Slots: []Slot{{"02:00", "04:00"}}}}}, // Sunday night into Monday
		{Weekly: []DayHours{{Day: 1, Slots: []Slot{{"20:00", "07:00"}}}}},
		{Weekly: []DayHours{{Day: 1, Slots: []Slot{{"9:00", "12:00"}}}}},
		{Exceptions: []Exception{{Date: "25/12/2030", Closed: true}}},
	} {
		h := DefaultHours()
		h.Borne = bad
		if _, err := normalize(h); err == nil {
			t.Errorf("accepted %+v", bad)
		}
	}
}
