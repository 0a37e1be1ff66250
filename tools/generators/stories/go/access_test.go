package story

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"x-sdk/tools/generators/go/access"
)

// accessClient is the management API client with the token of a_token_client_credentials.
func accessClient(t *testing.T, s *story) *access.ClientWithResponses {
	t.Helper()
	if s.aToken == "" {
		t.Fatal("no access token: a_token_client_credentials did not pass")
	}
	client, err := access.NewClientWithResponses(s.env.get(t, "ACCESS_URL"),
		access.WithRequestEditorFn(bearer(s.aToken)))
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// A: a token from the seeded application's client credentials, at the token issuance address.
func aTokenClientCredentials(t *testing.T, s *story) {
	client, err := access.NewClientWithResponses(s.env.get(t, "ACCESS_AUTH_URL"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.IssueTokenWithFormdataBodyWithResponse(context.Background(),
		s.env.get(t, "ACCESS_TENANT_ID"), s.env.get(t, "ACCESS_REALM_ID"), s.env.get(t, "ACCESS_APPLICATION_ID"),
		access.TokenRequest{GrantType: access.TokenRequestGrantType("client_credentials")},
		basic(s.env.get(t, "ACCESS_CLIENT_ID"), s.env.get(t, "ACCESS_CLIENT_SECRET")))
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "issueToken", res.StatusCode(), 200, res.Body)
	if res.JSON200 == nil || res.JSON200.AccessToken == "" {
		t.Fatalf("issueToken: no access_token in %s", res.Body)
	}
	s.aToken = res.JSON200.AccessToken
}

// A: a realm of the seeded tenant; the story's identities go into it.
func aRealm(t *testing.T, s *story) {
	client := accessClient(t, s)
	name := "Go story realm " + s.run
	res, err := client.CreateRealmWithResponse(context.Background(), s.env.get(t, "ACCESS_TENANT_ID"),
		access.CreateRealmRequest{Realm: access.RealmCreate{
			DisplayName:    ptr(name),
			Classification: ptr(access.RealmClassification("SECURE_CUSTOMER")),
		}})
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "createRealm", res.StatusCode(), 200, res.Body)
	realm := res.JSON200
	if realm == nil || deref(realm.Id) == "" || deref(realm.DisplayName) != name {
		t.Fatalf("createRealm: %s", res.Body)
	}
	expectOpenEnum(t, s, "classification", realm.Classification, "SECURE_CUSTOMER")
	s.aRealmID = *realm.Id
}

// createIdentity creates an active identity with traits_v0 and the given username.
func createIdentity(t *testing.T, s *story, client *access.ClientWithResponses, username string) access.Identity {
	t.Helper()
	var traits access.KnownIdentityTraits
	if err := traits.FromTraitsV0(access.TraitsV0{Type: access.TraitsV0Type("traits_v0"), Username: ptr(username)}); err != nil {
		t.Fatal(err)
	}
	res, err := client.CreateIdentityWithResponse(context.Background(), s.env.get(t, "ACCESS_TENANT_ID"), s.aRealmID,
		access.CreateIdentityRequest{Identity: access.IdentityCreate{
			DisplayName: ptr("Story " + username),
			Status:      ptr(access.IdentityStatus("active")),
			Traits:      &traits,
		}})
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "createIdentity", res.StatusCode(), 200, res.Body)
	if res.JSON200 == nil || deref(res.JSON200.Id) == "" {
		t.Fatalf("createIdentity: %s", res.Body)
	}
	s.aIdentityIDs = append(s.aIdentityIDs, *res.JSON200.Id)
	return *res.JSON200
}

// A: an identity in the story's realm, its traits read back through the traits union.
func aIdentity(t *testing.T, s *story) {
	client := accessClient(t, s)
	if s.aRealmID == "" {
		t.Fatal("no realm: a_realm did not pass")
	}
	username := s.run + "-a-user"
	identity := createIdentity(t, s, client, username)
	expectOpenEnum(t, s, "status", identity.Status, "active")
	if identity.Traits == nil {
		t.Fatal("identity without traits")
	}
	traits := identity.Traits
	if traits.Type != "traits_v0" {
		t.Errorf("traits.type: want traits_v0, got %q", traits.Type)
	}
	if deref(traits.Username) != username {
		t.Errorf("traits.username: want %q, got %q", username, deref(traits.Username))
	}
	s.aUserName = username
}

// A: the story's realm listed two identities per page, following next_page_token to the end.
func aPageTokenListing(t *testing.T, s *story) {
	client := accessClient(t, s)
	if s.aRealmID == "" {
		t.Fatal("no realm: a_realm did not pass")
	}
	for i := range 4 {
		createIdentity(t, s, client, fmt.Sprintf("%s-al-%d", s.run, i))
	}
	// The realm is the story's own: it holds exactly the identities the story created.
	listed := []string{}
	pages := 0
	var token *string
	for {
		res, err := client.ListIdentitiesWithResponse(context.Background(), s.env.get(t, "ACCESS_TENANT_ID"), s.aRealmID,
			&access.ListIdentitiesParams{PageSize: ptr(access.PageSize200(2)), PageToken: token})
		if err != nil {
			t.Fatal(err)
		}
		expectStatus(t, "listIdentities", res.StatusCode(), 200, res.Body)
		list := res.JSON200
		if list == nil || len(list.Identities) > 2 {
			t.Fatalf("page %d: %s", pages+1, res.Body)
		}
		if len(list.Identities) > 0 {
			pages++
		}
		for _, identity := range list.Identities {
			listed = append(listed, deref(identity.Id))
			expectOpenEnum(t, s, "status", identity.Status, "active")
		}
		if list.NextPageToken == nil || *list.NextPageToken == "" {
			break
		}
		if pages == 10 {
			t.Fatalf("still a next_page_token after %d pages", pages)
		}
		token = list.NextPageToken
	}
	want := append([]string{}, s.aIdentityIDs...)
	sort.Strings(want)
	sort.Strings(listed)
	if fmt.Sprint(listed) != fmt.Sprint(want) {
		t.Errorf("listed %v, want the story's identities %v", listed, want)
	}
	if wantPages := (len(want) + 1) / 2; pages != wantPages || pages < 2 {
		t.Errorf("want %d pages of at most 2, got %d", wantPages, pages)
	}
}

// A: a realm name with characters the platform forbids is a 400 whose details name the field.
func aFieldViolations(t *testing.T, s *story) {
	client := accessClient(t, s)
	res, err := client.CreateRealmWithResponse(context.Background(), s.env.get(t, "ACCESS_TENANT_ID"),
		access.CreateRealmRequest{Realm: access.RealmCreate{
			DisplayName:    ptr("not {allowed}"),
			Classification: ptr(access.RealmClassification("SECURE_CUSTOMER")),
		}})
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "createRealm (invalid)", res.StatusCode(), 400, res.Body)
	var bad *access.BadRequest = res.JSON400
	if bad == nil || bad.Code != "bad_request" || bad.Details == nil {
		t.Fatalf("400 not read as BadRequest with details: %s", res.Body)
	}
	fields := []string{}
	for _, detail := range *bad.Details {
		if detail.Type != "FieldViolations" || detail.FieldViolations == nil {
			continue
		}
		for _, v := range *detail.FieldViolations {
			fields = append(fields, v.Field)
			if v.Description == "" {
				t.Errorf("violation of %s without a description", v.Field)
			}
		}
	}
	if fmt.Sprint(fields) != "[realm.display_name]" {
		t.Errorf("want one violation of realm.display_name, got %v: %s", fields, res.Body)
	}
}
