import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_START_PATHS } from '@shared/constants';
import type { ApiEnvelope } from '@shared/envelope';
import type { ConsoleStart } from '@shared/types';

/**
 * Asks the console's first routes on behalf of a session just made, as the console would the
 * moment it has its token: each goes through every hook a request from the browser meets (the
 * token, the school, the permission codes, the log), so nothing is answered that the route would
 * refuse. A cookie a route sets (the file cookie) is set on the sign-in's answer.
 */
export async function consoleStartOf(api: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string): Promise<ConsoleStart> {
  const headers: Record<string, string> = { 'x-access-token': token };
  for (const name of ['tenant_id', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers = await Promise.all(CONSOLE_START_PATHS.map((path) => api.inject({ method: 'GET', url: `${api.prefix}${path}`, headers, remoteAddress: request.ip })));
  const start: ConsoleStart = {};
  CONSOLE_START_PATHS.forEach((path, index) => {
    const answer = answers[index]!;
    const cookie = answer.headers['set-cookie'];
    if (cookie) reply.header('Set-Cookie', cookie);
    // A route that failed is left out: the console asks it again itself, and shows what it says.
    if (answer.statusCode === 200) start[path] = answer.json<ApiEnvelope>();
  });
  return start;
}
