import type { Socket } from 'node:net';
import { cgreportRoutes } from './modules/online/cgreportRoutes';
import { onlineFormRoutes } from './modules/online/formRoutes';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { AppContext } from './context';
import { createAppContext, type AppContextBase } from './wiring/appContext';
import './wiring/outboxHandlers';
import { installAuthGuard } from './http/auth';
import { installSchoolClock } from './http/schoolClock';
import { fail, MESSAGES } from './http/envelope';
import { installErrorHandler } from './http/errors';
import { localeOf, toEnglish } from './http/language';
import { installNulGuard } from './http/nulGuard';
import { LOG_REDACTION, redactUrl } from './http/redact';
import { authRoutes } from './modules/auth/routes';
import { dictionaryRoutes } from './modules/dictionaries/routes';
import { homeRoutes } from './modules/home/routes';
import { dashboardRoutes } from './modules/home/dashboard';
import { familyWorkplaceRoutes } from './modules/home/familyWorkplace';
import { schoolDeskRoutes } from './modules/home/schoolDesk';
import { demoScreenRoutes } from './modules/home/demoScreens';
import { pdfScreenRoutes } from './modules/home/pdfScreens';
import { batchListRoutes } from './modules/home/batchList';
import { ledgerRoutes } from './modules/ledger/routes';
import { logRoutes } from './modules/logs/routes';
import { schoolRoutes } from './modules/schools/routes';
import { dictionarySyncRoutes } from './modules/dictionaries/syncRoutes';
import { ossRoutes } from './modules/files/ossRoutes';
import { familyActuatorRoutes } from './modules/monitor/familyActuator';
import { healthRoutes } from './modules/monitor/health';
import { monitorRoutes } from './modules/monitor/routes';
import { createRequestStats } from './monitor/requests';
import { startHeartbeat } from './monitor/instances';
import { watchRuntime } from './monitor/runtime';
import { accountRoutes } from './modules/users/accountRoutes';
import { paletteRoutes } from './modules/users/paletteRoutes';
import { announcementRoutes } from './modules/announcements/routes';
import { noticeSocketRoutes } from './realtime/noticeSocket';
import { jobRoutes } from './modules/jobs/routes';
import { createScheduler } from './jobs/scheduler';
import { createOutboxWorker } from './outbox/deliver';
import { trackRequestsUnderWay } from './http/gracefulStop';
import { deviceRoutes } from './modules/devices/routes';
import { mealRoutes } from './modules/meals/routes';
import { subsidyRoutes } from './modules/members/subsidyRoutes';
import { tuitionRoutes } from './modules/members/tuition';
import { reportRoutes } from './modules/reports/routes';
import { paymentRoutes } from './modules/payments/routes';
import { utilityRoutes } from './modules/payments/utilityBills';
import { messageRoutes } from './modules/messages/routes';
import { parentAppRoutes } from './modules/parentApp/routes';
import { onlinePaymentRoutes } from './modules/payments/onlinePayments';
import { permissionRoutes } from './modules/permissions/routes';
import { userRoutes } from './modules/users/routes';
import { userAdminRoutes } from './modules/users/adminRoutes';
import { familyUserFormRoutes } from './modules/users/familyFormRoutes';
import { roleRoutes } from './modules/roles/routes';
import { roleDataRuleRoutes } from './modules/roles/dataRuleRoutes';
import { permissionAdminRoutes } from './modules/permissions/adminRoutes';
import { departmentRoutes } from './modules/departments/routes';
import { departmentRoleRoutes } from './modules/departments/roleRoutes';
import { memberDepartmentRoutes } from './modules/departments/memberRoutes';
import { memberTreeEditRoutes } from './modules/departments/memberTreeEdits';
import { tableEditRoutes, tableEditSocket } from './modules/demo/tableEditRoutes';
import { fileRoutes, MAX_UPLOAD_BYTES } from './modules/files/routes';
import { entityRoutes } from './modules/entities';
import { historyRoutes } from './crud/history';
import { recordPostings } from './modules/ledger/recordPostings';
import { duplicateCheckRoutes } from './crud/duplicateCheck';
import { installOperationLog } from './http/operationLog';
import { installChangedEntities } from './http/changedEntities';
import { readListsWith } from './realtime/listChanges';
import { changedEntities } from './modules/changedEntities';
import { downloadRoutes } from './crud/downloads';
import { tableSocketRoutes } from './realtime/tableSocket';
import { installWebApp } from './web';
import { serverAreas } from './registry/areas';

/** A route as declared: method, url and its access config. */
export interface DeclaredRoute {
  method: string;
  url: string;
  config: { public?: boolean; self?: boolean; permission?: string; platform?: boolean };
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: readonly DeclaredRoute[];
    /** What the routes and jobs share: a test runs a job's work at a moment of its choosing with it. */
    appContext: AppContext;
    /** The requests this instance is answering now (a graceful stop waits for them). */
    requestsUnderWay: { readonly underWay: number };
  }
}

export interface BuildAppOptions extends AppContextBase {
  /** pino options (a stream for tests that read the log), or false for silence. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Proxies whose X-Forwarded-For gives the client's address (TRUST_PROXY); none by default. */
  trustProxy?: string[];
  /** Runs the scheduled jobs, looking for due ones this often; off when absent (most tests). */
  jobs?: { tickMs: number };
  /**
   * The outbox's deliverer: looks for due effects this often (off when absent: a request still
   * delivers its own at once); `paused` queues effects and delivers none (OUTBOX_PAUSED).
   */
  outbox?: { tickMs?: number; paused?: boolean };
}

