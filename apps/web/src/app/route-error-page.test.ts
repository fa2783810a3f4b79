import { describe, expect, it } from 'vitest';
import { isOfflineFailure } from './route-error-page';

describe('isOfflineFailure', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: /assets/statements-page-x.js'), true, true],
    [new TypeError('Importing a module script failed.'), true, true],
    [new TypeError('error loading dynamically imported module'), true, true],
    [new Error('Cannot read properties of undefined'), true, false],
    [new Error('Cannot read properties of undefined'), false, true],
    ['a thrown text', true, false],
  ])('%s while online=%s is offline: %s', (error, isOnline, offline) => {
    expect(isOfflineFailure(error, isOnline)).toBe(offline);
  });
});
