import { describe, expect, it } from 'vitest';
import { describeUnexpected } from './app.js';

describe('what the log keeps of an unexpected error', () => {
  it('drops the values of a failed query, which can be ID numbers', () => {
    const error = new Error(
      'Failed query: update "users" set "national_id" = $1 where "users"."id" = $2\nparams: 8001015009087,0d2c',
    );
    const described = describeUnexpected(error);
    expect(JSON.stringify(described)).not.toContain('8001015009087');
    expect(described.message).toContain('Failed query: update "users"');
    expect(described.type).toBe('Error');
  });
});
