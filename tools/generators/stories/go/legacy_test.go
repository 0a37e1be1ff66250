package story

import (
	"context"
	"testing"

	"x-sdk/tools/generators/go/legacy"
)

// L: create a user with the seeded bearer token.
func lCreateUser(t *testing.T, s *story) {
	client, err := legacy.NewClientWithResponses(s.env.get(t, "LEGACY_URL"),
		legacy.WithRequestEditorFn(bearer(s.env.get(t, "LEGACY_TOKEN"))))
	if err != nil {
		t.Fatal(err)
	}
	name := s.run + "-legacy"
	res, err := client.CreateLegacyUserWithResponse(context.Background(), legacy.CreateLegacyUserRequest{
		ExternalId:                 name + "-ext",
		Email:                      name + "@example.com",
		UserName:                   name,
		DisplayName:                "Legacy " + name,
		BindingTokenDeliveryMethod: legacy.BindingTokenDeliveryMethod("email"),
	})
	if err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "createLegacyUser", res.StatusCode(), 200, res.Body)
	user := res.JSON200
	if user == nil || user.UserName != name || user.ExternalId != name+"-ext" {
		t.Fatalf("createLegacyUser: unexpected user %+v", user)
	}
	// The legacy status is a closed enum: tolerance mode leaves it as published.
	if user.Status == nil || string(*user.Status) != "USER_STATUS_ACTIVE" {
		t.Errorf("status: want USER_STATUS_ACTIVE, got %v", user.Status)
	}
	s.legacyUserName = name
}
