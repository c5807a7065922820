import { dateTimeIn, DEFAULT_TIME_ZONE } from '../../src/shared/schoolTime';
import type { GateRecord } from '../../src/areas/access/shared/gate';
import { gateHeaders } from '../support/gate';
import { apiAs, chooseOption, expect, openPalette, permissionNodes, test } from './support/pages';
import { findAndSelect, onView, openScreen, run } from './support/keyboardSteps';

test('考勤管理: a head teacher opens it from the palette, sees her class’s late pupils of today and tells their parents through the template', async ({ page, signedIn, login, console }) => {
  test.setTimeout(120_000);
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  // Her class, 高二（2）班, is counted today whatever the weekday, arriving by a time a little before now.
  // Its pupils have no cards in the sample school (whose 高一 passed the gates today already): five day pupils get theirs now.
  const [klass] = (await apiAs(page, 'GET', `/memb/deptinfo/list?name=${encodeURIComponent('高二（2）班')}`)).result.records as { id: string }[];
  const now = dateTimeIn(DEFAULT_TIME_ZONE);
  const today = now.slice(0, 10);
  const minutes = Number(now.slice(11, 13)) * 60 + Number(now.slice(14, 16));
  const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  // Arrive by 20 minutes ago (never before midnight); the late ones came 5 minutes ago (at least a minute late).
  const arrive = Math.max(0, minutes - 20);
  const lateAt = `${today} ${clock(Math.max(arrive + 1, minutes - 5))}:30`;
  const rule = await apiAs(page, 'POST', '/acs/attRule/add', {
    name: `班级作息${suffix}`,
    deptId: klass!.id,
    weekdays: '1,2,3,4,5,6,7',
    arriveTime: clock(arrive),
    leaveTime: '23:59',
    lateMinutes: 0,
    earlyMinutes: 0,
  });
  expect(rule.success, rule.message).toBe(true);

  // The south gate posts five of her pupils: three late, two on time.
  const [gate] = (await apiAs(page, 'GET', `/acs/door/list?name=${encodeURIComponent('南大门')}`)).result.records as { id: string; serialNo: string }[];
  const key = { serial: gate!.serialNo, secret: (await apiAs(page, 'POST', '/acs/door/issueKey', { id: gate!.id })).result.secret as string };
  const listed = (await apiAs(page, 'GET', `/memb/member/list?deptId=${klass!.id}&memberStatus=1&pageSize=20&column=memberNo&order=asc`)).result.records as {
    id: string;
    realName: string;
    boardingType: string;
  }[];
  const pupils = listed.filter((pupil) => pupil.boardingType !== '2').slice(0, 5);
  const cardNos = new Map<string, string>();
  for (const [index, pupil] of pupils.entries()) {
    const cardNo = `39${suffix.replace(/\D/g, '').padEnd(5, '0').slice(0, 5)}${index}`;
    const opened = await apiAs(page, 'POST', '/memb/account/open', { idempotencyKey: `attendance-${suffix}-${index}`, memberId: pupil.id, cardNo, physNo: `A77E${cardNo}` });
    expect(opened.success, opened.message).toBe(true);
    cardNos.set(pupil.id, cardNo);
  }
  const cardOf = (memberId: string) => cardNos.get(memberId)!;
  const onTimeAt = `${today} ${clock(arrive)}:00`;
  const records: GateRecord[] = pupils
    .slice(0, 5)
    .map((pupil, index) => ({ serialNo: `E2E${suffix}${index}`, cardNo: cardOf(pupil.id), direction: '1', method: '2', deviceTime: index < 3 ? lateAt : onTimeAt }));
  const posted = await page.request.post('/ccu-boot/gate/access', { headers: gateHeaders(key, records), data: { records } });
  expect(((await posted.json()) as { result: { allowed: boolean }[] }).result.map((one) => one.allowed)).toEqual([true, true, true, true, true]);
  expect((await apiAs(page, 'GET', '/sys/quartzJob/execute?jobClassName=attendanceDaily')).success).toBe(true);
  const late = pupils.slice(0, 3).map((pupil) => pupil.realName);

  // The head teacher: 考勤管理 (its days, 通知家长), her class only (a data rule of her role).
  const tree = await permissionNodes(page);
  const area = tree.find((node) => node.url === '/access')!;
  const screen = tree.find((node) => node.url === '/access/attendance')!;
  const buttons = tree.filter((node) => ['attendance:notify'].includes(node.perms ?? ''));
  const role = await apiAs(page, 'POST', '/sys/role/add', { roleName: `班主任${suffix}`, roleCode: `head_${suffix}` });
  await apiAs(page, 'POST', '/sys/permission/saveRolePermission', { roleId: role.result.id, permissionIds: [area, screen, ...buttons].map((node) => node.id).join(','), lastpermissionIds: '' });
  const dataRule = await apiAs(page, 'POST', '/sys/permission/addPermissionRule', {
    permissionId: screen.id,
    ruleName: `本班${suffix}`,
    ruleColumn: 'dept_id',
    ruleConditions: '=',
    ruleValue: klass!.id,
    status: '1',
  });
  expect((await apiAs(page, 'POST', '/sys/role/datarule', { permissionId: screen.id, roleId: role.result.id, dataRuleIds: dataRule.result.id })).success).toBe(true);
  expect((await apiAs(page, 'POST', '/sys/user/add', { username: `head_${suffix}`, realname: '王老师', password: 'Head-Teacher-61', selectedroles: role.result.id })).success).toBe(true);
  await page.getByTestId('logout-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL('/user/login');
  await login.signIn(`head_${suffix}`, 'Head-Teacher-61');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);
  await expect(page.getByTestId('menu-search')).toBeVisible();

  // From the palette, by its pinyin.
  await openPalette(page);
  await page.keyboard.type('kaoqinguanli');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/access/attendance');
  const days = onView(page).getByTestId('attendance-list');
  await expect(days).toBeVisible();
  const query = days.getByTestId('query-area');
  await chooseOption(query.getByRole('combobox', { name: '考勤状态' }), '迟到');
  await query.getByRole('textbox').first().focus();
  await page.keyboard.press('Enter');
  await expect(days.getByTestId('pagination')).toContainText('共 3 条');
  for (const name of late) await expect(days.getByRole('row', { name: new RegExp(name) })).toContainText('迟到');

  // All three chosen by keyboard, then 通知家长 from the palette.
  await page.keyboard.press('Alt+Shift+G');
  await expect(days.locator('.ag-row [role="gridcell"]:focus')).toHaveCount(1);
  await page.keyboard.press('Space');
  for (let row = 1; row < 3; row += 1) {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
  }
  await expect(days.getByTestId('selection-line')).toContainText('已选择 3 项');
  await openPalette(page);
  await page.keyboard.type('通知家长');
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText('通知家长');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('ATTENDANCE_LATE');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已通知家长').first()).toBeVisible();
  const told = (await apiAs(page, 'GET', `/acs/attendance/list?status=2&day_begin=${today}&day_end=${today}`)).result.records as { parentNotified: boolean; memberId_dictText: string }[];
  expect(told.map((row) => row.memberId_dictText).sort()).toEqual([...late].sort());
  expect(told.every((row) => row.parentNotified)).toBe(true);
  await console.screenshot('attendance-head-teacher');
});

