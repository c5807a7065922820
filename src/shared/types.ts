/** Shapes of the sign-in, menu and dictionary answers, shared by the server and the web app. */

import type { CONSOLE_START_PATHS } from './constants';
import type { ApiEnvelope } from './envelope';

/** A dictionary option as JeecgBoot 2.4 returns it (`title` mirrors `text`). */
export interface DictItem {
  value: string;
  text: string;
  title: string;
  /** Present on getDictItems answers, which include disabled items. */
  disabled?: boolean;
  /** The tag colour lists show the item in (`#52c41a`), when it has one. */
  color?: string;
}

export type DictMap = Record<string, DictItem[]>;

/** The signed-in user as the console sees them. */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  nickname: string;
  companyName: string;
  avatar: string | null;
  companyType: string | null;
  payChannelType: string | null;
  orgCode: string | null;
  tenantId: number;
  phone: string | null;
  email: string | null;
  workNo: string | null;
  status: number;
  /** The school's own footer lines (学校管理); the console's defaults when unset. */
  copyright?: string | null;
  icp?: string | null;
  /** The school's time zone: its days and clock times (学校管理). */
  timeZone?: string;
  /** What the header's notices do for this user (个人设置 › 消息通知). */
  noticePrefs?: { toast: boolean; systemInBadge: boolean };
}

/** A department of the organisation (school, office, canteen...). */
export interface Depart {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgType: string;
  departOrder: number;
}

/** multi_depart: 0 none, 1 exactly one, 2 several (the user picks the current one). */
export type MultiDepart = 0 | 1 | 2;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs: Depart[];
  multi_depart: MultiDepart;
  sysAllDictItems: DictMap;
  /** Asked for with `consoleStart`: the answers of the console's first requests, by path (CONSOLE_START_PATHS). */
  consoleStart?: ConsoleStart;
}

/** The answers a console's sign-in carries: a CONSOLE_START_PATHS route's envelope, by its path (a route that failed is left out). */
export type ConsoleStart = Partial<Record<(typeof CONSOLE_START_PATHS)[number], ApiEnvelope>>;

/** A button (type 2) or column (type 1) permission entry. */
export interface AuthEntry {
  action: string;
  /** '1' show/hide strategy (also column visibility), '2' disable strategy. */
  type: string;
  describe: string;
  /** '1' valid, '0' invalid; present on allAuth entries. */
  status?: string;
}

export interface MenuMeta {
  title: string;
  /** English title for the en locale. */
  titleEn?: string;
  icon?: string;
  url?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName: string;
  hiddenHeaderContent?: boolean;
  /** The user's button entries under this menu, for the page-level check. */
  permissionList?: AuthEntry[];
}

/** A menu item of the permission answer; routes are built from these. */
export interface MenuItem {
  id: string;
  /** '1' adds a route, '0' shows the item without a route. */
  route: string;
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuItem[];
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  /** Every permission code the user holds (menus and buttons): the palette's availability input. */
  codes: string[];
}

export interface CurrentDeparts {
  list: Depart[];
  orgCode: string | null;
}
