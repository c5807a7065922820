import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { entityCodes } from '@shared/engine/derive';
import type { EntitySpec } from '@shared/engine/spec';
import { actionState } from '@shared/permissions';
import { noteChanged } from '../../db/writes';
import type { AppContext } from '../../context';
import { registerEntity } from '../../crud/registerEntity';
import { onlineForms } from '../../db/schema';
import { alive, schoolReads, unscoped, type Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { forbidden, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { formTable } from './formStore';

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;
interface CapturedRoute {
  config: { permission?: string; self?: boolean };
  handler: Handler;
}

/** The engine's routes of one declaration, kept by `METHOD url` instead of being added to the server (which takes no routes once it runs). */
function capturedRoutes(register: (api: FastifyInstance) => void): Map<string, CapturedRoute> {
  const routes = new Map<string, CapturedRoute>();
  const add = (methods: string | string[], url: string, config: CapturedRoute['config'] | undefined, handler: Handler) => {
    for (const method of [methods].flat()) routes.set(`${method} ${url}`, { config: config ?? {}, handler });
  };
  const short = (method: string) => (url: string, options: { config?: CapturedRoute['config'] }, handler: Handler) => add(method, url, options.config, handler);
  const shim = {
    get: short('GET'),
    post: short('POST'),
    put: short('PUT'),
    delete: short('DELETE'),
    route: (options: RouteOptions) => add(options.method as string | string[], options.url, options.config as CapturedRoute['config'], options.handler as Handler),
  };
  register(shim as unknown as FastifyInstance);
  return routes;
}

interface LoadedForm {
  version: number;
  spec: EntitySpec;
  routes: Map<string, CapturedRoute>;
}

const FORM_BASE = '/online/cgform/api/form';

/**
 * The published online forms, served by the entity engine: each form's declaration registered
 * with its view as the table, its routes answered under `/online/cgform/api/form/<id>/…` by one
 * dispatching route per method, which checks the permission code the engine declared for the
 * route (as the server's guard does for a code-declared entity's). A form is (re)registered when
 * its version changed since this instance last served it — another instance may have saved it.
 */
export function onlineFormRoutes(api: FastifyInstance, context: AppContext): void {
  const loaded = new Map<string, LoadedForm>();

  function load(row: { id: string; version: number; spec: string | null }): LoadedForm {
    const known = loaded.get(row.id);
    if (known && known.version === row.version) return known;
    const spec = JSON.parse(row.spec ?? 'null') as EntitySpec;
    const table = formTable(row.id, spec);
    const form = { version: row.version, spec, routes: capturedRoutes((capture) => registerEntity(capture, context, spec, table)) };
    loaded.set(row.id, form);
    return form;
  }

  /** The published forms of a school (one, by its id, when named). */
  const publishedRows = (work: Work, formId?: string) =>
    work.tx
      .select({ id: onlineForms.id, version: onlineForms.version, spec: onlineForms.spec })
      .from(onlineForms)
      .where(and(work.school(onlineForms), eq(onlineForms.publishStatus, '1'), formId === undefined ? undefined : eq(onlineForms.id, formId)));

  /** A published form of the caller's school, or 404. */
  async function publishedForm(work: Work, formId: string): Promise<LoadedForm> {
    const [row] = await publishedRows(work, formId);
    if (!row?.spec) throw notFound('表单不存在或未发布');
    const form = load(row);
    // A detail's master is registered first: the engine checks the master record it names.
    for (const field of form.spec.fields) if (field.type === 'ref' && field.ref?.startsWith('online.form.')) await publishedForm(work, field.ref.slice('online.form.'.length));
    return form;
  }

  // Every instance knows the published forms from the start (record history and the duplicate check look them up).
  api.addHook('onReady', async () => {
    const rows = await unscoped(context.db, 'online forms: every instance serves every school’s published forms')
      .select({ id: onlineForms.id, version: onlineForms.version, spec: onlineForms.spec })
      .from(onlineForms)
      // Every school's live published forms: no unit of work spans schools, so the live rows by hand.
      .where(and(alive(onlineForms), eq(onlineForms.publishStatus, '1')));
    for (const row of rows) {
      if (!row.spec) continue;
      // One form that cannot be read keeps the server from nothing: its requests say why.
      try {
        load(row);
      } catch (error) {
        console.error(`online form ${row.id} is not served:`, error);
      }
    }
  });

  api.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${FORM_BASE}/:formId/*`,
    config: { self: true, schoolWide: true },
    handler: async (request, reply) => {
      const caller = authOf(request);
      const { formId } = parseInput(z.object({ formId: z.string().trim().min(1).max(64) }), request.params);
      const form = await publishedForm(schoolReads(context.db, caller), formId);
      const rest = (request.params as Record<string, string>)['*'] ?? '';
      const route = form.routes.get(`${request.method} ${FORM_BASE}/${formId}/${rest}`);
      if (!route) throw notFound();
      if (!route.config.self && actionState(route.config.permission, caller) !== 'shown') throw forbidden();
      // Every form's records share one table: the form's list is named here.
      noteChanged(form.spec.id);
      return route.handler(request, reply);
    },
  });

  /** The published forms' declarations the caller may open: the console registers them as it does its own. */
  api.get('/online/cgform/api/specs', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const rows = await publishedRows(schoolReads(context.db, caller));
    const specs = rows.filter((row) => row.spec).map((row) => load(row).spec);
    return ok(
      specs.filter((spec) => actionState(entityCodes(spec).read, caller) === 'shown'),
      '查询成功',
    );
  });
}
