import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound, ok } from '../../http/envelope';
import { allDictItems, dictItemsByCode } from './service';

export function dictionaryRoutes(api: FastifyInstance, { db }: AppContext): void {
  api.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', { config: { self: true } }, async (request) => {
    const code = request.params.code.trim();
    if (!/^[A-Za-z0-9_]{1,64}$/.test(code)) throw badRequest('字典Code格式不正确！');
    const items = await dictItemsByCode(db, code);
    if (!items) throw notFound(`字典 ${code} 不存在`);
    return ok(items);
  });

  api.get('/sys/dict/queryAllDictItems', { config: { self: true } }, async () => ok(await allDictItems(db)));
}
