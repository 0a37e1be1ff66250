package story

import (
	"context"
	"net/http"
	"testing"
)

// unknownEnumValue is what the emulator's tolerance mode puts into every x-extensible-enum field
// of a response (packages/emulator, UNKNOWN_ENUM_VALUE).
const unknownEnumValue = "X_UNKNOWN_VALUE"

// expectOpenEnum checks a field the documents mark x-extensible-enum: the known value as sent,
// or, in tolerance mode, the unknown value read through as it came.
func expectOpenEnum(t *testing.T, s *story, field string, got *string, known string) {
	t.Helper()
	want := known
	if s.env.tolerance {
		want = unknownEnumValue
	}
	if got == nil || *got != want {
		t.Errorf("%s: want %q, got %v", field, want, deref(got))
	}
}

func deref(p *string) string {
	if p == nil {
		return "<absent>"
	}
	return *p
}

// expectStatus fails the step unless the response had the status it needs.
func expectStatus(t *testing.T, what string, got int, want int, body []byte) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: status %d, want %d: %s", what, got, want, body)
	}
}

// bearer adds the token from a token step: the generated clients leave auth to request editors.
func bearer(token string) func(ctx context.Context, req *http.Request) error {
	return func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+token)
		return nil
	}
}

// basic adds client credentials as HTTP Basic, as both token endpoints take them.
func basic(id, secret string) func(ctx context.Context, req *http.Request) error {
	return func(_ context.Context, req *http.Request) error {
		req.SetBasicAuth(id, secret)
		return nil
	}
}

func ptr[T any](v T) *T { return &v }
