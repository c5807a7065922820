/** The JeecgBoot-compatible response envelope every API answer carries. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** A page of records as list endpoints return it. */
export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Set when `total` is an estimate (very large tables). */
  totalEstimated?: boolean;
  /** Sums over every record the query finds (not only this page), by field: the list's 合计 line. */
  footer?: Record<string, number | string>;
}
