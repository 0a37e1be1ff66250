// What the earlier steps changed, by the names they gave, for the events step to find in the
// event listing (event data carries user names and display names).
export const changes = {
  workforceUserName: undefined as string | undefined,
  accessRealmName: undefined as string | undefined,
  accessIdentityUserName: undefined as string | undefined,
  legacyUserName: undefined as string | undefined,
};
