import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorMessageFor, isLogoutStatus, isReportableStatus } from './errors';

describe('errorMessageFor', () => {
  it.each([400, 409, 424])('%i takes the first message found, else the bad-request text', (status) => {
    expect(errorMessageFor(status, ['first', 'second'])).toBe('first');
    expect(errorMessageFor(status, { error: 'e', message: 'm' })).toBe('e');
    expect(errorMessageFor(status, { message: 'm', non_field_errors: ['n'] })).toBe('m');
    expect(errorMessageFor(status, { non_field_errors: ['n1', 'n2'] })).toBe('n1');
    expect(errorMessageFor(status, { detail: 'ignored for 400' })).toBe("It's a bad request.");
    expect(errorMessageFor(status, null)).toBe("It's a bad request.");
    expect(errorMessageFor(status, [])).toBe("It's a bad request.");
  });

  it('403 takes detail, message or error, else the permission text', () => {
    expect(errorMessageFor(403, { detail: 'd', message: 'm' })).toBe('d');
    expect(errorMessageFor(403, { message: 'm', error: 'e' })).toBe('m');
    expect(errorMessageFor(403, { error: 'e' })).toBe('e');
    expect(errorMessageFor(403, 'html page')).toBe(
      'Check permission or Please confirm your email address is verified.',
    );
  });

  it('404 always says the item was not found', () => {
    expect(errorMessageFor(404, { detail: 'Not found.' })).toBe('The requested item was not found.');
  });

  it.each([500, 503, 504])('%i takes detail, message or error, else the server text', (status) => {
    expect(errorMessageFor(status, { detail: 'down' })).toBe('down');
    expect(errorMessageFor(status, { error: '' })).toBe('Internal server error. Try after a while.');
  });

  it.each([401, 402, 418, 502])('%i is "Something went wrong."', (status) => {
    expect(errorMessageFor(status, { detail: 'x' })).toBe(ERROR_MESSAGES.generic);
    expect(ERROR_MESSAGES.generic).toBe('Something went wrong.');
  });
});

describe('status helpers', () => {
  it('401 logs out; 400 and above is reported', () => {
    expect(isLogoutStatus(401)).toBe(true);
    expect(isLogoutStatus(403)).toBe(false);
    expect(isReportableStatus(400)).toBe(true);
    expect(isReportableStatus(399)).toBe(false);
  });
});
