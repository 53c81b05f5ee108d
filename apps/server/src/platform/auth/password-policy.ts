import {
  PASSWORD_COMMON_MESSAGE,
  type PasswordContext,
  passwordProblems,
} from '@finlens/cost-model/password-rules';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's estimate below which a password counts as common: score 0-1 is under a million guesses, a
 * listed password with a digit or a `!` added (Password1!, Qwerty123!, Welcome1!).
 */
const COMMON_SCORE_BELOW = 2;

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: loading the dictionaries takes a few tens of milliseconds. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return estimator;
}

export function isCommonPassword(password: string): boolean {
  return zxcvbn().check(password).score < COMMON_SCORE_BELOW;
}

/**
 * Every password rule the server enforces: the spec's composition rules and lengths (shared with the web's
 * live hints), then the common-password check, which only the server runs.
 */
export function serverPasswordProblems(password: string, context: PasswordContext = {}): string[] {
  const problems = passwordProblems(password, context);
  if (problems.length > 0 || password === '') return problems;
  return isCommonPassword(password) ? [PASSWORD_COMMON_MESSAGE] : [];
}
