package com.example.x.story;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.x.workforce.ApiClient;
import com.example.x.workforce.ApiException;
import com.example.x.workforce.api.GroupsApi;
import com.example.x.workforce.api.OAuthApi;
import com.example.x.workforce.api.UsersApi;
import com.example.x.workforce.model.CreateGroupRequest;
import com.example.x.workforce.model.CreateUserRequest;
import com.example.x.workforce.model.ErrorDetail;
import com.example.x.workforce.model.GroupCreate;
import com.example.x.workforce.model.TokenResponse;
import com.example.x.workforce.model.User;
import com.example.x.workforce.model.UserCreate;
import com.example.x.workforce.model.UserList;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Family W's steps. */
final class WorkforceSteps {
  private final Story story;

  WorkforceSteps(Story story) {
    this.story = story;
  }

  /** The /v2 client with the token of w_token_client_credentials. */
  private ApiClient client() {
    ApiClient client = new ApiClient();
    client.updateBaseUri(Story.env("WORKFORCE_URL"));
    client.setRequestInterceptor(
        Story.bearer(Story.needs(story.workforceToken, "w_token_client_credentials")));
    return client;
  }

  /** W: a token from the client credentials grant, client id and secret as HTTP Basic. */
  void tokenClientCredentials() throws Exception {
    ApiClient client = new ApiClient();
    client.updateBaseUri(Story.env("WORKFORCE_URL"));
    client.setRequestInterceptor(
        Story.basic(Story.env("WORKFORCE_CLIENT_ID"), Story.env("WORKFORCE_CLIENT_SECRET")));
    TokenResponse token = new OAuthApi(client).issueToken("client_credentials", null);
    assertNotNull(token.getAccessToken(), "access_token");
    assertFalse(token.getAccessToken().isEmpty(), "access_token");
    story.workforceToken = token.getAccessToken();
  }

  private User create(UsersApi users, String name) throws ApiException {
    User user =
        users.createUser(
            new CreateUserRequest()
                .user(
                    new UserCreate()
                        .username(name)
                        .displayName("Story " + name)
                        .externalId(name + "-ext")
                        .emailAddress(name + "@example.com")));
    assertNotNull(user.getId(), "id");
    return user;
  }

  /** W: create a user. */
  void createUser() throws Exception {
    String name = story.run + "-w-user";
    User user = create(new UsersApi(client()), name);
    assertEquals(name, user.getUsername(), "username");
    story.expectOpenEnum("state", "ACTIVE", user.getState());
    story.workforceUserId = user.getId();
    story.workforceUserName = name;
  }

  /** W: get the user just created. */
  void getUser() throws Exception {
    String id = Story.needs(story.workforceUserId, "w_create_user");
    User user = new UsersApi(client()).getUser(id);
    assertEquals(id, user.getId(), "id");
    assertEquals(story.workforceUserName, user.getUsername(), "username");
    assertEquals("Story " + story.workforceUserName, user.getDisplayName(), "display_name");
    story.expectOpenEnum("state", "ACTIVE", user.getState());
  }

  /** W: six users of this run, listed with a filter two per page: three full pages, then none. */
  void filteredListThreePages() throws Exception {
    UsersApi users = new UsersApi(client());
    String prefix = story.run + "-wl-";
    TreeSet<String> created = new TreeSet<>();
    for (int i = 0; i < 6; i++) created.add(create(users, prefix + i).getId());
    String filter = "username sw \"" + prefix + "\"";
    List<String> listed = new ArrayList<>();
    for (int page = 0; page < 4; page++) {
      UserList list = users.listUsers(2, 2 * page, filter, null);
      assertEquals(6, list.getTotalSize(), "total_size of page " + (page + 1));
      assertEquals(page == 3 ? 0 : 2, list.getUsers().size(), "users on page " + (page + 1));
      for (User user : list.getUsers()) {
        listed.add(user.getId());
        story.expectOpenEnum("state", "ACTIVE", user.getState());
      }
    }
    assertEquals(created, new TreeSet<>(listed), "the three pages list the users created");
    assertEquals(6, listed.size(), "each user listed once");
  }

  /** W: a user that does not exist is a 404 read into the generated error type, with its ResourceInfo. */
  void notFoundErrorType() throws Exception {
    ApiClient client = client();
    UsersApi users = new UsersApi(client);
    String missing = story.run + "-no-such-user";
    ApiException thrown = assertThrows(ApiException.class, () -> users.getUser(missing));
    assertEquals(404, thrown.getCode(), "status");
    com.example.x.workforce.model.Error error =
        client
            .getObjectMapper()
            .readValue(thrown.getResponseBody(), com.example.x.workforce.model.Error.class);
    assertEquals("not_found", error.getCode(), "code");
    assertFalse(error.getMessage().isEmpty(), "message");
    assertNotNull(error.getDetails(), "details");
    boolean found = false;
    for (ErrorDetail detail : error.getDetails()) {
      if ("ResourceInfo".equals(detail.getType())) {
        found = true;
        assertEquals(missing, detail.getId(), "ResourceInfo.id");
      }
    }
    assertTrue(found, "a ResourceInfo detail in " + thrown.getResponseBody());
  }

  /** W: a second group with the same name is a 409 read into the generated error type. */
  void duplicateGroupConflict() throws Exception {
    ApiClient client = client();
    GroupsApi groups = new GroupsApi(client);
    CreateGroupRequest body =
        new CreateGroupRequest()
            .group(new GroupCreate().name(story.run + "-group").description("Java story group"));
    assertEquals(story.run + "-group", groups.createGroup(body).getName(), "name");
    ApiException thrown = assertThrows(ApiException.class, () -> groups.createGroup(body));
    assertEquals(409, thrown.getCode(), "status");
    com.example.x.workforce.model.Error error =
        client
            .getObjectMapper()
            .readValue(thrown.getResponseBody(), com.example.x.workforce.model.Error.class);
    assertFalse(error.getMessage().isEmpty(), "message");
  }
}
