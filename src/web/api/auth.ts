import type { LoginBody } from '@shared/schemas/auth';
import type { CurrentDeparts, LoginResult, PermissionResult, UserInfo } from '@shared/types';
import { get, post, put } from './client';

export const authApi = {
  /** Errors are shown by the sign-in form itself. */
  login: (body: LoginBody) => post<LoginResult>('/sys/login', { ...body, consoleStart: true }, { silent: true, urgent: true }),
  /** A captcha image (data URL) for the key the page chose; shown when sign-in asks for one. */
  captcha: (checkKey: string) => get<string>(`/sys/randomImage/${checkKey}`, undefined, { silent: true }),
  /** A code texted to the phone: smsmode 0 sign-in, 1 registration, 2 password reset. Errors shown by the form. */
  sendSms: (mobile: string, smsmode: '0' | '1' | '2' | '3') => post<null>('/sys/sms', { mobile, smsmode }, { silent: true }),
  phoneLogin: (mobile: string, captcha: string) => post<LoginResult>('/sys/phoneLogin', { mobile, captcha, consoleStart: true }, { silent: true, urgent: true }),
  registration: () => get<{ open: boolean }>('/sys/registration', undefined, { silent: true }),
  /** The platform's view: also the school new accounts join. */
  registrationSettings: () => get<RegistrationSettings>('/sys/registration/settings', undefined, { silent: true }),
  register: (body: { username: string; password: string; phone: string; smscode: string }) => post<{ username: string }>('/sys/user/register', body, { silent: true }),
  phoneVerification: (phone: string, smscode: string) => post<{ smscode: string; username: string }>('/sys/user/phoneVerification', { phone, smscode }, { silent: true }),
  passwordChange: (body: { username: string; password: string; phone: string; smscode: string }) => post<null>('/sys/user/passwordChange', body, { silent: true }),
  /** The outcome does not matter: the browser forgets the session either way. */
  logout: () => post<null>('/sys/logout', undefined, { silent: true }),
  permissions: () => get<PermissionResult>('/sys/permission/getUserPermissionByToken'),
  currentDeparts: () => get<CurrentDeparts>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (orgCode: string, username: string) => put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }),
};

/** Whether strangers may register, and the school their accounts join (none chosen: closed). */
export interface RegistrationSettings {
  open: boolean;
  tenantId: number | null;
}
