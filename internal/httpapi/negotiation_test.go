package httpapi

import "testing"

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                        false,
		"gzip":                    true,
		"GZIP":                    true,
		"br, gzip;q=0.5":          true,
		"gzip;q=0":                false,
		"gzip;q=0.0":              false,
		"gzip; Q=0.00":            false,
		"gzip;q=0.001":            true,
		"deflate, identity":       false,
		"x-gzip":                  false,
		"gzip;level=1;q=1":        true,
		"identity;q=1, gzip;q=ok": false,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

func TestETagMatches(t *testing.T) {
	etag := `"abc"`
	for header, want := range map[string]bool{`"abc"`: true, `W/"abc"`: true, `"x", "abc"`: true, `*`: true, `"abd"`: false, `abc`: false} {
		if got := etagMatches(header, etag); got != want {
			t.Errorf("etagMatches(%q) = %v, want %v", header, got, want)
		}
	}
}
