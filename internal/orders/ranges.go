package orders

import (
	"time"
)

// Scope is the set of restaurants a report covers: the whole franchise
// (Restaurants nil), or a list of restaurants of that franchise.
type Scope struct {
	FranchiseID int64
	Restaurants []int64
}

// Range is a span of business dates, both ends included (yyyymmdd).
type Range struct{ Start, End int64 }

func dateOf(d int64) time.Time {
	return time.Date(int(d/10000), time.Month(d/100%100), int(d%100), 0, 0, 0, 0, time.UTC)
}

func toDate(t time.Time) int64 {
	y, m, d := t.Date()
	return int64(y*10000 + int(m)*100 + d)
}

// ParseDate reads yyyy-mm-dd as a business date.
func ParseDate(s string) (int64, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return 0, err
	}
	return toDate(t), nil
}

// AddDays moves a business date by n days.
func AddDays(d int64, n int) int64 { return toDate(dateOf(d).AddDate(0, 0, n)) }

// Days is the number of days of the range.
func (r Range) Days() int { return int(dateOf(r.End).Sub(dateOf(r.Start)).Hours()/24) + 1 }

// span is an interval of periods whose rows are added (sign 1) or
// subtracted (sign -1).
type span struct {
	from, to int64
	sign     int64
}

func daysIn(y int, m time.Month) int { return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day() }

// spans covers a range with as few rollup rows as it can: whole months
// from month rows; a partly covered month either from its day rows, or from
// its month row minus the day rows it leaves out, whichever reads fewer
// days (every metric is a sum, so subtracting is exact). A range that ends
// today thus reads its last month's row minus nothing: the later days
// have no rows yet.
func (r Range) spans(daysOnly bool) []span {
	if r.End < r.Start {
		return nil
	}
	if daysOnly {
		return []span{{r.Start, r.End, 1}}
	}
	var out []span
	add := func(sp span) {
		if n := len(out); n > 0 && out[n-1].sign == sp.sign && (out[n-1].from >= 1_000_000) == (sp.from >= 1_000_000) {
			last := &out[n-1]
			next := sp.from
			if sp.from >= 1_000_000 {
				next = AddDays(last.to, 1)
			} else if lm := last.to; lm%100 == 12 {
				next = (lm/100+1)*100 + 1
			} else {
				next = lm + 1
			}
			if next == sp.from {
				last.to = sp.to
				return
			}
		}
		out = append(out, sp)
	}
	s, e := dateOf(r.Start), dateOf(r.End)
	for m := time.Date(s.Year(), s.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(e); m = m.AddDate(0, 1, 0) {
		n := daysIn(m.Year(), m.Month())
		first, last := 1, n
		if m.Year() == s.Year() && m.Month() == s.Month() {
			first = s.Day()
		}
		if m.Year() == e.Year() && m.Month() == e.Month() {
			last = e.Day()
		}
		month := toDate(m) / 100
		day := func(d int) int64 { return month*100 + int64(d) }
		in := last - first + 1
		switch {
		case in == n:
			add(span{month, month, 1})
		case in <= n-in+1:
			add(span{day(first), day(last), 1})
		default:
			add(span{month, month, 1})
			if first > 1 {
				out = append(out, span{day(1), day(first - 1), -1})
			}
			if last < n {
				out = append(out, span{day(last + 1), day(n), -1})
			}
		}
	}
	return out
}

// yearSpans is spans with year rows too: each calendar year the range
// covers wholly reads its year row; a partly covered year reads its months
// and days (spans), or its year row minus the months and days it leaves out,
// whichever reads fewer rows. Rows are counted up to today (the days after
// it have none yet), so a range ending today reads this year's row.
func (r Range) yearSpans(today int64) []span {
	if r.End < r.Start {
		return nil
	}
	cost := func(sps []span) int {
		n := 0
		for _, sp := range sps {
			if sp.from >= 1_000_000 {
				for d := sp.from; d <= sp.to && d <= today; d = AddDays(d, 1) {
					n++
				}
				continue
			}
			for m := sp.from; m <= sp.to && m <= today/100; {
				n++
				if m%100 == 12 {
					m = (m/100+1)*100 + 1
				} else {
					m++
				}
			}
		}
		return n
	}
	var out []span
	for y := r.Start / 10000; y <= r.End/10000; y++ {
		first, last := y*10000+101, y*10000+1231
		from, to := max(r.Start, first), min(r.End, last)
		if from == first && to == last {
			out = append(out, span{y, y, 1})
			continue
		}
		parts := Range{from, to}.spans(false)
		var rest []span
		if from > first {
			rest = append(rest, Range{first, AddDays(from, -1)}.spans(false)...)
		}
		if to < last {
			rest = append(rest, Range{AddDays(to, 1), last}.spans(false)...)
		}
		if 1+cost(rest) < cost(parts) {
			out = append(out, span{y, y, 1})
			for _, sp := range rest {
				sp.sign = -sp.sign
				out = append(out, sp)
			}
		} else {
			out = append(out, parts...)
		}
	}
	return out
}
