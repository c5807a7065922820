import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, fail, MESSAGES } from './envelope';

/** Maps every error to an envelope with the right status; never sends a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(fail(error.status, error.message));
    }
    const { status, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(fail(status, message));
  });
}

function describe(error: FastifyError): { status: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The spec asks for 400 on an oversized body: it is bad input like any other.
      return { status: 400, message: MESSAGES.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: MESSAGES.badJson };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: MESSAGES.unsupportedMediaType };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: MESSAGES.bodyTooLarge };
  }
  if (error instanceof SyntaxError) return { status: 400, message: MESSAGES.badJson };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: MESSAGES.tooManyRequests };
  if (status >= 400 && status < 500) return { status, message: `请求错误：${error.message}` };
  return { status: 500, message: MESSAGES.internal };
}
