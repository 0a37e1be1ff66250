// What `#node-transport` resolves to outside Node (browsers, workers, edge runtimes): no Node
// sender, so clients send over fetch and no byte of the Node transport reaches their bundles.
import type { lazyNodeSender as onNode } from './node-transport.js';

export const lazyNodeSender: typeof onNode = undefined;
