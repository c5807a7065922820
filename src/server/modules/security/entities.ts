import { camera } from '@shared/entities/security/camera';
import { videoRecord } from '@shared/entities/security/videoRecord';
import { cameras, videoRecords } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { VIDEO_RECORD_HOOKS } from './cameras';

/** 安防视频's declarations: the cameras, then the events they post. */
export const SECURITY_ENTITIES: readonly EntityRegistration[] = [
  [camera, cameras],
  [videoRecord, videoRecords, VIDEO_RECORD_HOOKS],
];
