import { sql } from 'drizzle-orm';
import { byRemark, canteenId, departmentId, memberId, one, THIS_SCHOOL, type Find, type OfficeStep } from './officeSteps';

const terminalId = (serial: string) => (find: Find) => one(find, sql`select id from dev_device where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and serial_no = ${serial}`, `terminal ${serial}`);
const doorId = (name: string) => (find: Find) => one(find, sql`select id from acs_door where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and name = ${name}`, `door ${name}`);
const timeGroupId = (find: Find, name: string) => one(find, sql`select id from acs_time_group where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and name = ${name}`, `time group ${name}`);

/** A class's list sent to the canteen by mistake, withdrawn before any terminal took it. */
const WITHDRAWN_LIST = '高一（2）班人员名单';

/**
 * The office's 设备下发 and 门禁授权 of the sample weeks: the card blacklist to every terminal on the
 * first morning (the terminals take it, `terminalPushes.ts`); a 档口 setting sent to the supermarket
 * till, which is bound to no 档口 and refuses it three times (失败); today a class's list sent to the
 * canteen by mistake and cancelled (已取消), and the new housemaster granted the boys' dormitory (待下发 until
 * the door next asks).
 */
export const DEVICE_STEPS: readonly OfficeStep[] = [
  { daysAgo: 27, at: '08:00', by: 'admin', entity: 'devices.pushTask', action: 'add', input: { pushType: '3', targetMode: '3', addDel: '1', fullSync: true, remark: '挂失和注销的卡，全量同步' } },
  {
    daysAgo: 4,
    at: '11:00',
    by: 'admin',
    entity: 'devices.pushTask',
    action: 'add',
    input: async (find) => ({ pushType: '6', targetMode: '1', deviceId: await terminalId('SHOP0101')(find), addDel: '1', remark: '超市收银机改按档口收费' }),
  },
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'devices.pushTask',
    action: 'add',
    input: async (find) => ({ pushType: '1', targetMode: '2', canteenId: await canteenId(find), deptId: await departmentId(find, '高一（2）班'), addDel: '1', remark: WITHDRAWN_LIST }),
  },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'devices.pushTask', action: 'cancel', pick: byRemark('dev_push_task', WITHDRAWN_LIST) },
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'access.door',
    action: 'grant',
    pick: doorId('男生宿舍门'),
    input: async (find, date) => ({
      grantScope: '3',
      memberId: await memberId(find, 'T03002'),
      timeGroupId: await timeGroupId(find, '全天'),
      authType: '1',
      startDate: date,
      passModes: '1,2',
    }),
  },
];
