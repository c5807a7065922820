import { callNumber } from '@shared/entities/calls/number';
import { callPackage } from '@shared/entities/calls/package';
import { callPhone } from '@shared/entities/calls/phone';
import { callRecord } from '@shared/entities/calls/record';
import { callSubscription } from '@shared/entities/calls/subscription';
import { callNumbers, callPackages, callPhones, callRecords, callSubscriptions } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { CALL_NUMBER_HOOKS } from './numbers';
import { PACKAGE_HOOKS, SUBSCRIPTION_HOOKS } from './subscriptions';

/** 亲情通话's declarations: the numbers and the phones, the packages, their subscriptions and the calls. */
export const CALL_ENTITIES: readonly EntityRegistration[] = [
  [callNumber, callNumbers, CALL_NUMBER_HOOKS],
  [callPhone, callPhones],
  [callPackage, callPackages, PACKAGE_HOOKS],
  [callSubscription, callSubscriptions, SUBSCRIPTION_HOOKS],
  [callRecord, callRecords],
];
