package tenancy_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"brigade/internal/blob"
	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// A 1×1 PNG, and headers of the other accepted formats: the type is read
// from the content, never from what the browser claims.
var (
	png  = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\x00\x01\x00\x00\x05\x00\x01\r\n-\xb4\x00\x00\x00\x00IEND\xaeB`\x82"
	jpeg = "\xff\xd8\xff\xe0\x00\x10JFIF\x00"
	webp = "RIFF\x24\x00\x00\x00WEBPVP8 "
)

func TestCheckLogo(t *testing.T) {
	for _, c := range []struct {
		name, data, wantType, wantMsg string
	}{
		{"png", png, "image/png", ""},
		{"jpeg", jpeg, "image/jpeg", ""},
		{"webp", webp, "image/webp", ""},
		{"svg with a script", "<svg onload=alert(1)>", "", tenancy.MsgLogoType},
		{"gif", "GIF89a\x01\x00\x01\x00", "", tenancy.MsgLogoType},
		{"empty", "", "", tenancy.MsgLogoType},
		{"just at the limit", png + strings.Repeat("\x00", tenancy.MaxLogoBytes-len(png)), "image/png", ""},
		{"one byte over 1 Mo", png + strings.Repeat("\x00", tenancy.MaxLogoBytes-len(png)+1), "", tenancy.MsgLogoSize},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := tenancy.CheckLogo([]byte(c.data))
			if c.wantMsg == "" {
				if err != nil || got != c.wantType {
					t.Fatalf("got %q, %v; want %q", got, err, c.wantType)
				}
				return
			}
			var ve *tenancy.ValidationError
			if !errors.As(err, &ve) || ve.Message != c.wantMsg || ve.Field != "logo" {
				t.Fatalf("got %q, %v; want the validation error %q", got, err, c.wantMsg)
			}
		})
	}
}

func TestUploadLogo(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		blobs, err := blob.NewFolder(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		admin := func(name string) tenancy.Principal {
			f, err := ten.NewFranchise(ctx, db, tenancy.Franchise{Name: name})
			if err != nil {
				t.Fatal(err)
			}
			u, err := ten.NewUser(ctx, db, tenancy.User{Login: strings.ToLower(name), Role: tenancy.RoleAdmin, FranchiseID: f.ID})
			if err != nil {
				t.Fatal(err)
			}
			return tenancy.PrincipalFor(u)
		}
		owner, other := admin("Brigade"), admin("Autre")

		if _, _, err := ten.Logo(ctx, owner, blobs); !errors.Is(err, tenancy.ErrNotFound) {
			t.Fatalf("no logo yet: %v", err)
		}
		f, err := ten.UploadLogo(ctx, owner, blobs, []byte(png))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(f.Logo, "/api/v1/franchise/logo?v=") {
			t.Fatalf("logo address %q", f.Logo)
		}
		data, contentType, err := ten.Logo(ctx, owner, blobs)
		if err != nil || contentType != "image/png" || !bytes.Equal(data, []byte(png)) {
			t.Fatalf("read back: %q %v", contentType, err)
		}
		// Another franchise never reaches it.
		if _, _, err := ten.Logo(ctx, other, blobs); !errors.Is(err, tenancy.ErrNotFound) {
			t.Fatalf("other franchise: %v", err)
		}

		// Refusals leave the stored logo and the franchise's address as they were.
		moderator := owner
		moderator.Role = tenancy.RoleModerator
		for _, c := range []struct {
			name string
			p    tenancy.Principal
			data string
			want func(error) bool
		}{
			{"not an image", owner, "<svg onload=alert(1)>", func(err error) bool { var ve *tenancy.ValidationError; return errors.As(err, &ve) }},
			{"too large", owner, png + strings.Repeat("\x00", tenancy.MaxLogoBytes), func(err error) bool { var ve *tenancy.ValidationError; return errors.As(err, &ve) }},
			{"not the admin", moderator, jpeg, func(err error) bool { return errors.Is(err, tenancy.ErrForbidden) }},
		} {
			if _, err := ten.UploadLogo(ctx, c.p, blobs, []byte(c.data)); !c.want(err) {
				t.Errorf("%s: %v", c.name, err)
			}
		}
		data, _, err = ten.Logo(ctx, owner, blobs)
		if err != nil || !bytes.Equal(data, []byte(png)) {
			t.Fatalf("a refused upload replaced the logo: %v", err)
		}
		after, err := ten.Franchise(ctx, owner)
		if err != nil || after.Logo != f.Logo {
			t.Fatalf("a refused upload changed the address: %q → %q (%v)", f.Logo, after.Logo, err)
		}
	})
}
