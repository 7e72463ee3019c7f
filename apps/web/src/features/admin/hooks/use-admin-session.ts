import type { Profile, UserType } from '@wheelmeet/contracts';
import { createContext, useContext } from 'react';

/** The verified sign-in: the profile the server answered for the stored token. */
export interface AdminSession {
  profile: Profile;
  userType: UserType;
}

export const AdminSessionContext = createContext<AdminSession | null>(null);

/** The signed-in staff member; only usable below RequireAdminAuth. */
export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession must be used below RequireAdminAuth.');
  return session;
}
