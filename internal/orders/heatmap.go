package orders

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// HeatMap sums the paid orders' hour cells over a range into local hour ×
// weekday (Sunday = 0) of loc, each UTC hour placed by its start. Months
// in which loc keeps one UTC offset (no daylight-saving change, checked a
// day beyond each end since a business month's orders may fall a few hours
// outside it in UTC) read the month rows keyed by UTC weekday and hour;
// the other days read the day rows keyed by UTC date and hour.
func (s *Service) HeatMap(ctx context.Context, sc Scope, r Range, loc *time.Location, only ...Metric) ([24][7]Metrics, error) {
	return s.heatMap(ctx, sc, r, loc, DimHours, DimWeekHours, only...)
}

// CollectHeatMap is HeatMap over the paid click & collect orders only
// (their chour and cwhour cells): the click & collect peak hours.
func (s *Service) CollectHeatMap(ctx context.Context, sc Scope, r Range, loc *time.Location) ([24][7]Metrics, error) {
	return s.heatMap(ctx, sc, r, loc, DimCollectHours, DimCollectWeekHours, MN, MTotal)
}

func (s *Service) heatMap(ctx context.Context, sc Scope, r Range, loc *time.Location, hourDim, weekDim string, only ...Metric) ([24][7]Metrics, error) {
	var heat [24][7]Metrics
	if r.End < r.Start {
		return heat, nil
	}
	var days, months []span
	offsets := map[int64]int{} // month -> offset in seconds
	// The franchise rows, or one restaurant's: a row per key and period.
	oneRowEach := sc.Restaurants == nil || len(sc.Restaurants) == 1
	st, e := dateOf(r.Start), dateOf(r.End)
	for m := time.Date(st.Year(), st.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(e); m = m.AddDate(0, 1, 0) {
		n := daysIn(m.Year(), m.Month())
		first, last := 1, n
		if m.Year() == st.Year() && m.Month() == st.Month() {
			first = st.Day()
		}
		if m.Year() == e.Year() && m.Month() == e.Month() {
			last = e.Day()
		}
		month := toDate(m) / 100
		day := func(d int) int64 { return month*100 + int64(d) }
		in := last - first + 1
		from, to := m.Add(-24*time.Hour), m.AddDate(0, 1, 0).Add(24*time.Hour)
		local := from.In(loc)
		_, end := local.ZoneBounds()
		steady := end.IsZero() || !end.Before(to)
		switch {
		case !steady || (in < n && in <= n-in+1):
			days = append(days, span{day(first), day(last), 1})
		default:
			_, offsets[month] = local.Zone()
			if k := len(months) - 1; k >= 0 && (months[k].to+1 == month || months[k].to%100 == 12 && (months[k].to/100+1)*100+1 == month) {
				months[k].to = month
			} else {
				months = append(months, span{month, month, 1})
			}
			if first > 1 {
				days = append(days, span{day(1), day(first - 1), -1})
			}
			if last < n {
				days = append(days, span{day(last + 1), day(n), -1})
			}
		}
	}
	if len(days) > 0 {
		cells, err := s.sumSpans(ctx, sc, hourDim, days, ByKey, nil, !oneRowEach, only...)
		if err != nil {
			return heat, err
		}
		for _, c := range cells {
			t, err := time.ParseInLocation("2006010215", c.Key, time.UTC)
			if err != nil {
				continue
			}
			lt := t.In(loc)
			heat[lt.Hour()][int(lt.Weekday())].add(c.Metrics)
		}
	}
	if len(months) > 0 {
		cells, err := s.sumSpans(ctx, sc, weekDim, months, ByMonth, nil, !oneRowEach, only...)
		if err != nil {
			return heat, err
		}
		for _, c := range cells {
			wd, h, ok := strings.Cut(c.Key, "|")
			w, err1 := strconv.Atoi(wd)
			hour, err2 := strconv.Atoi(h)
			if !ok || err1 != nil || err2 != nil {
				continue
			}
			secs := hour*3600 + offsets[c.Period]
			shift := secs / 86400
			if secs < 0 {
				shift = (secs - 86399) / 86400
			}
			secs -= shift * 86400
			heat[secs/3600][((w+shift)%7+7)%7].add(c.Metrics)
		}
	}
	return heat, nil
}
