import type { LoginBody } from '@shared/schemas/auth';
import type { CurrentDeparts, LoginResult, PermissionResult, UserInfo } from '@shared/types';
import { get, post, put } from './client';

export const authApi = {
  /** Errors are shown by the sign-in form itself. */
  login: (body: LoginBody) => post<LoginResult>('/sys/login', body, { silent: true }),
  /** A captcha image (data URL) for the key the page chose; shown when sign-in asks for one. */
  captcha: (checkKey: string) => get<string>(`/sys/randomImage/${checkKey}`, undefined, { silent: true }),
  /** The outcome does not matter: the browser forgets the session either way. */
  logout: () => post<null>('/sys/logout', undefined, { silent: true }),
  permissions: () => get<PermissionResult>('/sys/permission/getUserPermissionByToken'),
  currentDeparts: () => get<CurrentDeparts>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (orgCode: string, username: string) => put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }),
};
