#!/usr/bin/env node
// The server runs from TypeScript source: register tsx, then hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
