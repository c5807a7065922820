import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BASE_PATH } from '@shared/constants';
import { DEFAULT_STOP_GRACE_MS } from './http/gracefulStop';
import type { SmsConfig } from './sms/sender';
import type { StorageConfig } from './modules/files/objectStore';

/** Server configuration read from the environment, validated at start. */
export interface ServerConfig {
  port: number;
  host: string;
  basePath: string;
  dataDir: string;
  /** Unset → embedded PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  tokenTtlMinutes: number;
  /** Folder holding the built web app (index.html and assets). */
  webRoot: string;
  logLevel: string;
  /** This instance queues effects after commits but delivers none (OUTBOX_PAUSED=true): another instance, or a later start, does. */
  outboxPaused: boolean;
  /** On SIGTERM, how long the requests under way may take before they are cut (STOP_GRACE_MS). */
  stopGraceMs: number;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: none. */
  trustProxy: string[];
  /** Each online payment channel's callback key; a channel without one takes no online recharges. */
  paymentSecrets: PaymentSecrets;
  /** How text messages are sent (invitations, sign-in codes). */
  sms: SmsConfig;
  /** Where uploaded files are kept: DATA_DIR/upload, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** The CAS server single sign-on validates tickets with (e.g. https://cas.school.edu.cn/cas); unset: no CAS. */
  casServerUrl: string | undefined;
  /**
   * The URL the CAS server issues this console's tickets for: a ticket is validated for it alone,
   * never for a service the request names (CAS_SERVICE_URL, else PUBLIC_URL).
   */
  casServiceUrl: string | undefined;
  /** The console's address as the outside sees it (PUBLIC_URL): links in text messages start with it. */
  publicUrl: string | undefined;
}

export interface PaymentSecrets {
  wechat?: string | undefined;
  alipay?: string | undefined;
}

/** One address or CIDR range, IPv4 or IPv6. */
function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT 必须是 1 到 65535 之间的整数' })
    .int('PORT 必须是 1 到 65535 之间的整数')
    .min(1, 'PORT 必须是 1 到 65535 之间的整数')
    .max(65535, 'PORT 必须是 1 到 65535 之间的整数')
    .default(8080),
  HOST: z.string().min(1, 'HOST 不能为空').default('0.0.0.0'),
  BASE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, 'BASE_PATH 必须以 / 开头且不能以 / 结尾，例如 /ccu-boot')
    .default(DEFAULT_BASE_PATH),
  DATA_DIR: z.string().min(1, 'DATA_DIR 不能为空').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须以 postgres:// 或 postgresql:// 开头')
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD 至少需要 8 个字符').max(128).optional(),
  TOKEN_TTL_MINUTES: z.coerce
    .number({ error: 'TOKEN_TTL_MINUTES 必须是正整数' })
    .int('TOKEN_TTL_MINUTES 必须是正整数')
    .min(1, 'TOKEN_TTL_MINUTES 必须是正整数')
    .max(60 * 24 * 30, 'TOKEN_TTL_MINUTES 不能超过 43200（30 天）')
    .default(120),
  WEB_ROOT: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isProxyAddress), 'TRUST_PROXY 必须是逗号分隔的 IP 地址或网段，例如 10.0.0.1,192.168.0.0/16')
    .default([]),
  PAY_WECHAT_SECRET: z.string().min(16, 'PAY_WECHAT_SECRET 至少16个字符').optional(),
  PAY_ALIPAY_SECRET: z.string().min(16, 'PAY_ALIPAY_SECRET 至少16个字符').optional(),
  SMS_DRIVER: z.enum(['log', 'http'], { error: 'SMS_DRIVER 只能是 log 或 http' }).default('log'),
  SMS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'SMS_HTTP_URL 必须是 http:// 或 https:// 地址' }).optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'STORAGE_DRIVER 只能是 local 或 s3' }).default('local'),
  S3_BUCKET: z.string().min(3, 'S3_BUCKET 至少3个字符').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT 必须是 http:// 或 https:// 地址' }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE 只能是 true 或 false' }).optional(),
  S3_PREFIX: z.string().max(200).optional(),
  CAS_SERVER_URL: z.url({ protocol: /^https?$/, error: 'CAS_SERVER_URL 必须是 http:// 或 https:// 地址' }).optional(),
  CAS_SERVICE_URL: z.url({ protocol: /^https?$/, error: 'CAS_SERVICE_URL 必须是 http:// 或 https:// 地址' }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL 必须是 http:// 或 https:// 地址' }).optional(),
  // Quiet by default: warnings and errors only; `info` adds one line per request.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  OUTBOX_PAUSED: z.enum(['true', 'false'], { error: 'OUTBOX_PAUSED 只能是 true 或 false' }).default('false'),
  STOP_GRACE_MS: z.coerce
    .number({ error: 'STOP_GRACE_MS 必须是 0 到 600000 之间的整数（毫秒）' })
    .int('STOP_GRACE_MS 必须是 0 到 600000 之间的整数（毫秒）')
    .min(0, 'STOP_GRACE_MS 必须是 0 到 600000 之间的整数（毫秒）')
    .max(600_000, 'STOP_GRACE_MS 必须是 0 到 600000 之间的整数（毫秒）')
    .default(DEFAULT_STOP_GRACE_MS),
});

