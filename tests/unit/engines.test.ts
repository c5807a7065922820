import { describe, expect, it } from 'vitest';
import semver from 'semver';
import packageJson from '../../package.json';
import lock from '../../package-lock.json';

interface LockedPackage {
  engines?: { node?: string };
}

// The README and `engines` promise every Node the range names; an installed package that wants a
// newer one makes `npm install` warn EBADENGINE on the oldest Node we promise (and may break on it).
describe('the Node versions the product promises', () => {
  it('every locked package runs on the oldest Node of each promised line', () => {
    const promised = packageJson.engines.node;
    const oldest = promised.split('||').map((range) => semver.minVersion(range.trim())!.version);
    const refusing: string[] = [];
    for (const [name, locked] of Object.entries((lock as { packages: Record<string, LockedPackage> }).packages)) {
      const wanted = locked.engines?.node;
      if (!name || !wanted) continue;
      for (const version of oldest) if (!semver.satisfies(version, wanted)) refusing.push(`${name} wants node ${wanted}, not ${version}`);
    }
    expect(refusing).toEqual([]);
  });
});
