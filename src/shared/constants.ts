/** Constants from the product specification (section 9) shared by the server and the web app. */

export const PRODUCT_NAME = '校园一卡通管理平台';
export const PRODUCT_NAME_EN = 'Campus Card Console';
export const PRODUCT_SHORT_NAME = '一卡通';

export const HOME_PATH = '/dashboard/analysis';
/** The screen at HOME_PATH (its menu entry names it too): the sign-in page fetches its code while the user types. */
export const HOME_SCREEN = 'dashboard/Analysis';

/**
 * What the console asks for the moment it is signed in (its menu and buttons, the published forms,
 * the palette's ranking, the file cookie). A sign-in that says `consoleStart` gets their answers
 * with its own, so the menu waits for one round trip, not two.
 */
export const CONSOLE_START_PATHS = ['/sys/permission/getUserPermissionByToken', '/online/cgform/api/specs', '/sys/palette/uses', '/sys/common/fileAccess'] as const;
export const LOGIN_PATH = '/user/login';
export const NOT_FOUND_PATH = '/404';
export const DEFAULT_BASE_PATH = '/ccu-boot';

/** Paths a signed-out visitor may open. */
export const PUBLIC_PATHS = ['/user/login', '/user/register', '/user/register-result', '/user/alteration'] as const;

/** Local storage keys (values wrapped with an expiry, see web/lib/storage). */
/** The answer's header naming the lists a change request changed (server/http/changedEntities.ts). */
export const CHANGED_ENTITIES_HEADER = 'x-changed-entities';

export const STORAGE_KEYS = {
  token: 'Access-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  tenantId: 'TENANT_ID',
  /** Session storage: the user's own button permissions. */
  userButtonAuth: 'LOGIN_USER_BUTTON_AUTH',
  /** Session storage: every button permission of the system. */
  systemButtonAuth: 'SYS_BUTTON_AUTH',
} as const;

/** Token, username, user info and the dictionary cache are kept 7 days. */
export const SESSION_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const REQUEST_TIMEOUT_MS = 180_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const PAGINATION = { defaultPageSize: 10, pageSizeOptions: [10, 20, 30], defaultTotal: 100 } as const;

export const LAYOUT = {
  siderWidth: 200,
  siderCollapsedWidth: 80,
  tabStripHeight: 52,
  mobileBreakpoint: 768,
  headerAutoHideScroll: 100,
} as const;

export const MODAL_WIDTHS = {
  picker: 1200,
  details: 1200,
  changePassword: 800,
  departSwitcher: 450,
  downloadCentre: 1200,
} as const;

/** The report popup picker: its answers kept per group this long, its table scrolled past this width. */
export const REPORT_CACHE_MS = 30_000;
export const PICKER_TABLE_SCROLL = 1100;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
