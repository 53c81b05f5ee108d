import { describe, expect, it } from 'vitest';
import type { Caller } from './caller';
import { testCaller } from './caller.test-helper';
import { createCallerCache } from './caller-cache';

const callerWith = (role: 'admin' | 'member') => testCaller('c1', { role });

/** A cache on a hand-moved clock, and a builder that counts its calls and builds the current role. */
function setUp() {
  let clock = 0;
  const cache = createCallerCache({ ttlMs: 1_000, now: () => clock });
  const state = { role: 'member' as 'admin' | 'member', builds: 0 };
  const build = async () => {
    state.builds += 1;
    return callerWith(state.role);
  };
  return { cache, state, build, advance: (ms: number) => (clock += ms) };
}

describe('caller cache', () => {
  it('builds a session’s caller once while kept, again once its time is up', async () => {
    const { cache, state, build, advance } = setUp();
    const session = { id: 's1', clientId: 'c1' };
    expect((await cache.get(session, build))?.role).toBe('member');
    state.role = 'admin';
    advance(999);
    expect((await cache.get(session, build))?.role).toBe('member');
    expect(state.builds).toBe(1);
    advance(1);
    expect((await cache.get(session, build))?.role).toBe('admin');
    expect(state.builds).toBe(2);
  });

  it('keeps a caller per session and active client', async () => {
    const { cache, state, build } = setUp();
    await cache.get({ id: 's1', clientId: 'c1' }, build);
    await cache.get({ id: 's1', clientId: 'c2' }, build);
    await cache.get({ id: 's2', clientId: 'c1' }, build);
    expect(state.builds).toBe(3);
  });

  it('drops every caller on forgetAll, and does not keep one built while it happened', async () => {
    const { cache, state, build } = setUp();
    const session = { id: 's1', clientId: 'c1' };
    await cache.get(session, build);
    state.role = 'admin';
    cache.forgetAll();
    expect((await cache.get(session, build))?.role).toBe('admin');
    expect(state.builds).toBe(2);

    // A build that read the old role, with a change landing before it returns: not kept.
    let release: () => void = () => {};
    const stale = cache.get({ id: 's2', clientId: 'c1' }, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return callerWith('member');
    });
    cache.forgetAll();
    release();
    expect((await stale)?.role).toBe('member');
    expect((await cache.get({ id: 's2', clientId: 'c1' }, build))?.role).toBe('admin');
  });

  it("with the app database's change count: kept until it moves, whatever the time; a build it crossed not kept", async () => {
    let clock = 0;
    let count = 0;
    const cache = createCallerCache({ ttlMs: 1_000, now: () => clock, changes: () => count });
    const state = { role: 'member' as 'admin' | 'member', builds: 0 };
    const build = async () => {
      state.builds += 1;
      return callerWith(state.role);
    };
    const session = { id: 's1', clientId: 'c1' };
    await cache.get(session, build);
    clock += 60_000;
    expect((await cache.get(session, build))?.role).toBe('member');
    expect(state.builds).toBe(1);
    state.role = 'admin';
    count += 1; // the membership's role changed
    expect((await cache.get(session, build))?.role).toBe('admin');
    expect(state.builds).toBe(2);

    const crossed = await cache.get({ id: 's2', clientId: 'c1' }, async () => {
      count += 1; // a change lands while the caller is built
      return callerWith('member');
    });
    expect(crossed?.role).toBe('member');
    expect((await cache.get({ id: 's2', clientId: 'c1' }, build))?.role).toBe('admin');
  });

  it('hands out a frozen caller: one request cannot change it for the next', async () => {
    const { cache, build } = setUp();
    const caller = (await cache.get({ id: 's1', clientId: 'c1' }, build)) as Caller;
    expect(() => {
      (caller as { role: string }).role = 'admin';
    }).toThrow(TypeError);
    expect(() => {
      (caller.user as { email: string }).email = 'x@example.com';
    }).toThrow(TypeError);
  });
});
