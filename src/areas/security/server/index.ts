/** 安防视频 on the server: the cameras' signed API, 生成密钥, the events on the engine, the sample cameras. */
import type { ServerArea } from '@server/registry/areas';
import { camera, securityShared, videoRecord } from '../shared';
import { cameraRoutes, VIDEO_RECORD_HOOKS } from './cameras';
import { seedSecurity } from './seed';
import { cameras, videoRecords } from './tables';

export const securityServer: ServerArea = {
  shared: securityShared,
  // The cameras, then the events they post.
  entities: [
    [camera, cameras],
    [videoRecord, videoRecords, VIDEO_RECORD_HOOKS],
  ],
  routes: cameraRoutes,
  seed: ({ tx, files, tenantId, by }) => seedSecurity(tx, files, tenantId, by),
  messages: { 摄像头不存在: 'No such camera' },
};

export { cameras, videoRecords };

export default securityServer;
