import { create } from 'zustand';
import { STORAGE_KEYS } from '@shared/constants';
import type { UserInfo } from '@shared/types';
import { local, session } from '@web/lib/storage';
import { usePermissions } from './permissions';

interface SessionState {
  token: string | undefined;
  username: string | undefined;
  userInfo: UserInfo | undefined;
  signIn(token: string, userInfo: UserInfo): void;
  setUserInfo(userInfo: UserInfo): void;
}

/** Who is signed in; token, username and user info are kept 7 days under the spec's keys. */
export const useSession = create<SessionState>()((set) => ({
  token: local.get<string>(STORAGE_KEYS.token),
  username: local.get<string>(STORAGE_KEYS.username),
  userInfo: local.get<UserInfo>(STORAGE_KEYS.userInfo),
  signIn(token, userInfo) {
    local.set(STORAGE_KEYS.token, token);
    local.set(STORAGE_KEYS.username, userInfo.username);
    local.set(STORAGE_KEYS.userInfo, userInfo);
    set({ token, username: userInfo.username, userInfo });
  },
  setUserInfo(userInfo) {
    local.set(STORAGE_KEYS.userInfo, userInfo);
    set({ userInfo });
  },
}));

/** Forgets the session on this browser: token, user, permissions. */
export function clearLocalSession(): void {
  local.remove(STORAGE_KEYS.token);
  local.remove(STORAGE_KEYS.username);
  local.remove(STORAGE_KEYS.userInfo);
  session.remove(STORAGE_KEYS.userButtonAuth);
  session.remove(STORAGE_KEYS.systemButtonAuth);
  useSession.setState({ token: undefined, username: undefined, userInfo: undefined });
  usePermissions.getState().reset();
}
