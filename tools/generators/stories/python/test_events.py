"""Family E with the generated client: the whole listing followed by its cursor, small pages, in
which the changes the earlier steps made show up. Runs last (the harness orders the files)."""

import json

from events.api.events import list_events
from events.client import AuthenticatedClient
from events.models import Event, EventsResponse, ListEventsOrdering
from events.types import UNSET, Unset
from story_env import changes, env, tolerance


def e_cursor_listing_shows_changes() -> None:
    client = AuthenticatedClient(base_url=env("EVENTS_URL"), token=env("EVENTS_API_KEY"))
    events: list[Event] = []
    cursor: str | Unset = UNSET
    pages = 0
    while True:
        response = list_events.sync_detailed(
            client=client, ordering=ListEventsOrdering.ASC, page_size=5, cursor=cursor
        )
        assert response.status_code == 200, response.content
        page = response.parsed
        assert isinstance(page, EventsResponse), page
        assert not isinstance(page.body, Unset)
        if not isinstance(page.body.events, Unset):
            events.extend(page.body.events)
        pages += 1
        if isinstance(page.body.cursor, Unset) or not page.body.cursor or pages >= 1000:
            break
        cursor = page.body.cursor
    assert pages > 1

    # An event shows a change when its data names what the step created; in tolerance mode every
    # event_type is a value no list names, so only the data is matched there.
    def shows(event_type: str, step: str) -> bool:
        name = changes.get(step)
        return name is not None and any(
            (tolerance() or e.event_type == event_type)
            and not isinstance(e.data, Unset)
            and f'"{name}"' in json.dumps(e.data.to_dict())
            for e in events
        )

    listed = f"{len(events)} events: {sorted({e.event_type for e in events})}"
    assert shows("USER_CHANGE", "workforce_user_name"), f"W user; {listed}"
    assert shows("REALM_CHANGE", "access_realm_name"), f"A realm; {listed}"
    assert shows("USER_CHANGE", "access_identity_user_name"), f"A identity; {listed}"
    assert shows("USER_CHANGE", "legacy_user_name"), f"L user; {listed}"
