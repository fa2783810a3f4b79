// Development: the API restarts on change, Vite serves the web app with hot reload and proxies /api.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '-w', '@letsema/api'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn(npm, ['run', 'dev', '-w', '@letsema/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