/** What the HTTP parser refused, answered as an envelope (headers unread: in Chinese). */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.requestTimeout]
        : [400, 'Bad Request', MESSAGES.malformed];
  const body = JSON.stringify(fail(status, message));
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** A request as the log shows it (Fastify's fields), its URL redacted. */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url, request.routeOptions?.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** JSON bodies above this are refused with 400; uploads get their own limit later. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP server: the API under the base path and the web app at `/`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { logger = false, trustProxy = [], jobs, outbox, ...given } = options;
  const app = Fastify({
    // No token, password or code ever reaches the log: URLs and logged objects are redacted.
    logger: logger && typeof logger === 'object' ? { ...logger, redact: LOG_REDACTION, serializers: { req: requestForLog } } : logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // The client address (rate limits, the login log, sign-in throttling) comes from
    // X-Forwarded-For only when the request arrives from a proxy named in TRUST_PROXY.
    trustProxy: trustProxy.length ? trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's refusals (a bad %-escape in the path) and the HTTP parser's (a query string
    // over 16 KB) answer the envelope in the client's language too, never Fastify's English.
    frameworkErrors: (error, request, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? MESSAGES.badPath : MESSAGES.malformed;
      void (reply as FastifyReply).code(400).send(fail(400, localeOf(request) === 'en' ? toEnglish(message) : message));
    },
    clientErrorHandler: answerClientError,
    // A stop serves the requests that still reach it on open connections, each answer closing its
    // connection (gracefulStop.ts), rather than Fastify's bare 503 outside the envelope.
    return503OnClosing: false,
  });
  const context = createAppContext(given, app.log, { paused: Boolean(outbox?.paused) });
  app.decorate('appContext', context);
  app.decorate('requestsUnderWay', trackRequestsUnderWay(app));

  // 系统监控: this instance's requests in memory, its heartbeat among the instances, its runtime watched.
  const requestStats = createRequestStats();
  let stopHeartbeat: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    watchRuntime();
    stopHeartbeat = startHeartbeat(context.db, requestStats, (error) => app.log.warn({ err: error }, 'instance heartbeat not written'));
  });
  app.addHook('onClose', async () => stopHeartbeat?.());

  if (jobs) {
    const scheduler = createScheduler(context, { tickMs: jobs.tickMs, log: (message, error) => app.log.warn({ err: error }, message) });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }

  if (outbox?.tickMs && !outbox.paused) {
    const worker = createOutboxWorker(context, { tickMs: outbox.tickMs, log: (message, error) => app.log.warn({ err: error }, message) });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the grid position elements with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin sockets (ws: and wss: of this host) in current browsers.
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Schools often serve the console on plain http inside their network.
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({ ...fail(429, MESSAGES.tooManyRequests), statusCode: context.statusCode }),
  });
  installErrorHandler(app);
  installNulGuard(app);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  await app.register(websocket, {
    options: {
      maxPayload: 256 * 1024,
      // The token may arrive as the only sub-protocol; echo it so browsers accept the socket.
      handleProtocols: (protocols: Set<string>) => protocols.values().next().value ?? false,
    },
  });

  // Every route with who may call it: tests walk it (the hostile-input table), logs will name it.
  const routes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, config: (route.config ?? {}) as DeclaredRoute['config'], websocket: Boolean(route.websocket) });
  });

  await app.register(
    async (api) => {
      const lists = changedEntities(context.db);
      installChangedEntities(api, lists);
      readListsWith(context.db, lists);
      installSchoolClock(api);
      installAuthGuard(api, context);
      installOperationLog(api, context.db);
      requestStats.install(api);
      authRoutes(api, context);
      permissionRoutes(api, context);
      userRoutes(api, context);
      userAdminRoutes(api, context);
      familyUserFormRoutes(api);
      roleRoutes(api, context);
      roleDataRuleRoutes(api, context);
      permissionAdminRoutes(api, context);
      departmentRoutes(api, context);
      departmentRoleRoutes(api, context);
      memberDepartmentRoutes(api, context);
      memberTreeEditRoutes(api, context);
      dictionaryRoutes(api, context);
      homeRoutes(api, context);
      dashboardRoutes(api, context);
      schoolDeskRoutes(api, context);
      familyWorkplaceRoutes(api, context);
      demoScreenRoutes(api, context);
      pdfScreenRoutes(api, context);
      batchListRoutes(api, context);
      tableEditRoutes(api, context, context.bus);
      fileRoutes(api, context);
      entityRoutes(api, context);
      cgreportRoutes(api, context);
      onlineFormRoutes(api, context);
      historyRoutes(api, context, (caller, entity, id) => recordPostings(context, caller, entity, id));
      ledgerRoutes(api, context);
      logRoutes(api, context);
      jobRoutes(api);
      schoolRoutes(api, context);
      dictionarySyncRoutes(api, context);
      ossRoutes(api, context);
      monitorRoutes(api, context, requestStats);
      familyActuatorRoutes(api, context, requestStats);
      healthRoutes(api, context);
      accountRoutes(api, context);
      paletteRoutes(api, context);
      announcementRoutes(api, context);
      noticeSocketRoutes(api, context);
      deviceRoutes(api, context);
      mealRoutes(api, context);
      subsidyRoutes(api, context);
      tuitionRoutes(api, context);
      reportRoutes(api, context);
      paymentRoutes(api, context);
      utilityRoutes(api, context);
      messageRoutes(api, context);
      parentAppRoutes(api, context);
      onlinePaymentRoutes(api, context);
      duplicateCheckRoutes(api, context);
      downloadRoutes(api, context);
      tableSocketRoutes(api, context, [tableEditSocket(context.db)]);
      // Each area's own routes, after the product's.
      for (const area of serverAreas()) area.routes?.(api, context);
    },
    { prefix: context.config.basePath },
  );

  await installWebApp(app, { webRoot: context.config.webRoot, basePath: context.config.basePath });
  return app;
}
