import { memberDepartment } from '@shared/entities/members/department';
import { member } from '@shared/entities/members/member';
import { memberType } from '@shared/entities/members/memberType';
import type { EntityRegistration } from '../entities';
import { memberDepartments, members, memberTypes } from '../../db/schema';
import { memberHooks } from './member.hooks';

/** 人员与卡务's declarations with their tables and hooks, a member's type and class before the member. */
export const MEMBER_ENTITIES: readonly EntityRegistration[] = [
  [memberDepartment, memberDepartments],
  [memberType, memberTypes],
  [member, members, memberHooks],
];
