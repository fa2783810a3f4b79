import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RiddenPage } from '../lib/auth-guard.js';

/** Pages kept at most per list; past it the server starts again. */
const KEPT_PAGES = 200;

/** A text the server holds, with the signature of the rows it was written from. */
interface Signed {
  signature: string;
  text: string;
}

/**
 * Texts the server writes from rows and keeps, each under its key with the signature of its rows
 * (at most `max` keys; past it the server starts again). A read for a key answers the signature of
 * the rows, a line break, then the rows' text, or nothing when the signature is the one held
 * (`signature(key)`, handed to the read).
 */
export function signedTexts(max: number) {
  const held = new Map<string, Signed>();
  return {
    /** The signature of the text held under `key`, for the read to compare. */
    signature: (key: string): string | null => held.get(key)?.signature ?? null,
    /**
     * The text from a read of `key`: the held one when the read found it current, else the one read,
     * as `write` writes it (kept under `key` unless it is null). Null when the held text was replaced
     * meanwhile by one of other rows: the caller reads it itself.
     */
    fromRead(key: string | null, read: string, write: (rows: string) => string = (rows) => rows): string | null {
      const lineBreak = read.indexOf('\n');
      const signature = read.slice(0, lineBreak);
      const rows = read.slice(lineBreak + 1);
      if (rows === '') {
        const current = key === null ? undefined : held.get(key);
        return current && current.signature === signature ? current.text : null;
      }
      const text = write(rows);
      if (key !== null) {
        if (held.size >= max && !held.has(key)) held.clear();
        held.set(key, { signature, text });
      }
      return text;
    },
  };
}

/** A list's pages kept by the server, read with the session check (`Guards.sessionRead`). */
export interface KeptPages {
  /**
   * The read for the page of a request's row `r` (`r."limit"`, `r."offset"`): the signature of the
   * page's rows, a line break, then the page as a JSON array, or nothing when the signature is the one
   * the server holds for that page (`r."known"`).
   */
  ridden: SQL<string>;
  /** The signature of the page the server holds, for a request's row `r`. */
  known(page: RiddenPage): string | null;
  /**
   * The page from what `ridden` read: the server's own when it was current, else the one read (kept
   * for the next requests of that page). Null when the server's page was replaced meanwhile by one of
   * other rows: the caller reads the page itself.
   */
  fromRead(page: RiddenPage, read: string): string | null;
}

/**
 * The pages of an admin list change only when a decision or a new item reaches them, yet were
 * written afresh as JSON for every request, the most costly part of the call. So the server keeps
 * each page it wrote with a signature of its rows: their ids, in order, and the row versions (`xmin`,
 * new in every transaction that writes a row) of every row the page shows, given by `versions` for a
 * row of `rows`, and of any other row the page's text reads (`alsoVersions`, such as a total). The
 * read compares the page's signature with the one the server holds, in the statement's own snapshot,
 * and writes the page (`text`) only when they differ: a change through any instance of the server is
 * seen at the next request.
 *
 * `rows(value)` selects, for each row of the page, `pageOrder` and `value` aliased `view` (joined as
 * for the page's text), so the signature reads the same rows as the page.
 */
export function keptPages(page: {
  rows: (value: SQL) => SQLWrapper;
  text: SQL<string>;
  versions: SQL;
  alsoVersions?: SQL;
}): KeptPages {
  const also = page.alsoVersions ? sql` || '|' || coalesce(${page.alsoVersions}, '')` : sql``;
  const signature = sql<string>`(select md5(coalesce(string_agg(v.view::text, ',' order by v.n), '')${also})
    from ${page.rows(page.versions)} v)`;
  // `offset 0` keeps the signature one value: without it PostgreSQL would compute it twice.
  const ridden = sql<string>`(select s.signature || E'\n' || case when s.signature is distinct from r."known"
      then ${page.text} else '' end
    from (select ${signature} as signature offset 0) s)`;
  const kept = signedTexts(KEPT_PAGES);
  const keyOf = (at: RiddenPage) => `${at.limit} ${at.offset}`;
  return {
    ridden,
    known: (at) => kept.signature(keyOf(at)),
    fromRead: (at, read) => kept.fromRead(keyOf(at), read),
  };
}
