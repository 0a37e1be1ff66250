"""Family L with the generated client: a user created with the static bearer token."""

from legacy.api.users import create_legacy_user
from legacy.client import AuthenticatedClient
from legacy.models import BindingTokenDeliveryMethod, CreateLegacyUserRequest, LegacyUser
from story_env import RUN_ID, changes, env, tolerance


def l_create_user() -> None:
    client = AuthenticatedClient(base_url=env("LEGACY_URL"), token=env("LEGACY_TOKEN"))
    response = create_legacy_user.sync_detailed(
        client=client,
        body=CreateLegacyUserRequest(
            external_id=f"legacy-{RUN_ID}",
            email=f"legacy-{RUN_ID}@example.com",
            user_name=f"story-l-{RUN_ID}",
            display_name="Legacy story user",
            binding_token_delivery_method=BindingTokenDeliveryMethod.EMAIL,
        ),
    )
    assert response.status_code == 200, response.content
    user = response.parsed
    assert isinstance(user, LegacyUser), user
    assert user.external_id == f"legacy-{RUN_ID}"
    assert user.internal_id
    if not tolerance():
        assert user.status == "USER_STATUS_ACTIVE"
    changes["legacy_user_name"] = user.user_name
