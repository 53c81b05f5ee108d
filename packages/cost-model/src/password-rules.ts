/**
 * Password and email rules of spec §5, shared by the server (enforcement) and the web forms (live hints),
 * so both show the same messages.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 26;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';

export const PASSWORD_RULES = [
  'upperAndLower',
  'digit',
  'special',
  'minLength',
  'maxLength',
  'noPersonalInfo',
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const PASSWORD_RULE_MESSAGES: Record<PasswordRule, string> = {
  upperAndLower: 'Must contain both upper and lower case letters.',
  digit: 'Must contain at least one digit.',
  special: `Must contain at least one special character (${PASSWORD_SPECIAL_CHARACTERS}).`,
  minLength: `Must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  maxLength: `Must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  noPersonalInfo: 'Must not contain your personal information or company name.',
};

/**
 * The server's check against a list of common passwords (zxcvbn's dictionaries, too large for the web's
 * bundle): the web shows this message when the server answers with it.
 */
export const PASSWORD_COMMON_MESSAGE = 'Must not be a commonly used password.';

/** What the password must not contain: names, the email (and its local part), the company name. */
export interface PasswordContext {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  companyName?: string | null;
}

/**
 * Fragments shorter than this are ignored: a two-letter first name would otherwise forbid every password
 * containing those two letters, which the spec cannot mean.
 */
const MIN_PERSONAL_FRAGMENT = 3;

function personalFragments(context: PasswordContext): string[] {
  const email = context.email?.trim().toLowerCase() ?? '';
  const localPart = email.includes('@') ? (email.split('@')[0] ?? '') : email;
  return [context.firstName, context.lastName, context.companyName, email, localPart]
    .map((value) => value?.trim().toLowerCase() ?? '')
    .filter((value) => value.length >= MIN_PERSONAL_FRAGMENT);
}

/** Each rule → passes? Spec §5: an empty password is treated as all-valid (the form shows no errors yet). */
export function checkPasswordRules(
  password: string,
  context: PasswordContext = {},
): Record<PasswordRule, boolean> {
  if (password === '') {
    return {
      upperAndLower: true,
      digit: true,
      special: true,
      minLength: true,
      maxLength: true,
      noPersonalInfo: true,
    };
  }
  const lower = password.toLowerCase();
  return {
    upperAndLower: /[a-z]/.test(password) && /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: [...password].some((char) => PASSWORD_SPECIAL_CHARACTERS.includes(char)),
    minLength: [...password].length >= PASSWORD_MIN_LENGTH,
    maxLength: [...password].length <= PASSWORD_MAX_LENGTH,
    noPersonalInfo: personalFragments(context).every((fragment) => !lower.includes(fragment)),
  };
}

/** The messages of the rules the password breaks, in rule order; empty when it passes (or is empty). */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  const result = checkPasswordRules(password, context);
  return PASSWORD_RULES.filter((rule) => !result[rule]).map((rule) => PASSWORD_RULE_MESSAGES[rule]);
}

/** The WHATWG HTML "valid e-mail address" pattern: what `<input type="email">` accepts. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const EMAIL_FORMAT_MESSAGE = 'Enter a valid email address.';

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Spec §5: duplicates in a list, compared case-insensitively after trimming; empty entries are ignored. */
export function duplicateValues(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const value of values) {
    const key = value.trim().toLowerCase();
    if (key === '') continue;
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return [...duplicates];
}
