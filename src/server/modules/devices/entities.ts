import { terminal } from '@shared/entities/devices/terminal';
import type { EntityRegistration } from '../entities';
import { devices } from '../../db/schema';

/** 终端设备 on the engine; its key and the terminals' own API are routes.ts. A change drops the terminals every instance keeps. */
export const DEVICE_ENTITIES: readonly EntityRegistration[] = [[terminal, devices, ({ terminals }) => ({ afterChange: () => terminals.changed() })]];
