import type { DictMap } from '@shared/types';
import { get } from './client';

export const systemApi = {
  permissionTree: () => get<unknown[]>('/sys/permission/list'),
  allDictItems: () => get<DictMap>('/sys/dict/queryAllDictItems'),
};
