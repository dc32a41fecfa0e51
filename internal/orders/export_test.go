package orders

import (
	"context"
	"io"

	"brigade/internal/tenancy"
)

// ImportNDJSONCapped is ImportNDJSON with other limits, for tests.
func (s *Service) ImportNDJSONCapped(ctx context.Context, dev tenancy.Device, body io.Reader, maxBytes int64, maxLine int) (ImportResult, error) {
	return s.importNDJSON(ctx, dev, body, maxBytes, maxLine)
}
