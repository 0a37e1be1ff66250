// `tsx bench/src/overhead-only.ts`: just the per-request overhead figures, for quick iteration.
import { renderText } from './lib/render.js';
import { run } from './overhead.js';

console.log(renderText([await run()]));
