package story

import (
	"context"
	"testing"

	"x-sdk/tools/generators/go/events"
)

// E: the newest events five per page, following the cursor, until every change the story made
// has been seen: the legacy and workforce users, the access realm and identity.
func eCursorListingShowsChanges(t *testing.T, s *story) {
	client, err := events.NewClientWithResponses(s.env.get(t, "EVENTS_URL"),
		events.WithRequestEditorFn(bearer(s.env.get(t, "EVENTS_API_KEY"))))
	if err != nil {
		t.Fatal(err)
	}
	// What to look for: only the changes of the steps that made them.
	users := map[string]bool{}
	for _, name := range []string{s.legacyUserName, s.wUserName, s.aUserName} {
		if name != "" {
			users[name] = false
		}
	}
	realmSeen := s.aRealmID == ""
	if len(users) == 0 && realmSeen {
		t.Fatal("no change to look for: the earlier steps made none")
	}
	done := func() bool {
		for _, seen := range users {
			if !seen {
				return false
			}
		}
		return realmSeen
	}
	pages := 0
	var cursor *string
	for !done() {
		res, err := client.ListEventsWithResponse(context.Background(), &events.ListEventsParams{
			Ordering: events.ListEventsParamsOrdering("desc"),
			PageSize: ptr(events.PageSize(5)),
			Cursor:   cursor,
		})
		if err != nil {
			t.Fatal(err)
		}
		expectStatus(t, "listEvents", res.StatusCode(), 200, res.Body)
		pages++
		if res.JSON200 == nil || res.JSON200.Body == nil {
			t.Fatalf("page %d without a body: %s", pages, res.Body)
		}
		page := res.JSON200.Body
		if page.Events != nil {
			for _, event := range *page.Events {
				if event.Data == nil {
					continue
				}
				known, err := event.Data.AsKnownEventData()
				if err != nil {
					t.Fatalf("event %s: %v", event.Id, err)
				}
				kind, err := known.Discriminator()
				if err != nil {
					t.Fatalf("event %s: %v", event.Id, err)
				}
				switch kind {
				case "UserChange":
					data, err := known.AsUserChangeData()
					if err != nil {
						t.Fatalf("event %s: %v", event.Id, err)
					}
					if seen, wanted := users[deref(data.User.UserName)]; wanted && !seen {
						users[deref(data.User.UserName)] = true
						expectOpenEnum(t, s, "event_type", &event.EventType, "USER_CHANGE")
					}
				case "RealmChange":
					data, err := known.AsRealmChangeData()
					if err != nil {
						t.Fatalf("event %s: %v", event.Id, err)
					}
					if data.Realm.Id == s.aRealmID && !realmSeen {
						realmSeen = true
						expectOpenEnum(t, s, "event_type", &event.EventType, "REALM_CHANGE")
					}
				}
			}
		}
		if page.Cursor == nil || *page.Cursor == "" || pages == 200 {
			break
		}
		cursor = page.Cursor
	}
	if !done() {
		t.Errorf("after %d pages: users seen %v, realm %s seen %v", pages, users, s.aRealmID, realmSeen)
	}
	if pages < 2 {
		t.Errorf("the story's changes fit on %d page: the cursor was never followed", pages)
	}
}
