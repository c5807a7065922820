/**
 * The areas the product is made of (安防视频, 商铺管理 …), as the platform sees them: each area's
 * package (`src/areas/<area>/`) exports a manifest, and the composition root (`src/areas/`)
 * installs the list once at start, before anything reads it. The platform never imports an area:
 * it reads what was installed, so a new area is a folder and a line in `src/areas/list.ts`.
 */
import type { EntitySpec } from './engine/spec';
import type { AreaSeed, ScreenSeed } from './menuSeeds';
import type { ShippedReport } from './online/shippedReports';
import type { ReportSource } from './online/reportSources';

/** A dictionary an area ships: code, name, items as [value, text, tag colour], and the items' English. */
export interface DictionarySeed {
  code: string;
  name: string;
  items: readonly (readonly [value: string, text: string, color?: string])[];
}
export interface AreaDictionary extends DictionarySeed {
  english: Readonly<Record<string, string>>;
}

/** An area's group of the menu, placed after the group (by path) it names. */
export interface AreaMenuGroup extends AreaSeed {
  after: string;
  /** The sample school's restricted canteen role (食堂管理员) may open the group (食材供应). */
  forCanteen?: true;
}

/** An area's screen in a group of the product's (物业费缴纳 under 缴费管理), placed after the screen (by path) it names. */
export interface AreaMenuScreen {
  group: string;
  after: string;
  screen: ScreenSeed;
}

/** A kind of bill an area adds to the product's (到期账单, 线上缴费, 缴费记录's refunds): its entity and permission prefix. */
export interface AreaBillKind {
  /** The kind's name in 到期账单's bill_kind and 缴费记录's bill_type (`property`). */
  kind: string;
  entity: string;
  prefix: string;
}

/** What both halves know of an area: its declarations, its place in the menu, its dictionaries. */
export interface SharedArea {
  /** The folder's name (`security`). */
  id: string;
  /** Its entities, a record's target before what refers to it; areas come after the product's own. */
  entities: readonly EntitySpec[];
  menu?: readonly AreaMenuGroup[];
  menuScreens?: readonly AreaMenuScreen[];
  dictionaries?: readonly AreaDictionary[];
  /** Its entities an online form's reference field may point to (the designer's 关联对象). */
  onlineRefs?: readonly { entity: string; picker?: true }[];
  /** Its read-only sources an online report may query (在线报表); the server manifest holds their queries. */
  reportSources?: readonly ReportSource[];
  /** Its pickers every school has (a report a form's popup field opens), over its report sources. */
  pickers?: readonly ShippedReport[];
  billKinds?: readonly AreaBillKind[];
}

/** One registry filled once at start: reading it before that is a mistake of start-up order, said at once. */
export function installable<T>(what: string) {
  let installed: T | undefined;
  return {
    install(value: T): void {
      if (installed !== undefined) throw new Error(`${what}: already installed`);
      installed = value;
    },
    read(): T {
      if (installed === undefined) throw new Error(`${what}: not installed yet (the entry point installs src/areas before anything reads them)`);
      return installed;
    },
    /** Whether the list is in place (a module that may be loaded before start-up asks first). */
    ready: () => installed !== undefined,
  };
}

const registry = installable<readonly SharedArea[]>('areas (shared)');

/** Installs the areas' shared manifests, in the list's order. */
export const installSharedAreas = (areas: readonly SharedArea[]): void => registry.install(areas);

/** The installed areas' shared manifests, in the list's order. */
export const sharedAreas = (): readonly SharedArea[] => registry.read();
