/** 安防视频 as both halves see it: the cameras and their events, the menu group, the events' dictionaries. */
import type { SharedArea } from '@shared/areas';
import { entityScreen } from '@shared/menuSeeds';
import { camera } from './entities/camera';
import { videoRecord } from './entities/videoRecord';

export const securityShared = {
  id: 'security',
  // The screen's main entity first (its commands act on the selection), then the cameras below it.
  entities: [videoRecord, camera],
  menu: [
    {
      after: '/messages',
      title: '安防视频',
      titleEn: 'Security video',
      path: '/security',
      icon: 'cctv',
      screens: [
        entityScreen(
          videoRecord,
          [
            ['videoRecord:play', '回放', 'Play back'],
            ['camera:issueKey', '生成摄像头密钥', 'Issue a camera key'],
          ],
          [camera],
        ),
      ],
    },
  ],
  dictionaries: [
    {
      code: 'video_event',
      name: '视频事件类型',
      items: [
        ['1', '人脸抓拍', '#1677ff'],
        ['2', '陌生人', '#fa8c16'],
        ['3', '越界/区域入侵', '#cf1322'],
        ['4', '人员聚集', '#faad14'],
        ['5', '烟火', '#f5222d'],
        ['6', '门禁联动', '#722ed1'],
        ['7', '手动录像'],
      ],
      english: { '1': 'Face captured', '2': 'Stranger', '3': 'Line crossed', '4': 'Crowd', '5': 'Smoke or fire', '6': 'Door alarm', '7': 'Manual recording' },
    },
    {
      code: 'video_handle',
      name: '视频事件处理状态',
      items: [
        ['0', '未处理', '#cf1322'],
        ['1', '处理中', '#faad14'],
        ['2', '已处理', '#52c41a'],
        ['3', '误报', '#8c8c8c'],
      ],
      english: { '0': 'Open', '1': 'In hand', '2': 'Handled', '3': 'False alarm' },
    },
  ],
} as const satisfies SharedArea;

export { camera, videoRecord };
export { cameraEventsSigningText, cameraMediaSigningText, type CameraEvent } from './camera';

export default securityShared;
