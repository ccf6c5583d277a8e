#!/usr/bin/env node
// The `marquee` command: checks the Node version, builds if the sources changed, then runs the
// CLI bundle (out/main/cli.js, the same server code the desktop app hosts).
import { ensureCapableNode } from './runtime.mjs';

await ensureCapableNode();
const { ensureBuilt } = await import('./build.mjs');
ensureBuilt();
await import('../out/main/cli.js');
