import { pushItem } from '@shared/entities/devices/pushItem';
import { pushTask } from '@shared/entities/devices/pushTask';
import { terminal } from '@shared/entities/devices/terminal';
import type { EntityRegistration } from '../entities';
import { devices, pushItems, pushTasks } from '../../db/schema';
import { pushTaskActions, pushTaskHooks } from './pushes';

/** 终端设备 on the engine; its key and the terminals' own API are routes.ts. A change drops the terminals every instance keeps. */
export const DEVICE_ENTITIES: readonly EntityRegistration[] = [
  [terminal, devices, ({ terminals }) => ({ afterChange: () => terminals.changed() })],
  // 设备下发: a task's items are made with it; terminals take and answer them (routes.ts).
  [pushTask, pushTasks, { ...pushTaskHooks, actions: pushTaskActions }],
  [pushItem, pushItems],
];
