import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PageResult } from '@shared/envelope';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';

const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(200).catch(10),
});

/**
 * What JeecgBoot's own user screens ask for that this product keeps no record of: 职务 (posts) and
 * the third-party apps (企业微信, 钉钉). Answered as the family answers an installation without
 * them — an empty list, both apps off — so its client opens the forms without an error pop-up.
 */
export function familyUserFormRoutes(api: FastifyInstance): void {
  api.get('/sys/position/list', { config: { permission: 'system:users' } }, async (request) => {
    const { pageNo, pageSize } = parseInput(pageQuery, request.query);
    const page: PageResult<never> = { records: [], total: 0, size: pageSize, current: pageNo, pages: 0 };
    return { ...ok(page), code: 0 };
  });

  api.get('/sys/thirdApp/getEnabledType', { config: { permission: 'system:users' } }, async () => ok({ wechatEnterprise: false, dingtalk: false }));
}
