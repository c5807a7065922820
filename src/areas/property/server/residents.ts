import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EntityHooks } from '@server/crud/registerEntity';
import { newId } from '@server/db/ids';
import { owners } from '@server/db/schema';
import { customers, houses, listings, propertyNews, topicComments, topics } from './tables';
import type { RowOf, Work } from '@server/db/work';
import { badRequest } from '@server/http/envelope';

/** customer_type → owner_role: 租户 stays a tenant, 家属 family; the others become owners. */
const ROLE_OF: Readonly<Record<string, string>> = { '2': '3', '3': '2' };

/**
 * 客户管理 (declared in customer.ts): 转业主 adds the customer to 业主管理 with the house chosen (once:
 * a customer already made a resident is refused), and an owner of a house without one its owner.
 */
export const CUSTOMER_HOOKS: EntityHooks<RowOf<typeof customers>> = {
  actions: {
    async toOwner({ work, row: customer }) {
      if (customer.ownerId) throw badRequest(`${customer.name} 已转为业主`, `${customer.name} is a resident already`);
      if (!customer.houseId) throw badRequest('请先关联房屋，再转为业主', 'Choose their house first');
      const house = await work.one(houses, customer.houseId);
      if (!house) throw badRequest('房屋不存在', 'No such house');
      const role = ROLE_OF[customer.customerType] ?? '1';
      const [owner] = await work.insert(owners, { id: newId(), name: customer.name, mobile: customer.mobile, idNo: customer.idNo, ownerRole: role, houses: house.name, status: '1' });
      const ownerId = owner!.id;
      if (role === '1') await work.update(houses, { ownerId }, and(eq(houses.id, house.id), isNull(houses.ownerId)));
      return { set: { ownerId }, note: `业主档案：${house.name}` };
    },
  },
};

/** 二手市场 (declared in secondhand.ts): 驳回 and 下架 keep their reason. */
export const SECONDHAND_HOOKS: EntityHooks = {
  actions: {
    async reject({ input }) {
      return { set: { reason: input.reason } };
    },
    async takeDown({ input }) {
      return { set: { reason: input.reason } };
    },
  },
};

/** 租售管理 (declared in listing.ts): 驳回 keeps its reason; 成交 changes the house's state (let, or lived in). */
export const LISTING_HOOKS: EntityHooks<RowOf<typeof listings>> = {
  actions: {
    async reject({ input }) {
      return { set: { reason: input.reason } };
    },
    async deal({ work, row: listing }) {
      const houseStatus = listing.listingType === '1' ? '2' : '1';
      await work.update(houses, { houseStatus }, eq(houses.id, listing.houseId));
      return { note: listing.listingType === '1' ? '房屋改为出租' : '房屋改为自住' };
    },
  },
};

/** 物业资讯 (declared in news.ts): one notice pinned at a time; taken offline, it is unpinned. */
export const NEWS_HOOKS: EntityHooks<RowOf<typeof propertyNews>> = {
  actions: {
    async pin({ work, row }) {
      await work.update(propertyNews, { pinned: false }, eq(propertyNews.pinned, true));
      return { set: { pinned: true }, note: row.title };
    },
    async offline() {
      return { set: { pinned: false } };
    },
  },
};

/** A topic's comment count: its comments not removed. */
async function countComments(work: Work, topicId: string): Promise<void> {
  const comments = await work.count(topicComments, and(eq(topicComments.topicId, topicId), eq(topicComments.status, '1')));
  await work.tx
    .update(topics)
    .set({ comments })
    .where(and(work.school(topics), eq(topics.id, topicId)));
}

/** 话题管理 (declared in topic.ts): 屏蔽 and 删除 keep their reason; 置顶 and 精华 switch. */
export const TOPIC_HOOKS: EntityHooks<RowOf<typeof topics>> = {
  actions: {
    async block({ input }) {
      return { set: { reason: input.reason } };
    },
    async restore() {
      return { set: { reason: null } };
    },
    async pin({ row }) {
      return { set: { pinned: !row.pinned } };
    },
    async feature({ row }) {
      return { set: { featured: !row.featured } };
    },
    async remove({ input }) {
      return { set: { reason: input.reason, pinned: false } };
    },
  },
};

/** A topic's comments (declared in topicComment.ts): only on a published topic; the topic's count follows each one added or removed. */
export const TOPIC_COMMENT_HOOKS: EntityHooks<RowOf<typeof topicComments>> = {
  async beforeSave({ work, values }) {
    const found = await work.one(topics, values.topicId ?? '');
    if (found?.status !== '1') throw badRequest('只能评论已发布的话题', 'Only a published topic takes comments');
  },
  async afterAdd({ work, values }) {
    await countComments(work, values.topicId ?? '');
  },
  actions: {
    async remove({ work, row, input }) {
      // This comment leaves the count as it is removed (its state moves after this runs).
      await work.tx
        .update(topics)
        .set({ comments: sql`greatest(${topics.comments} - 1, 0)` })
        .where(and(work.school(topics), eq(topics.id, row.topicId)));
      return { set: { reason: input.reason } };
    },
  },
};
