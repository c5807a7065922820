import { terminal } from '@shared/entities/devices/terminal';
import type { EntityRegistration } from '../entities';
import { devices } from '../../db/schema';

/** 终端设备 on the engine; its key and the terminals' own API are routes.ts. */
export const DEVICE_ENTITIES: readonly EntityRegistration[] = [[terminal, devices]];
