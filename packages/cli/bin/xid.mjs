#!/usr/bin/env node
// The published bin: runs the built command line (dist/bin.js).
import '../dist/bin.js';
