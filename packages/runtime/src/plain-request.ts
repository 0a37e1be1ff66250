/**
 * What openapi-fetch builds its request with when nothing but the SDK will see it (no user
 * middleware, our own transport): it keeps the URL and the init as they are. An undici `Request`
 * sets up an AbortSignal and a body stream on construction, and the transport would only take it
 * apart again to send each attempt with `fetch(url, init)`.
 */
export class PlainRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null;
  readonly redirect: RequestRedirect;

  constructor(url: string, init: RequestInit) {
    this.url = url;
    this.method = init.method ?? 'GET';
    // openapi-fetch always passes a Headers it built for this call.
    this.headers = init.headers as Headers;
    this.body = init.body ?? null;
    this.redirect = init.redirect ?? 'follow';
  }
}
