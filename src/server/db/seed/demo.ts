import { newId } from '../ids';
import type { Executor } from '../client';
import * as t from '../schema';

// Pupils signing up for meals: every column of the demo screens has something to show.
const ROWS: readonly [name: string, code: string, phone: string, amount: string, quantity: number, category: string, birthday: string, tags: string, progress: number][] = [
  ['王小明', 'S-1001', '13812340001', '12.50', 2, '2', '2010-03-14', '走读', 80],
  ['李小红', 'S-1002', '13812340002', '8.00', 1, '1', '2010-07-02', '住校', 100],
  ['张伟', 'S-1003', '13812340003', '25.00', 3, '3', '2009-11-21', '住校;清真', 45],
  ['刘洋', 'S-1004', '13812340004', '6.50', 1, '1', '2010-01-09', '走读', 60],
  ['陈静', 'S-1005', '13812340005', '15.00', 2, '2', '2009-09-30', '住校', 90],
  ['杨帆', 'S-1006', '13812340006', '30.00', 4, '3', '2010-05-17', '走读;素食', 20],
  ['赵磊', 'S-1007', '13812340007', '9.90', 1, '4', '2009-12-05', '住校', 75],
  ['黄丽', 'S-1008', '13812340008', '18.80', 2, '2', '2010-08-23', '走读', 100],
  ['周杰', 'S-1009', '13812340009', '11.00', 1, '2', '2010-02-11', '住校', 35],
  ['吴敏', 'S-1010', '13812340010', '22.40', 3, '3', '2009-10-08', '走读', 55],
  ['徐涛', 'S-1011', '13812340011', '7.20', 1, '1', '2010-04-27', '住校', 10],
  ['孙悦', 'S-1012', '13812340012', '16.00', 2, '2', '2010-06-19', '走读;清真', 65],
];

/** Sample rows for the two demo tables (表格编辑, 查询表格), so they do not open empty. */
export async function seedDemoRows(tx: Executor, tenantId: number): Promise<void> {
  await tx.insert(t.demoTableRows).values(
    ROWS.map(([name, code, phone, amount, quantity, category, birthday, tags, progress], index) => ({
      id: newId(),
      tenantId,
      orderNum: index + 1,
      name,
      code,
      phone,
      email: `${code.toLowerCase().replace('-', '')}@school.example.cn`,
      amount,
      quantity,
      category,
      tags,
      birthday,
      signedAt: `2026-09-01 0${7 + (index % 3)}:${String(10 + index * 3).padStart(2, '0')}:00`,
      checkedIn: index % 3 !== 0,
      progress,
    })),
  );
}
