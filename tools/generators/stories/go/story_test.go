// The conformance story for the Go clients that oapi-codegen generates from the 3.0 documents,
// run against the emulator the harness started (its addresses and seeded credentials come from
// X_STORY_* variables). One subtest per step, named as tools/generators/src/story.ts names it;
// they run in order and share what earlier steps made, events last so its listing shows the
// changes of the others.
package story

import (
	"fmt"
	"os"
	"testing"
	"time"
)

// story holds what one step hands to the next.
type story struct {
	env    env
	run    string // makes this run's names unique: several runs may share one emulator
	wToken string
	// What the story made, for the events listing to find.
	legacyUserName string
	wUserID        string
	wUserName      string
	aToken         string
	aRealmID       string
	aUserName      string
	aIdentityIDs   []string
}

func TestStory(t *testing.T) {
	s := &story{env: readEnv(t), run: fmt.Sprintf("go-%d", time.Now().UnixNano())}
	steps := []struct {
		name string
		fn   func(t *testing.T, s *story)
	}{
		{"l_create_user", lCreateUser},
		{"w_token_client_credentials", wTokenClientCredentials},
		{"w_create_user", wCreateUser},
		{"w_get_user", wGetUser},
		{"w_filtered_list_three_pages", wFilteredListThreePages},
		{"w_not_found_error_type", wNotFoundErrorType},
		{"w_duplicate_group_conflict", wDuplicateGroupConflict},
		{"a_token_client_credentials", aTokenClientCredentials},
		{"a_realm", aRealm},
		{"a_identity", aIdentity},
		{"a_page_token_listing", aPageTokenListing},
		{"a_field_violations", aFieldViolations},
		{"e_cursor_listing_shows_changes", eCursorListingShowsChanges},
	}
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) { step.fn(t, s) })
	}
}

// env is what the harness tells the story about its emulator.
type env struct {
	tolerance bool
}

func readEnv(t *testing.T) env {
	mode := os.Getenv("X_STORY_MODE")
	if mode != "normal" && mode != "tolerance" {
		t.Fatalf("X_STORY_MODE must be normal or tolerance, not %q", mode)
	}
	return env{tolerance: mode == "tolerance"}
}

// get reads an X_STORY_ variable; a missing one fails the step that needs it.
func (e env) get(t *testing.T, name string) string {
	t.Helper()
	value := os.Getenv("X_STORY_" + name)
	if value == "" {
		t.Fatalf("X_STORY_%s is not set", name)
	}
	return value
}
