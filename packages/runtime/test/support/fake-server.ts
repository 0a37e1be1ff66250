// The repository's shared fake server (@x/testing), under the names these tests use.
export {
  type Handler,
  type RecordedRequest,
  send,
  startTestServer as startFakeServer,
  type TestServer as FakeServer,
} from '@x/testing';
