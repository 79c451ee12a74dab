import type { Dialect } from '../../db/connection.ts';

/**
 * The read-only check for SQL data interfaces and print templates. A
 * tokenizer, not a regex: strings, quoted identifiers and parameters are
 * recognised the way SQLite and PostgreSQL read them, and anything where the
 * two readings could differ (comments, backslash and dollar quoting, bracket
 * and backtick identifiers) is refused outright, so what we check is exactly
 * what the database runs. The checked text must be one SELECT (or WITH …
 * SELECT) with no data-modifying word anywhere, no statement separator, and no
 * function that reaches outside the query (files, settings, other databases).
 * The database enforces read-only access as well (a READ ONLY transaction on
 * PostgreSQL, a read-only connection on SQLite); this check is the first wall.
 */

export type SqlToken =
  | { kind: 'word'; upper: string; start: number; end: number }
  | { kind: 'quoted'; name: string; start: number; end: number }
  | { kind: 'string'; start: number; end: number }
  | { kind: 'number'; start: number; end: number }
  | { kind: 'param'; name: string; start: number; end: number }
  | { kind: 'punct'; text: string; start: number; end: number };

/** Why a text was refused: a message key (sql.*) plus the offending word or character. */
export class SqlRefused extends Error {
  constructor(
    readonly reason: string,
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

export interface CheckedSql {
  /** The text without its optional trailing semicolon. */
  text: string;
  tokens: SqlToken[];
  /** Parameter names used ({name} or @name), in order of first use. */
  params: string[];
}

export const MAX_SQL_LENGTH = 100_000;

/** Words that can write, lock, or change the session even inside a SELECT or WITH. */
const FORBIDDEN_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'INTO',
  'RETURNING',
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'GRANT',
  'REVOKE',
  'ATTACH',
  'DETACH',
  'PRAGMA',
  'VACUUM',
  'REINDEX',
  'COPY',
  'CALL',
  'EXEC',
  'EXECUTE',
  'LOCK',
  'NOTIFY',
  'LISTEN',
  'UNLISTEN',
  'PREPARE',
  'DEALLOCATE',
  'SAVEPOINT',
  'COMMIT',
  'ROLLBACK',
]);

/** Row-locking clauses (FOR UPDATE is caught by UPDATE). */
const LOCK_FOLLOWERS = new Set(['SHARE', 'NO', 'KEY']);

/** Functions that read files, change settings, sleep, lock, or reach other databases. */
const FORBIDDEN_FUNCTIONS = new Set([
  'set_config',
  'current_setting',
  'load_extension',
  'readfile',
  'writefile',
  'edit',
  'fts3_tokenizer',
  // These two run a query given as text, out of this check's sight.
  'ts_stat',
  'ts_rewrite',
  'nextval',
  'setval',
  'currval',
  'lastval',
  'txid_current',
]);
const FORBIDDEN_PREFIXES = ['pg_', 'lo_', 'dblink', 'query_to_', 'table_to_', 'schema_to_', 'database_to_', 'cursor_to_'];

/** Tables and columns holding secrets: never readable through an interface. */
const SENSITIVE_NAMES = new Set(['sessions', 'captchas', 'sms_codes', 'sms_outbox', 'qr_tickets', 'sys_config', 'password_hash']);

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const WORD_START = /[\p{L}_]/u;
const WORD_PART = /[\p{L}\p{N}_]/u;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const NUMBER = /^(?:0x[0-9a-f]+|\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)$/i;
const PUNCT = new Set(['(', ')', ',', '.', '=', '<', '>', '!', '+', '-', '*', '/', '%', '|', '~', '^', ':', '&', '#', '@']);

