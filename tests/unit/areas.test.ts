/**
 * Every area is a package the same way (issue 50): the list and the folders agree, each folder has
 * its three halves' manifests, and what a manifest declares is whole — its entities on the server
 * too, its texts in both languages under its own prefix, its dictionaries' English, its screens.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '@areas/list';
import { sharedAreas } from '@shared/areas';
import { menu } from '@shared/menu';
import { entities } from '@shared/entities';
import { serverAreas } from '@server/registry/areas';
import { webAreas } from '@web/registry/areas';
import { commands } from '@commands/index';

const root = path.resolve(import.meta.dirname, '../..');
const folders = fs
  .readdirSync(path.join(root, 'src/areas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('areas as packages', () => {
  it('the list names every area folder once, and each has its shared, server and web manifests', () => {
    expect([...AREAS].sort()).toEqual([...folders].sort());
    expect(new Set(AREAS).size).toBe(AREAS.length);
    for (const area of AREAS) for (const half of ['shared', 'server', 'web']) expect(fs.existsSync(path.join(root, `src/areas/${area}/${half}/index.ts`)), `${area}/${half}`).toBe(true);
    expect(sharedAreas().map((area) => area.id)).toEqual([...AREAS]);
    expect(serverAreas().map((area) => area.shared.id)).toEqual([...AREAS]);
    expect(webAreas().map((area) => area.shared.id)).toEqual([...AREAS]);
  });

  it.each(AREAS.map((area, at) => [area, at] as const))('%s: its entities are on the engine and on the server, each with a table', (_area, at) => {
    const shared = sharedAreas()[at]!;
    const ids = shared.entities.map((spec) => spec.id);
    expect(
      serverAreas()
        [at]!.entities.map(([spec]) => spec.id)
        .sort(),
    ).toEqual([...ids].sort());
    for (const id of ids) expect(entities().filter((spec) => spec.id === id)).toHaveLength(1);
  });

  it.each(AREAS.map((area, at) => [area, at] as const))('%s: its menu group is placed, and each of its screens draws', (_area, at) => {
    const area = webAreas()[at]!;
    for (const group of area.shared.menu ?? []) {
      expect(menu().filter((placed) => placed.path === group.path)).toHaveLength(1);
      for (const screen of group.screens ?? []) {
        const entityScreen = entities().some((spec) => spec.screen.component === screen.component);
        expect(entityScreen || Boolean(area.screens?.[screen.component]), screen.component).toBe(true);
      }
    }
  });

  it.each(AREAS.map((area, at) => [area, at] as const))('%s: its texts are under its prefix in both languages, its dictionaries in English', (areaId, at) => {
    const texts = webAreas()[at]!.texts ?? { 'zh-CN': {}, en: {} };
    expect(Object.keys(texts.en).sort()).toEqual(Object.keys(texts['zh-CN']).sort());
    for (const key of Object.keys(texts['zh-CN'])) expect(key.startsWith(`${areaId}.`), key).toBe(true);
    for (const dictionary of sharedAreas()[at]!.dictionaries ?? []) for (const [value] of dictionary.items) expect(dictionary.english[value], `${dictionary.code} ${value}`).toBeTruthy();
  });

  it.each(AREAS.map((area, at) => [area, at] as const))('%s: its commands are the palette’s', (_area, at) => {
    for (const command of webAreas()[at]!.commands ?? []) expect(commands().filter((known) => known.id === command.id)).toEqual([command]);
  });

  it('no platform module reads the areas while it loads: each is imported with none installed, in a process of its own', () => {
    const printed = execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/importPlatform.ts'], { cwd: root, encoding: 'utf8' });
    const { imported, failures } = JSON.parse(printed.trim().split('\n').pop()!) as { imported: number; failures: string[] };
    expect(imported).toBeGreaterThan(300);
    expect(failures).toEqual([]);
    // Its own process loads every platform module: over 30 s on a machine busy with another run.
  }, 120_000);
});
