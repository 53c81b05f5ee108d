import { existsSync } from 'node:fs';

/** Debian's Chromium; CHROMIUM_PATH overrides. Flags keep it off the closed network and the GPU. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser suite cannot run here, or null when it can. */
export function browserUnavailableReason(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
}
