import { describe, expect, it } from 'vitest';
import { monthEndSteps } from '../books/month-end.js';
import { auditActionLabels, describeAuditAction, describeAuditOutcome } from './audit-actions.js';

declare global {
  interface ImportMeta {
    glob(patterns: string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

// The API's own sources, read for this test by Vite at its root (the domain's type check has no Node
// types, the domain doing no I/O of its own). The API has no list of its actions: each service names
// the action where it calls writeAudit.
const apiSources = import.meta.glob(['/apps/api/src/**/*.ts', '!/apps/api/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** What a placeholder in an action written as a template (`month_end.${step}`) can be. */
const placeholderValues: Record<string, readonly string[]> = {
  step: monthEndSteps,
  kind: ['expense', 'income'],
  // A record of the books, expense or income (apps/api/src/modules/books/records/kinds.ts).
  type: ['expense', 'income'],
  // A month's reopening or unlocking, asked and decided.
  requestKind: ['reopen', 'unlock'],
  requestOutcome: ['reopen', 'reopen_refused', 'unlock', 'unlock_refused'],
  // A decision on a registration or a next of kin (apps/api/src/modules/admin/review-service.ts).
  decision: ['approve', 'reject'],
};

const ACTION_CODE = /^[a-z_]+\.[a-z_]+$/;

/** The text of the call that starts at `start` (its opening parenthesis), both parentheses included. */
function readCall(source: string, start: number): string {
  let depth = 0;
  for (let index = start; index < source.length; index += 1) {
    if (source[index] === '(') depth += 1;
    if (source[index] === ')') depth -= 1;
    if (depth === 0) return source.slice(start, index + 1);
  }
  throw new Error(`An unclosed call at ${start}`);
}

/** The expression after `action:` up to the comma, brace or line end that closes it. */
function readActionExpression(call: string): string | null {
  const key = /\baction:\s*/.exec(call);
  if (!key) return null;
  let depth = 0;
  for (let index = key.index + key[0].length; index < call.length; index += 1) {
    const char = call[index]!;
    if ('([{'.includes(char)) depth += 1;
    if (')]}'.includes(char)) {
      if (depth === 0) return call.slice(key.index + key[0].length, index).trim();
      depth -= 1;
    }
    if ((char === ',' || char === '\n') && depth === 0) return call.slice(key.index + key[0].length, index).trim();
  }
  return null;
}

/** The codes an action expression can give: a literal, either branch of a condition, or a template. */
function readActionCodes(expression: string): string[] {
  const condition = /^[\w.!]+ \? (`[^`]*`|'[^']*') : (`[^`]*`|'[^']*')$/.exec(expression);
  if (condition) return [...readActionCodes(condition[1]!), ...readActionCodes(condition[2]!)];
  const template = /^`([^`]*)`$/.exec(expression);
  if (template) {
    const [before, name, after] = template[1]!.split(/\$\{(\w+)\}/);
    const values = name === undefined ? [''] : placeholderValues[name];
    if (!values) throw new Error(`This test does not know what \${${name}} can be in ${expression}`);
    return values.map((value) => `${before}${value}${after ?? ''}`);
  }
  return [...expression.matchAll(/'([^']*)'/g)].map((match) => match[1]!).filter((text) => ACTION_CODE.test(text));
}

/** The module that defines the audit writers: its own calls pass on the action their callers name. */
const AUDIT_MODULE = '/apps/api/src/lib/audit.ts';

/** Every action code the API's sources write (through `writeAudit` or `writeRejection`), with the file. */
function findWrittenActions(): { file: string; action: string }[] {
  return Object.entries(apiSources).flatMap(([file, source]) =>
    [...source.matchAll(/(?<!function )\b(writeAudit|writeRejection)\(/g)].flatMap((match) => {
      const call = readCall(source, match.index + match[1]!.length);
      if (file === AUDIT_MODULE && !/\baction:/.test(call)) return [];
      const expression = readActionExpression(call);
      const codes = expression === null ? [] : readActionCodes(expression);
      if (codes.length === 0) throw new Error(`This test cannot read the action of ${call} in ${file}`);
      return codes.map((action) => ({ file, action }));
    }),
  );
}

describe('audit action labels', () => {
  const written = findWrittenActions();

  it('finds the actions the API writes, written as literals, conditions and templates', () => {
    const actions = written.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.sign_in',
        'kyc.approve',
        'payment.approve',
        'account.link_identity_unproven',
        'member.reactivate',
        'month_end.lock',
        'month_end.close',
      ]),
    );
  });

  it('has a label for every action the API writes', () => {
    const unlabelled = written.filter((entry) => !Object.hasOwn(auditActionLabels, entry.action));
    expect(unlabelled).toEqual([]);
  });

  it.each([
    ['auth.sign_in', 'Sign-in'],
    ['kyc.approve', 'Registration approved'],
    ['payment.approve', 'Payment approved'],
    ['month_end.reopen_refused', 'Reopening of a month refused'],
    ['something.new', 'something.new'],
    ['constructor', 'constructor'],
    ['', ''],
  ])('describes %j as %j', (action, label) => {
    expect(describeAuditAction(action)).toBe(label);
  });
});

describe('an audit outcome in words', () => {
  it.each([
    ['success', ''],
    [null, ''],
    ['failure', ' (failed)'],
    ['refused', ' (refused)'],
  ])('describes %j as %j', (outcome, words) => {
    expect(describeAuditOutcome(outcome)).toBe(words);
  });
});
