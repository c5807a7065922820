/**
 * nginx as the load balancer in front of several server instances, for the tests: Debian's package
 * (installed when missing, as root, without letting it start its own service), started by hand on a
 * loopback port with a configuration in a folder of its own. The site block is the README's.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './postgresCluster';

const NGINX = '/usr/sbin/nginx';

function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed (apt-get install nginx-light) and this is not root.');
  // The package would start its own service on port 80: a policy says no while it installs.
  const policy = '/usr/sbin/policy-rc.d';
  const ours = !fs.existsSync(policy);
  if (ours) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'pipe', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'pipe', env });
  } finally {
    if (ours) fs.rmSync(policy, { force: true });
  }
}

/** The README's site: the instances as one upstream, WebSockets upgraded, the client's address passed on. */
export function nginxSite(upstreams: string[], listen: string): string {
  return `
  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      '';
  }
  upstream campus_card {
${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen ${listen};
    client_max_body_size 20m;
    location / {
      proxy_pass http://campus_card;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout http_503;
    }
  }`;
}

export interface Nginx {
  origin: string;
  stop(): Promise<void>;
}

/** nginx on a free loopback port in front of `upstreams` (host:port each). */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  ensureNginx();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-nginx-'));
  const port = await freePort();
  const config = path.join(folder, 'nginx.conf');
  fs.writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
${nginxSite(upstreams, `127.0.0.1:${port}`)}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-c', config, '-p', folder, '-e', `${folder}/error.log`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let printed = '';
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  // Listening once it answers anything (its own 502 when no instance is up yet).
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`nginx ended: ${printed}`);
    if (await fetch(`${origin}/ccu-boot/actuator/health/liveness`).catch(() => null)) break;
    if (Date.now() - started > 20_000) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer: ${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
