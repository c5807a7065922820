import { serverAreas } from '../../registry/areas';
import type { ObjectStore } from '../../modules/files/objectStore';
import { seedMessages } from '../../modules/messages/seed';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { menuCodeForPath } from '@shared/permissions';
import type { Database } from '../client';
import { newId } from '../ids';
import * as t from '../schema';
import { passwordProblem } from '@shared/schemas/system';
import { hashPassword } from '../../modules/auth/passwords';
import { addShippedDictionaries } from './shippedDictionaries';
import { addShippedJobs } from './shippedJobs';
import { seedDemoRows } from './demo';
import { seedOnlineReports } from './online';
import { seedMeals, seedTerminals } from './meals';
import { seedMembers } from './members';
import { seedSubsidies } from '../../modules/members/subsidySeed';
import { seedGraduation } from '../../modules/members/graduationSeed';
import { seedTerms } from '../../modules/payments/seed';
import { seedUtilities } from '../../modules/payments/utilitySeed';
import { seedScores } from '../../modules/members/scoreSeed';
import { seedTuition } from '../../modules/members/tuitionSeed';
import { seedLedger } from '../../modules/ledger/seed';
import { canteenAreaPaths, menu, type ButtonSeed } from './menu';
import { addMissingMenu } from './menuSync';

export interface SeedOptions {
  adminPassword: string | undefined;
  /** Where a generated admin password is written (mode 0600); omitted in tests. */
  dataDir?: string;
  /** Where the sample school's camera snapshots and recordings go (none: events without media). */
  files?: ObjectStore;
}

export interface SeedOutcome {
  seeded: boolean;
  /** Set when the password was generated rather than given. */
  generatedPassword?: string;
  passwordFile?: string;
}

type PermissionRow = typeof t.permissions.$inferInsert;