/** Thrown when the environment holds a bad value; the message names every bad variable. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`配置错误 (configuration error):\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.STORAGE_DRIVER === 's3' && !value.S3_BUCKET) throw new ConfigError('配置错误 (configuration error):\n  S3_BUCKET: STORAGE_DRIVER=s3 时必须设置 S3_BUCKET');
  if (value.SMS_DRIVER === 'http' && !value.SMS_HTTP_URL) throw new ConfigError('配置错误 (configuration error):\n  SMS_HTTP_URL: SMS_DRIVER=http 时必须设置 SMS_HTTP_URL');
  const casServiceUrl = value.CAS_SERVICE_URL ?? (value.PUBLIC_URL ? `${value.PUBLIC_URL.replace(/\/+$/, '')}/` : undefined);
  if (value.CAS_SERVER_URL && !casServiceUrl)
    throw new ConfigError('配置错误 (configuration error):\n  CAS_SERVICE_URL: 设置 CAS_SERVER_URL 时必须设置 CAS_SERVICE_URL（本系统在 CAS 登记的服务地址）或 PUBLIC_URL');
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    port: value.PORT,
    host: value.HOST,
    basePath: value.BASE_PATH,
    dataDir,
    databaseUrl: value.DATABASE_URL,
    adminPassword: value.ADMIN_PASSWORD,
    tokenTtlMinutes: value.TOKEN_TTL_MINUTES,
    webRoot: path.resolve(value.WEB_ROOT ?? 'dist'),
    logLevel: value.LOG_LEVEL,
    outboxPaused: value.OUTBOX_PAUSED === 'true',
    stopGraceMs: value.STOP_GRACE_MS,
    trustProxy: value.TRUST_PROXY,
    paymentSecrets: { wechat: value.PAY_WECHAT_SECRET, alipay: value.PAY_ALIPAY_SECRET },
    casServerUrl: value.CAS_SERVER_URL,
    casServiceUrl,
    publicUrl: value.PUBLIC_URL?.replace(/\/+$/, ''),
    storage:
      value.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: value.S3_BUCKET!,
            region: value.S3_REGION,
            endpoint: value.S3_ENDPOINT,
            accessKeyId: value.S3_ACCESS_KEY_ID,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY,
            // S3-compatible servers (MinIO and the like) want the bucket in the path.
            forcePathStyle: value.S3_FORCE_PATH_STYLE ? value.S3_FORCE_PATH_STYLE === 'true' : Boolean(value.S3_ENDPOINT),
            prefix: value.S3_PREFIX,
          }
        : { driver: 'local' },
    sms: value.SMS_DRIVER === 'http' ? { driver: 'http', url: value.SMS_HTTP_URL!, token: value.SMS_HTTP_TOKEN } : { driver: 'log', outbox: path.join(dataDir, 'sms-outbox.log') },
  };
}
