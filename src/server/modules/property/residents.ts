import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { newId } from '../../db/ids';
import { houses, owners, propertyNews, topicComments, topics } from '../../db/schema';
import { badRequest } from '../../http/envelope';

/** customer_type → owner_role: 租户 stays a tenant, 家属 family; the others become owners. */
const ROLE_OF: Readonly<Record<string, string>> = { '2': '3', '3': '2' };

/**
 * 客户管理 (declared in customer.ts): 转业主 adds the customer to 业主管理 with the house chosen (once:
 * a customer already made a resident is refused), and an owner of a house without one its owner.
 */
export const CUSTOMER_HOOKS: EntityHooks = {
  actions: {
    async toOwner({ tx, caller, row }) {
      if (row.ownerId) throw badRequest(`${String(row.name)} 已转为业主`, `${String(row.name)} is a resident already`);
      if (!row.houseId) throw badRequest('请先关联房屋，再转为业主', 'Choose their house first');
      const [house] = await tx
        .select()
        .from(houses)
        .where(and(eq(houses.id, String(row.houseId)), eq(houses.tenantId, caller.tenantId)));
      if (!house) throw badRequest('房屋不存在', 'No such house');
      const role = ROLE_OF[String(row.customerType)] ?? '1';
      const ownerId = newId();
      await tx.insert(owners).values({
        id: ownerId,
        tenantId: caller.tenantId,
        createBy: caller.username,
        name: String(row.name),
        mobile: String(row.mobile),
        idNo: (row.idNo as string | null) ?? null,
        ownerRole: role,
        houses: house.name,
        status: '1',
      });
      if (role === '1')
        await tx
          .update(houses)
          .set({ ownerId, updateBy: caller.username, updatedAt: new Date() })
          .where(and(eq(houses.id, house.id), isNull(houses.ownerId)));
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
export const LISTING_HOOKS: EntityHooks = {
  actions: {
    async reject({ input }) {
      return { set: { reason: input.reason } };
    },
    async deal({ tx, caller, row }) {
      const houseStatus = row.listingType === '1' ? '2' : '1';
      await tx
        .update(houses)
        .set({ houseStatus, updateBy: caller.username, updatedAt: new Date() })
        .where(and(eq(houses.id, String(row.houseId)), eq(houses.tenantId, caller.tenantId)));
      return { note: row.listingType === '1' ? '房屋改为出租' : '房屋改为自住' };
    },
  },
};

/** 物业资讯 (declared in news.ts): one notice pinned at a time; taken offline, it is unpinned. */
export const NEWS_HOOKS: EntityHooks = {
  actions: {
    async pin({ tx, caller, row }) {
      await tx
        .update(propertyNews)
        .set({ pinned: false })
        .where(and(eq(propertyNews.tenantId, caller.tenantId), eq(propertyNews.pinned, true)));
      return { set: { pinned: true }, note: String(row.title) };
    },
    async offline() {
      return { set: { pinned: false } };
    },
  },
};

/** A topic's comment count: its comments not removed. */
async function countComments(tx: Parameters<NonNullable<EntityHooks['afterAdd']>>[0]['tx'], topicId: string): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(topicComments)
    .where(and(eq(topicComments.topicId, topicId), eq(topicComments.status, '1'), eq(topicComments.delFlag, 0)));
  await tx
    .update(topics)
    .set({ comments: row?.n ?? 0 })
    .where(eq(topics.id, topicId));
}

/** 话题管理 (declared in topic.ts): 屏蔽 and 删除 keep their reason; 置顶 and 精华 switch. */
export const TOPIC_HOOKS: EntityHooks = {
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
export const TOPIC_COMMENT_HOOKS: EntityHooks = {
  async beforeSave({ tx, tenantId, values }) {
    const [found] = await tx
      .select({ status: topics.status })
      .from(topics)
      .where(and(eq(topics.id, String(values.topicId)), eq(topics.tenantId, tenantId)));
    if (found?.status !== '1') throw badRequest('只能评论已发布的话题', 'Only a published topic takes comments');
  },
  async afterAdd({ tx, values }) {
    await countComments(tx, String(values.topicId));
  },
  actions: {
    async remove({ tx, row, input }) {
      // This comment leaves the count as it is removed (its state moves after this runs).
      await tx
        .update(topics)
        .set({ comments: sql`greatest(${topics.comments} - 1, 0)` })
        .where(eq(topics.id, String(row.topicId)));
      return { set: { reason: input.reason } };
    },
  },
};
