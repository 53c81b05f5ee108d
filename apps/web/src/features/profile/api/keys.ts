import { authKeys } from '../../auth/api/keys';

/** The profile is the current user of the auth keys: an update refreshes that one cache entry. */
export const profileKeys = {
  profile: authKeys.currentUser,
};
