import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../fixtures/auth.js';
import { useBrowser } from '../../fixtures/browser.js';
import { createActiveMember } from '../../fixtures/investing.js';

const newPage = useBrowser();

describe("a member's own data", () => {
  it('downloads from the profile as a ZIP holding their profile and files, on a 375 px phone', async () => {
    const member = await createActiveMember('Zanele Mthembu');
    const page = await newPage({ width: 375, height: 800 });
    await signIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^letsema-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(JSON.parse(strFromU8(zip['account.json']!))).toMatchObject({
      email: member.email,
      fullName: 'Zanele Mthembu',
    });
    expect(Object.keys(zip).some((name) => name.startsWith('files/id-document-'))).toBe(true);
  });
});
