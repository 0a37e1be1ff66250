"""Family A with the generated client: a token from the auth URL, a realm, an identity in it, a
listing followed by its page tokens, and a 400 whose field violations name the field."""

from access.api.identities import create_identity, list_identities
from access.api.o_auth import issue_token
from access.api.realms import create_realm
from access.client import AuthenticatedClient
from access.models import (
    CreateIdentityRequest,
    CreateRealmRequest,
    Error,
    ErrorDetail,
    Identity,
    IdentityCreate,
    IdentityList,
    IdentityStatus,
    Realm,
    RealmClassification,
    RealmCreate,
    TokenRequest,
    TokenRequestGrantType,
    TraitsV0,
)
from access.types import UNSET, Unset
from story_env import RUN_ID, basic, changes, env, tolerance

state: dict[str, str] = {}


def client() -> AuthenticatedClient:
    assert "token" in state, "a_token_client_credentials issued a token"
    return AuthenticatedClient(base_url=env("ACCESS_URL"), token=state["token"])


def realm_id() -> str:
    assert "realm_id" in state, "a_realm made a realm"
    return state["realm_id"]


def a_token_client_credentials() -> None:
    auth = AuthenticatedClient(
        base_url=env("ACCESS_AUTH_URL"),
        token=basic(env("ACCESS_CLIENT_ID"), env("ACCESS_CLIENT_SECRET")),
        prefix="Basic",
    )
    response = issue_token.sync_detailed(
        env("ACCESS_TENANT_ID"),
        env("ACCESS_REALM_ID"),
        env("ACCESS_APPLICATION_ID"),
        client=auth,
        body=TokenRequest(grant_type=TokenRequestGrantType.CLIENT_CREDENTIALS),
    )
    assert response.status_code == 200, response.content
    assert response.parsed is not None and not isinstance(response.parsed, Error)
    state["token"] = response.parsed.access_token


def a_realm() -> None:
    name = f"Story realm {RUN_ID}"
    response = create_realm.sync_detailed(
        env("ACCESS_TENANT_ID"),
        client=client(),
        body=CreateRealmRequest(
            realm=RealmCreate(display_name=name, classification=RealmClassification.SECURE_CUSTOMER)
        ),
    )
    assert response.status_code == 200, response.content
    realm = response.parsed
    assert isinstance(realm, Realm), realm
    assert realm.tenant_id == env("ACCESS_TENANT_ID")
    if not tolerance():
        assert realm.classification == "SECURE_CUSTOMER"
    state["realm_id"] = realm.id
    changes["access_realm_name"] = name


def a_identity() -> None:
    response = create_identity.sync_detailed(
        env("ACCESS_TENANT_ID"),
        realm_id(),
        client=client(),
        body=CreateIdentityRequest(
            identity=IdentityCreate(
                display_name="Story identity",
                status=IdentityStatus.ACTIVE,
                traits=TraitsV0(type_="traits_v0", username=f"story-a-{RUN_ID}"),
            )
        ),
    )
    assert response.status_code == 200, response.content
    identity = response.parsed
    assert isinstance(identity, Identity), identity
    assert identity.realm_id == realm_id()
    assert identity.display_name == "Story identity"
    state["identity_id"] = identity.id
    changes["access_identity_user_name"] = f"story-a-{RUN_ID}"


def a_page_token_listing() -> None:
    for i in range(4):
        created = create_identity.sync_detailed(
            env("ACCESS_TENANT_ID"),
            realm_id(),
            client=client(),
            body=CreateIdentityRequest(
                identity=IdentityCreate(display_name=f"Paged identity {i}", status=IdentityStatus.ACTIVE)
            ),
        )
        assert created.status_code == 200, created.content
    ids: list[str] = []
    pages = 0
    token: str | Unset = UNSET
    while True:
        response = list_identities.sync_detailed(
            env("ACCESS_TENANT_ID"), realm_id(), client=client(), page_size=2, page_token=token
        )
        assert response.status_code == 200, response.content
        page = response.parsed
        assert isinstance(page, IdentityList), page
        assert page.total_size == 5
        ids.extend(identity.id for identity in page.identities)
        pages += 1
        if isinstance(page.next_page_token, Unset) or not page.next_page_token or pages >= 10:
            break
        token = page.next_page_token
    assert pages == 3
    assert len(set(ids)) == 5
    assert state.get("identity_id") in ids


def a_field_violations() -> None:
    response = create_identity.sync_detailed(
        env("ACCESS_TENANT_ID"),
        realm_id(),
        client=client(),
        body=CreateIdentityRequest(
            identity=IdentityCreate(display_name="Not {allowed}", status=IdentityStatus.ACTIVE)
        ),
    )
    assert response.status_code == 400
    error = response.parsed
    assert isinstance(error, Error), error
    assert error.code == "bad_request"
    assert not isinstance(error.details, Unset)
    violations = [
        v
        for d in error.details
        if isinstance(d, ErrorDetail)
        and d.type_ == "FieldViolations"
        and not isinstance(d.field_violations, Unset)
        for v in d.field_violations
    ]
    assert any(
        v.field == "identity.display_name" and isinstance(v.description, str) for v in violations
    ), violations
