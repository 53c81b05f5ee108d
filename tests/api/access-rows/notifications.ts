import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

const UNKNOWN_CHANNEL = '00000000-0000-4000-8000-000000000000';
const channels = '/notification/rest/finlens_notifications/';
const byId = `${channels}${UNKNOWN_CHANNEL}/`;

/**
 * Channels are read by everyone and managed by admins; the delivery log is the admins'; each user keeps
 * their own preferences. Requests use an empty body or an unknown id so nothing lasts.
 */
export const notificationsAccessRows: AccessRow[] = [
  { route: `GET ${channels}`, rule: 'verified', request: () => ({ path: channels }), expect: signedIn(200) },
  {
    route: `POST ${channels}`,
    rule: 'admin',
    request: () => ({ path: channels, body: {} }),
    expect: adminOnly(400),
  },
  {
    route: `PATCH ${channels}:id/`,
    rule: 'admin',
    request: () => ({ path: byId, body: {} }),
    expect: adminOnly(404),
  },
  { route: `DELETE ${channels}:id/`, rule: 'admin', request: () => ({ path: byId }), expect: adminOnly(404) },
  {
    route: `GET ${channels}:id/send_test/`,
    rule: 'admin',
    request: () => ({ path: `${byId}send_test/` }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /notification/rest/finlens_notification_deliveries/',
    rule: 'admin',
    request: () => ({ path: '/notification/rest/finlens_notification_deliveries/' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /notification/rest/finlens_notification_preferences/',
    rule: 'verified',
    request: () => ({ path: '/notification/rest/finlens_notification_preferences/' }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /notification/rest/finlens_notification_preferences/',
    rule: 'verified',
    request: () => ({ path: '/notification/rest/finlens_notification_preferences/', body: {} }),
    expect: signedIn(400),
  },
];
