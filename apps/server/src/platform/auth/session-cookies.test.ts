import { describe, expect, it } from 'vitest';
import { cookiePolicyFor } from './session-cookies';

describe('cookiePolicyFor', () => {
  it('on https: Secure cookies under the __Host- prefix', () => {
    expect(cookiePolicyFor('https://finlens.example.com')).toEqual({
      secure: true,
      names: { session: '__Host-sessionid', csrf: '__Host-csrftoken', userId: '__Host-user_id' },
    });
  });

  it('on plain HTTP (a local start): the bare names, which browsers accept without Secure', () => {
    expect(cookiePolicyFor('http://localhost:8080')).toEqual({
      secure: false,
      names: { session: 'sessionid', csrf: 'csrftoken', userId: 'user_id' },
    });
  });
});