export function tokenize(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    if ((c === '-' && sql[i + 1] === '-') || (c === '/' && sql[i + 1] === '*')) throw new SqlRefused('sql.comment');
    if (c === "'" || c === '"') {
      let j = i + 1;
      let inner = '';
      for (;;) {
        const k = sql.indexOf(c, j);
        if (k < 0) throw new SqlRefused('sql.unterminated');
        inner += sql.slice(j, k);
        if (sql[k + 1] === c) {
          inner += c;
          j = k + 2;
          continue;
        }
        j = k + 1;
        break;
      }
      if (c === "'") {
        // A backslash means something else under PostgreSQL escape-string rules: refuse rather than guess.
        if (inner.includes('\\')) throw new SqlRefused('sql.backslash');
        const prev = tokens[tokens.length - 1];
        if (prev && prev.end === i && prev.kind === 'word' && prev.upper === 'E') throw new SqlRefused('sql.escapeString');
        tokens.push({ kind: 'string', start: i, end: j });
      } else {
        tokens.push({ kind: 'quoted', name: inner, start: i, end: j });
      }
      i = j;
      continue;
    }
    if (c === '{') {
      const m = PARAM_NAME.exec(sql.slice(i + 1, i + 66));
      if (!m || sql[i + 1 + m[0].length] !== '}') throw new SqlRefused('sql.unsupportedChar', '{');
      tokens.push({ kind: 'param', name: m[0], start: i, end: i + m[0].length + 2 });
      i += m[0].length + 2;
      continue;
    }
    if (c === '@') {
      const m = PARAM_NAME.exec(sql.slice(i + 1, i + 65));
      if (m) {
        tokens.push({ kind: 'param', name: m[0], start: i, end: i + 1 + m[0].length });
        i += 1 + m[0].length;
        continue;
      }
    }
    if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < n && WORD_PART.test(sql[j]!)) j++;
      tokens.push({ kind: 'word', upper: sql.slice(i, j).toUpperCase(), start: i, end: j });
      i = j;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(sql[i + 1]))) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(sql[j]!)) {
        // exponent sign: 1e-5
        if ((sql[j] === 'e' || sql[j] === 'E') && (sql[j + 1] === '+' || sql[j + 1] === '-')) j++;
        j++;
      }
      // A number glued to a word ("1DELETE") is read differently by different versions: refuse it.
      if (!NUMBER.test(sql.slice(i, j).replace(/(?<=\d)_(?=\d)/g, ''))) throw new SqlRefused('sql.badNumber', sql.slice(i, j));
      tokens.push({ kind: 'number', start: i, end: j });
      i = j;
      continue;
    }
    if (c === ';') {
      tokens.push({ kind: 'punct', text: ';', start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === '&' && (sql[i + 1] === "'" || sql[i + 1] === '"')) throw new SqlRefused('sql.escapeString');
    if (PUNCT.has(c)) {
      tokens.push({ kind: 'punct', text: c, start: i, end: i + 1 });
      i++;
      continue;
    }
    // $ (dollar quoting, positional parameters), ? (positional parameters), [ ] ` (SQLite
    // identifier quotes), backslash, and anything else unusual.
    throw new SqlRefused('sql.unsupportedChar', c);
  }
  return tokens;
}

function checkName(name: string) {
  const lower = name.toLowerCase();
  if (SENSITIVE_NAMES.has(lower)) throw new SqlRefused('sql.sensitive', name);
  if (FORBIDDEN_PREFIXES.some((p) => lower.startsWith(p))) throw new SqlRefused('sql.forbiddenFunction', name);
}

/**
 * Tables an interface reads through a shielding CTE of the same name
 * (secret-shield.ts). A schema-qualified name (`main.users`, `public."users"`)
 * would reach the table itself, around the shield: refused.
 */
export const SHIELDED_TABLES = new Set(['users']);

function checkShieldedTable(tokens: SqlToken[], i: number, name: string) {
  if (!SHIELDED_TABLES.has(name.toLowerCase())) return;
  const dot = tokens[i - 1];
  if (dot?.kind === 'punct' && dot.text === '.') throw new SqlRefused('sql.sensitive', name);
}

/**
 * Texts that passed, by text: an interface's SQL is checked on every call, and
 * tokenising it costs more than the rest of building its statement. Results
 * are read-only for every caller.
 */
const passed = new Map<string, CheckedSql>();
const PASSED_KEPT = 500;

/** Checks a SQL text; throws SqlRefused naming the reason, or answers the tokens to render. */
export function checkReadOnlySql(input: string): CheckedSql {
  const hit = passed.get(input);
  if (hit) return hit;
  const checked = check(input);
  if (passed.size >= PASSED_KEPT) passed.delete(passed.keys().next().value!);
  passed.set(input, checked);
  return checked;
}