/** Seeds an empty database in one transaction; does nothing when tenant 0 exists. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedOutcome> {
  const existing = await db.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.id, 0));
  if (existing.length > 0) {
    // An installed database: what the product's menu gained since it was seeded is added.
    await addMissingMenu(db, buildPermissionRows().rows);
    await db.transaction(async (tx) => {
      await addShippedDictionaries(tx);
      await addShippedJobs(tx);
    });
    return { seeded: false };
  }

  const generated = options.adminPassword ? undefined : generatePassword();
  const password = options.adminPassword ?? generated!;
  const passwordHash = await hashPassword(password);
  const canteenPasswordHash = await hashPassword(password);

  await db.transaction(async (tx) => {
    await tx.insert(t.tenants).values({ id: 0, name: '示例学校', companyType: '1', payChannelType: '1' });

    const depart = (parentId: string | null, name: string, orgCode: string, category: string, order: number) => ({
      id: newId(),
      tenantId: 0,
      parentId,
      departName: name,
      orgCode,
      orgCategory: category,
      orgType: String(orgCode.length / 3),
      departOrder: order,
    });
    const school = depart(null, '示例学校', 'A01', '1', 0);
    const principal = depart(school.id, '校长办公室', 'A01A01', '2', 1);
    const logistics = depart(school.id, '后勤处', 'A01A02', '2', 2);
    const canteenDept = depart(logistics.id, '学生食堂', 'A01A02A01', '2', 1);
    const academic = depart(school.id, '教务处', 'A01A03', '2', 3);
    const grade = depart(academic.id, '高一年级', 'A01A03A01', '2', 1);
    const itCentre = depart(school.id, '信息中心', 'A01A04', '2', 4);
    await tx.insert(t.departments).values([school, principal, logistics, canteenDept, academic, grade, itCentre]);

    const { rows, canteenIds } = buildPermissionRows();
    await tx.insert(t.permissions).values(rows);

    const adminRole = { id: newId(), tenantId: 0, roleCode: 'admin', roleName: '系统管理员', roleNameEn: 'System administrator', description: '拥有全部权限' };
    const canteenRole = { id: newId(), tenantId: 0, roleCode: 'canteen_admin', roleName: '食堂管理员', roleNameEn: 'Canteen administrator', description: '订餐管理与食材供应' };
    await tx.insert(t.roles).values([adminRole, canteenRole]);
    await tx
      .insert(t.rolePermissions)
      .values([...rows.map((row) => ({ roleId: adminRole.id, permissionId: row.id })), ...canteenIds.map((permissionId) => ({ roleId: canteenRole.id, permissionId }))]);

    const admin = {
      id: newId(),
      tenantId: 0,
      username: 'admin',
      realname: '管理员',
      nickname: '管理员',
      passwordHash,
      workNo: '00001',
      orgCode: school.orgCode,
    };
    const canteenUser = {
      id: newId(),
      tenantId: 0,
      username: 'canteen',
      realname: '食堂管理员',
      nickname: '食堂管理员',
      passwordHash: canteenPasswordHash,
      workNo: '00002',
      orgCode: canteenDept.orgCode,
    };
    await tx.insert(t.users).values([admin, canteenUser]);
    await tx.insert(t.userRoles).values([
      { userId: admin.id, roleId: adminRole.id },
      { userId: canteenUser.id, roleId: canteenRole.id },
    ]);
    await tx.insert(t.userDepartments).values([
      { userId: admin.id, departId: school.id },
      { userId: admin.id, departId: itCentre.id },
      { userId: canteenUser.id, departId: canteenDept.id },
    ]);

    // The member tree: school → grades → classes.
    const memberSchool = { id: newId(), tenantId: 0, parentId: null, name: '示例学校', level: 1, sortNo: 1 };
    const memberRows: (typeof t.memberDepartments.$inferInsert)[] = [memberSchool];
    ['高一年级', '高二年级', '高三年级'].forEach((gradeName, gradeIndex) => {
      const gradeId = newId();
      memberRows.push({ id: gradeId, tenantId: 0, parentId: memberSchool.id, name: gradeName, level: 2, sortNo: gradeIndex + 1 });
      for (let n = 1; n <= 3; n += 1) memberRows.push({ id: newId(), tenantId: 0, parentId: gradeId, name: `${gradeName.slice(0, 2)}（${n}）班`, level: 3, sortNo: n });
    });
    await tx.insert(t.memberDepartments).values(memberRows);

    await seedTerms(tx, 0, 'admin');
    await seedMeals(tx, 0, 'admin');
    await seedDemoRows(tx, 0);
    await seedTerminals(tx, 0, 'admin');
    await seedMembers(
      tx,
      0,
      'admin',
      memberRows.map((row) => ({ id: row.id, name: row.name, level: row.level, parentId: row.parentId ?? null })),
    );
    await seedLedger(tx, 0, 'admin');
    await seedSubsidies(tx, 0, 'admin');
    await seedGraduation(tx, 0, 'admin');
    await seedScores(tx, 0, 'admin');
    await seedTuition(tx, 0, 'admin');
    await seedUtilities(tx, 0, 'admin');
    await seedMessages(tx, 0, 'admin');
    await seedOnlineReports(tx, 0, 'admin');
    // Each area's part, in the list's order.
    for (const area of serverAreas()) await area.seed?.({ tx, tenantId: 0, by: 'admin', files: options.files });

    await addShippedDictionaries(tx);
    await addShippedJobs(tx);
  });
  // Statistics now, not when autovacuum next looks: behind the row policies every joined table
  // carries the school's condition, and a table never analysed looks like a row or two of it —
  // the planner then loops where it should hash (a list's holder names took 0.8 s, not 1 ms).
  await db.execute(sql`analyze`);

  if (!generated) return { seeded: true };
  let passwordFile: string | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    passwordFile = path.join(options.dataDir, 'initial-admin-password');
    fs.writeFileSync(passwordFile, `${generated}\n`, { mode: 0o600 });
    fs.chmodSync(passwordFile, 0o600);
  }
  return { seeded: true, generatedPassword: generated, ...(passwordFile ? { passwordFile } : {}) };
}

/** Flattens the menu seed into permission rows; also returns the canteen role's grant. */
function buildPermissionRows(): { rows: (PermissionRow & { id: string })[]; canteenIds: string[] } {
  const rows: (PermissionRow & { id: string })[] = [];
  const canteenIds: string[] = [];
  const addButtons = (parentId: string, buttons: readonly ButtonSeed[] | undefined, forCanteen: boolean) => {
    (buttons ?? []).forEach(([code, title, titleEn], index) => {
      const id = newId();
      rows.push({ id, parentId, name: title, nameEn: titleEn, perms: code, menuType: 2, sortNo: index + 1, isRoute: false });
      if (forCanteen) canteenIds.push(id);
    });
  };

  const canteenPaths = canteenAreaPaths();
  menu().forEach((area, areaIndex) => {
    const areaId = newId();
    const isHome = area.component === 'dashboard/Analysis';
    const forCanteen = isHome || canteenPaths.includes(area.path);
    rows.push({
      id: areaId,
      parentId: null,
      name: area.title,
      nameEn: area.titleEn,
      perms: menuCodeForPath(area.path),
      icon: area.icon,
      url: area.path,
      component: area.component ?? 'layouts/RouteView',
      componentName: area.component ? componentNameOf(area.component) : 'RouteView',
      menuType: 0,
      sortNo: areaIndex + 1,
      isLeaf: !area.screens?.length && !area.buttons?.length,
      keepAlive: isHome,
    });
    if (forCanteen) canteenIds.push(areaId);
    addButtons(areaId, area.buttons, forCanteen);
    area.screens?.forEach((item, index) => {
      const id = newId();
      rows.push({
        id,
        parentId: areaId,
        name: item.title,
        nameEn: item.titleEn,
        perms: menuCodeForPath(item.path),
        icon: item.icon ?? null,
        url: item.path,
        component: item.component,
        componentName: componentNameOf(item.component),
        menuType: 1,
        sortNo: index + 1,
        isLeaf: !item.buttons?.length,
        // Screens keep their state when the user switches tabs and comes back.
        keepAlive: item.keepAlive ?? true,
        hidden: item.hidden ?? false,
      });
      if (forCanteen) canteenIds.push(id);
      addButtons(id, item.buttons, forCanteen);
    });
  });
  return { rows, canteenIds };
}

function componentNameOf(component: string): string {
  return component.split('/').pop() ?? component;
}

/** A random password that meets the policy for both seeded accounts (retried on the rare miss). */
function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (!passwordProblem(candidate, 'admin') && !passwordProblem(candidate, 'canteen')) return candidate;
  }
}
