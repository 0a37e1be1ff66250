"""Family W with the generated client: token, a user created and read, a filtered list over three
pages, a 404 and a 409 read as the generated error type."""

from story_env import RUN_ID, basic, changes, env, tolerance
from workforce.api.groups import create_group
from workforce.api.o_auth import issue_token
from workforce.api.users import create_user, get_user, list_users
from workforce.client import AuthenticatedClient
from workforce.models import (
    CreateGroupRequest,
    CreateUserRequest,
    Error,
    ErrorDetail,
    GroupCreate,
    TokenRequest,
    TokenRequestGrantType,
    User,
    UserCreate,
    UserList,
)
from workforce.types import Unset

state: dict[str, str] = {}


def client() -> AuthenticatedClient:
    assert "token" in state, "w_token_client_credentials issued a token"
    return AuthenticatedClient(base_url=env("WORKFORCE_URL"), token=state["token"])


def w_token_client_credentials() -> None:
    auth = AuthenticatedClient(
        base_url=env("WORKFORCE_URL"),
        token=basic(env("WORKFORCE_CLIENT_ID"), env("WORKFORCE_CLIENT_SECRET")),
        prefix="Basic",
    )
    response = issue_token.sync_detailed(
        client=auth, body=TokenRequest(grant_type=TokenRequestGrantType.CLIENT_CREDENTIALS)
    )
    assert response.status_code == 200, response.content
    assert not isinstance(response.parsed, Error)
    assert response.parsed is not None
    assert response.parsed.token_type.lower() == "bearer"
    state["token"] = response.parsed.access_token


def w_create_user() -> None:
    response = create_user.sync_detailed(
        client=client(),
        body=CreateUserRequest(
            user=UserCreate(
                external_id=f"story-{RUN_ID}",
                email_address=f"story-{RUN_ID}@example.com",
                username=f"story-w-{RUN_ID}",
                display_name="Story User",
            )
        ),
    )
    assert response.status_code == 200, response.content
    user = response.parsed
    assert isinstance(user, User), user
    assert user.username == f"story-w-{RUN_ID}"
    if not tolerance():
        assert user.state == "ACTIVE"
    state["user_id"] = user.id
    changes["workforce_user_name"] = f"story-w-{RUN_ID}"


def w_get_user() -> None:
    assert "user_id" in state, "w_create_user made a user"
    response = get_user.sync_detailed(state["user_id"], client=client())
    assert response.status_code == 200, response.content
    user = response.parsed
    assert isinstance(user, User), user
    assert user.id == state["user_id"]
    assert user.display_name == "Story User"


def w_filtered_list_three_pages() -> None:
    prefix = f"paged-{RUN_ID}-"
    for i in range(5):
        created = create_user.sync_detailed(
            client=client(),
            body=CreateUserRequest(
                user=UserCreate(username=f"{prefix}{i}", email_address=f"{prefix}{i}@example.com")
            ),
        )
        assert created.status_code == 200, created.content
    seen: list[str] = []
    pages = 0
    skip = 0
    while True:
        response = list_users.sync_detailed(
            client=client(), filter_=f'username sw "{prefix}"', page_size=2, skip=skip
        )
        assert response.status_code == 200, response.content
        page = response.parsed
        assert isinstance(page, UserList), page
        assert page.total_size == 5
        if not page.users:
            break
        pages += 1
        seen.extend(str(u.username) for u in page.users)
        skip += 2
    assert pages == 3
    assert sorted(seen) == [f"{prefix}{i}" for i in range(5)]


def w_not_found_error_type() -> None:
    response = get_user.sync_detailed(f"no-such-user-{RUN_ID}", client=client())
    assert response.status_code == 404
    error = response.parsed
    assert isinstance(error, Error), error
    assert error.code == "not_found"
    assert isinstance(error.message, str)
    assert not isinstance(error.details, Unset)
    assert any(
        isinstance(d, ErrorDetail) and d.type_ == "ResourceInfo" for d in error.details
    ), error.details


def w_duplicate_group_conflict() -> None:
    body = CreateGroupRequest(group=GroupCreate(name=f"story-group-{RUN_ID}", description="story"))
    first = create_group.sync_detailed(client=client(), body=body)
    assert first.status_code == 200, first.content
    second = create_group.sync_detailed(client=client(), body=body)
    assert second.status_code == 409
    error = second.parsed
    assert isinstance(error, Error), error
    assert isinstance(error.code, str)
    assert isinstance(error.message, str)
