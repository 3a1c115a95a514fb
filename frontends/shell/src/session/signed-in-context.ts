import type { ApiError, Organization, PersonUser } from '@pawline/api-client';
import { createContext, useContext } from 'react';

// Apart from SignedInData.tsx, so pages of the login chunk can read it without bringing react-query along.

/** The signed-in person and organization as the frame shows them now: queries of the shell's QueryClient. */
export type SignedInData = {
  user: PersonUser;
  orga: Organization | null;
  orgaError: ApiError | null;
  /** Reads the person data again (after a remote changed it); resolves once it is in. */
  reloadUser: () => Promise<void>;
  /** Reads the organization again (store switcher, tier, the block); resolves once it is in. */
  reloadOrganization: () => Promise<void>;
};

export const SignedInContext = createContext<SignedInData | null>(null);

export function useSignedIn(): SignedInData {
  const data = useContext(SignedInContext);
  if (!data) throw new Error('useSignedIn needs the signed-in frame (SignedInDataProvider)');
  return data;
}