test('门禁授权 by keyboard: the wizard asks step by step, checks with the server, grants a class the dormitory door and makes its 设备下发 task', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openScreen(page, 'shebeishouquan', '/access/devices', 'door-list');
  await findAndSelect(page, '男生宿舍门');
  await run(page, '授权');
  const wizard = page.getByTestId('flow-wizard');
  const current = wizard.locator('[aria-current="step"]');
  // ① 选门: the door named; Enter moves on.
  await expect(current).toContainText('选门');
  await expect(wizard.getByTestId('flow-action-records')).toHaveText('男生宿舍门');
  await page.keyboard.press('Enter');
  // ② 选对象: 按班级 (the default), the class chosen in its list by the arrows.
  await expect(current).toContainText('选对象');
  await expect(wizard.getByRole('combobox', { name: '授权对象' })).toBeFocused();
  await chooseOption(wizard.getByRole('combobox', { name: '班级/部门' }), '高二（2）班');
  await expect(wizard.getByRole('combobox', { name: '班级/部门' })).toHaveText('高二（2）班');
  // Ctrl+Enter moves on from any field (plain Enter would open the select again).
  await page.keyboard.press('Control+Enter');
  // ③ 时间与方式: the start date is required — refused on the step, then given.
  await expect(current).toContainText('时间与方式');
  await page.keyboard.press('Control+Enter');
  await expect(wizard.getByText('请填写生效日期')).toBeVisible();
  await wizard.getByLabel('生效日期').fill('2026-09-01');
  await page.keyboard.press('Control+Enter');
  // ④ 确认: the server's check, nothing written yet.
  await expect(current).toContainText('确认');
  await expect(wizard.getByTestId('flow-wizard-check')).toHaveText(/^将授权 \d+ 人（按班级 高二（2）班），并生成下发任务$/);
  const granted = async () => (await apiAs(page, 'GET', `/acs/auth/list?grantSource=${encodeURIComponent('按班级 高二（2）班')}`)).result.total as number;
  expect(await granted()).toBe(0);
  await page.keyboard.press('Enter');
  // ⑤ 下发结果: granted, with the task's number; the task is on 设备下发 as 门禁权限 to the door.
  await expect(current).toContainText('下发结果');
  const result = wizard.getByTestId('flow-wizard-result');
  await expect(result).toHaveText(/^已授权 \d+ 人，下发任务 XD\d+$/);
  const taskNo = /XD\d+/.exec((await result.textContent())!)![0];
  expect(await granted()).toBeGreaterThan(0);
  await console.screenshot('door-grant-wizard-result');
  await page.keyboard.press('Enter');
  await expect(wizard).toHaveCount(0);
  const [task] = (await apiAs(page, 'GET', `/dev/push/list?taskNo=${taskNo}`)).result.records as { pushType: string; doorId_dictText: string; status: string }[];
  // 待下发 until the door next asks for its grants.
  expect(task).toMatchObject({ pushType: '4', doorId_dictText: '男生宿舍门', status: '0' });
});
