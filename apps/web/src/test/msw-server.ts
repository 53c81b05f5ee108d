import type { PublicConfig } from '@finlens/contracts/public-config';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const TEST_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'help@finlens.test',
  docsUrl: 'https://docs.finlens.test/',
  version: '0.0.0-test',
};

/** Default answers for calls every screen makes; a test adds its own with `server.use(...)`. */
const handlers = [http.get('*/api/public-config', () => HttpResponse.json(TEST_PUBLIC_CONFIG))];

export const server = setupServer(...handlers);
