// The conformance story in the generated TypeScript clients, one test per step
// (tools/generators/src/story.ts names them). Imported in order: events last, since its listing
// shows what the other families' steps changed.
import './workforce.js';
import './access.js';
import './legacy.js';
import './events.js';
