package config

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
)

func TestTrustedProxies(t *testing.T) {
	c, err := Parse("serve", nil)
	if err != nil || len(c.TrustedProxies) != 0 {
		t.Fatalf("default must trust no proxy: %v %v", c.TrustedProxies, err)
	}
	t.Setenv("BRIGADE_TRUSTED_PROXIES", "10.0.0.1, 192.168.0.0/16,::1,::ffff:172.16.0.0/108,")
	c, err = Parse("serve", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.1/32"), netip.MustParsePrefix("192.168.0.0/16"),
		netip.MustParsePrefix("::1/128"), netip.MustParsePrefix("172.16.0.0/12")}
	if !slices.Equal(c.TrustedProxies, want) {
		t.Fatalf("got %v", c.TrustedProxies)
	}
	for _, bad := range []string{"10.0.0", "10.0.0.0/33", "proxy.local"} {
		if _, err := Parse("serve", []string{"--trusted-proxies", bad}); err == nil || !strings.Contains(err.Error(), "--trusted-proxies : ") || !strings.Contains(err.Error(), "valide") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
