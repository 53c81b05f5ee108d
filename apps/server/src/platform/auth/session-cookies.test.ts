import { describe, expect, it } from 'vitest';
import { cookiePolicyFor } from './session-cookies';

describe('cookiePolicyFor', () => {
  it('marks cookies Secure only when PUBLIC_URL is https', () => {
    expect(cookiePolicyFor('https://finlens.example.com')).toEqual({ secure: true });
    expect(cookiePolicyFor('http://localhost:8080')).toEqual({ secure: false });
  });
});
