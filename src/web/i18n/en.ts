import type { MessageKey } from './zh-CN';

/** The English catalogue; every key of zh-CN must be here (the type checks it). */
export const en: Record<MessageKey, string> = {
  'app.name': 'Campus Card Console',
  'app.shortName': 'Campus Card',
  'app.slogan': 'One back office for campus cards, meals, payments, access control and supply',
  'app.copyright': 'Copyright © 2026 Example School. All rights reserved.',
  'app.icp': '京ICP备00000000号-1',

  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.loading': 'Loading…',
  'common.backHome': 'Back to home',
  'common.notice': 'System notice',
  'common.home': 'Home',

  'login.title': 'Sign in with password',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.usernamePlaceholder': 'Username',
  'login.passwordPlaceholder': 'Password',
  'login.usernameRequired': 'Please enter your username',
  'login.passwordRequired': 'Please enter your password',
  'login.submit': 'Sign in',
  'login.submitting': 'Signing in…',
  'login.register': 'Register',
  'login.forgot': 'Forgot password',
  'login.welcome': 'Welcome back',
  'login.noDepart': 'You have no department yet!',

  'register.title': 'Register',
  'register.notYet': 'Self-registration is not open yet; ask the school administrator for an account.',
  'registerResult.title': 'Registration result',
  'registerResult.notYet': 'Self-registration is not open yet; there is no result to show.',
  'alteration.title': 'Reset password',
  'alteration.notYet': 'Online password reset is not open yet; ask the school administrator to reset it.',
  'user.backToLogin': 'Back to sign-in',

  'header.toggleMenu': 'Collapse or expand the menu',
  'header.logout': 'Log out',
  'header.logoutTitle': 'Notice',
  'header.logoutConfirm': 'Really log out?',
  'header.logoutFailed': 'Logout failed',
  'header.language': '中文',
  'header.account': 'Account centre',

  'greeting.morning': 'Good morning',
  'greeting.forenoon': 'Good morning',
  'greeting.noon': 'Good noon',
  'greeting.afternoon': 'Good afternoon',
  'greeting.evening': 'Good evening',

  'home.welcome': 'Welcome to the Campus Card Console',
  'home.totalVisits': 'Sign-ins in total',
  'home.todayVisits': 'Sign-ins today',
  'home.todayIps': 'IP addresses today',
  'home.lastSevenDays': 'Sign-ins over the last 7 days',
  'home.visits': 'Sign-ins',
  'home.ips': 'IPs',
  'home.noData': 'No data',
  'home.yourDepart': 'Current department',

  'test.title': 'Test page',
  'test.body': 'This is the test page; it shows that routing and the layout work.',

  'notFound.title': '404',
  'notFound.body': 'Sorry, the page you visited does not exist.',

  'module.notFound': 'Screen not found',
  'module.notFoundHint': 'The screen this menu points at is not available:',
  'module.chunkFailed': 'The page failed to load',
  'module.chunkFailedHint': 'Its script failed to load or timed out; check the network and reload.',
  'module.reload': 'Reload',

  'http.forbidden': 'Access denied',
  'http.notFound': 'Sorry, the resource was not found!',
  'http.timeout': 'Network timeout',
  'http.unauthorized': 'Unauthorised, please sign in again',
  'http.expiredTitle': 'Session expired',
  'http.expiredBody': 'Sorry, your session has expired; please sign in again',
  'http.expiredOk': 'Sign in again',
  'http.network': 'Network error; check the connection',

  'guard.permissionsEmpty': 'getPermissionList: permissions must be a non-null array !',

  'field.workNo': 'Staff/student number',

  'page.userAnnouncement': 'My messages',
};
