import { describe, expect, it } from 'vitest';
import {
  environmentFromHostname,
  isProtectedPath,
  landingPathFor,
  SIGN_IN_PATH,
  signInPathWithNext,
} from './routes';

describe('environmentFromHostname', () => {
  it.each([
    ['localhost', 'development'],
    ['127.0.0.1', 'development'],
    ['uat2.finlens.example', 'uat2'],
    ['uat.finlens.example', 'uat'],
    ['app.finlens.example', 'production'],
    ['uat3.finlens.example', 'production'],
  ] as const)('%s is %s', (host, env) => {
    expect(environmentFromHostname(host)).toBe(env);
  });
});

describe('landingPathFor', () => {
  it('is /v3/ in development and /landing elsewhere', () => {
    expect(landingPathFor('development')).toBe('/v3/');
    expect(landingPathFor('uat')).toBe('/landing');
    expect(landingPathFor('uat2')).toBe('/landing');
    expect(landingPathFor('production')).toBe('/landing');
  });
});

describe('signInPathWithNext', () => {
  it('URL-encodes the wanted path and search', () => {
    expect(signInPathWithNext('/v3/search/?q=a b&x=1')).toBe(
      `${SIGN_IN_PATH}?next=%2Fv3%2Fsearch%2F%3Fq%3Da%20b%26x%3D1`,
    );
  });
});

describe('isProtectedPath', () => {
  it('matches each area with or without the trailing slash', () => {
    expect(isProtectedPath('/v3')).toBe(true);
    expect(isProtectedPath('/v3/home')).toBe(true);
    expect(isProtectedPath('/payments/x')).toBe(true);
    expect(isProtectedPath('/v3x')).toBe(false);
    expect(isProtectedPath('/accounts/signin/')).toBe(false);
  });
});
