package menu

import (
	"strconv"
	"testing"
)

// appendPrice must write every price exactly as Price.MarshalJSON did
// (strconv.FormatFloat of the cents over 100): stored documents compare
// by their bytes.
func TestAppendPriceMatchesFormatFloat(t *testing.T) {
	check := func(c int64) {
		want := strconv.FormatFloat(float64(c)/100, 'f', -1, 64)
		if got := string(appendPrice(nil, c, "", false)); got != want {
			t.Fatalf("%d cents: %s, want %s", c, got, want)
		}
	}
	for c := int64(-100_000); c <= 1_000_000; c++ {
		check(c)
	}
	for _, c := range []int64{123456789012, -98765432101, 1 << 40} {
		check(c)
	}
	if got := string(appendPrice(nil, 0, "9,9x<", true)); got != `"9,9x\u003c"` {
		t.Fatalf("invalid price: %s", got)
	}
}
