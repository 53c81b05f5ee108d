import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const ARTIFACTS_DIR = resolve(import.meta.dirname, '..', 'artifacts');

export type BrowserSession = { browser: Browser; context: BrowserContext; close: () => Promise<void> };

/** Playwright launches Chromium with a new, empty profile folder of its own on every launch. */
export async function openBrowser(baseURL: string): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  return { browser, context, close: () => browser.close() };
}

export function screenshotPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, `${name}.png`);
}
