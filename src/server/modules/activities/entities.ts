import { activity } from '@shared/entities/activities/activity';
import { activityParticipant } from '@shared/entities/activities/participant';
import { activities, activityParticipants } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { ACTIVITY_HOOKS, PARTICIPANT_HOOKS } from './activities';

/** 活动管理's declarations: the campaigns and, below them, who received what. */
export const ACTIVITY_ENTITIES: readonly EntityRegistration[] = [
  [activity, activities, ACTIVITY_HOOKS],
  [activityParticipant, activityParticipants, PARTICIPANT_HOOKS],
];
