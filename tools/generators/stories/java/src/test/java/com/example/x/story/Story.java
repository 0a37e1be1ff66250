package com.example.x.story;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;

/**
 * What one step hands to the next, and what the harness says about the emulator: its addresses
 * and seeded credentials, from the X_STORY_* variables.
 */
final class Story {
  /**
   * What the emulator's tolerance mode puts into every x-extensible-enum field of a response
   * (packages/emulator, UNKNOWN_ENUM_VALUE).
   */
  static final String UNKNOWN_ENUM_VALUE = "X_UNKNOWN_VALUE";

  /** Makes this run's names unique: several runs may share one emulator. */
  final String run = "java-" + System.nanoTime();
  final boolean tolerance;

  String legacyUserName;
  String workforceToken;
  String workforceUserId;
  String workforceUserName;
  String accessToken;
  String accessRealmId;
  String accessUserName;
  final List<String> accessIdentityIds = new ArrayList<>();

  Story() {
    String mode = System.getenv("X_STORY_MODE");
    if (!"normal".equals(mode) && !"tolerance".equals(mode))
      throw new IllegalStateException("X_STORY_MODE must be normal or tolerance, not " + mode);
    tolerance = "tolerance".equals(mode);
  }

  /** An X_STORY_ variable; a missing one fails the step that needs it. */
  static String env(String name) {
    String value = System.getenv("X_STORY_" + name);
    if (value == null || value.isEmpty()) fail("X_STORY_" + name + " is not set");
    return value;
  }

  /** A field the documents mark x-extensible-enum: the known value, or in tolerance mode the unknown one read through. */
  void expectOpenEnum(String field, String known, String got) {
    assertEquals(tolerance ? UNKNOWN_ENUM_VALUE : known, got, field);
  }

  /** The token from a token step: the generated clients leave auth to a request interceptor. */
  static Consumer<HttpRequest.Builder> bearer(String token) {
    return request -> request.header("Authorization", "Bearer " + token);
  }

  /** Client credentials as HTTP Basic, as both token endpoints take them. */
  static Consumer<HttpRequest.Builder> basic(String id, String secret) {
    String pair = id + ":" + secret;
    return request ->
        request.header(
            "Authorization",
            "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
  }

  /** Fails the step unless an earlier one left what it needs. */
  static <T> T needs(T value, String step) {
    if (value == null) fail("needs what " + step + " makes, and it did not pass");
    return value;
  }
}
