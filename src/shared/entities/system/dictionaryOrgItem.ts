import type { EntitySpec } from '../../engine/spec';
import { dictionaryItem } from './dictionaryItem';

/**
 * A school's own items of a dictionary (JeecgBoot's dictOrgItem): same value as a platform item
 * replaces it for the school (text, colour, order, status), a new value adds one. The same fields
 * as the platform's items, kept per school.
 */
export const dictionaryOrgItem: EntitySpec = {
  ...dictionaryItem,
  id: 'system.dictOrgItem',
  title: { 'zh-CN': '本校字典项', en: 'School dictionary item' },
  api: '/sys/dictOrgItem',
  table: 'dictionary_org_items',
  permissionPrefix: 'dictOrgItem',
  tenantScoped: true,
};
