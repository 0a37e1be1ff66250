package com.example.x.story;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.x.legacy.ApiClient;
import com.example.x.legacy.api.UsersApi;
import com.example.x.legacy.model.BindingTokenDeliveryMethod;
import com.example.x.legacy.model.CreateLegacyUserRequest;
import com.example.x.legacy.model.LegacyUser;
import com.example.x.legacy.model.LegacyUserStatus;

/** Family L's step. */
final class LegacySteps {
  private final Story story;

  LegacySteps(Story story) {
    this.story = story;
  }

  /** L: create a user with the seeded bearer token. */
  void createUser() throws Exception {
    ApiClient client = new ApiClient();
    client.updateBaseUri(Story.env("LEGACY_URL"));
    client.setRequestInterceptor(Story.bearer(Story.env("LEGACY_TOKEN")));
    String name = story.run + "-legacy";
    LegacyUser user =
        new UsersApi(client)
            .createLegacyUser(
                new CreateLegacyUserRequest()
                    .externalId(name + "-ext")
                    .email(name + "@example.com")
                    .userName(name)
                    .displayName("Legacy " + name)
                    .bindingTokenDeliveryMethod(BindingTokenDeliveryMethod.EMAIL));
    assertEquals(name, user.getUserName(), "user_name");
    assertEquals(name + "-ext", user.getExternalId(), "external_id");
    // The legacy status is a closed enum: tolerance mode leaves it as published.
    assertEquals(LegacyUserStatus.USER_STATUS_ACTIVE, user.getStatus(), "status");
    story.legacyUserName = name;
  }
}
