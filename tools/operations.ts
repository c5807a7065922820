import { ConfigError, loadConfig, type ServerConfig } from '../src/server/config';
import { BackupRefused, type BackupManifest } from '../src/server/operations/backupFile';

/** What the operations' commands share: the installation's configuration, their words, their ending. */
export function installationConfig(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A backup as the commands describe it. */
export const describeBackup = (manifest: BackupManifest) =>
  `release ${manifest.release.version}, migration level ${manifest.level.count} (${manifest.level.last}), ${manifest.schools} school(s), ${manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, taken ${manifest.createdAt}`;

/** Runs a command's work: a refusal is said plainly and ends with 1; anything else too, with its reason. */
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(error instanceof BackupRefused ? `  ${error.message}` : `  失败 (failed): ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
