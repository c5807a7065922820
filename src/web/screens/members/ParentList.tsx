import { parent } from '@shared/entities/members/parent';
import { EntityListScreen } from '@web/engine/EntityListScreen';

/** 家长名单: parents bound to pupils; the invitation and 解绑微信 are the flow's, offered by each row's state. */
export default function ParentList() {
  return <EntityListScreen spec={parent} />;
}
