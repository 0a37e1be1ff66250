// Global setup of the `fleet` project: Debian's redis-server present before any suite starts one
// (installed once here, so that two suites never run apt-get at the same time).
import { ensureRedisServer } from '@x/testing';

export default function setup(): void {
  ensureRedisServer();
}
