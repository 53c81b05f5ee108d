import type { SignupType } from '@finlens/contracts/auth';

/** What each sign-up screen of spec §2 says; the variant travels to the server as `signup_type`. */
export const SIGNUP_VARIANT_TEXT: Record<SignupType, string> = {
  user: 'Create your Finlens account and your organisation.',
  internal_user: 'Internal sign-up: use an address of one of your internal email domains.',
  clara_user: 'Create your account to work with Clara, the cost assistant.',
  ftr: 'Create your account to start a Foundational Technical Review.',
};
