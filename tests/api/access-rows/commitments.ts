import { COMMITMENTS_PATHS as P } from '@finlens/contracts/commitments';
import type { AccessRow } from '../access-rows';
import { signedIn } from './persona-expectations';

/** Commitment management reads the caller's client; another client's project is a 404 (tests/api/commitments.test.ts). */
export const commitmentsAccessRows: AccessRow[] = [
  ...[
    P.inventory,
    `${P.dashboard}?start_date=2026-01-01&end_date=2026-01-31&`,
    `${P.purchaseAnalysis}?look_back=7&`,
    P.convertible,
  ].map(
    (path): AccessRow => ({
      route: `GET ${path.split('?')[0]}`,
      rule: 'verified',
      request: (ids) => ({
        path: `${path}${path.includes('?') ? '' : '?'}project_ids=${ids.projectId}`,
      }),
      expect: { ...signedIn(200), otherAdmin: 404 },
    }),
  ),
];
