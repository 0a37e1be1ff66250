package com.example.x.story;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.x.events.ApiClient;
import com.example.x.events.api.EventsApi;
import com.example.x.events.model.Event;
import com.example.x.events.model.EventList;
import com.example.x.events.model.KnownEventData;
import com.example.x.events.model.RealmChangeData;
import com.example.x.events.model.UserChangeData;
import java.util.HashMap;
import java.util.Map;

/** Family E's step. */
final class EventsSteps {
  private final Story story;

  EventsSteps(Story story) {
    this.story = story;
  }

  /**
   * E: the newest events five per page, following the cursor, until every change the story made
   * has been seen: the legacy and workforce users, the access realm and identity.
   */
  void cursorListingShowsChanges() throws Exception {
    ApiClient client = new ApiClient();
    client.updateBaseUri(Story.env("EVENTS_URL"));
    client.setRequestInterceptor(Story.bearer(Story.env("EVENTS_API_KEY")));
    EventsApi events = new EventsApi(client);
    // What to look for: only the changes of the steps that made them.
    Map<String, Boolean> users = new HashMap<>();
    for (String name :
        new String[] {story.legacyUserName, story.workforceUserName, story.accessUserName})
      if (name != null) users.put(name, false);
    boolean realmSeen = story.accessRealmId == null;
    if (users.isEmpty() && realmSeen) fail("no change to look for: the earlier steps made none");
    // How each event's data was read, for the failure's message.
    Map<String, Integer> dataRead = new HashMap<>();
    int pages = 0;
    String cursor = null;
    while (users.containsValue(false) || !realmSeen) {
      EventList page =
          events
              .listEvents("desc", null, null, 5L, cursor, null, null, null, null, null, null, null)
              .getBody();
      pages++;
      if (page == null) fail("page " + pages + " without a body");
      for (Event event : page.getEvents() == null ? java.util.List.<Event>of() : page.getEvents()) {
        Object data = event.getData() == null ? null : event.getData().getActualInstance();
        Object read = data instanceof KnownEventData known ? known.getActualInstance() : data;
        dataRead.merge(read == null ? "no data" : read.getClass().getSimpleName(), 1, Integer::sum);
        if (!(data instanceof KnownEventData known)) continue;
        if (known.getActualInstance() instanceof UserChangeData change) {
          String name = change.getUser().getUserName();
          if (Boolean.FALSE.equals(users.get(name))) {
            users.put(name, true);
            story.expectOpenEnum("event_type", "USER_CHANGE", event.getEventType());
          }
        } else if (known.getActualInstance() instanceof RealmChangeData change
            && change.getRealm().getId().equals(story.accessRealmId)
            && !realmSeen) {
          realmSeen = true;
          story.expectOpenEnum("event_type", "REALM_CHANGE", event.getEventType());
        }
      }
      cursor = page.getCursor();
      if (cursor == null || cursor.isEmpty() || pages == 200) break;
    }
    assertTrue(
        !users.containsValue(false) && realmSeen,
        "after "
            + pages
            + " pages: users seen "
            + users
            + ", realm seen "
            + realmSeen
            + "; event data read as "
            + dataRead);
    assertTrue(pages >= 2, "the cursor was followed (" + pages + " page)");
  }
}
