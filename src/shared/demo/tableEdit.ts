import { z } from 'zod';
import { parseDatetime } from '../grid/cells';
import type { ValidateRule } from '../grid/validation';

/** The demo area's table-editing screen: one table that uses every cell type and rule. */
export const TABLE_EDIT_SOCKET_KEY = 'demo-table-edit';
/** common_send_date key for rows deleted by a save elsewhere: args [ids, caseId]. */
export const ROWS_DELETED = 'rows_deleted';

export interface TableEditColumnRules {
  key: string;
  /** The column's title, for messages that name it. */
  title: string;
  validateRules?: readonly ValidateRule[];
}

/** Validation shared by the grid and the server's save. */
export const TABLE_EDIT_RULES: readonly TableEditColumnRules[] = [
  { key: 'name', title: '姓名', validateRules: [{ required: true, message: '请输入姓名' }] },
  {
    key: 'code',
    title: '编号',
    validateRules: [
      { pattern: '*', message: '请输入编号' },
      { pattern: /^[A-Za-z0-9-]{2,20}$/, message: '编号为2到20位字母、数字或-' },
      { unique: true, message: '编号不能重复' },
    ],
  },
  { key: 'phone', title: '手机号', validateRules: [{ pattern: 'm' }] },
  { key: 'email', title: '电子邮件', validateRules: [{ pattern: 'e' }] },
  { key: 'amount', title: '金额', validateRules: [{ pattern: 'money' }] },
  {
    key: 'quantity',
    title: '数量',
    // A custom handler beside the preset: runs in the grid and again in the server's save.
    validateRules: [{ pattern: 'z' }, { handler: (value) => (Math.abs(Number(value)) > 9999 ? '数量不能超过9999' : null) }],
  },
];

const optionalText = (max: number) => z.string().max(max).nullish();

/** A row as the screen sends it; new rows carry a temporary id starting with `new_`. */
export const tableEditRowSchema = z.object({
  id: z.string().min(1).max(50),
  orderNum: z.number().int().min(0).nullish(),
  name: z.string().max(50).nullish(),
  code: z.string().max(20).nullish(),
  phone: optionalText(20),
  email: optionalText(100),
  amount: z.union([z.number(), z.string()]).nullish(),
  quantity: z.union([z.number(), z.string()]).nullish(),
  category: optionalText(100),
  tags: optionalText(200),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
    .nullish()
    .or(z.literal('')),
  signedAt: z
    .string()
    .refine((value) => value === '' || parseDatetime(value) !== null, '时间格式应为 YYYY-MM-DD HH:mm:ss')
    .nullish(),
  departName: optionalText(100),
  departCode: optionalText(64),
  checkedIn: z.boolean().nullish(),
  progress: z.number().int().min(0).max(100).nullish(),
  attachment: optionalText(300),
  avatar: optionalText(300),
});
export type TableEditRow = z.infer<typeof tableEditRowSchema>;

export const tableEditSaveSchema = z.object({
  rows: z.array(tableEditRowSchema).max(500, '一次最多保存500行'),
  deletedIds: z.array(z.string().max(50)).max(500).default([]),
  /** The saving table instance: it ignores the live updates its own save causes. */
  caseId: z.string().max(64).default(''),
});
export type TableEditSave = z.infer<typeof tableEditSaveSchema>;
