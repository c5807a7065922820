/** 安防视频's texts, under its own prefix, in both languages (the same keys: the type checks it). */
export const securityTextsZh = {
  'security.cameras': '摄像头',
  'security.playback.title': '回放',
  'security.playback.none': '该事件没有录像',
  'security.playback.snapshot': '抓拍图',
  'security.playback.download': '下载录像',
} as const;

export const securityTextsEn: Record<keyof typeof securityTextsZh, string> = {
  'security.cameras': 'Cameras',
  'security.playback.title': 'Play back',
  'security.playback.none': 'This event has no recording',
  'security.playback.snapshot': 'Snapshot',
  'security.playback.download': 'Download the recording',
};
