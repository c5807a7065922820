import type { ApiEnvelope } from '@shared/envelope';

/** A successful answer. Login and permission fetches carry code 200, like every success here. */
export function ok<T>(result: T, message = '操作成功！'): ApiEnvelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** A failed answer; the envelope code mirrors the HTTP status. */
export function fail(status: number, message: string): ApiEnvelope<null> {
  return { success: false, message, code: status, result: null, timestamp: Date.now() };
}

/** Thrown by handlers and services; the error handler turns it into an envelope and status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The message in English, when it is not in the catalogue (it names a field, a value…). */
    readonly en?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const MESSAGES = {
  tokenInvalid: 'Token失效，请重新登录',
  forbidden: '没有权限，请联系管理员授权',
  notFound: '很抱歉，资源未找到!',
  internal: '操作失败，服务器内部错误',
  bodyTooLarge: '请求体过大',
  badJson: '请求体不是有效的 JSON',
  unsupportedMediaType: '不支持的请求内容类型',
  tooManyRequests: '请求过于频繁，请稍后再试',
  tenantForbidden: '无权访问该租户',
  badTenant: 'tenant_id 必须是整数',
  platformOnly: '菜单、字典等为所有学校共用，只能由平台管理员修改',
  platformOnlyRead: '该功能属于平台，只能由平台管理员查看',
  notGranted: '账号尚未授权，请联系管理员分配角色',
  headersTooLarge: '请求地址或请求头过长',
  malformed: '请求格式无效',
  requestTimeout: '请求超时',
  badData: '输入的数据格式或取值范围不正确，请检查后重试',
  conflict: '数据已被修改或已存在，请刷新后重试',
  badPath: '请求路径中有无效的转义字符',
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
} as const;

export const badRequest = (message: string, en?: string) => new ApiError(400, message, en);
export const unauthorized = (message: string = MESSAGES.tokenInvalid) => new ApiError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new ApiError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, message);

/**
 * A record the request refers to (a role to grant, a department to assign), as opposed to the one
 * it addresses, is bad input when missing: its 404 becomes a 400 naming the field.
 */
export async function referenced<T>(lookup: Promise<T>, message: string): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw badRequest(message);
    throw error;
  }
}
