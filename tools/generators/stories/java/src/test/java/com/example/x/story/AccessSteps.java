package com.example.x.story;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.x.access.ApiClient;
import com.example.x.access.ApiException;
import com.example.x.access.api.IdentitiesApi;
import com.example.x.access.api.OAuthApi;
import com.example.x.access.api.RealmsApi;
import com.example.x.access.model.CreateIdentityRequest;
import com.example.x.access.model.CreateRealmRequest;
import com.example.x.access.model.ErrorDetail;
import com.example.x.access.model.FieldViolation;
import com.example.x.access.model.Identity;
import com.example.x.access.model.IdentityCreate;
import com.example.x.access.model.IdentityList;
import com.example.x.access.model.IdentityStatus;
import com.example.x.access.model.KnownIdentityTraits;
import com.example.x.access.model.OAuthTokenResponse;
import com.example.x.access.model.Realm;
import com.example.x.access.model.RealmClassification;
import com.example.x.access.model.RealmCreate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Family A's steps. */
final class AccessSteps {
  private final Story story;

  AccessSteps(Story story) {
    this.story = story;
  }

  /** The management API client with the token of a_token_client_credentials. */
  private ApiClient client() {
    ApiClient client = new ApiClient();
    client.updateBaseUri(Story.env("ACCESS_URL"));
    client.setRequestInterceptor(
        Story.bearer(Story.needs(story.accessToken, "a_token_client_credentials")));
    return client;
  }

  /** A: a token from the seeded application's client credentials, at the token issuance address. */
  void tokenClientCredentials() throws Exception {
    ApiClient client = new ApiClient();
    client.updateBaseUri(Story.env("ACCESS_AUTH_URL"));
    client.setRequestInterceptor(
        Story.basic(Story.env("ACCESS_CLIENT_ID"), Story.env("ACCESS_CLIENT_SECRET")));
    OAuthTokenResponse token =
        new OAuthApi(client)
            .issueToken(
                Story.env("ACCESS_TENANT_ID"),
                Story.env("ACCESS_REALM_ID"),
                Story.env("ACCESS_APPLICATION_ID"),
                "client_credentials",
                null);
    assertNotNull(token.getAccessToken(), "access_token");
    assertFalse(token.getAccessToken().isEmpty(), "access_token");
    story.accessToken = token.getAccessToken();
  }

  /** A: a realm of the seeded tenant; the story's identities go into it. */
  void realm() throws Exception {
    String name = "Java story realm " + story.run;
    Realm realm =
        new RealmsApi(client())
            .createRealm(
                Story.env("ACCESS_TENANT_ID"),
                new CreateRealmRequest()
                    .realm(
                        new RealmCreate()
                            .displayName(name)
                            .classification(RealmClassification.SECURE_CUSTOMER)));
    assertNotNull(realm.getId(), "id");
    assertEquals(name, realm.getDisplayName(), "display_name");
    story.expectOpenEnum("classification", "SECURE_CUSTOMER", realm.getClassification());
    story.accessRealmId = realm.getId();
  }

  private Identity create(IdentitiesApi identities, String username) throws ApiException {
    Identity identity =
        identities.createIdentity(
            Story.env("ACCESS_TENANT_ID"),
            story.accessRealmId,
            new CreateIdentityRequest()
                .identity(
                    new IdentityCreate()
                        .displayName("Story " + username)
                        .status(IdentityStatus.ACTIVE)
                        .traits(
                            new KnownIdentityTraits()
                                .type(KnownIdentityTraits.TypeEnum.TRAITS_V0)
                                .username(username))));
    assertNotNull(identity.getId(), "id");
    story.accessIdentityIds.add(identity.getId());
    return identity;
  }

  /** A: an identity in the story's realm, its traits read back through the traits union. */
  void identity() throws Exception {
    Story.needs(story.accessRealmId, "a_realm");
    String username = story.run + "-a-user";
    Identity identity = create(new IdentitiesApi(client()), username);
    story.expectOpenEnum("status", "active", identity.getStatus());
    assertNotNull(identity.getTraits(), "traits");
    assertEquals("traits_v0", identity.getTraits().getType(), "traits.type");
    assertEquals(username, identity.getTraits().getUsername(), "traits.username");
    story.accessUserName = username;
  }

  /** A: the story's realm listed two identities per page, following next_page_token to the end. */
  void pageTokenListing() throws Exception {
    Story.needs(story.accessRealmId, "a_realm");
    IdentitiesApi identities = new IdentitiesApi(client());
    for (int i = 0; i < 4; i++) create(identities, story.run + "-al-" + i);
    // The realm is the story's own: it holds exactly the identities the story created.
    List<String> listed = new ArrayList<>();
    int pages = 0;
    String token = null;
    while (true) {
      IdentityList list =
          identities.listIdentities(
              Story.env("ACCESS_TENANT_ID"), story.accessRealmId, null, 2, token, null);
      assertTrue(list.getIdentities().size() <= 2, "at most 2 identities a page");
      if (!list.getIdentities().isEmpty()) pages++;
      for (Identity identity : list.getIdentities()) {
        listed.add(identity.getId());
        story.expectOpenEnum("status", "active", identity.getStatus());
      }
      token = list.getNextPageToken();
      if (token == null || token.isEmpty()) break;
      if (pages == 10) fail("still a next_page_token after " + pages + " pages");
    }
    assertEquals(new TreeSet<>(story.accessIdentityIds), new TreeSet<>(listed), "identities listed");
    assertEquals(story.accessIdentityIds.size(), listed.size(), "each identity listed once");
    int wantPages = (story.accessIdentityIds.size() + 1) / 2;
    assertEquals(wantPages, pages, "pages of at most 2");
    assertTrue(pages >= 2, "the page token was followed");
  }

  /** A: a realm name with characters the platform forbids is a 400 whose details name the field. */
  void fieldViolations() throws Exception {
    ApiClient client = client();
    RealmsApi realms = new RealmsApi(client);
    CreateRealmRequest body =
        new CreateRealmRequest()
            .realm(
                new RealmCreate()
                    .displayName("not {allowed}")
                    .classification(RealmClassification.SECURE_CUSTOMER));
    ApiException thrown =
        assertThrows(
            ApiException.class, () -> realms.createRealm(Story.env("ACCESS_TENANT_ID"), body));
    assertEquals(400, thrown.getCode(), "status");
    com.example.x.access.model.Error error =
        client
            .getObjectMapper()
            .readValue(thrown.getResponseBody(), com.example.x.access.model.Error.class);
    assertEquals("bad_request", error.getCode(), "code");
    assertNotNull(error.getDetails(), "details");
    List<String> fields = new ArrayList<>();
    for (ErrorDetail detail : error.getDetails()) {
      if ("FieldViolations".equals(detail.getType())) {
        for (FieldViolation violation : detail.getFieldViolations()) {
          fields.add(violation.getField());
          assertFalse(violation.getDescription().isEmpty(), "description of " + violation.getField());
        }
      }
    }
    assertEquals(List.of("realm.display_name"), fields, "violations in " + thrown.getResponseBody());
  }
}
