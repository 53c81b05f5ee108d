import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const channels = '/notification/rest/finlens_notifications/';
const byId = `${channels}${UNKNOWN_ID}/`;

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
  // Anomalies (notifications' source): RBAC-restricted members get 403; detection is the admins'.
  {
    route: 'GET /c/cost_page/anomalies/',
    rule: 'unrestricted',
    request: () => ({ path: '/c/cost_page/anomalies/' }),
    expect: { ...signedIn(200), restricted: 403 },
  },
  {
    route: 'GET /c/cost_page/anomalies/:id/',
    rule: 'unrestricted',
    request: () => ({ path: `/c/cost_page/anomalies/${UNKNOWN_ID}/` }),
    expect: { ...signedIn(404), restricted: 403 },
  },
  {
    route: 'PATCH /c/cost_page/anomalies/:id/',
    rule: 'unrestricted',
    request: () => ({ path: `/c/cost_page/anomalies/${UNKNOWN_ID}/`, body: { status: 'acknowledged' } }),
    expect: { ...signedIn(404), restricted: 403 },
  },
  {
    route: 'POST /c/cost_page/anomalies/detect/',
    rule: 'admin',
    request: () => ({ path: '/c/cost_page/anomalies/detect/', body: {} }),
    expect: adminOnly(202),
  },
];
