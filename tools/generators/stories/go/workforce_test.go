package story

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"x-sdk/tools/generators/go/workforce"
)

// workforceClient is the /v2 client with the token of w_token_client_credentials.
func workforceClient(t *testing.T, s *story) *workforce.ClientWithResponses {
	t.Helper()
	if s.wToken == "" {
		t.Fatal("no workforce token: w_token_client_credentials did not pass")
	}
	client, err := workforce.NewClientWithResponses(s.env.get(t, "WORKFORCE_URL"),
		workforce.WithRequestEditorFn(bearer(s.wToken)))
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// W: a token from the client credentials grant, client id and secret as HTTP Basic.
func wTokenClientCredentials(t *testing.T, s *story) {
	client, err := workforce.NewClientWithResponses(s.env.get(t, "WORKFORCE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.IssueTokenWithFormdataBodyWithResponse(context.Background(),
		workforce.TokenRequest{GrantType: workforce.TokenRequestGrantType("client_credentials")},
		basic(s.env.get(t, "WORKFORCE_CLIENT_ID"), s.env.get(t, "WORKFORCE_CLIENT_SECRET")))
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "issueToken", res.StatusCode(), 200, res.Body)
	if res.JSON200 == nil || res.JSON200.AccessToken == "" {
		t.Fatalf("issueToken: no access_token in %s", res.Body)
	}
	s.wToken = res.JSON200.AccessToken
}

// createWorkforceUser creates a user named `name` and returns it as read back.
func createWorkforceUser(t *testing.T, client *workforce.ClientWithResponses, name string) workforce.User {
	t.Helper()
	res, err := client.CreateUserWithResponse(context.Background(), workforce.CreateUserRequest{
		User: workforce.UserCreate{
			Username:     ptr(name),
			DisplayName:  ptr("Story " + name),
			ExternalId:   ptr(name + "-ext"),
			EmailAddress: ptr(name + "@example.com"),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "createUser", res.StatusCode(), 200, res.Body)
	if res.JSON200 == nil || res.JSON200.Id == nil || *res.JSON200.Id == "" {
		t.Fatalf("createUser: no user id in %s", res.Body)
	}
	return *res.JSON200
}

// W: create a user.
func wCreateUser(t *testing.T, s *story) {
	client := workforceClient(t, s)
	name := s.run + "-w-user"
	user := createWorkforceUser(t, client, name)
	if deref(user.Username) != name {
		t.Errorf("username: want %q, got %q", name, deref(user.Username))
	}
	expectOpenEnum(t, s, "state", user.State, "ACTIVE")
	s.wUserID, s.wUserName = *user.Id, name
}

// W: get the user just created.
func wGetUser(t *testing.T, s *story) {
	client := workforceClient(t, s)
	if s.wUserID == "" {
		t.Fatal("no user: w_create_user did not pass")
	}
	res, err := client.GetUserWithResponse(context.Background(), s.wUserID)
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "getUser", res.StatusCode(), 200, res.Body)
	user := res.JSON200
	if user == nil || deref(user.Id) != s.wUserID || deref(user.Username) != s.wUserName {
		t.Fatalf("getUser: want user %s (%s), got %s", s.wUserID, s.wUserName, res.Body)
	}
	if deref(user.DisplayName) != "Story "+s.wUserName {
		t.Errorf("display_name: got %q", deref(user.DisplayName))
	}
	expectOpenEnum(t, s, "state", user.State, "ACTIVE")
}

// W: six users of this run, listed with a filter two per page: three full pages, then none.
func wFilteredListThreePages(t *testing.T, s *story) {
	client := workforceClient(t, s)
	prefix := s.run + "-wl-"
	created := []string{}
	for i := range 6 {
		created = append(created, *createWorkforceUser(t, client, fmt.Sprintf("%s%d", prefix, i)).Id)
	}
	filter := fmt.Sprintf("username sw %q", prefix)
	listed := []string{}
	for page := range 4 {
		res, err := client.ListUsersWithResponse(context.Background(), &workforce.ListUsersParams{
			Filter:   ptr(filter),
			PageSize: ptr(workforce.PageSize(2)),
			Skip:     ptr(workforce.Skip(2 * page)),
		})
		if err != nil {
			t.Fatal(err)
		}
		expectStatus(t, "listUsers", res.StatusCode(), 200, res.Body)
		list := res.JSON200
		if list == nil || orZero(list.TotalSize) != 6 {
			t.Fatalf("page %d: want total_size 6, got %s", page+1, res.Body)
		}
		want := 2
		if page == 3 {
			want = 0 // past the third page
		}
		if len(orZero(list.Users)) != want {
			t.Fatalf("page %d: want %d users, got %d", page+1, want, len(orZero(list.Users)))
		}
		for _, user := range orZero(list.Users) {
			listed = append(listed, deref(user.Id))
			expectOpenEnum(t, s, "state", user.State, "ACTIVE")
		}
	}
	sort.Strings(created)
	sort.Strings(listed)
	if fmt.Sprint(created) != fmt.Sprint(listed) {
		t.Errorf("the three pages list %v, want the users created %v", listed, created)
	}
}

// W: a user that does not exist is a 404 read into the generated error type, with its ResourceInfo.
func wNotFoundErrorType(t *testing.T, s *story) {
	client := workforceClient(t, s)
	missing := s.run + "-no-such-user"
	res, err := client.GetUserWithResponse(context.Background(), missing)
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "getUser", res.StatusCode(), 404, res.Body)
	var notFound *workforce.NotFound = res.JSON404
	if notFound == nil {
		t.Fatalf("getUser 404 not read as NotFound: %s", res.Body)
	}
	if notFound.Code != "not_found" || notFound.Message == "" {
		t.Errorf("404 envelope: code %q, message %q", notFound.Code, notFound.Message)
	}
	if notFound.Details == nil {
		t.Fatalf("404 without details: %s", res.Body)
	}
	found := false
	for _, detail := range *notFound.Details {
		if detail.Type == "ResourceInfo" {
			found = true
			if deref(detail.Id) != missing {
				t.Errorf("ResourceInfo.id: want %q, got %q", missing, deref(detail.Id))
			}
		}
	}
	if !found {
		t.Errorf("404 without a ResourceInfo detail: %s", res.Body)
	}
}

// W: a second group with the same name is a 409 read into the generated Conflict type.
func wDuplicateGroupConflict(t *testing.T, s *story) {
	client := workforceClient(t, s)
	body := workforce.CreateGroupRequest{Group: workforce.GroupCreate{
		Name: s.run + "-group", Description: ptr("Go story group"),
	}}
	first, err := client.CreateGroupWithResponse(context.Background(), body)
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "createGroup", first.StatusCode(), 200, first.Body)
	if first.JSON200 == nil || deref(first.JSON200.Name) != s.run+"-group" {
		t.Fatalf("createGroup: %s", first.Body)
	}
	second, err := client.CreateGroupWithResponse(context.Background(), body)
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "createGroup (duplicate)", second.StatusCode(), 409, second.Body)
	var conflict *workforce.Conflict = second.JSON409
	if conflict == nil || conflict.Message == "" {
		t.Errorf("409 not read as Conflict with a message: %s", second.Body)
	}
}