function check(input: string): CheckedSql {
  if (input.length > MAX_SQL_LENGTH) throw new SqlRefused('sql.tooLong');
  const tokens = tokenize(input);
  let text = input;
  const last = tokens[tokens.length - 1];
  if (last?.kind === 'punct' && last.text === ';') {
    tokens.pop();
    text = input.slice(0, last.start);
  }
  if (!tokens.length) throw new SqlRefused('sql.empty');
  if (tokens.some((t) => t.kind === 'punct' && t.text === ';')) throw new SqlRefused('sql.multiple');

  const first = tokens.find((t) => !(t.kind === 'punct' && t.text === '('));
  if (!first || first.kind !== 'word' || (first.upper !== 'SELECT' && first.upper !== 'WITH')) {
    throw new SqlRefused('sql.notSelect');
  }

  const params: string[] = [];
  const seen = new Set<string>();
  let depth = 0;
  tokens.forEach((t, i) => {
    if (t.kind === 'punct') {
      if (t.text === '(') depth++;
      if (t.text === ')' && --depth < 0) throw new SqlRefused('sql.unbalanced');
      return;
    }
    if (t.kind === 'param') {
      const key = t.name.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        params.push(t.name);
      }
      return;
    }
    if (t.kind === 'quoted') {
      checkName(t.name);
      checkShieldedTable(tokens, i, t.name);
      return;
    }
    if (t.kind !== 'word') return;
    checkShieldedTable(tokens, i, input.slice(t.start, t.end));
    if (FORBIDDEN_WORDS.has(t.upper)) throw new SqlRefused('sql.forbiddenWord', t.upper);
    const next = tokens[i + 1];
    if (t.upper === 'FOR' && next?.kind === 'word' && LOCK_FOLLOWERS.has(next.upper)) throw new SqlRefused('sql.forbiddenWord', 'FOR');
    const name = input.slice(t.start, t.end);
    checkName(name);
    if (next?.kind === 'punct' && next.text === '(' && FORBIDDEN_FUNCTIONS.has(name.toLowerCase())) {
      throw new SqlRefused('sql.forbiddenFunction', name);
    }
  });
  if (depth !== 0) throw new SqlRefused('sql.unbalanced');
  return { text, tokens, params };
}

/** Checked SQL as the text between its parameters and the parameters' names, in order (how every writer binds it). */
export function* checkedPieces(sql: CheckedSql): Generator<{ text: string } | { param: string }> {
  let at = 0;
  for (const t of sql.tokens) {
    if (t.kind !== 'param') continue;
    yield { text: sql.text.slice(at, t.start) };
    yield { param: t.name };
    at = t.end;
  }
  yield { text: sql.text.slice(at) };
}

/**
 * SQL text plus bound values, written for one dialect: `?` for SQLite,
 * `$n` for PostgreSQL, where one named parameter keeps one number so its
 * type is inferred once from where it is compared.
 */
export class SqlText {
  private parts: string[] = [];
  readonly params: unknown[] = [];
  private named = new Map<string, number>();

  constructor(readonly dialect: Dialect) {}

  raw(s: string): this {
    this.parts.push(s);
    return this;
  }

  value(v: unknown): this {
    this.params.push(normalizeValue(v));
    this.parts.push(this.dialect === 'postgres' ? `$${this.params.length}` : '?');
    return this;
  }

  /**
   * A named parameter. On PostgreSQL it keeps one number, and a known type is
   * written as a cast: `{x} IS NULL OR col = {x}` otherwise fails there, as the
   * first use gives the parameter no type.
   */
  namedValue(name: string, v: unknown, pgType: string | null = null): this {
    if (this.dialect !== 'postgres') return this.value(v);
    const key = name.toLowerCase();
    let at = this.named.get(key);
    if (at === undefined) {
      this.params.push(normalizeValue(v));
      at = this.params.length;
      this.named.set(key, at);
    }
    this.parts.push(pgType ? `CAST($${at} AS ${pgType})` : `$${at}`);
    return this;
  }

  ident(name: string): this {
    this.parts.push(quoteIdent(name));
    return this;
  }

  /** Writes checked user SQL with each parameter bound (typed on PostgreSQL when the type is known). */
  checked(sql: CheckedSql, valueOf: (name: string) => unknown, typeOf: (name: string) => PgParamType | null = () => null): this {
    for (const piece of checkedPieces(sql)) {
      if ('text' in piece) this.raw(piece.text);
      else this.namedValue(piece.param, valueOf(piece.param), typeOf(piece.param));
    }
    return this;
  }

  toString(): string {
    return this.parts.join('');
  }
}

/** The types a parameter may be cast to on PostgreSQL (a fixed list: never user text). */
export type PgParamType = 'TEXT' | 'BIGINT' | 'NUMERIC';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Values as both drivers bind them: flags as 0/1, objects as JSON text, nothing as NULL. */
export function normalizeValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return v.toString();
  if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) return JSON.stringify(v);
  return v;
}
