import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionCookie, readSessionCookie } from './cookies';

afterEach(() => vi.restoreAllMocks());

describe('session cookies under https (__Host- prefix) and plain HTTP (bare names)', () => {
  it('reads the prefixed cookie first, so a bare one planted by a sibling host cannot shadow it', () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('csrftoken=planted; __Host-csrftoken=real');
    expect(readSessionCookie('csrftoken')).toBe('real');
  });

  it('reads the bare name on plain HTTP', () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('user_id=u-1');
    expect(readSessionCookie('user_id')).toBe('u-1');
    expect(readSessionCookie('csrftoken')).toBeNull();
  });

  it('deletes both names, the prefixed one with Secure and Path=/ as browsers require', () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
    });
    clearSessionCookie('user_id');
    expect(written).toContainEqual(expect.stringMatching(/^user_id=; path=\/; Max-Age=0$/));
    expect(written).toContainEqual('__Host-user_id=; path=/; Secure; Max-Age=0');
  });
});
