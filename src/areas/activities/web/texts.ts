/** 活动管理's texts, under its own prefix, in both languages (the same keys: the type checks it). */
export const activitiesTextsZh = {
  'activities.participants': '参与记录',
  'activities.participantsOf': '「{name}」的参与记录',
  'activities.choose': '选择一个活动查看其参与记录',
} as const;

export const activitiesTextsEn: Record<keyof typeof activitiesTextsZh, string> = {
  'activities.participants': 'Participants',
  'activities.participantsOf': 'Participants of {name}',
  'activities.choose': 'Choose a campaign to see who took part',
};
