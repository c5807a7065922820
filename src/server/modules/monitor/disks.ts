import fs from 'node:fs/promises';

/** File systems that hold data (not proc, sys, cgroup and the like). */
const REAL_FILE_SYSTEMS = new Set(['ext2', 'ext3', 'ext4', 'xfs', 'btrfs', 'zfs', 'overlay', 'tmpfs', 'vfat', 'ntfs', 'f2fs', 'nfs', 'nfs4', 'cifs', 'fuseblk']);

/** A file system's size, use and free space in bytes. */
export async function usageOf(target: string) {
  const stats = await fs.statfs(target);
  const total = stats.blocks * stats.bsize;
  const free = stats.bavail * stats.bsize;
  return { total, used: total - free, free, percent: total ? Math.round(((total - free) / total) * 1000) / 10 : 0 };
}

/** Mount points of real file systems (Linux), each once. */
export async function mountsOf(): Promise<{ mount: string; type: string }[]> {
  try {
    const text = await fs.readFile('/proc/mounts', 'utf8');
    const seen = new Set<string>();
    return text
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .filter(([, mount, type]) => mount && type && REAL_FILE_SYSTEMS.has(type) && !mount.startsWith('/proc') && !mount.startsWith('/sys') && !seen.has(mount) && seen.add(mount))
      .map(([, mount, type]) => ({ mount: mount!.replace(/\\040/g, ' '), type: type! }))
      .slice(0, 30);
  } catch {
    return [{ mount: '/', type: 'unknown' }];
  }
}
