package httpapi_test

import (
	"bytes"
	"os"
	"testing"

	"brigade/internal/httpapi"
)

// TestCheckedInOpenAPIIsCurrent keeps web/openapi.json (from which the
// browser's TypeScript types are generated) in step with the Go handlers.
func TestCheckedInOpenAPIIsCurrent(t *testing.T) {
	want, err := httpapi.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../web/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/openapi.json is stale: run `make gen` (it regenerates the document and the TypeScript types)")
	}
}
