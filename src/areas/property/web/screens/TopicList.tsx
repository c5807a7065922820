import { topic } from '@areas/property/shared/entities/topic';
import { topicComment } from '@areas/property/shared/entities/topicComment';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/** 话题管理: the topics (审核, 屏蔽, 置顶, 精华, 删除), and below them the comments, the most reported first (删除评论). */
export default function TopicList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={topic} />
      <section aria-label={t('property.comments')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('property.comments')}</h2>
        <EntityListScreen spec={topicComment} selectionScope="topicComments" height={360} />
      </section>
    </div>
  );
}
