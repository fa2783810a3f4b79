import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_BUDGET_BYTES,
  LOGIN_GOAL_BYTES,
  MEMBER_PAGES,
  PAGE_BUDGET_BYTES,
  PAGE_GOAL_BYTES,
  readBuild,
} from '../../fixtures/bundle-sizes.js';

// The build the browser specs run against (npm test builds it into its own folder).
const webDist = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../../apps/web/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('download size budget (brotli, as served)', () => {
  const build = readBuild(webDist);

  it(`/login downloads at most ${kb(LOGIN_BUDGET_BYTES)} of scripts and styles (goal ${kb(LOGIN_GOAL_BYTES)})`, () => {
    expect(build.loginBytes, `${kb(build.loginBytes)}: ${build.loginFiles.join(', ')}`).toBeLessThanOrEqual(
      LOGIN_BUDGET_BYTES,
    );
  });

  it.each(Object.entries(MEMBER_PAGES))(
    `%s adds at most ${kb(PAGE_BUDGET_BYTES)} (goal ${kb(PAGE_GOAL_BYTES)})`,
    (page, layout) => {
      const bytes = build.pageBytes(page, layout);
      expect(bytes, `${page}: ${kb(bytes)}`).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
    },
  );
});
