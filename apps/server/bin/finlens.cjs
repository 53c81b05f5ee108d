#!/usr/bin/env node
'use strict';
// The launcher: sizes libuv's thread pool (thread-pool.cjs, before anything starts it), then hands over to
// finlens.mjs (tsx, then the CLI).
require('./thread-pool.cjs');
import('./finlens.mjs');
