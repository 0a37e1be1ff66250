package com.example.x.story;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The conformance story for the Java clients that openapi-generator (java, native) generates from
 * the 3.0 documents, against the emulator the harness started. One test per step, named as
 * tools/generators/src/story.ts names it; they run in order and share what earlier steps made,
 * events last so its listing shows the changes of the others.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StoryTest {
  private final Story story = new Story();
  private final LegacySteps legacy = new LegacySteps(story);
  private final WorkforceSteps workforce = new WorkforceSteps(story);
  private final AccessSteps access = new AccessSteps(story);
  private final EventsSteps events = new EventsSteps(story);

  @Test
  @Order(1)
  void l_create_user() throws Exception {
    legacy.createUser();
  }

  @Test
  @Order(2)
  void w_token_client_credentials() throws Exception {
    workforce.tokenClientCredentials();
  }

  @Test
  @Order(3)
  void w_create_user() throws Exception {
    workforce.createUser();
  }

  @Test
  @Order(4)
  void w_get_user() throws Exception {
    workforce.getUser();
  }

  @Test
  @Order(5)
  void w_filtered_list_three_pages() throws Exception {
    workforce.filteredListThreePages();
  }

  @Test
  @Order(6)
  void w_not_found_error_type() throws Exception {
    workforce.notFoundErrorType();
  }

  @Test
  @Order(7)
  void w_duplicate_group_conflict() throws Exception {
    workforce.duplicateGroupConflict();
  }

  @Test
  @Order(8)
  void a_token_client_credentials() throws Exception {
    access.tokenClientCredentials();
  }

  @Test
  @Order(9)
  void a_realm() throws Exception {
    access.realm();
  }

  @Test
  @Order(10)
  void a_identity() throws Exception {
    access.identity();
  }

  @Test
  @Order(11)
  void a_page_token_listing() throws Exception {
    access.pageTokenListing();
  }

  @Test
  @Order(12)
  void a_field_violations() throws Exception {
    access.fieldViolations();
  }

  @Test
  @Order(13)
  void e_cursor_listing_shows_changes() throws Exception {
    events.cursorListingShowsChanges();
  }
}
