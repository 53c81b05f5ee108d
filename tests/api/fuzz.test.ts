import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import {
  describeRequest,
  type FuzzOperation,
  type KnownIds,
  type OpenApiDocument,
  operationsOf,
  requestFor,
} from './fuzz-requests';
import type { HttpSession } from './http-session';
import { anonymousSession, inviteAccepted, useServerWithMail } from './identity-fixtures';

// CI runs a few thousand cases with a fixed seed; FUZZ_RUNS and FUZZ_SEED run more, or replay a printed failure.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 18);
/** Generous: a request that takes longer stalls the people waiting behind it. */
const SLOW_MS = 10_000;
// Ending the session is these calls' job; the session check after each case would blame them.
const SESSION_ENDERS = new Set(['POST /auth/logout/']);
const PERSONAS = ['anonymous', 'member', 'admin'] as const;

const context = useServerWithMail({
  RATE_LIMIT_PER_MINUTE: '1000000',
  SESSION_RATE_LIMIT_PER_MINUTE: '1000000',
});
const sessions = {} as Record<(typeof PERSONAS)[number], HttpSession>;
let operations: FuzzOperation[] = [];
let ids: KnownIds;

beforeAll(async () => {
  const csv = readFileSync(
    join(import.meta.dirname, '../../packages/fixtures/data/aws-cur-format-variants/koku_test_cur.csv'),
  );
  const { admin, projectId } = await clientWithBilling(context, 'fuzz-admin', csv);
  const member = await inviteAccepted(context.server.baseUrl, context.smtp, admin, { label: 'fuzz-member' });
  Object.assign(sessions, {
    anonymous: await anonymousSession(context.server.baseUrl),
    member: member.session,
    admin: admin.session,
  });
  ids = { projectId, clientId: admin.profile.client_id ?? '' };
  const document = (await (await fetch(`${context.server.baseUrl}/api/docs`)).json()) as OpenApiDocument;
  operations = operationsOf(document, SESSION_ENDERS);
}, 120_000);

/** The error handler's shape: `detail`, and `errors` as field → messages when present. */
function checkErrorBody(status: number, body: unknown, request: string): void {
  if (status < 400 || typeof body !== 'object' || body === null) return;
  const { detail, errors } = body as { detail?: unknown; errors?: unknown };
  expect(typeof detail, `${request}\n${status} ${JSON.stringify(body).slice(0, 300)}`).toBe('string');
  if (errors === undefined) return;
  for (const messages of Object.values(errors as object)) {
    expect(Array.isArray(messages) && messages.every((message) => typeof message === 'string'), request).toBe(
      true,
    );
  }
}

describe('fuzz: every operation of /api/docs with hostile input', () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it(`answers ${RUNS} hostile requests (seed ${SEED}) without a 5xx, slowly or by dropping the session`, async () => {
    const statuses = new Map<number, number>();
    const previous: Record<string, string> = {};
    const cases = fc
      .tuple(fc.constantFrom(...operations), fc.constantFrom(...PERSONAS))
      .chain(([operation, persona]) => requestFor(operation, ids).map((request) => ({ persona, request })));
    const outcome = await fc.check(
      fc.asyncProperty(cases, async ({ persona, request }) => {
        const described = describeRequest(persona, request);
        const started = performance.now();
        const result = await sessions[persona].request(request.method, request.url, {
          raw: { contentType: request.contentType, body: request.body },
        });
        const elapsed = performance.now() - started;
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        expect(result.status, `${described}\n${JSON.stringify(result.body)}`).toBeLessThan(500);
        expect(elapsed, described).toBeLessThan(SLOW_MS);
        checkErrorBody(result.status, result.body, described);
        // A signed-in persona's session is checked after what could have ended it: an answer that did something
        // (< 400) or a 401 (the session gone by the time of this request); a refusal changes nothing.
        if (persona !== 'anonymous' && (result.status < 400 || result.status === 401)) {
          const still = await sessions[persona].get('/c/current/user/');
          expect(
            still.status,
            `session lost after ${described} (or the request before: ${previous[persona]})`,
          ).toBe(200);
        }
        previous[persona] = described;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // fast-check's own report prints the whole counterexample (a 200 kB string); the request summary is enough.
    if (outcome.failed) {
      const error =
        outcome.errorInstance instanceof Error
          ? outcome.errorInstance.message
          : String(outcome.errorInstance);
      throw new Error(
        `fuzz case failed (FUZZ_SEED=${SEED}, case ${outcome.numRuns}): ${error.slice(0, 2_000)}`,
      );
    }
    for (const persona of ['member', 'admin'] as const) {
      const still = await sessions[persona].get('/c/current/user/');
      expect(still.status, `${persona}'s session lost; the last request: ${previous[persona]}`).toBe(200);
    }
    console.info(
      `fuzz: ${RUNS} cases over ${operations.length} operations, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 600_000);
});
